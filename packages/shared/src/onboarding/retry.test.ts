import { describe, expect, it } from 'vitest';
import { MISSING_TABLE_CODE, onboardingRetryDelay, shouldRetryOnboardingQuery } from './retry.ts';

describe('onboarding query retries (spec 8, 42P01 mapped to our API: no retry on a 4xx)', () => {
  it('does not retry a 4xx (a missing table or any permanent refusal)', () => {
    for (const status of [400, 401, 403, 404, 409, 429])
      expect(shouldRetryOnboardingQuery(0, status)).toBe(false);
  });
  it('retries a 5xx or a network failure at most 2 times', () => {
    expect(shouldRetryOnboardingQuery(0, 500)).toBe(true);
    expect(shouldRetryOnboardingQuery(1, undefined)).toBe(true);
    expect(shouldRetryOnboardingQuery(2, 503)).toBe(false);
    expect(shouldRetryOnboardingQuery(2, undefined)).toBe(false);
  });
  it('never retries Postgres code 42P01 (missing table), whatever the status', () => {
    expect(shouldRetryOnboardingQuery(0, 500, '42P01')).toBe(false);
    expect(shouldRetryOnboardingQuery(0, undefined, MISSING_TABLE_CODE)).toBe(false);
    expect(shouldRetryOnboardingQuery(0, 500, 'INTERNAL_ERROR')).toBe(true);
  });
  it('waits 1 s doubling up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(onboardingRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });
});
