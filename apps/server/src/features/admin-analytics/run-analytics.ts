import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';

/**
 * Memory for the statement's hash tables (a year of sessions fits without spilling to disk) and no
 * JIT compilation (on a year its estimated cost passes the JIT threshold, and compiling costs more
 * than it saves on a query run once), for this transaction only.
 */
export const ANALYTICS_SETTINGS = sql`select set_config('work_mem', '64MB', true), set_config('jit', 'off', true)`;

/** Runs an analytics statement with ANALYTICS_SETTINGS, in a transaction of its own. */
export function runAnalytics(db: Db, statement: SQL) {
  return db.transaction(async (tx) => {
    await tx.execute(ANALYTICS_SETTINGS);
    return rowsOf(await tx.execute(statement));
  });
}
