/** A fixed window: at most `max` attempts per `windowSeconds` (fractions allowed). */
export interface LimitRule {
  max: number;
  windowSeconds: number;
}

export interface LimitResult {
  allowed: boolean;
  /** Whole seconds until the window frees up (0 when allowed). */
  retryAfter: number;
  /** Attempts left in this window after this one. */
  remaining: number;
  /** Attempts counted in this window, this one included. */
  count: number;
  /** Milliseconds until this window ends. */
  resetMs: number;
}

/**
 * Where every rate limit and quota window is counted, shared by all server processes: the database
 * (default) or Redis (REDIS_URL). `consume` counts one attempt atomically and answers whether it fits.
 * Keys name what they limit, e.g. `route:POST /api/waitlist:203.0.113.7` or `messages:send:<user>`.
 */
export interface LimitStore {
  readonly kind: 'database' | 'redis';
  consume(key: string, rule: LimitRule): Promise<LimitResult>;
  /** Forgets spent windows (the database table; Redis keys expire by themselves). */
  prune(): Promise<void>;
  close(): Promise<void>;
}

/** The answer for a window holding `count` attempts that ends in `resetMs`. */
export function limitResult(rule: LimitRule, count: number, resetMs: number): LimitResult {
  const reset = Math.max(0, Math.round(resetMs));
  const allowed = count <= rule.max;
  return {
    allowed,
    retryAfter: allowed ? 0 : Math.max(1, Math.ceil(reset / 1000)),
    remaining: Math.max(0, rule.max - count),
    count,
    resetMs: reset,
  };
}
