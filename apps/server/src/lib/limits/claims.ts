import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** A claim held: `release` gives it back (only this claim, never a later holder's). */
export interface HeldClaim {
  key: string;
  release(): Promise<void>;
}

export type ClaimAnswer = { claimed: true; claim: HeldClaim } | { claimed: false; retryAfter: number };

type Rows<T> = { rows: T[] };

/**
 * Takes the exclusive claim on `key` for at most `seconds` (a row in rate_limits, shared by every
 * server process): one upsert, so of any number of concurrent callers exactly one gets it. A claim
 * older than `seconds` is taken over (its holder died or hung). Refused: the whole seconds until
 * the claim lapses.
 */
export async function claimKey(database: Database, key: string, seconds: number): Promise<ClaimAnswer> {
  const window = `${seconds} seconds`;
  for (let attempt = 0; attempt < 2; attempt++) {
    const taken = (await database.db.execute<{ token: string }>(sql`
      insert into rate_limits (key, count, window_started_at) values (${key}, 1, clock_timestamp())
      on conflict (key) do update set count = 1, window_started_at = clock_timestamp()
        where rate_limits.window_started_at <= clock_timestamp() - ${window}::interval
      returning window_started_at::text as token`)) as unknown as Rows<{ token: string }>;
    const token = taken.rows[0]?.token;
    if (token) {
      return {
        claimed: true,
        claim: {
          key,
          release: async () => {
            await database.db.execute(
              sql`delete from rate_limits where key = ${key} and window_started_at = ${token}::timestamptz`,
            );
          },
        },
      };
    }
    const held = (await database.db.execute<{ wait_ms: number }>(sql`
      select ceil(extract(epoch from (window_started_at + ${window}::interval - clock_timestamp())) * 1000)::int
        as wait_ms
      from rate_limits where key = ${key}`)) as unknown as Rows<{ wait_ms: number }>;
    const waitMs = held.rows[0]?.wait_ms;
    // Released between the two statements: try once more.
    if (waitMs === undefined) continue;
    return { claimed: false, retryAfter: Math.max(1, Math.ceil(Number(waitMs) / 1000)) };
  }
  return { claimed: false, retryAfter: 1 };
}
