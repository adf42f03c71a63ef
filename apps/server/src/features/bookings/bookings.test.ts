import { bookingResponseSchema, bookingsResponseSchema } from '@adwuma/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser } from '../../test/auth.ts';
import { call } from '../../test/providers.ts';
import {
  askQuote,
  daysFromNow,
  giveQuote,
  type ProviderWithService,
  providerWithService,
  quoteAction,
} from '../../test/quotes.ts';
import { createBooking } from './booking-store.ts';

/** /api/bookings: each side sees its bookings (made by accepting a quote or hiring a bid); no one else. */
describe('bookings API', () => {
  let t: TestApp;
  let kwabena: ProviderWithService;
  let ama: TestUser;
  let stranger: TestUser;
  let fromQuote: string;
  let asCustomer: string;
  beforeAll(async () => {
    t = await createTestApp();
    kwabena = await providerWithService(t, { name: 'Kwabena Ofori' });
    ama = await signUp(t, { name: 'Ama Mensah' });
    stranger = await signUp(t, { name: 'Kofi Stranger' });
    const date = daysFromNow(4);
    const request = await askQuote(t, ama, kwabena.serviceId, { preferred_date: date });
    await giveQuote(t, kwabena.provider, request.id, 45_000);
    const res = await quoteAction(t, ama, request.id, 'accept');
    expect(res.statusCode, res.body).toBe(200);
    fromQuote = res.json().request.booking_id;
    // The provider also hired someone else as a customer (as a hired job would).
    const other = await providerWithService(t, { name: 'Yaa Amponsah' });
    asCustomer = await t.database.db.transaction((tx) =>
      createBooking(tx, {
        customerId: kwabena.provider.id,
        providerId: other.provider.id,
        source: 'bid',
        title: 'Paint the shop front',
        price: 120_000,
        scheduledDate: daysFromNow(10),
        scheduledEndDate: daysFromNow(11),
        city: 'Accra',
        address: null,
      }),
    );
  });
  afterAll(() => t.close());

  const list = async (user: TestUser, query = '') => {
    const res = await call(t, 'GET', `/api/bookings${query}`, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return bookingsResponseSchema.parse(res.json()).items;
  };

  it('needs a session (401)', async () => {
    expect((await call(t, 'GET', '/api/bookings')).statusCode).toBe(401);
    expect((await call(t, 'GET', `/api/bookings/${fromQuote}`)).statusCode).toBe(401);
  });

  it('lists the caller’s bookings on both sides, newest first, with the side as role', async () => {
    const mine = await list(kwabena.provider);
    expect(mine.map((b) => [b.id, b.role])).toEqual([
      [asCustomer, 'customer'],
      [fromQuote, 'provider'],
    ]);
    expect(mine[1]).toMatchObject({
      status: 'scheduled',
      source: 'quote',
      title: 'Water tank installation',
      price: 45_000,
      currency: 'GHS',
      city: 'Kumasi',
      job_id: null,
      customer: { id: ama.id, name: 'Ama Mensah' },
      provider: { id: kwabena.provider.id, name: 'Kwabena Ofori', city: 'Kumasi', verified: false },
    });
    expect(mine[1]!.quote_request_id).toEqual(expect.any(String));
    expect(mine[1]!.provider.slug).toMatch(/^kwabena-ofori-/);

    expect((await list(kwabena.provider, '?role=provider')).map((b) => b.id)).toEqual([fromQuote]);
    expect((await list(kwabena.provider, '?role=customer')).map((b) => b.id)).toEqual([asCustomer]);
    expect((await list(ama)).map((b) => [b.id, b.role])).toEqual([[fromQuote, 'customer']]);
    expect(await list(stranger)).toEqual([]);
    expect((await call(t, 'GET', '/api/bookings?role=admin', ama.cookie)).statusCode).toBe(400);
  });

  it('shows one booking to its two sides only (404 for anyone else)', async () => {
    for (const [user, role] of [
      [ama, 'customer'],
      [kwabena.provider, 'provider'],
    ] as const) {
      const res = await call(t, 'GET', `/api/bookings/${fromQuote}`, user.cookie);
      expect(res.statusCode).toBe(200);
      expect(bookingResponseSchema.parse(res.json()).booking).toMatchObject({ id: fromQuote, role });
    }
    for (const id of [fromQuote, asCustomer]) {
      const res = await call(t, 'GET', `/api/bookings/${id}`, stranger.cookie);
      expect(res.statusCode).toBe(404);
    }
    expect((await call(t, 'GET', `/api/bookings/${asCustomer}`, ama.cookie)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/bookings/nope', ama.cookie)).statusCode).toBe(400);
  });
});
