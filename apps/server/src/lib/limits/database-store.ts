import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type LimitRule, type LimitStore, limitResult } from './types.ts';

const DAY_SECONDS = 24 * 3600;

/**
 * Counts one attempt under `key` in the table rate_limits and returns the row's `count` and
 * `reset_ms` (until the window ends): one upsert that starts a new window when the old one has
 * passed. Exported so a feature can count inside a larger statement (messaging's send, with its
 * facts) on the same row, and both agree.
 */
export function countInWindowSql(key: string, windowSeconds: number): SQL {
  const window = `${windowSeconds} seconds`;
  return sql`
        insert into rate_limits (key, count, window_started_at) values (${key}, 1, now())
        on conflict (key) do update set
          count = case when rate_limits.window_started_at <= now() - ${window}::interval then 1
                       else rate_limits.count + 1 end,
          window_started_at = case when rate_limits.window_started_at <= now() - ${window}::interval
                                   then now() else rate_limits.window_started_at end
        returning count,
          ceil(extract(epoch from (window_started_at + ${window}::interval - now())) * 1000)::int as reset_ms`;
}

/**
 * Windows in the table rate_limits: one upsert per attempt that starts a new window when the old one
 * has passed, so concurrent attempts from any number of processes are counted exactly once each.
 */
export function createDatabaseLimitStore(database: Database): LimitStore {
  return {
    kind: 'database',
    async consume(key: string, rule: LimitRule) {
      const result = await database.db.execute<{ count: number; reset_ms: number }>(
        countInWindowSql(key, rule.windowSeconds),
      );
      const row = (result as unknown as { rows: { count: number; reset_ms: number }[] }).rows[0]!;
      return limitResult(rule, Number(row.count), Number(row.reset_ms));
    },
    async prune() {
      await database.db.execute(
        sql`delete from rate_limits where window_started_at < now() - ${`${DAY_SECONDS} seconds`}::interval`,
      );
    },
    async close() {},
  };
}
