import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../test/database.ts';
import { claimKey } from './claims.ts';

// Issue 29: the per-number claim send-otp takes (one SMS per number at a time).
describe('claimKey', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('gives one claim to 20 parallel callers; the others learn the seconds to wait', async () => {
    const key = `test:${randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => claimKey(database, key, 60)));
    const held = answers.filter((a) => a.claimed);
    expect(held).toHaveLength(1);
    for (const answer of answers) {
      if (answer.claimed) continue;
      expect(answer.retryAfter).toBeGreaterThan(55);
      expect(answer.retryAfter).toBeLessThanOrEqual(60);
    }
    // Released: the next caller gets it.
    if (held[0]?.claimed) await held[0].claim.release();
    expect((await claimKey(database, key, 60)).claimed).toBe(true);
  });

  it('takes over a lapsed claim, and the old holder cannot release the new one', async () => {
    const key = `test:${randomUUID()}`;
    const first = await claimKey(database, key, 60);
    expect(first.claimed).toBe(true);
    await database.db.execute(
      sql`update rate_limits set window_started_at = now() - interval '61 seconds' where key = ${key}`,
    );
    const second = await claimKey(database, key, 60);
    expect(second.claimed).toBe(true);
    if (first.claimed) await first.claim.release();
    expect((await claimKey(database, key, 60)).claimed).toBe(false);
  });
});
