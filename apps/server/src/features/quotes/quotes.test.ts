import {
  JOB_MESSAGES,
  MONEY_MESSAGES,
  QUOTE_LIMITS,
  QUOTE_MESSAGES,
  quoteAcceptResponseSchema,
  quoteRequestResponseSchema,
  quoteRequestsResponseSchema,
} from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, idDocuments, quoteRequests } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser, waitForMail } from '../../test/auth.ts';
import { call } from '../../test/providers.ts';
import {
  addService,
  askQuote,
  daysFromNow,
  giveQuote,
  lapse,
  noticesOf,
  type ProviderWithService,
  providerWithService,
  QUOTE_BODY,
  quoteAction,
} from '../../test/quotes.ts';
import { QUOTE_ACTION_MESSAGES } from './quote-actions.ts';

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const DAY = 86_400_000;

/**
 * /api/quote-requests: a customer asks a provider for a price on a published service, the provider
 * answers or declines, the customer accepts (→ one booking) or cancels; expiry; who may see and do what.
 */
describe('quote requests API', () => {
  let t: TestApp;
  let kwabena: ProviderWithService;
  let ama: TestUser;
  let stranger: TestUser;
  let rival: ProviderWithService;
  beforeAll(async () => {
    t = await createTestApp();
    kwabena = await providerWithService(t, { name: 'Kwabena Ofori' });
    rival = await providerWithService(t, { name: 'Yaa Amponsah', title: 'Borehole pump repair' });
    ama = await signUp(t, { name: 'Ama Mensah' });
    stranger = await signUp(t, { name: 'Kofi Stranger' });
  });
  afterAll(() => t.close());

  const errorOf = (res: { json(): unknown }) =>
    (res.json() as { error: { code: string; message: string } }).error;

  it('needs a session for every endpoint (401)', async () => {
    const calls = [
      call(t, 'POST', '/api/quote-requests', undefined, { service_id: kwabena.serviceId, ...QUOTE_BODY }),
      call(t, 'GET', '/api/quote-requests?box=sent'),
      call(t, 'GET', `/api/quote-requests/${SOME_ID}`),
      call(t, 'POST', `/api/quote-requests/${SOME_ID}/quote`, undefined, { price: 10_000 }),
      call(t, 'POST', `/api/quote-requests/${SOME_ID}/decline`, undefined, {}),
      call(t, 'POST', `/api/quote-requests/${SOME_ID}/accept`),
      call(t, 'POST', `/api/quote-requests/${SOME_ID}/cancel`),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(401);
  });

  it('creates a pending request with the service snapshot, a 7-day expiry, and tells the provider', async () => {
    const before = Date.now();
    const date = daysFromNow(5);
    const request = await askQuote(t, ama, kwabena.serviceId, { preferred_date: date });
    expect(request).toMatchObject({
      status: 'pending',
      service: { id: kwabena.serviceId, title: 'Water tank installation', category: 'plumbing' },
      details: QUOTE_BODY.details,
      preferred_date: date,
      city: 'Kumasi',
      address: QUOTE_BODY.address,
      quote_price: null,
      responded_at: null,
      booking_id: null,
      customer: { id: ama.id, name: 'Ama Mensah' },
      provider: { id: kwabena.provider.id, name: 'Kwabena Ofori', city: 'Kumasi', verified: false },
    });
    expect(request.provider.slug).toMatch(/^kwabena-ofori-/);
    const expires = Date.parse(request.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + QUOTE_LIMITS.expiryDays * DAY - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + QUOTE_LIMITS.expiryDays * DAY);

    const [notice] = await noticesOf(t, kwabena.provider.id, 'quote');
    expect(notice).toMatchObject({
      title: 'New quote request',
      link: `/service-requests?tab=received&request=${request.id}`,
    });
    expect(notice!.body).toContain('Ama Mensah');
    const [mail] = await waitForMail(t, kwabena.provider.email, 'notice-quote');
    expect(mail!.subject).toBe('New quote request');
    expect(mail!.text_body ?? '').toContain('Water tank installation');
  });

  it('refuses your own service, a missing or unpublished one, and bad input', async () => {
    let res = await call(t, 'POST', '/api/quote-requests', kwabena.provider.cookie, {
      service_id: kwabena.serviceId,
      ...QUOTE_BODY,
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(QUOTE_MESSAGES.ownService);

    const draftId = await addService(t, rival.provider, { title: 'Gutter cleaning', status: 'draft' });
    for (const serviceId of [SOME_ID, draftId]) {
      res = await call(t, 'POST', '/api/quote-requests', ama.cookie, {
        service_id: serviceId,
        ...QUOTE_BODY,
      });
      expect(res.statusCode, res.body).toBe(404);
      expect(errorOf(res).message).toBe(QUOTE_MESSAGES.serviceUnavailable);
    }
    // A paused service takes no requests either.
    const pausedId = await addService(t, rival.provider, { title: 'Pipe fitting' });
    expect(
      (await call(t, 'PATCH', `/api/services/${pausedId}`, rival.provider.cookie, { status: 'paused' }))
        .statusCode,
    ).toBe(200);
    res = await call(t, 'POST', '/api/quote-requests', ama.cookie, { service_id: pausedId, ...QUOTE_BODY });
    expect(res.statusCode).toBe(404);

    res = await call(t, 'POST', '/api/quote-requests', ama.cookie, {
      service_id: kwabena.serviceId,
      ...QUOTE_BODY,
      preferred_date: daysFromNow(-1),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { fields: [{ field: 'preferred_date', message: JOB_MESSAGES.datePast }] },
    });

    const bad = [
      { service_id: kwabena.serviceId, ...QUOTE_BODY, details: 'Fix it' },
      { service_id: 'not-a-uuid', ...QUOTE_BODY },
      { service_id: kwabena.serviceId, ...QUOTE_BODY, preferred_date: '2026-02-30' },
      { service_id: kwabena.serviceId, ...QUOTE_BODY, price: 100 },
    ];
    for (const body of bad) {
      res = await call(t, 'POST', '/api/quote-requests', ama.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_ERROR');
    }
  });

  it(`allows at most ${QUOTE_LIMITS.pendingPerPairMax} pending requests to one provider (409)`, async () => {
    const customer = await signUp(t);
    const asked = [];
    for (let i = 0; i < QUOTE_LIMITS.pendingPerPairMax; i++)
      asked.push(await askQuote(t, customer, rival.serviceId));
    const res = await call(t, 'POST', '/api/quote-requests', customer.cookie, {
      service_id: rival.serviceId,
      ...QUOTE_BODY,
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(QUOTE_MESSAGES.tooMany);
    // Another provider is not affected; an answered request frees a place.
    await askQuote(t, customer, kwabena.serviceId);
    await giveQuote(t, rival.provider, asked[0]!.id);
    await askQuote(t, customer, rival.serviceId);
  });

  it('lists received and sent requests, newest first, with badge counts and a status filter', async () => {
    const customer = await signUp(t, { name: 'Efua Boateng' });
    const provider = await providerWithService(t, { name: 'Kojo Asante' });
    const first = await askQuote(t, customer, provider.serviceId);
    const second = await askQuote(t, customer, provider.serviceId);
    await giveQuote(t, provider.provider, first.id);

    const list = async (user: TestUser, query: string) => {
      const res = await call(t, 'GET', `/api/quote-requests?${query}`, user.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return quoteRequestsResponseSchema.parse(res.json());
    };
    const sent = await list(customer, 'box=sent');
    expect(sent.items.map((i) => i.id)).toEqual([second.id, first.id]);
    expect(sent.counts).toEqual({ received_pending: 0, sent_quoted: 1 });
    const received = await list(provider.provider, 'box=received');
    expect(received.items.map((i) => i.id)).toEqual([second.id, first.id]);
    expect(received.counts).toEqual({ received_pending: 1, sent_quoted: 0 });
    expect((await list(provider.provider, 'box=received&status=quoted')).items.map((i) => i.id)).toEqual([
      first.id,
    ]);
    expect((await list(customer, 'box=received')).items).toEqual([]);
    expect((await list(stranger, 'box=sent')).items.map((i) => i.id)).not.toContain(first.id);

    for (const query of ['', 'box=all', 'box=sent&status=open']) {
      const res = await call(t, 'GET', `/api/quote-requests?${query}`, customer.cookie);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('shows a request to its two parties only (404 for anyone else)', async () => {
    const customer = await signUp(t);
    const request = await askQuote(t, customer, kwabena.serviceId);
    for (const user of [customer, kwabena.provider]) {
      const res = await call(t, 'GET', `/api/quote-requests/${request.id}`, user.cookie);
      expect(res.statusCode).toBe(200);
      expect(quoteRequestResponseSchema.parse(res.json()).request.id).toBe(request.id);
    }
    for (const user of [stranger, rival.provider]) {
      const res = await call(t, 'GET', `/api/quote-requests/${request.id}`, user.cookie);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe(QUOTE_MESSAGES.notFound);
    }
    expect((await call(t, 'GET', '/api/quote-requests/not-an-id', customer.cookie)).statusCode).toBe(400);
  });

  it('lets no one else act on a request (404), nor the wrong side (403)', async () => {
    const customer = await signUp(t);
    const request = await askQuote(t, customer, kwabena.serviceId);
    const price = { price: 50_000 };
    for (const user of [stranger, rival.provider]) {
      for (const [action, body] of [
        ['quote', price],
        ['decline', {}],
        ['accept', undefined],
        ['cancel', undefined],
      ] as const) {
        const res = await quoteAction(t, user, request.id, action, body);
        expect(res.statusCode, `${action}: ${res.body}`).toBe(404);
      }
    }
    let res = await quoteAction(t, customer, request.id, 'quote', price);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(QUOTE_ACTION_MESSAGES.providerOnly);
    res = await quoteAction(t, customer, request.id, 'decline', {});
    expect(res.statusCode).toBe(403);
    res = await quoteAction(t, kwabena.provider, request.id, 'accept');
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(QUOTE_ACTION_MESSAGES.customerOnly);
    res = await quoteAction(t, kwabena.provider, request.id, 'cancel');
    expect(res.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(quoteRequests).where(eq(quoteRequests.id, request.id));
    expect(row!.status).toBe('pending');
  });

  it('quotes: pending → quoted with a fresh 7-day expiry; answering twice and bad prices are refused', async () => {
    const customer = await signUp(t);
    const request = await askQuote(t, customer, kwabena.serviceId);
    const bad: [unknown, string][] = [
      [-500, MONEY_MESSAGES.negative],
      [0, 'The price must be at least GH₵ 1'],
      [100_000_001, MONEY_MESSAGES.tooLarge],
      [12.5, MONEY_MESSAGES.invalid],
      ['600', MONEY_MESSAGES.invalid],
    ];
    for (const [price, message] of bad) {
      const res = await quoteAction(t, kwabena.provider, request.id, 'quote', { price });
      expect(res.statusCode, String(price)).toBe(400);
      expect(errorOf(res).message).toBe(`price: ${message}`);
    }
    // An old expiry, so that the reset is visible.
    await t.database.db
      .update(quoteRequests)
      .set({ expires_at: new Date(Date.now() + DAY) })
      .where(eq(quoteRequests.id, request.id));
    const before = Date.now();
    const quoted = await giveQuote(t, kwabena.provider, request.id, 75_050);
    expect(quoted).toMatchObject({
      status: 'quoted',
      quote_price: 75_050,
      quote_message: 'Tank, stand and fittings.',
    });
    expect(Date.parse(quoted.responded_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(quoted.expires_at)).toBeGreaterThanOrEqual(
      before + QUOTE_LIMITS.expiryDays * DAY - 1000,
    );

    const [notice] = await noticesOf(t, customer.id, 'quote');
    expect(notice).toMatchObject({
      title: 'You have a quote',
      link: `/service-requests?tab=sent&request=${request.id}`,
    });
    expect(notice!.body).toContain('GH₵ 750.50');

    for (const [action, body] of [
      ['quote', { price: 80_000 }],
      ['decline', {}],
    ] as const) {
      const res = await quoteAction(t, kwabena.provider, request.id, action, body);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).message).toBe(QUOTE_MESSAGES.notPending);
    }
  });

  it('needs a provider who passes the provider gate to quote', async () => {
    const gated = await providerWithService(t, { name: 'Akosua Gated' });
    const request = await askQuote(t, ama, gated.serviceId);
    await t.database.db.delete(idDocuments).where(eq(idDocuments.provider_id, gated.provider.id));
    const res = await quoteAction(t, gated.provider, request.id, 'quote', { price: 10_000 });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.details).toMatchObject({ reason: 'ONBOARDING_INCOMPLETE' });
  });

  it('declines: pending → declined with an optional note; the customer is told; then nothing else', async () => {
    const customer = await signUp(t);
    const request = await askQuote(t, customer, kwabena.serviceId);
    let res = await quoteAction(t, kwabena.provider, request.id, 'decline', {
      message: 'Fully booked this month.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request).toMatchObject({
      status: 'declined',
      decline_message: 'Fully booked this month.',
    });
    const [notice] = await noticesOf(t, customer.id, 'quote');
    expect(notice).toMatchObject({ title: 'Quote request declined' });
    expect(notice!.body).toContain('Fully booked this month.');

    res = await quoteAction(t, kwabena.provider, request.id, 'decline');
    expect(res.statusCode, res.body).toBe(409);
    res = await quoteAction(t, customer, request.id, 'accept');
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(QUOTE_MESSAGES.notQuoted);
    res = await quoteAction(t, customer, request.id, 'cancel');
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(QUOTE_ACTION_MESSAGES.notCancellable);

    // Without a body (no note) declining works too.
    const other = await askQuote(t, customer, kwabena.serviceId);
    res = await quoteAction(t, kwabena.provider, other.id, 'decline');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request).toMatchObject({ status: 'declined', decline_message: null });
  });

  it('accepts: quoted → accepted with one booking at the quoted price, date and place; both are told', async () => {
    const customer = await signUp(t, { name: 'Abena Owusu' });
    const date = daysFromNow(9);
    const request = await askQuote(t, customer, kwabena.serviceId, { preferred_date: date });

    let res = await quoteAction(t, customer, request.id, 'accept');
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(QUOTE_MESSAGES.notQuoted);

    await giveQuote(t, kwabena.provider, request.id, 90_000);
    res = await quoteAction(t, customer, request.id, 'accept');
    expect(res.statusCode, res.body).toBe(200);
    const answer = quoteAcceptResponseSchema.parse(res.json());
    const accepted = answer.request;
    expect(accepted.status).toBe('accepted');
    expect(accepted.booking_id).toEqual(expect.any(String));
    expect(answer.booking).toMatchObject({
      id: accepted.booking_id,
      role: 'customer',
      source: 'quote',
      price: 90_000,
      scheduled_date: date,
      quote_request_id: request.id,
      provider: { id: kwabena.provider.id },
    });

    const [booking] = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.quote_request_id, request.id));
    expect(booking).toMatchObject({
      id: accepted.booking_id,
      customer_id: customer.id,
      provider_id: kwabena.provider.id,
      source: 'quote',
      service_id: kwabena.serviceId,
      title: 'Water tank installation',
      price_minor: 90_000,
      scheduled_date: date,
      city: 'Kumasi',
      address: QUOTE_BODY.address,
      status: 'scheduled',
    });
    const link = `/schedule?booking=${accepted.booking_id}`;
    expect((await noticesOf(t, customer.id, 'booking'))[0]).toMatchObject({
      title: 'Booking confirmed',
      link,
    });
    expect((await noticesOf(t, kwabena.provider.id, 'booking'))[0]).toMatchObject({
      title: 'Your quote was accepted',
      link,
    });
    await waitForMail(t, customer.email, 'notice-booking');

    res = await quoteAction(t, customer, request.id, 'accept');
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(QUOTE_ACTION_MESSAGES.alreadyAccepted);
    res = await quoteAction(t, customer, request.id, 'cancel');
    expect(res.statusCode).toBe(409);
  });

  it('makes exactly one booking when the same quote is accepted concurrently', async () => {
    const customer = await signUp(t);
    const request = await askQuote(t, customer, kwabena.serviceId);
    await giveQuote(t, kwabena.provider, request.id);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => quoteAction(t, customer, request.id, 'accept')),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    const rows = await t.database.db.select().from(bookings).where(eq(bookings.quote_request_id, request.id));
    expect(rows).toHaveLength(1);
    expect(await noticesOf(t, customer.id, 'booking')).toHaveLength(1);
  });

  it('cancels: pending or quoted → cancelled; the provider is told', async () => {
    const customer = await signUp(t, { name: 'Esi Quaye' });
    const pending = await askQuote(t, customer, kwabena.serviceId);
    const quoted = await askQuote(t, customer, kwabena.serviceId);
    await giveQuote(t, kwabena.provider, quoted.id);
    for (const request of [pending, quoted]) {
      const res = await quoteAction(t, customer, request.id, 'cancel');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().request.status).toBe('cancelled');
    }
    const notices = (await noticesOf(t, kwabena.provider.id, 'quote')).filter((n) =>
      n.body.includes('Esi Quaye'),
    );
    expect(notices.map((n) => n.title)).toContain('Quote request cancelled');
    const res = await quoteAction(t, kwabena.provider, quoted.id, 'quote', { price: 10_000 });
    expect(res.statusCode).toBe(409);
    expect((await quoteAction(t, customer, quoted.id, 'accept')).statusCode).toBe(409);
  });

  it('treats a request past its expiry as expired in every read and action, without waiting for the job', async () => {
    const customer = await signUp(t, { name: 'Yaw Darko' });
    const pending = await askQuote(t, customer, kwabena.serviceId);
    await lapse(t, pending.id);

    const read = await call(t, 'GET', `/api/quote-requests/${pending.id}`, customer.cookie);
    expect(read.json().request.status).toBe('expired');
    const list = await call(t, 'GET', '/api/quote-requests?box=sent&status=expired', customer.cookie);
    expect(list.json().items.map((i: { id: string }) => i.id)).toEqual([pending.id]);

    let res = await quoteAction(t, kwabena.provider, pending.id, 'quote', { price: 10_000 });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(QUOTE_MESSAGES.expired);
    // The refusal wrote the expiry and told the customer, once.
    const [row] = await t.database.db.select().from(quoteRequests).where(eq(quoteRequests.id, pending.id));
    expect(row!.status).toBe('expired');
    res = await quoteAction(t, kwabena.provider, pending.id, 'decline');
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(QUOTE_MESSAGES.expired);
    expect((await noticesOf(t, customer.id, 'quote')).map((n) => n.title)).toEqual(['Quote request expired']);

    const quoted = await askQuote(t, customer, kwabena.serviceId);
    await giveQuote(t, kwabena.provider, quoted.id);
    await lapse(t, quoted.id);
    for (const action of ['accept', 'cancel'] as const) {
      res = await quoteAction(t, customer, quoted.id, action);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).message).toBe(QUOTE_MESSAGES.expired);
    }
    expect(
      await t.database.db.select().from(bookings).where(eq(bookings.quote_request_id, quoted.id)),
    ).toEqual([]);
  });
});
