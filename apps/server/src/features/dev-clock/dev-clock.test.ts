import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { bookings } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser } from '../../test/auth.ts';
import { bookingBetween } from '../../test/bookings.ts';
import { paidBooking, savePayoutMethod, waitForPayout } from '../../test/payouts.ts';

const URL = '/api/dev/clock/run-money-jobs';
const DAY = 86_400_000;

const run = (
  t: TestApp,
  remoteAddress: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) => t.app.inject({ method: 'POST', url: URL, remoteAddress, payload, headers });

describe('DEV_CLOCK in the configuration', () => {
  it('is off unless set, and refused with NODE_ENV=production naming the variable', () => {
    expect(loadConfig({}).devClock).toBe(false);
    expect(loadConfig({ DEV_CLOCK: 'true' }).devClock).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_CLOCK: 'true' })).toThrow(
      /DEV_CLOCK: must not be true when NODE_ENV=production/,
    );
    expect(() => loadConfig({ DEV_CLOCK: 'later' })).toThrow(/DEV_CLOCK: must be true or false/);
  });
});

describe('the dev clock (POST /api/dev/clock/run-money-jobs)', () => {
  let on: TestApp;
  let customer: TestUser;
  let provider: TestUser;

  beforeAll(async () => {
    on = await createTestApp({ devClock: true, rateLimitPerMinute: 0 });
    customer = await signUp(on, { name: 'Ama Mensah' });
    provider = await signUp(on, { role: 'explorer', name: 'Kwabena Owusu' });
  });
  afterAll(() => on?.close());

  it('is not there without DEV_CLOCK, nor in production', async () => {
    const off = await createTestApp();
    const prod = await createTestApp({ env: 'production', devClock: true });
    try {
      for (const t of [off, prod]) {
        expect(t.app.hasRoute({ method: 'POST', url: URL })).toBe(false);
        const res = await run(t, '127.0.0.1', { at: new Date().toISOString() });
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
    } finally {
      await Promise.all([off.close(), prod.close()]);
    }
  });

  it('is a 404 to a remote caller, even one claiming to be local through X-Forwarded-For', async () => {
    const unpaid = await bookingBetween(on, customer.id, provider.id, { status: 'scheduled' });
    const trusting = await createTestApp({ devClock: true, trustProxy: true });
    try {
      for (const t of [on, trusting]) {
        const res = await run(
          t,
          '203.0.113.9',
          { at: new Date(Date.now() + 30 * DAY).toISOString() },
          { 'x-forwarded-for': '127.0.0.1' },
        );
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
        // The same answer as a route that does not exist.
        const missing = await t.app.inject({
          method: 'POST',
          url: '/api/dev/nothing',
          remoteAddress: '203.0.113.9',
        });
        expect(res.json().error.message).toBe(missing.json().error.message.replace('/api/dev/nothing', URL));
      }
      // Nothing ran: the unpaid booking is still waiting for its payment.
      const [row] = await on.database.db.select().from(bookings).where(eq(bookings.id, unpaid));
      expect(row!.payment_status).toBe('awaiting_payment');
    } finally {
      await trusting.close();
    }
  });

  it('names a bad date or job', async () => {
    let res = await run(on, '127.0.0.1', { at: 'next week' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(res.json().error)).toContain('at must be a date-time');
    res = await run(on, '127.0.0.1', { at: new Date().toISOString(), jobs: ['payday'] });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error)).toContain('jobs');
  });

  it('runs the money jobs at the given moment for a loopback caller: unpaid release, maturity, payouts', async () => {
    await savePayoutMethod(on, provider);
    const done = await paidBooking(on, customer, provider, { price: 30_000 });
    const unpaid = await bookingBetween(on, customer.id, provider.id, { status: 'scheduled' });
    const statusOf = async (id: string) =>
      (await on.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

    // Now: nothing is due yet.
    let res = await run(on, '::1', { at: new Date().toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ released: [], matured: 0, payouts: [] });

    // Past the maturity only, picking the jobs: the unpaid booking is left alone.
    const afterDelay = new Date(done.earnings_available_at!.getTime() + 60_000);
    res = await run(on, '127.0.0.1', { at: afterDelay.toISOString(), jobs: ['maturity'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ at: afterDelay.toISOString(), released: [], matured: 1, payouts: [] });
    expect((await statusOf(unpaid)).payment_status).toBe('awaiting_payment');
    expect((await statusOf(done.id)).earnings_matured_at).not.toBeNull();

    // All of them, a day later still: the unpaid booking is released and the earnings paid out.
    const later = new Date(afterDelay.getTime() + DAY);
    res = await run(on, '127.0.0.1', { at: later.toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.released).toContain(unpaid);
    expect(body.matured).toBe(0);
    expect(body.payouts).toHaveLength(1);
    expect((await statusOf(unpaid)).payment_status).toBe('expired');
    await waitForPayout(on, body.payouts[0], 'paid');
  });
});
