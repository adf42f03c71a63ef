import { describe, expect, it } from 'vitest';
import {
  DELAY_RULES,
  type DelayRule,
  delayAfter,
  failuresAt,
  retryAfterSeconds,
  withFailure,
} from './sign-in-delay.ts';

const T0 = Date.UTC(2026, 11, 2, 9);
const s = (seconds: number) => seconds * 1000;

/** `n` failures in a row at `at`, no leak between them. */
function failed(rule: DelayRule, n: number, at = T0) {
  let count = null as ReturnType<typeof withFailure> | null;
  for (let i = 0; i < n; i++) count = withFailure(count, rule, at);
  return count!;
}

describe('sign-in delays (issue 29)', () => {
  it('costs nothing up to `free` failures, then waits base seconds, doubling, up to the cap', () => {
    const rule = DELAY_RULES.accountAddress;
    expect([0, 1, 4].map((n) => delayAfter(n, rule))).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8].map((n) => delayAfter(n, rule))).toEqual([1, 2, 4, 8]);
    expect(delayAfter(13, rule)).toBe(256);
    expect(delayAfter(14, rule)).toBe(300);
    expect(delayAfter(10_000, rule)).toBe(300);
  });

  it('accountAddress: 5 free, then 1 s doubling to 5 minutes', () => {
    const rule = DELAY_RULES.accountAddress;
    expect(retryAfterSeconds(failed(rule, 4), rule, T0)).toBe(0);
    expect(retryAfterSeconds(failed(rule, 5), rule, T0)).toBe(1);
    expect(retryAfterSeconds(failed(rule, 5), rule, T0 + s(1))).toBe(0);
    expect(retryAfterSeconds(failed(rule, 100), rule, T0)).toBe(300);
  });

  it('account: 10 free, then 1 s doubling to 60 s: the owner never waits more than a minute', () => {
    const rule = DELAY_RULES.account;
    expect(retryAfterSeconds(failed(rule, 9), rule, T0)).toBe(0);
    expect(retryAfterSeconds(failed(rule, 10), rule, T0)).toBe(1);
    expect(retryAfterSeconds(failed(rule, 15), rule, T0)).toBe(32);
    expect(retryAfterSeconds(failed(rule, 132), rule, T0)).toBe(60);
    expect(retryAfterSeconds(failed(rule, 1_000_000), rule, T0)).toBe(60);
  });

  it('address: 100 free (carrier NAT), then 1 s doubling to 30 s', () => {
    const rule = DELAY_RULES.address;
    expect(retryAfterSeconds(failed(rule, 60), rule, T0)).toBe(0);
    expect(retryAfterSeconds(failed(rule, 99), rule, T0)).toBe(0);
    expect(retryAfterSeconds(failed(rule, 100), rule, T0)).toBe(1);
    expect(retryAfterSeconds(failed(rule, 200), rule, T0)).toBe(30);
  });

  it('passwordCheck: 5 wrong current passwords, then 15 minutes', () => {
    const rule = DELAY_RULES.passwordCheck;
    expect(retryAfterSeconds(failed(rule, 4), rule, T0)).toBe(0);
    expect(retryAfterSeconds(failed(rule, 5), rule, T0)).toBe(15 * 60);
    expect(retryAfterSeconds(failed(rule, 5), rule, T0 + s(15 * 60))).toBe(0);
  });

  it('failures leak away: one per leakSeconds', () => {
    const rule = DELAY_RULES.account;
    const count = failed(rule, 10);
    expect(failuresAt(count, rule, T0)).toBe(10);
    expect(failuresAt(count, rule, T0 + s(rule.leakSeconds))).toBeCloseTo(9);
    expect(failuresAt(count, rule, T0 + s(rule.leakSeconds * 50))).toBe(0);
    // The next failure after the leak starts from what is left.
    expect(withFailure(count, rule, T0 + s(rule.leakSeconds * 4)).failures).toBeCloseTo(7);
  });

  it('a failure counts while at least half of it is left', () => {
    const rule = DELAY_RULES.passwordCheck;
    expect(delayAfter(4.98, rule)).toBe(15 * 60);
    expect(delayAfter(4.4, rule)).toBe(0);
  });

  it('rounds a wait up to whole seconds and never answers a negative one', () => {
    const rule = DELAY_RULES.accountAddress;
    const count = failed(rule, 7); // owes 4 s
    expect(retryAfterSeconds(count, rule, T0 + 1500)).toBe(3);
    expect(retryAfterSeconds(count, rule, T0 + s(10))).toBe(0);
    expect(retryAfterSeconds(null, rule, T0)).toBe(0);
    // A clock a little behind the last failure's (another process, another transaction) owes nothing
    // while no wait is due.
    expect(retryAfterSeconds(failed(rule, 2), rule, T0 - 500)).toBe(0);
  });
});
