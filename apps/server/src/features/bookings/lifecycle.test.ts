import {
  BOOKING_MESSAGES,
  type BookingDetail,
  bookingDetailResponseSchema,
  JOB_MESSAGES,
  toIsoDate,
} from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, reviews } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser, waitForMail } from '../../test/auth.ts';
import { markBookingPaid } from '../../test/booking-payments.ts';
import { noticesOf, setTier } from '../../test/jobs.ts';
import { call } from '../../test/providers.ts';
import { daysFromNow } from '../../test/quotes.ts';
import { LIFECYCLE_MESSAGES } from './booking-lifecycle.ts';
import { createBooking } from './booking-store.ts';

/** The booking lifecycle endpoints: every transition by its side, and every refusal. */
describe('booking lifecycle API', () => {
  let t: TestApp;
  let provider: TestUser;
  let customer: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    provider = await signUp(t, { name: 'Kwabena Ofori', role: 'explorer' });
    customer = await signUp(t, { name: 'Ama Mensah' });
    stranger = await signUp(t, { name: 'Kofi Stranger' });
  });
  afterAll(() => t.close());

  /**
   * A scheduled booking between the two (as a hire makes it), paid by the customer (issue 18; the
   * refusal before payment: booking-payments.test.ts), with optional direct changes.
   */
  async function book(
    date: string | null = daysFromNow(5),
    set: Partial<typeof bookings.$inferInsert> = {},
    price = 50_000,
  ): Promise<string> {
    const id = await t.database.db.transaction((tx) =>
      createBooking(tx, {
        customerId: customer.id,
        providerId: provider.id,
        source: 'quote',
        title: 'Water tank installation',
        price,
        scheduledDate: date,
        city: 'Kumasi',
        address: 'Adum',
      }),
    );
    await markBookingPaid(t, id);
    if (Object.keys(set).length > 0) await t.database.db.update(bookings).set(set).where(eq(bookings.id, id));
    return id;
  }

  const act = (user: TestUser, id: string, path: string, body?: unknown) =>
    call(t, 'POST', `/api/bookings/${id}/${path}`, user.cookie, body);

  async function ok(user: TestUser, id: string, path: string, body?: unknown): Promise<BookingDetail> {
    const res = await act(user, id, path, body);
    expect(res.statusCode, res.body).toBe(200);
    return bookingDetailResponseSchema.parse(res.json()).booking;
  }

  async function refused(
    user: TestUser,
    id: string,
    path: string,
    status: number,
    message: string,
    body?: unknown,
  ) {
    const res = await act(user, id, path, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.message).toBe(message);
  }

  async function detail(user: TestUser, id: string): Promise<BookingDetail> {
    const res = await call(t, 'GET', `/api/bookings/${id}`, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return bookingDetailResponseSchema.parse(res.json()).booking;
  }

  it('runs scheduled → in progress → awaiting confirmation → completed by the right sides', async () => {
    const id = await book(toIsoDate(new Date()));
    let b = await detail(provider, id);
    expect(b).toMatchObject({ status: 'scheduled', role: 'provider', earnings: null, proposal: null });
    expect(b.actions).toEqual(['start', 'mark_done', 'cancel', 'propose_reschedule']);
    expect((await detail(customer, id)).actions).toEqual(['cancel', 'propose_reschedule']);

    b = await ok(provider, id, 'start');
    expect(b.status).toBe('in_progress');
    expect(b.started_at).not.toBeNull();
    expect(b.actions).toEqual(['mark_done', 'cancel', 'open_dispute']);

    b = await ok(provider, id, 'mark-done');
    expect(b.status).toBe('awaiting_confirmation');
    expect(Date.parse(b.auto_complete_at!) - Date.parse(b.done_marked_at!)).toBe(72 * 3_600_000);
    expect((await detail(customer, id)).actions).toEqual(['confirm', 'open_dispute']);
    const asked = await noticesOf(t, customer.id, 'booking');
    expect(asked[0]).toMatchObject({
      title: 'Please confirm the work is done',
      link: `/schedule?booking=${id}`,
    });

    b = await ok(customer, id, 'confirm');
    expect(b).toMatchObject({ status: 'completed', earnings: null, auto_complete_at: null });
    expect(b.reviews).toMatchObject({ mine: null, theirs: null, can_review: true });
    expect(Date.parse(b.reviews.window_closes_at!) - Date.parse(b.completed_at!)).toBe(14 * 86_400_000);
    const seen = await detail(provider, id);
    expect(seen.earnings).toEqual({
      tier: 'starter',
      commission_percent: 18,
      earnings_share_percent: 82,
      commission_minor: 9_000,
      earnings_minor: 41_000,
    });
    expect(seen.history.map((e) => [e.action, e.actor_role, e.from_status, e.to_status])).toEqual([
      ['create', 'customer', null, 'scheduled'],
      ['start', 'provider', 'scheduled', 'in_progress'],
      ['mark_done', 'provider', 'in_progress', 'awaiting_confirmation'],
      ['confirm', 'customer', 'awaiting_confirmation', 'completed'],
    ]);
    expect((await noticesOf(t, provider.id, 'booking'))[0]!.title).toBe('Booking completed');
    // The customer's view carries no earnings, not even in the history.
    expect(JSON.stringify(await detail(customer, id))).not.toMatch(/earnings_minor|commission/);
    expect((await waitForMail(t, provider.email, 'notice-booking'))[0]!.subject).toBe('Booking completed');
  });

  it('fixes earnings by the provider’s tier at completion (pro keeps 90 %)', async () => {
    const id = await book(toIsoDate(new Date()), {}, 123_45);
    await ok(provider, id, 'mark-done');
    await setTier(t, provider.id, 'pro');
    try {
      await ok(customer, id, 'confirm');
      expect((await detail(provider, id)).earnings).toEqual({
        tier: 'pro',
        commission_percent: 10,
        earnings_share_percent: 90,
        commission_minor: 1_235,
        earnings_minor: 11_110,
      });
    } finally {
      await setTier(t, provider.id, 'starter');
    }
    // Later tier changes do not touch a completed booking.
    expect((await detail(provider, id)).earnings?.tier).toBe('pro');
  });

  it('refuses the wrong side (403), the wrong state (409) and strangers (404)', async () => {
    const id = await book();
    await refused(customer, id, 'start', 403, BOOKING_MESSAGES.wrongActor('start'));
    await refused(customer, id, 'mark-done', 403, BOOKING_MESSAGES.wrongActor('mark_done'));
    await refused(provider, id, 'confirm', 403, BOOKING_MESSAGES.wrongActor('confirm'));
    await refused(customer, id, 'confirm', 409, BOOKING_MESSAGES.wrongState('confirm', 'scheduled'));
    await refused(provider, id, 'start', 409, BOOKING_MESSAGES.tooEarlyToStart);
    for (const path of ['start', 'mark-done', 'confirm', 'reschedule/accept', 'reschedule/withdraw'])
      await refused(stranger, id, path, 404, BOOKING_MESSAGES.notFound);
    await refused(stranger, id, 'cancel', 404, BOOKING_MESSAGES.notFound, {
      reason: 'Not my booking at all',
    });
    expect((await call(t, 'GET', `/api/bookings/${id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await call(t, 'POST', `/api/bookings/${id}/start`)).statusCode).toBe(401);
    expect((await act(provider, 'nope', 'start')).statusCode).toBe(400);
    // Not done before its day (issue 15): else it could be confirmed and reviewed in advance.
    await refused(provider, id, 'mark-done', 409, BOOKING_MESSAGES.tooEarlyToMarkDone);
    expect((await detail(provider, id)).actions).not.toContain('mark_done');
    await t.database.db
      .update(bookings)
      .set({ scheduled_date: toIsoDate(new Date()) })
      .where(eq(bookings.id, id));
    expect((await detail(provider, id)).actions).toContain('mark_done');

    await ok(provider, id, 'mark-done');
    await refused(provider, id, 'start', 409, BOOKING_MESSAGES.wrongState('start', 'awaiting_confirmation'));
    await refused(
      provider,
      id,
      'mark-done',
      409,
      BOOKING_MESSAGES.wrongState('mark_done', 'awaiting_confirmation'),
    );
    await refused(
      customer,
      id,
      'cancel',
      409,
      BOOKING_MESSAGES.wrongState('cancel', 'awaiting_confirmation'),
      {
        reason: 'Changed my mind about it',
      },
    );
    await ok(customer, id, 'confirm');
    await refused(customer, id, 'confirm', 409, BOOKING_MESSAGES.wrongState('confirm', 'completed'));
    // Refusals change nothing: three events only (the hire, mark done, confirm).
    expect((await detail(customer, id)).history).toHaveLength(3);
  });

  it('freezes a disputed booking: every action is refused', async () => {
    const id = await book(toIsoDate(new Date()));
    await t.database.db.update(bookings).set({ status: 'disputed' }).where(eq(bookings.id, id));
    await refused(provider, id, 'start', 409, BOOKING_MESSAGES.frozen);
    await refused(provider, id, 'mark-done', 409, BOOKING_MESSAGES.frozen);
    await refused(customer, id, 'cancel', 409, BOOKING_MESSAGES.frozen, { reason: 'I want to leave it' });
    await refused(customer, id, 'reschedule', 409, BOOKING_MESSAGES.frozen, {
      scheduled_date: daysFromNow(9),
    });
    const b = await detail(customer, id);
    expect(b.status).toBe('disputed');
    expect(b.actions).toEqual([]);
  });

  it('cancels free more than 24 h ahead, late within 24 h; both record the side and reason', async () => {
    const free = await book(daysFromNow(5));
    const before = await detail(customer, free);
    expect(before.cancellation).toMatchObject({ free: true });
    expect((await act(customer, free, 'cancel', { reason: 'no' })).statusCode).toBe(400);
    let b = await ok(customer, free, 'cancel', { reason: 'We found someone closer' });
    expect(b).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'customer',
      cancel_reason: 'We found someone closer',
      late_cancellation: false,
      actions: [],
    });
    const told = await noticesOf(t, provider.id, 'booking');
    expect(told[0]).toMatchObject({ title: 'Booking cancelled' });
    expect(told[0]!.body).toContain('We found someone closer');
    await refused(provider, free, 'cancel', 409, BOOKING_MESSAGES.wrongState('cancel', 'cancelled'), {
      reason: 'Cancelling it again',
    });

    const soon = new Date(Date.now() + 3 * 3_600_000);
    const late = await book(toIsoDate(soon), { start_time: soon.toISOString().slice(11, 16) });
    expect((await detail(provider, late)).cancellation.free).toBe(false);
    b = await ok(provider, late, 'cancel', { reason: 'My van broke down this morning' });
    expect(b).toMatchObject({ cancelled_by: 'provider', late_cancellation: true });
    expect(b.history.at(-1)!.details).toMatchObject({ late: true, reason: 'My van broke down this morning' });
  });

  it('reschedules: propose, one pending per side, accept by the other side only', async () => {
    const id = await book(daysFromNow(5));
    const date = daysFromNow(30);
    let b = await ok(customer, id, 'reschedule', {
      scheduled_date: date,
      start_time: '10:00',
      duration_minutes: 120,
      note: 'Mornings suit me better',
    });
    expect(b.proposal).toMatchObject({
      by: 'customer',
      scheduled_date: date,
      start_time: '10:00',
      duration_minutes: 120,
    });
    expect(b.actions).toEqual(['cancel']);
    // Five days ahead: not startable and not to be marked done yet.
    expect((await detail(provider, id)).actions).toEqual([
      'cancel',
      'propose_reschedule',
      'accept_reschedule',
      'decline_reschedule',
    ]);
    expect((await noticesOf(t, provider.id, 'booking'))[0]!.title).toBe('New date proposed');

    await refused(customer, id, 'reschedule', 409, BOOKING_MESSAGES.proposalPending, {
      scheduled_date: date,
    });
    await refused(customer, id, 'reschedule/accept', 403, BOOKING_MESSAGES.ownProposal);
    await refused(customer, id, 'reschedule/decline', 403, BOOKING_MESSAGES.ownProposal);
    await refused(provider, id, 'reschedule/withdraw', 403, LIFECYCLE_MESSAGES.notProposer);

    b = await ok(provider, id, 'reschedule/accept');
    expect(b).toMatchObject({
      scheduled_date: date,
      start_time: '10:00',
      duration_minutes: 120,
      starts_at: `${date}T10:00:00.000Z`,
      ends_at: `${date}T12:00:00.000Z`,
      proposal: null,
    });
    expect(b.history.map((e) => e.action)).toEqual(['create', 'propose_reschedule', 'accept_reschedule']);
    await refused(provider, id, 'reschedule/accept', 409, BOOKING_MESSAGES.noProposal);
  });

  it('reschedules: decline keeps the date, withdraw by the proposer, past dates refused', async () => {
    const date = daysFromNow(5);
    const id = await book(date);
    await refused(provider, id, 'reschedule/decline', 409, BOOKING_MESSAGES.noProposal);
    await refused(provider, id, 'reschedule/withdraw', 409, BOOKING_MESSAGES.noProposal);
    const past = await act(provider, id, 'reschedule', { scheduled_date: daysFromNow(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toContain(JOB_MESSAGES.datePast);
    expect(
      (await act(provider, id, 'reschedule', { scheduled_date: date, duration_minutes: 5 })).statusCode,
    ).toBe(400);

    await ok(provider, id, 'reschedule', { scheduled_date: daysFromNow(31) });
    let b = await ok(customer, id, 'reschedule/decline');
    expect(b).toMatchObject({ scheduled_date: date, proposal: null });
    expect((await noticesOf(t, provider.id, 'booking'))[0]!.title).toBe('New date declined');

    await ok(provider, id, 'reschedule', { scheduled_date: daysFromNow(31) });
    b = await ok(provider, id, 'reschedule/withdraw');
    expect(b).toMatchObject({ scheduled_date: date, proposal: null });
    expect(b.history.map((e) => e.action)).toEqual([
      'create',
      'propose_reschedule',
      'decline_reschedule',
      'propose_reschedule',
      'withdraw_reschedule',
    ]);

    // The other side's pending proposal is replaced by a counter-proposal.
    await ok(provider, id, 'reschedule', { scheduled_date: daysFromNow(31) });
    b = await ok(customer, id, 'reschedule', { scheduled_date: daysFromNow(32) });
    expect(b.proposal).toMatchObject({ by: 'customer', scheduled_date: daysFromNow(32) });
  });

  it('refuses a time that overlaps another booking of the provider; untimed or cancelled ones do not block', async () => {
    const day = daysFromNow(40);
    const held = await book(daysFromNow(6));
    await ok(customer, held, 'reschedule', {
      scheduled_date: day,
      start_time: '10:00',
      duration_minutes: 120,
    });
    await ok(provider, held, 'reschedule/accept');

    const untimed = await book(day);
    const other = await book(daysFromNow(6));
    // A proposal into the held slot is refused at once.
    await refused(customer, other, 'reschedule', 409, BOOKING_MESSAGES.overlap, {
      scheduled_date: day,
      start_time: '11:30',
    });
    // Back to back is fine; a date without a time never blocks (the untimed booking on that day).
    await ok(customer, other, 'reschedule', { scheduled_date: day, start_time: '12:00' });
    let b = await ok(provider, other, 'reschedule/accept');
    expect(b).toMatchObject({ start_time: '12:00', duration_minutes: 60, ends_at: `${day}T13:00:00.000Z` });
    expect((await detail(customer, untimed)).starts_at).toBeNull();

    // A proposal made while the slot was free is refused on accept once it is taken.
    const late = await book(daysFromNow(6));
    await ok(provider, late, 'reschedule', { scheduled_date: day, start_time: '14:00' });
    const taker = await book(daysFromNow(6));
    await ok(provider, taker, 'reschedule', { scheduled_date: day, start_time: '14:30' });
    await ok(customer, taker, 'reschedule/accept');
    await refused(customer, late, 'reschedule/accept', 409, BOOKING_MESSAGES.overlap);

    // Once the taker is cancelled its time is free again.
    await ok(customer, taker, 'cancel', { reason: 'Plans changed at home' });
    b = await ok(customer, late, 'reschedule/accept');
    expect(b.starts_at).toBe(`${day}T14:00:00.000Z`);
  });

  it('lets only one of two concurrent accepts into the same slot', async () => {
    const day = daysFromNow(50);
    const a = await book(daysFromNow(6));
    const b = await book(daysFromNow(6));
    await ok(provider, a, 'reschedule', { scheduled_date: day, start_time: '09:00', duration_minutes: 90 });
    await ok(provider, b, 'reschedule', { scheduled_date: day, start_time: '10:00', duration_minutes: 90 });
    const results = await Promise.all([
      act(customer, a, 'reschedule/accept'),
      act(customer, b, 'reschedule/accept'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json().error.message).toBe(BOOKING_MESSAGES.overlap);
    const timed = await t.database.db
      .select({ id: bookings.id, starts_at: bookings.starts_at })
      .from(bookings)
      .where(eq(bookings.scheduled_date, day));
    expect(timed).toHaveLength(1);
  });

  it('shows the caller’s review, the other side’s only once published', async () => {
    const id = await book(toIsoDate(new Date()));
    await ok(provider, id, 'mark-done');
    await ok(customer, id, 'confirm');
    await t.database.db.insert(reviews).values({
      booking_id: id,
      author_id: provider.id,
      subject_id: customer.id,
      author_role: 'provider',
      rating: 5,
      text: 'A pleasure to work for, clear instructions.',
    });
    let b = await detail(customer, id);
    expect(b.reviews).toMatchObject({ mine: null, theirs: null, can_review: true });
    b = await detail(provider, id);
    expect(b.reviews.mine).toMatchObject({ rating: 5, author_role: 'provider', published_at: null });
    expect(b.reviews.can_review).toBe(false);
    await t.database.db.update(reviews).set({ published_at: new Date() }).where(eq(reviews.booking_id, id));
    b = await detail(customer, id);
    expect(b.reviews.theirs).toMatchObject({ rating: 5, author: { id: provider.id } });
  });
});
