import { describe, expect, it } from 'vitest';
import { presetParams, rangeFromParams, rangeLabel } from './range.ts';

const NOW = new Date('2026-11-30T15:00:00Z');

describe('dashboard range', () => {
  it('is the last 30 days ending today without dates in the address', () => {
    expect(rangeFromParams(new URLSearchParams(), NOW)).toEqual({
      range: { start: '2026-11-01', end: '2026-11-30', days: 30 },
      problem: null,
      choice: 30,
    });
  });

  it('names a preset only when the range ends today and has its length', () => {
    expect(rangeFromParams(new URLSearchParams('start=2026-11-24&end=2026-11-30'), NOW).choice).toBe(7);
    expect(rangeFromParams(new URLSearchParams('start=2026-09-02&end=2026-11-30'), NOW).choice).toBe(90);
    expect(rangeFromParams(new URLSearchParams('start=2026-11-23&end=2026-11-29'), NOW).choice).toBe(
      'custom',
    );
    expect(rangeFromParams(new URLSearchParams('start=2026-11-20&end=2026-11-30'), NOW).choice).toBe(
      'custom',
    );
  });

  it('reports what is wrong with a range the server would refuse', () => {
    const result = rangeFromParams(new URLSearchParams('start=2026-11-20&end=2026-11-10'), NOW);
    expect(result.range).toBeNull();
    expect(result.problem).toEqual({ field: 'end', message: 'The end date is before the start date' });
  });

  it('writes presets as explicit dates', () => {
    expect(presetParams(7, NOW).toString()).toBe('start=2026-11-24&end=2026-11-30');
    expect(presetParams(90, NOW).toString()).toBe('start=2026-09-02&end=2026-11-30');
  });

  it('labels a range in words', () => {
    expect(rangeLabel({ start: '2026-11-01', end: '2026-11-30', days: 30 })).toBe(
      '1 Nov 2026 – 30 Nov 2026 (30 days)',
    );
    expect(rangeLabel({ start: '2026-11-30', end: '2026-11-30', days: 1 })).toBe(
      '30 Nov 2026 – 30 Nov 2026 (1 day)',
    );
  });
});
