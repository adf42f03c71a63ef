import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

describe('GET /api/health', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close().catch(() => {});
  });

  it('answers 200 with the database kind when the database is reachable', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: process.env.TEST_DB,
      checks: { database: 'ok' },
    });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers 503 degraded, naming the database, with the error body when the database is gone', async () => {
    t = await createTestApp();
    await t.app.deps.jobs.stop();
    // Cut the real connection underneath the running app.
    if (t.database.pglite) await t.database.pglite.close();
    if (t.database.pool) await t.database.pool.end();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.json()).toEqual({
      status: 'degraded',
      database: process.env.TEST_DB,
      uptimeSeconds: expect.any(Number),
      checks: { database: 'unreachable' },
      error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is not reachable.' },
    });
  });
});
