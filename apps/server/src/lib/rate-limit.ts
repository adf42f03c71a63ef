import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

export interface LimitRule {
  max: number;
  windowSeconds: number;
}

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the window frees up (0 when allowed). */
  retryAfter: number;
}

/**
 * Counts one attempt against `key` in a fixed window kept in the database (rate_limits), so every
 * server on one database shares the count. Atomic: one upsert that starts a new window when the old
 * one has passed.
 */
export async function consumeLimit(database: Database, key: string, rule: LimitRule): Promise<LimitResult> {
  const window = `${rule.windowSeconds} seconds`;
  const result = await database.db.execute<{ count: number; remaining: number }>(sql`
    insert into rate_limits (key, count, window_started_at) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limits.window_started_at <= now() - ${window}::interval then 1
                   else rate_limits.count + 1 end,
      window_started_at = case when rate_limits.window_started_at <= now() - ${window}::interval then now()
                               else rate_limits.window_started_at end
    returning count,
      ceil(extract(epoch from (window_started_at + ${window}::interval - now())))::int as remaining`);
  const row = (result as unknown as { rows: { count: number; remaining: number }[] }).rows[0]!;
  const count = Number(row.count);
  if (count <= rule.max) return { allowed: true, retryAfter: 0 };
  return { allowed: false, retryAfter: Math.max(1, Number(row.remaining)) };
}

/** Forgets old windows; called now and then so the table stays small. */
export async function pruneLimits(database: Database, olderThanSeconds = 24 * 3600): Promise<void> {
  await database.db.execute(
    sql`delete from rate_limits where window_started_at < now() - ${`${olderThanSeconds} seconds`}::interval`,
  );
}
