import { inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { signInFailures } from '../../db/schema.ts';
import { type DelayRule, retryAfterSeconds, withFailure } from './sign-in-delay.ts';

/** One failure counter and the rule it follows (sign-in-delay.ts). */
export interface Counter {
  key: string;
  rule: DelayRule;
}

export type Charge = { allowed: true } | { allowed: false; retryAfter: number; refusedBy: string[] };

const DAY_MS = 24 * 3600 * 1000;

/**
 * Issue 29: an attempt that may fail (a password about to be checked) is charged to every counter
 * as a failure before the check, unless one of them still owes a wait: then nothing is charged and
 * the answer is the longest wait. The caller refunds the charge when the password was right
 * (`refund`), so only failures stay counted, and parallel guesses cannot all slip through before
 * the first is counted. One transaction, rows locked in key order, so processes agree.
 */
export async function chargeAttempt(database: Database, counters: Counter[]): Promise<Charge> {
  if (counters.length === 0) return { allowed: true };
  const byKey = new Map(counters.map((c) => [c.key, c.rule]));
  const keys = [...byKey.keys()].sort();
  return database.db.transaction(async (tx) => {
    await tx
      .insert(signInFailures)
      .values(keys.map((key) => ({ key, failures: 0, last_failure_at: new Date(0) })))
      .onConflictDoNothing({ target: signInFailures.key });
    const rows = await tx
      .select()
      .from(signInFailures)
      .where(inArray(signInFailures.key, keys))
      .orderBy(signInFailures.key)
      .for('update');
    // The time once the rows are ours (now() is when the transaction began, maybe before a
    // concurrent attempt's failure was written).
    const clock = await tx.execute(
      sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as now_ms`,
    );
    const now = Number((clock as unknown as { rows: { now_ms: number }[] }).rows[0]!.now_ms);
    const counts = rows.map((row) => ({
      key: row.key,
      rule: byKey.get(row.key)!,
      count: { failures: row.failures, lastFailureAt: row.last_failure_at.getTime() },
    }));
    const waits = counts.map((c) => ({ key: c.key, wait: retryAfterSeconds(c.count, c.rule, now) }));
    const refused = waits.filter((w) => w.wait > 0);
    if (refused.length) {
      return {
        allowed: false as const,
        retryAfter: Math.max(...refused.map((w) => w.wait)),
        refusedBy: refused.map((w) => w.key),
      };
    }
    for (const c of counts) {
      const next = withFailure(c.count, c.rule, now);
      await tx
        .update(signInFailures)
        .set({ failures: next.failures, last_failure_at: new Date(next.lastFailureAt) })
        .where(inArray(signInFailures.key, [c.key]));
    }
    return { allowed: true as const };
  });
}

/** Takes back the failure an attempt was charged: its password was right, or it never got checked. */
export async function refund(database: Database, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await database.db
    .update(signInFailures)
    .set({ failures: sql`greatest(0, ${signInFailures.failures} - 1)` })
    .where(inArray(signInFailures.key, keys));
}

/** Forgets these counters (a successful sign-in clears its account+address and device counts). */
export async function clearCounters(database: Database, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await database.db.delete(signInFailures).where(inArray(signInFailures.key, keys));
}

/** Forgets counters quiet for a day (hourly job). */
export async function pruneSignInFailures(database: Database): Promise<void> {
  await database.db
    .delete(signInFailures)
    .where(lt(signInFailures.last_failure_at, sql`now() - ${`${DAY_MS / 1000} seconds`}::interval`));
}
