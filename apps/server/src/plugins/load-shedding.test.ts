import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUSY_MESSAGE } from '../lib/db-errors.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { uniqueIp } from '../test/auth.ts';
import type { Pressure } from './load-shedding.ts';

const CALM: Pressure = {
  eventLoopDelayMs: 3,
  databaseWaitMs: 2,
  poolWaiting: 0,
  inFlight: 0,
  servedPerSecond: 12,
};
/** 50 requests on hand, 12 answered a second: over a second's worth. */
const CROWDED = { inFlight: 50 };

/** Issue 29: a saturated server answers 503 + Retry-After at once instead of letting latency grow. */
describe('load shedding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ shedding: { maxDelayMs: 1000, maxPoolWaiting: 20 } });
  });
  afterAll(() => t?.close());
  afterEach(() => vi.restoreAllMocks());

  const under = (pressure: Partial<Pressure>) =>
    vi.spyOn(t.app.loadShedding, 'pressure').mockReturnValue({ ...CALM, ...pressure });
  const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: uniqueIp() });

  it('serves as usual while the server keeps up', async () => {
    under({});
    expect(t.app.loadShedding.overloaded()).toBeNull();
    expect((await get('/api/categories')).statusCode).toBe(200);
  });

  it.each([
    ['the event loop is behind', { ...CROWDED, eventLoopDelayMs: 1500 }, /event loop 1500 ms behind/],
    ['the database queue is behind', { ...CROWDED, databaseWaitMs: 4000 }, /database 4000 ms behind/],
    ['queries wait for a pool connection', { ...CROWDED, poolWaiting: 21 }, /21 queries waiting/],
  ])('answers 503 with Retry-After when %s', async (_when, pressure, reason) => {
    under(pressure);
    expect(t.app.loadShedding.overloaded()).toMatch(reason);
    for (const [method, url] of [
      ['GET', '/api/categories'],
      ['POST', '/api/enterprise-leads'],
      ['GET', '/search'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        remoteAddress: uniqueIp(),
        payload: method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after'], url).toBe('2');
      expect(res.json(), url).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: BUSY_MESSAGE } });
    }
  });

  it('still lets in, while saturated, as many requests as it answers in SHED_EVENT_LOOP_DELAY_MS', async () => {
    const spy = under({ eventLoopDelayMs: 1500, inFlight: 11 });
    expect((await get('/api/categories')).statusCode).toBe(200);
    spy.mockReturnValue({ ...CALM, eventLoopDelayMs: 1500, inFlight: 12 });
    expect((await get('/api/categories')).statusCode).toBe(503);
    // Even when the rate measured is nothing, a few at once.
    spy.mockReturnValue({ ...CALM, eventLoopDelayMs: 1500, servedPerSecond: 0, inFlight: 3 });
    expect((await get('/api/categories')).statusCode).toBe(200);
  });

  it('counts the requests in flight, and those it answered', async () => {
    await Promise.all(Array.from({ length: 5 }, () => get('/api/categories')));
    expect(t.app.loadShedding.pressure().inFlight).toBe(0);
  });

  it('still answers the health check', async () => {
    under({ ...CROWDED, eventLoopDelayMs: 5000, databaseWaitMs: 5000, poolWaiting: 500 });
    expect((await get('/api/categories')).statusCode).toBe(503);
    const health = await get('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json().status).toBe('ok');
  });

  it('measures a blocked event loop, and calm again once it is free', async () => {
    const block = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end) {
        // busy: nothing else runs
      }
    };
    expect(t.app.loadShedding.overloaded()).toBeNull();
    // Two sampling windows in a row must be over the limit: one long pause is not an overload.
    await vi.waitFor(
      () => {
        block(1200);
        expect(t.app.loadShedding.pressure().eventLoopDelayMs).toBeGreaterThan(1000);
      },
      { timeout: 20_000, interval: 10 },
    );
    await vi.waitFor(
      () => {
        const { eventLoopDelayMs, databaseWaitMs } = t.app.loadShedding.pressure();
        expect(Math.max(eventLoopDelayMs, databaseWaitMs)).toBeLessThan(1000);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect((await get('/api/categories')).statusCode).toBe(200);
  });

  it('never sheds with both limits at 0', async () => {
    const off = await createTestApp({ shedding: { maxDelayMs: 0, maxPoolWaiting: 0 } });
    try {
      vi.spyOn(off.app.loadShedding, 'pressure').mockReturnValue({
        eventLoopDelayMs: 60_000,
        databaseWaitMs: 60_000,
        poolWaiting: 10_000,
        inFlight: 10_000,
        servedPerSecond: 1,
      });
      expect(off.app.loadShedding.overloaded()).toBeNull();
      expect((await off.app.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});
