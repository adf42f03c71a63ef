import { SEND_LIMIT } from '@adwuma/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobBids, userReports } from '../../db/schema.ts';
import { AUTH_LIMITS } from '../../features/auth/policy.ts';
import { MAX_OPEN_REPORTS } from '../../features/messaging/report-service.ts';
import { createSecondApp, createTestApp, type TestApp, uniqueEmail } from '../../test/app.ts';
import { ORIGIN, post, signUp, type TestUser, uniqueIp } from '../../test/auth.ts';
import { bidInput, insertJobs } from '../../test/jobs.ts';
import { call, conversationPair, onboardedProvider } from '../../test/providers.ts';
import { redisReachable } from '../../test/redis.ts';
import { LIMITS_PRUNE_CRON, LIMITS_PRUNE_QUEUE } from './index.ts';

/**
 * Issue 15 item 5: every rate limit and quota is counted once for all server processes, and a race
 * cannot pass it. Two app instances on one Postgres database stand for two processes.
 */
const onPostgres = process.env.TEST_DB === 'postgres';

const haveRedis = await redisReachable();

/** A request from a fixed client address (the route limits count per address). */
const from = (t: TestApp, ip: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, remoteAddress: ip, headers: { origin: ORIGIN }, payload });

const join = (t: TestApp, ip: string) => from(t, ip, '/api/waitlist', { email: uniqueEmail('wait') });

const statuses = (results: { statusCode: number }[]) => results.map((r) => r.statusCode);
const howMany = (codes: number[], code: number) => codes.filter((c) => c === code).length;

async function rateLimitRow(t: TestApp, key: string): Promise<number | undefined> {
  const result = await t.database.db.execute<{ count: number }>(
    sql`select count from rate_limits where key = ${key}`,
  );
  return (result as unknown as { rows: { count: number }[] }).rows[0]?.count;
}

