import { describe, expect, it } from 'vitest';
import { DEFAULT_CLAIM_VALUES, MARKETING_CLAIMS, parseLandingClaims } from './marketing.ts';

describe('landing claims', () => {
  it('are the spec 1 claims, word for word', () => {
    expect(MARKETING_CLAIMS.map((c) => [c.key, c.value])).toEqual([
      ['providers', '1,000+'],
      ['categories', '50+'],
      ['rating', '4.8'],
      ['cities', '20+'],
    ]);
  });

  it('LANDING_CLAIMS sets some or all of them; unset keeps the defaults', () => {
    expect(parseLandingClaims(undefined)).toEqual(DEFAULT_CLAIM_VALUES);
    expect(parseLandingClaims('  ')).toEqual(DEFAULT_CLAIM_VALUES);
    expect(parseLandingClaims('providers=250+; rating=4.6')).toEqual({
      providers: '250+',
      categories: '50+',
      rating: '4.6',
      cities: '20+',
    });
    expect(parseLandingClaims('providers = 1,200+;cities=12;')).toMatchObject({
      providers: '1,200+',
      cities: '12',
    });
  });

  it('refuses unknown claims and anything but a short figure (it goes into the page as it is)', () => {
    expect(() => parseLandingClaims('customers=5+')).toThrow(/unknown claim/);
    expect(() => parseLandingClaims('providers')).toThrow(/must be a figure/);
    expect(() => parseLandingClaims('rating=<b>5</b>')).toThrow(/must be a figure/);
    expect(() => parseLandingClaims('rating=4.8=5')).toThrow(/unknown claim/);
  });
});
