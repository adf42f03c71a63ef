import { describe, expect, it } from 'vitest';
import { authModeFromQuery, safeReturnTo, signInUrl } from './redirects.ts';

describe('auth mode from the query (spec 2)', () => {
  it.each([
    ['signup', 'signup'],
    ['reset', 'reset-password'],
    ['reset-password', 'reset-password'],
    ['forgot-password', 'forgot-password'],
    [null, 'signin'],
    ['anything', 'signin'],
  ])('%s → %s', (mode, expected) => {
    expect(authModeFromQuery(mode)).toBe(expected);
  });
});

describe('safeReturnTo', () => {
  it('keeps paths on our site, with their query', () => {
    expect(safeReturnTo('/task/42?tab=bids')).toBe('/task/42?tab=bids');
    expect(safeReturnTo(encodeURIComponent('/schedule?d=2026-11-22'))).toBe('/schedule?d=2026-11-22');
  });
  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/auth?mode=signup',
    '%E0%A4%A',
  ])('drops %s', (value) => {
    expect(safeReturnTo(value)).toBeNull();
  });
  it('builds the sign-in URL', () => {
    expect(signInUrl('/favorites?x=1')).toBe('/auth?returnTo=%2Ffavorites%3Fx%3D1');
    expect(signInUrl(null)).toBe('/auth');
  });
});
