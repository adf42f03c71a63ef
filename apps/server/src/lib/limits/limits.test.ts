import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../test/database.ts';
import { redisReachable, TEST_REDIS_URL } from '../../test/redis.ts';
import { createDatabaseLimitStore, createRedisLimitStore, type LimitStore } from './index.ts';

const haveRedis = await redisReachable();

/** A logger whose warnings the test can read. */
function capturingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The same contract for every store: counted exactly, atomically, per key, with the wait. */
function storeContract(name: string, make: () => LimitStore, skip = false) {
  describe.skipIf(skip)(name, () => {
    let store: LimitStore;
    beforeAll(() => {
      store = make();
    });

    it('allows max attempts in a window, then refuses with the seconds to wait', async () => {
      const key = `test:${randomUUID()}`;
      const rule = { max: 3, windowSeconds: 60 };
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await store.consume(key, rule));
      expect(answers.map((a) => a.allowed)).toEqual([true, true, true, false, false]);
      expect(answers.map((a) => a.remaining)).toEqual([2, 1, 0, 0, 0]);
      expect(answers[0]!.retryAfter).toBe(0);
      expect(answers[3]!.retryAfter).toBeGreaterThan(0);
      expect(answers[3]!.retryAfter).toBeLessThanOrEqual(60);
      // Another key is counted on its own.
      expect((await store.consume(`test:${randomUUID()}`, rule)).allowed).toBe(true);
    });

    it('counts concurrent attempts exactly: 20 at once against 5 → 5 allowed', async () => {
      const key = `test:${randomUUID()}`;
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => store.consume(key, { max: 5, windowSeconds: 60 })),
      );
      expect(answers.filter((a) => a.allowed)).toHaveLength(5);
      expect(answers.map((a) => a.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
    });

    it('starts a new window once the old one has passed', async () => {
      const key = `test:${randomUUID()}`;
      const rule = { max: 1, windowSeconds: 0.3 };
      expect((await store.consume(key, rule)).allowed).toBe(true);
      const refused = await store.consume(key, rule);
      expect(refused.allowed).toBe(false);
      expect(refused.resetMs).toBeLessThanOrEqual(300);
      const again = await until(async () => {
        const answer = await store.consume(key, rule);
        return answer.allowed ? answer : undefined;
      });
      expect(again.count).toBe(1);
    });
  });
}

describe('limit stores', () => {
  let database: Database;
  const redisStores: LimitStore[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const store of redisStores) await store.close();
    await database.close();
  });

  storeContract('database store', () => createDatabaseLimitStore(database));

  storeContract(
    'Redis store',
    () => {
      const store = createRedisLimitStore({
        url: TEST_REDIS_URL,
        fallback: createDatabaseLimitStore(database),
        log: pino({ level: 'silent' }),
        prefix: `adwuma-test:${randomUUID()}:`,
      });
      redisStores.push(store);
      return store;
    },
    !haveRedis,
  );

  it('prunes windows older than a day and keeps fresh ones', async () => {
    const store = createDatabaseLimitStore(database);
    const fresh = `test:${randomUUID()}`;
    const old = `test:${randomUUID()}`;
    await store.consume(fresh, { max: 5, windowSeconds: 60 });
    await database.db.execute(
      sql`insert into rate_limits (key, count, window_started_at) values (${old}, 1, now() - interval '2 days')`,
    );
    await store.prune();
    const keys = await database.db.execute<{ key: string }>(
      sql`select key from rate_limits where key in (${fresh}, ${old})`,
    );
    expect((keys as unknown as { rows: { key: string }[] }).rows.map((r) => r.key)).toEqual([fresh]);
  });

  it('falls back to the database while Redis is unreachable: the limit holds, one warning', async () => {
    const { log, lines } = capturingLogger();
    // Nothing listens on port 1.
    const store = createRedisLimitStore({
      url: 'redis://127.0.0.1:1',
      fallback: createDatabaseLimitStore(database),
      log,
    });
    redisStores.push(store);
    const key = `test:${randomUUID()}`;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await store.consume(key, { max: 2, windowSeconds: 60 }));
    expect(answers.map((a) => a.allowed)).toEqual([true, true, false, false]);
    const stored = await database.db.execute<{ count: number }>(
      sql`select count from rate_limits where key = ${key}`,
    );
    expect((stored as unknown as { rows: { count: number }[] }).rows[0]?.count).toBe(4);
    const warnings = lines.filter((l) => l.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/rate limits are counted in the database|counting in the database/);
  });
});
