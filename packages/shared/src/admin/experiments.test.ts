import { describe, expect, it } from 'vitest';
import { assignVariant, EXPERIMENT_NAMES, EXPERIMENTS, fnv1a, variantConfidence } from './experiments.ts';

describe('fnv1a', () => {
  it('matches the published FNV-1a 32-bit test vectors', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });
});

describe('assignVariant', () => {
  it('gives the same visitor the same variant every time', () => {
    for (const id of ['visitor-1', 'abc', '3f2c9a1e-5b7d-4c1e-9f00-123456789abc']) {
      const first = assignVariant('landing_hero', id);
      for (let i = 0; i < 5; i++) expect(assignVariant('landing_hero', id)).toBe(first);
    }
  });

  it('only answers variants the experiment has', () => {
    for (let i = 0; i < 100; i++) {
      expect(EXPERIMENTS.landing_hero.variants).toContain(assignVariant('landing_hero', `v${i}`));
    }
  });

  it('splits 10,000 visitors about evenly (each variant within 47–53 %)', () => {
    const counts: Record<string, number> = {};
    for (let i = 0; i < 10_000; i++) {
      const variant = assignVariant('landing_hero', `${i.toString(36)}-${(i * 7919).toString(16)}`);
      counts[variant] = (counts[variant] ?? 0) + 1;
    }
    expect(Object.keys(counts).sort()).toEqual(['control', 'local']);
    for (const n of Object.values(counts)) {
      expect(n).toBeGreaterThan(4_700);
      expect(n).toBeLessThan(5_300);
    }
  });

  it('depends on the experiment as well as the visitor', () => {
    // The hash input is "experiment:visitor": the same visitors split differently in another test.
    expect(fnv1a('landing_hero:abc')).not.toBe(fnv1a('other:abc'));
    expect(EXPERIMENT_NAMES).toEqual(['landing_hero']);
  });
});

describe('variantConfidence', () => {
  it('gives the two-proportion z-test confidence for known counts', () => {
    // 10 % vs 13 % of 1000 each: z ≈ 2.10, two-sided p ≈ 0.035.
    const value = variantConfidence(
      { visitors: 1000, conversions: 100 },
      { visitors: 1000, conversions: 130 },
    );
    expect(value).toBeGreaterThanOrEqual(96);
    expect(value).toBeLessThanOrEqual(97);
    expect(value).toBe(96.5);
    // 10 % vs 20 % of 100 each: z ≈ 1.98, p ≈ 0.048.
    expect(variantConfidence({ visitors: 100, conversions: 10 }, { visitors: 100, conversions: 20 })).toBe(
      95.2,
    );
  });

  it('is two-sided: a worse variant is as significant as a better one', () => {
    const better = variantConfidence(
      { visitors: 1000, conversions: 100 },
      { visitors: 1000, conversions: 130 },
    );
    const worse = variantConfidence(
      { visitors: 1000, conversions: 130 },
      { visitors: 1000, conversions: 100 },
    );
    expect(worse).toBe(better);
  });

  it('is 0 when both convert alike', () => {
    expect(
      variantConfidence({ visitors: 1000, conversions: 100 }, { visitors: 1000, conversions: 100 }),
    ).toBe(0);
  });

  it('is null without visitors on either side', () => {
    expect(variantConfidence({ visitors: 0, conversions: 0 }, { visitors: 10, conversions: 1 })).toBeNull();
    expect(variantConfidence({ visitors: 10, conversions: 1 }, { visitors: 0, conversions: 0 })).toBeNull();
  });

  it('is null when nobody or everybody converted', () => {
    expect(variantConfidence({ visitors: 50, conversions: 0 }, { visitors: 50, conversions: 0 })).toBeNull();
    expect(
      variantConfidence({ visitors: 50, conversions: 50 }, { visitors: 50, conversions: 50 }),
    ).toBeNull();
  });
});
