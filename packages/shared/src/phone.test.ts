import { describe, expect, it } from 'vitest';
import { formatGhanaPhone, normalizeGhanaPhone } from './phone.ts';

describe('Ghana phone numbers', () => {
  it.each([
    ['+233241234567', '+233241234567'],
    ['0241234567', '+233241234567'],
    ['+233 24 123 4567', '+233241234567'],
    ['233-55-123-4567', '+233551234567'],
    ['030 221 2345', '+233302212345'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeGhanaPhone(input)).toBe(expected);
  });
  it.each(['+234 803 123 4567', '024123456', '+2332412345678', 'call me', '+233 14 123 4567'])(
    'refuses %s',
    (input) => {
      expect(normalizeGhanaPhone(input)).toBeNull();
    },
  );
  it('formats for display', () => {
    expect(formatGhanaPhone('+233241234567')).toBe('+233 24 123 4567');
  });
});