describe('limits shared by every server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const openReports = async (reporter: TestUser, reported: TestUser) =>
    Number(
      (
        await t.database.db
          .select({ n: count() })
          .from(userReports)
          .where(and(eq(userReports.reporter_id, reporter.id), eq(userReports.reported_id, reported.id)))
      )[0]!.n,
    );

  it("counts a route's own limit in the shared store, keyed by route and address", async () => {
    const ip = uniqueIp();
    const codes = [];
    for (let i = 0; i < 11; i++) codes.push((await join(t, ip)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
    expect(await rateLimitRow(t, `route:POST /api/waitlist:${ip}`)).toBe(11);
    // Another address is counted on its own.
    expect((await join(t, uniqueIp())).statusCode).toBe(201);
  });

  it('keeps the overall per-address guard in memory: a plain API read writes no window', async () => {
    const ip = uniqueIp();
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers', remoteAddress: ip });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBeDefined();
    const rows = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from rate_limits where key like ${`%${ip}`}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('prunes spent windows hourly on the job queue', async () => {
    const { rows } = await t.database.executeSql('select name, cron from pgboss.schedule where name = $1', [
      LIMITS_PRUNE_QUEUE,
    ]);
    expect(rows).toEqual([{ name: LIMITS_PRUNE_QUEUE, cron: LIMITS_PRUNE_CRON }]);
  });

  it('stores exactly 5 open reports about one user when 10 arrive at once', async () => {
    const { a, b, conversationId } = await conversationPair(t);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(t, 'POST', '/api/reports', a.cookie, {
          user_id: b.id,
          conversation_id: conversationId,
          reason: 'spam',
          details: `Report ${i}`,
        }),
      ),
    );
    const codes = statuses(results);
    expect(howMany(codes, 201), results.map((r) => r.body).join('\n')).toBe(MAX_OPEN_REPORTS);
    expect(howMany(codes, 429)).toBe(10 - MAX_OPEN_REPORTS);
    expect(await openReports(a, b)).toBe(MAX_OPEN_REPORTS);
  });

  describe.skipIf(!onPostgres)('across two server instances on one database', () => {
    let second: TestApp;
    beforeAll(async () => {
      second = await createSecondApp(t);
    });
    afterAll(() => second?.close());

    it('holds a route limit across both: 6 + 6 sign-ups for the waitlist from one address → 2 refused', async () => {
      const ip = uniqueIp();
      const results = await Promise.all([
        ...Array.from({ length: 6 }, () => join(t, ip)),
        ...Array.from({ length: 6 }, () => join(second, ip)),
      ]);
      const codes = statuses(results);
      expect(howMany(codes, 201), codes.join()).toBe(10);
      expect(howMany(codes, 429)).toBe(2);
      for (const r of results.filter((r) => r.statusCode === 429))
        expect(r.json().error.code).toBe('RATE_LIMITED');
    });

    it('holds the per-email password reset limit across both (the auth limits use the same store)', async () => {
      const { email } = await signUp(t);
      const max = AUTH_LIMITS['/request-password-reset']!.find((l) => l.by === 'email')!.max;
      const results = await Promise.all(
        Array.from({ length: max + 2 }, (_, i) =>
          post(i % 2 ? t : second, '/api/auth/request-password-reset', {
            email,
            redirectTo: '/auth?mode=reset-password',
          }),
        ),
      );
      const codes = statuses(results);
      expect(howMany(codes, 200), results.map((r) => r.body).join('\n')).toBe(max);
      expect(howMany(codes, 429)).toBe(2);
    });

    it('holds the message send limit across both: 20 + 20 within the window → 10 refused', async () => {
      const { a, conversationId } = await conversationPair(t);
      const url = `/api/conversations/${conversationId}/messages`;
      const results = await Promise.all([
        ...Array.from({ length: 20 }, (_, i) => call(t, 'POST', url, a.cookie, { body: `a ${i}` })),
        ...Array.from({ length: 20 }, (_, i) => call(second, 'POST', url, a.cookie, { body: `b ${i}` })),
      ]);
      const codes = statuses(results);
      expect(howMany(codes, 201), codes.join()).toBe(SEND_LIMIT.max);
      expect(howMany(codes, 429)).toBe(40 - SEND_LIMIT.max);
      const thread = await call(t, 'GET', `/api/conversations/${conversationId}`, a.cookie);
      expect(thread.json().conversation.last_seq).toBe(SEND_LIMIT.max);
    });

    it('stores exactly 5 open reports when 5 + 5 arrive at once on both', async () => {
      const { a, b } = await conversationPair(t);
      const report = (app: TestApp, i: number) =>
        call(app, 'POST', '/api/reports', a.cookie, {
          user_id: b.id,
          reason: 'spam',
          details: `Report ${i}`,
        });
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => report(i % 2 ? t : second, i)));
      expect(howMany(statuses(results), 201)).toBe(MAX_OPEN_REPORTS);
      expect(await openReports(a, b)).toBe(MAX_OPEN_REPORTS);
    });

    it('lets a Starter provider at 9 of 10 bids place exactly one of 5 sent at once to both', async () => {
      const racer = await onboardedProvider(t, { name: 'Kojo Racer' });
      const jobIds = await insertJobs(t, (await signUp(t)).id, 14);
      await t.database.db.insert(jobBids).values(
        jobIds.slice(0, 9).map((job_id) => ({
          job_id,
          provider_id: racer.id,
          price_minor: 10_000,
          message: 'An earlier bid this month.',
        })),
      );
      const results = await Promise.all(
        jobIds
          .slice(9)
          .map((id, i) => call(i % 2 ? t : second, 'POST', `/api/jobs/${id}/bids`, racer.cookie, bidInput())),
      );
      const codes = statuses(results).sort();
      expect(codes, results.map((r) => r.body).join('\n')).toEqual([201, 403, 403, 403, 403]);
      const [stored] = await t.database.db
        .select({ n: count() })
        .from(jobBids)
        .where(eq(jobBids.provider_id, racer.id));
      expect(Number(stored!.n)).toBe(10);
    });
  });

  describe.skipIf(!onPostgres || !haveRedis)('with REDIS_URL, across two server instances', () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      a = await createSecondApp(t, { redisUrl: 'redis://127.0.0.1:6379' });
      b = await createSecondApp(t, { redisUrl: 'redis://127.0.0.1:6379' });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('counts route limits in Redis, shared by both: 6 + 6 from one address → 2 refused', async () => {
      expect(a.app.deps.limits.kind).toBe('redis');
      // An address of its own per run: Redis outlives the test database.
      const ip = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
      const results = await Promise.all([
        ...Array.from({ length: 6 }, () => join(a, ip)),
        ...Array.from({ length: 6 }, () => join(b, ip)),
      ]);
      const codes = statuses(results);
      expect(howMany(codes, 201), codes.join()).toBe(10);
      expect(howMany(codes, 429)).toBe(2);
      // Nothing was counted in the database.
      expect(await rateLimitRow(t, `route:POST /api/waitlist:${ip}`)).toBeUndefined();
    });
  });
});
