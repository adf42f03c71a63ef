import { describe, expect, it } from 'vitest';
import { hasUtm, parseUtm } from './utm.ts';

describe('parseUtm', () => {
  it('picks the five UTM fields, trimmed, and ignores the rest', () => {
    expect(
      parseUtm('?utm_source=facebook&utm_medium=%20social%20&utm_campaign=accra&ref=x&utm_term='),
    ).toEqual({
      utm_source: 'facebook',
      utm_medium: 'social',
      utm_campaign: 'accra',
    });
  });
  it('caps long values', () => {
    expect(parseUtm(`?utm_content=${'x'.repeat(500)}`).utm_content).toHaveLength(200);
  });
  it('knows when there are none', () => {
    expect(hasUtm(parseUtm('?page=2'))).toBe(false);
    expect(hasUtm(parseUtm('?utm_source=x'))).toBe(true);
  });
});
