/**
 * Issue 29: how long a sign-in (or another password check) must wait after wrong passwords. Pure:
 * the store (sign-in-throttle.ts) reads and writes the counts; this decides.
 *
 * Each counter (an account, an address, an account from one address, a known device, a signed-in
 * user's password checks) holds a number of failures that leaks away at a steady pace. Up to `free`
 * failures cost nothing; from then on each further attempt waits `baseSeconds`, doubling with
 * every failure, never more than `maxSeconds`. Only failures count: an attempt refused for waiting
 * is not a failure, so an attacker who keeps knocking does not lengthen anyone's wait.
 */
export interface DelayRule {
  /** Failures allowed before any wait. */
  free: number;
  /** The first wait (after the `free`-th failure), in seconds. */
  baseSeconds: number;
  /** The longest wait, in seconds. */
  maxSeconds: number;
  /** One failure is forgotten every `leakSeconds`. */
  leakSeconds: number;
}

export interface FailureCount {
  /** Failures as of `lastFailureAt` (fractional: they leak). */
  failures: number;
  /** When the last failure was counted (ms since the epoch). */
  lastFailureAt: number;
}

const minutes = (n: number) => n * 60;

/**
 * The rules (docs/decisions/020-sign-in-under-attack.md).
 * - accountAddress: one account from one address (or one known device): 5 free, then 1 s
 *   doubling to 5 minutes; a failure is forgotten every 5 minutes.
 * - account: one account from anywhere: 10 free, then 1 s doubling to 60 s; forgotten every
 *   5 minutes. Its owner on a new device waits a minute at most, and is offered a code by mail.
 * - address: one client address, every account: 100 free, then 1 s doubling to 30 s; forgotten
 *   every 30 s. Carrier NAT puts thousands of phones behind one address, so this only slows a spray
 *   over many accounts; the account rules do the close guarding.
 * - passwordCheck: the current password asked of a signed-in user (change it, two-factor on or
 *   off): 5 free, then 15 minutes; forgotten every 3 minutes (about 5 per 15 minutes).
 */
export const DELAY_RULES = {
  accountAddress: { free: 5, baseSeconds: 1, maxSeconds: minutes(5), leakSeconds: minutes(5) },
  account: { free: 10, baseSeconds: 1, maxSeconds: 60, leakSeconds: minutes(5) },
  address: { free: 100, baseSeconds: 1, maxSeconds: 30, leakSeconds: 30 },
  passwordCheck: { free: 5, baseSeconds: minutes(15), maxSeconds: minutes(15), leakSeconds: minutes(3) },
} as const satisfies Record<string, DelayRule>;

/** The failures left at `now` after leaking since the last one. */
export function failuresAt(count: FailureCount | null, rule: DelayRule, now: number): number {
  if (!count) return 0;
  const elapsed = Math.max(0, now - count.lastFailureAt) / 1000;
  return Math.max(0, count.failures - elapsed / rule.leakSeconds);
}

/**
 * The wait owed after the failure that brought the count to `failures`, in seconds. Counts are
 * fractional (they leak); a failure counts while at least half of it is left.
 */
export function delayAfter(failures: number, rule: DelayRule): number {
  const over = Math.round(failures) - rule.free;
  if (over < 0) return 0;
  // 2^over grows past any cap quickly; stop before it overflows.
  return Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** Math.min(over, 40));
}

/** Whole seconds until the next attempt may be tried (0: now). */
export function retryAfterSeconds(count: FailureCount | null, rule: DelayRule, now: number): number {
  if (!count) return 0;
  const delay = delayAfter(count.failures, rule);
  // No wait owed: nothing to count down (a clock a little behind the last failure's is no wait).
  if (delay === 0) return 0;
  const until = count.lastFailureAt + delay * 1000;
  return until <= now ? 0 : Math.ceil((until - now) / 1000);
}

/** The count after one more failure at `now`. */
export function withFailure(count: FailureCount | null, rule: DelayRule, now: number): FailureCount {
  return { failures: failuresAt(count, rule, now) + 1, lastFailureAt: now };
}
