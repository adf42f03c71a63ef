import { describe, expect, it } from 'vitest';
import { retryDelay, shouldRetry } from './errors.ts';

describe('query retry rules (spec 8 mapped to our API)', () => {
  it('never retries a 4xx', () => {
    expect(shouldRetry(0, 400)).toBe(false);
    expect(shouldRetry(0, 401)).toBe(false);
    expect(shouldRetry(0, 404)).toBe(false);
    expect(shouldRetry(0, 429)).toBe(false);
  });
  it('retries other failures up to 2 times', () => {
    expect(shouldRetry(0, 500)).toBe(true);
    expect(shouldRetry(1, undefined)).toBe(true);
    expect(shouldRetry(2, 503)).toBe(false);
  });
  it('backs off from 1 s doubling to at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
