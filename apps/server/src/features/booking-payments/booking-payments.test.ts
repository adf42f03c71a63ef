import { randomUUID } from 'node:crypto';
import {
  type BookingMoney,
  bookingDetailResponseSchema,
  bookingMoneySchema,
  ESCROW_ACCOUNTS,
  ESCROW_MESSAGES,
  toIsoDate,
} from '@adwuma/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bookingEvents,
  bookingRefunds,
  bookings,
  ledgerEntries,
  ledgerTransactions,
  payments,
  sandboxTransactions,
} from '../../db/schema.ts';
import { ledgerBalances } from '../../kernel/payments/ledger.ts';
import { signTimestamped } from '../../kernel/payments/signature.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeAdmin, signUp, type TestUser } from '../../test/auth.ts';
import { expectBooksBalance, openBookingCheckout, payBooking } from '../../test/booking-payments.ts';
import { noticesOf, setTier } from '../../test/jobs.ts';
import { MOMO_APPROVE, waitForPayment } from '../../test/payments.ts';
import { call } from '../../test/providers.ts';
import { autoCompleteBookings } from '../bookings/booking-jobs.ts';
import { confirmBooking } from '../bookings/booking-lifecycle.ts';
import { createBooking } from '../bookings/index.ts';
import { reconcilePayments } from '../payments/reconcile.ts';
import { applyBookingPaymentEvent, heldMinor, newBookingAfterCommit } from './index.ts';
import { releaseUnpaidBookings, UNPAID_RELEASE_CRON, UNPAID_RELEASE_QUEUE } from './jobs.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PRICE = 50_000;

/**
 * Paying for a booking (issue 18) through the embedded sandbox and the webhook path: held on a
 * verified payment only, once, by its customer; released at completion with the tier's commission
 * and payout delay; released unpaid after 48 hours; a second payment refunded. The books balance
 * after every test.
 */
describe('booking payments through the sandbox', () => {
  let t: TestApp;
  let customer: TestUser;
  let otherCustomer: TestUser;
  let provider: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    customer = await signUp(t, { name: 'Ama Mensah' });
    otherCustomer = await signUp(t, { name: 'Kofi Owusu' });
    provider = await signUp(t, { name: 'Kwabena Ofori', role: 'explorer' });
    admin = await signUp(t, { name: 'Chief Admin' });
    await makeAdmin(t, admin.id);
  });
  afterAll(() => t?.close());
  afterEach(async () => {
    if (t) await expectBooksBalance(t);
  });

  /** A hire of today's work (the provider could start it now), at `now`. */
  const hire = (now?: Date, price = PRICE) =>
    t.database.db.transaction((tx) =>
      createBooking(tx, {
        customerId: customer.id,
        providerId: provider.id,
        source: 'quote',
        title: 'Water tank installation',
        price,
        scheduledDate: toIsoDate(new Date()),
        city: 'Kumasi',
        address: 'Adum',
        ...(now ? { now } : {}),
      }),
    );

  const bookingRow = async (id: string) => {
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
    return row!;
  };

  const paymentRow = async (id: string) => {
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, id));
    return row!;
  };

  async function money(user: TestUser, id: string): Promise<BookingMoney> {
    const res = await call(t, 'GET', `/api/bookings/${id}/money`, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return bookingMoneySchema.parse(res.json());
  }

  /** The ledger entries of the movements about one booking. */
  const entriesOf = (bookingId: string) =>
    t.database.db
      .select({
        account: ledgerEntries.account,
        amount: ledgerEntries.amount_minor,
        kind: ledgerTransactions.kind,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transaction_id))
      .where(eq(ledgerTransactions.booking_id, bookingId));

  /** A charge.succeeded the sandbox signs, for a checkout, with the amount it reports. */
  function sandboxEvent(answer: { url: string; payment_id: string }, amountMinor = PRICE) {
    const body = JSON.stringify({
      id: `evt_test_${randomUUID()}`,
      type: 'charge.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: {
        reference: answer.url.split('/').pop(),
        amount_minor: amountMinor,
        currency: 'GHS',
        method: 'mobile_money',
        method_label: 'MTN MoMo ••• 3456',
        authorization_code: null,
        metadata: { payment_id: answer.payment_id },
      },
    });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/sandbox',
        headers: {
          'content-type': 'application/json',
          'x-sandbox-signature': signTimestamped(body, t.app.deps.payments.sandbox!.webhookSecret),
        },
        payload: body,
      });
    return { body, send };
  }

  const waitForRefundSent = (paymentId: string) =>
    vi.waitFor(
      async () => {
        const rows = await t.database.db
          .select()
          .from(bookingRefunds)
          .where(eq(bookingRefunds.payment_id, paymentId));
        expect(rows.map((r) => r.status)).toEqual(['sent']);
        return rows[0]!;
      },
      { timeout: 15_000, interval: 50 },
    );

  it('schedules the unpaid release every five minutes', async () => {
    const { rows } = await t.database.executeSql('select cron from pgboss.schedule where name = $1', [
      UNPAID_RELEASE_QUEUE,
    ]);
    expect(rows).toEqual([{ cron: UNPAID_RELEASE_CRON }]);
  });

  it('refuses to start before payment, then holds the price once the sandbox payment is verified', async () => {
    const now = new Date();
    const id = await hire(now);
    const row = await bookingRow(id);
    expect(row).toMatchObject({ payment_status: 'awaiting_payment', paid_at: null });
    expect(row.payment_due_at!.getTime()).toBe(now.getTime() + 48 * HOUR);

    // Unpaid: the provider may not start nor mark done, and sees neither button.
    for (const path of ['start', 'mark-done']) {
      const res = await call(t, 'POST', `/api/bookings/${id}/${path}`, provider.cookie);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe(ESCROW_MESSAGES.notPaidYet);
    }
    const detail = await call(t, 'GET', `/api/bookings/${id}`, provider.cookie);
    expect(bookingDetailResponseSchema.parse(detail.json()).booking.actions).toEqual([
      'cancel',
      'propose_reschedule',
    ]);
    expect(await money(customer, id)).toMatchObject({
      payment_status: 'awaiting_payment',
      amount_minor: PRICE,
      currency: 'GHS',
      payment_due_at: row.payment_due_at!.toISOString(),
      held_minor: 0,
      pending_payment_id: null,
      test_mode: true,
    });

    const answer = await openBookingCheckout(t, customer, id, { method: 'mobile_money' });
    expect(answer.url).toMatch(/^\/pay\/test\/adw_/);
    expect((await money(customer, id)).pending_payment_id).toBe(answer.payment_id);
    expect((await money(provider, id)).pending_payment_id).toBeNull();
    // The amount is the booking's: the checkout asks for its price.
    const [checkout] = await t.database.db
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.reference, answer.url.split('/').pop()!));
    expect(checkout).toMatchObject({ amount_minor: PRICE, currency: 'GHS', methods: ['mobile_money'] });

    const res = await call(
      t,
      'POST',
      `/api/payments/sandbox/${checkout!.reference}/pay`,
      customer.cookie,
      MOMO_APPROVE,
    );
    expect(res.json()).toEqual({
      status: 'succeeded',
      redirect: `/bookings/${id}?payment=${answer.payment_id}`,
    });
    const paid = await waitForPayment(t, answer.payment_id, 'succeeded');
    expect(paid).toMatchObject({
      purpose: 'booking',
      booking_id: id,
      tier: null,
      cadence: null,
      amount_minor: PRICE,
    });
    expect(paid.receipt_number).toMatch(/^ADW-\d{4}-\d{6}$/);
    expect(await bookingRow(id)).toMatchObject({ payment_status: 'held', status: 'scheduled' });
    expect(await heldMinor(t.database.db, id)).toBe(PRICE);
    expect((await entriesOf(id)).sort((a, b) => a.amount - b.amount)).toEqual([
      { account: ESCROW_ACCOUNTS.held(id), amount: -PRICE, kind: 'booking_payment' },
      { account: ESCROW_ACCOUNTS.gateway('sandbox'), amount: PRICE, kind: 'booking_payment' },
    ]);

    // Each party's view: the customer's without earnings, the provider's with them (none yet).
    const mine = await money(customer, id);
    expect(mine).toMatchObject({
      payment_status: 'held',
      held_minor: PRICE,
      payment_due_at: null,
      pending_payment_id: null,
      commission_minor: null,
      earnings_minor: null,
      advance_cap_minor: 0,
    });
    expect(mine.paid_at).not.toBeNull();
    expect(await money(provider, id)).toMatchObject({
      payment_status: 'held',
      held_minor: PRICE,
      advance_cap_minor: 0,
    });
    expect(await money(admin, id)).toMatchObject({ payment_status: 'held', held_minor: PRICE });
    const stranger = await call(t, 'GET', `/api/bookings/${id}/money`, otherCustomer.cookie);
    expect(stranger.statusCode).toBe(404);

    const [toCustomer] = await noticesOf(t, customer.id, 'billing');
    expect(toCustomer).toMatchObject({ title: 'Payment received', link: `/bookings/${id}` });
    expect(toCustomer!.body).toContain(paid.receipt_number!);
    expect((await noticesOf(t, provider.id, 'billing'))[0]).toMatchObject({ title: 'The customer has paid' });

    // Paid: the provider may start.
    const started = await call(t, 'POST', `/api/bookings/${id}/start`, provider.cookie);
    expect(started.statusCode, started.body).toBe(200);
  });

  it('lets only the booking’s customer pay, once', async () => {
    const id = await hire();
    let res = await call(t, 'POST', `/api/bookings/${id}/pay`, provider.cookie, {});
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(ESCROW_MESSAGES.onlyCustomerPays);
    for (const user of [otherCustomer, admin]) {
      res = await call(t, 'POST', `/api/bookings/${id}/pay`, user.cookie, {});
      expect(res.statusCode).toBe(404);
    }
    res = await call(t, 'POST', `/api/bookings/${randomUUID()}/pay`, customer.cookie, {});
    expect(res.statusCode).toBe(404);
    // The amount never comes from the browser.
    res = await call(t, 'POST', `/api/bookings/${id}/pay`, customer.cookie, { amount_minor: 1 });
    expect(res.statusCode).toBe(400);
    expect(await t.database.db.select().from(payments).where(eq(payments.booking_id, id))).toHaveLength(0);

    await payBooking(t, customer, id);
    res = await call(t, 'POST', `/api/bookings/${id}/pay`, customer.cookie, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ESCROW_MESSAGES.notAwaitingPayment);
    // A free booking waits for no payment.
    const free = await hire(undefined, 0);
    expect((await bookingRow(free)).payment_status).toBe('not_required');
    res = await call(t, 'POST', `/api/bookings/${free}/pay`, customer.cookie, {});
    expect(res.statusCode).toBe(409);
  });

  it('answers two pay requests at once with one checkout', async () => {
    const id = await hire();
    const [a, b] = await Promise.all([
      openBookingCheckout(t, customer, id),
      openBookingCheckout(t, customer, id),
    ]);
    expect(b).toEqual(a);
    const open = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.booking_id, id), eq(payments.status, 'pending')));
    expect(open).toHaveLength(1);
  });

  it('moves nothing on a replayed webhook; refuses a payment of another amount', async () => {
    const id = await hire();
    const answer = await openBookingCheckout(t, customer, id);
    const event = sandboxEvent(answer);
    let res = await event.send();
    expect(res.json()).toEqual({ received: true, duplicate: false });
    const paid = await waitForPayment(t, answer.payment_id, 'succeeded');
    res = await event.send();
    expect(res.json()).toEqual({ received: true, duplicate: true });
    // Applied again anyway (a job run twice): the payment is paid already, nothing moves.
    const sandbox = t.app.deps.payments.sandbox!;
    const verified = sandbox.verifyWebhook(Buffer.from(event.body), {
      'x-sandbox-signature': signTimestamped(event.body, sandbox.webhookSecret),
    });
    const after = newBookingAfterCommit();
    await t.database.db.transaction(async (tx) => {
      for (const e of sandbox.normalize(verified))
        await applyBookingPaymentEvent(tx, t.app.deps, 'sandbox', e, after);
    });
    expect(after).toEqual({ noticeIds: [], refundIds: [] });
    expect(await entriesOf(id)).toHaveLength(2);
    expect((await paymentRow(answer.payment_id)).receipt_number).toBe(paid.receipt_number);
    expect(await heldMinor(t.database.db, id)).toBe(PRICE);

    const other = await hire();
    const short = await openBookingCheckout(t, customer, other);
    res = await sandboxEvent(short, 100).send();
    expect(res.statusCode).toBe(200);
    const failed = await waitForPayment(t, short.payment_id, 'failed');
    expect(failed.failure_reason).toMatch(/reported GH₵ ?1\.00/);
    expect((await bookingRow(other)).payment_status).toBe('awaiting_payment');
    expect(await entriesOf(other)).toHaveLength(0);
  });

  it('leaves the booking waiting when the customer leaves the checkout', async () => {
    const id = await hire();
    const answer = await openBookingCheckout(t, customer, id);
    const res = await call(
      t,
      'POST',
      `/api/payments/sandbox/${answer.url.split('/').pop()}/cancel`,
      customer.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    await waitForPayment(t, answer.payment_id, 'cancelled');
    expect((await bookingRow(id)).payment_status).toBe('awaiting_payment');
    const again = await openBookingCheckout(t, customer, id);
    expect(again.payment_id).not.toBe(answer.payment_id);
  });

  it('keeps one of two succeeded payments and refunds the other in full', async () => {
    const id = await hire();
    const first = await openBookingCheckout(t, customer, id);
    // The first checkout looks abandoned a day later (reconciliation cancels it on our side) …
    await reconcilePayments(t.app.deps, new Date(Date.now() + 25 * HOUR));
    expect((await paymentRow(first.payment_id)).status).toBe('cancelled');
    // … so the customer pays a second one; then the first is paid after all (mobile money is slow).
    const second = await payBooking(t, customer, id);
    const res = await call(
      t,
      'POST',
      `/api/payments/sandbox/${first.url.split('/').pop()}/pay`,
      customer.cookie,
      MOMO_APPROVE,
    );
    expect(res.json().status).toBe('succeeded');
    const refunded = await waitForPayment(t, first.payment_id, 'refunded');
    expect(refunded).toMatchObject({ refunded_minor: PRICE });
    expect(refunded.receipt_number).not.toBe(second.receipt_number);
    const refund = await waitForRefundSent(first.payment_id);
    expect(refund).toMatchObject({ booking_id: id, amount_minor: PRICE, customer_id: customer.id });

    // The booking keeps one payment's worth, untouched by the refund.
    expect(await bookingRow(id)).toMatchObject({ payment_status: 'held', refunded_minor: 0 });
    expect(await heldMinor(t.database.db, id)).toBe(PRICE);
    expect((await paymentRow(second.id)).status).toBe('succeeded');
    const balances = await ledgerBalances(t.database.db);
    expect(balances.get(`GHS:${ESCROW_ACCOUNTS.refundsDue(customer.id)}`) ?? 0).toBe(0);
    const titles = (await noticesOf(t, customer.id, 'billing')).map((n) => n.title);
    expect(titles).toContain('Payment refunded');

    // The kept payment is the one a cancellation refunds.
    const cancel = await call(t, 'POST', `/api/bookings/${id}/cancel`, provider.cookie, {
      reason: 'I cannot come after all',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await waitForRefundSent(second.id);
    expect(await heldMinor(t.database.db, id)).toBe(0);
  });

  it('finds a payment whose webhook was lost, and abandons one never paid', async () => {
    const lost = await hire();
    const answer = await openBookingCheckout(t, customer, lost);
    // The gateway took the money, but its webhook never arrived.
    await t.database.db
      .update(sandboxTransactions)
      .set({
        status: 'succeeded',
        method: 'mobile_money',
        method_label: 'MTN MoMo ••• 3456',
        paid_at: new Date(),
      })
      .where(eq(sandboxTransactions.reference, answer.url.split('/').pop()!));
    const never = await hire();
    const unpaid = await openBookingCheckout(t, customer, never);

    const soon = await reconcilePayments(t.app.deps, new Date(Date.now() + 6 * 60_000));
    expect(soon.verified).toBeGreaterThanOrEqual(1);
    expect((await paymentRow(answer.payment_id)).status).toBe('succeeded');
    expect((await bookingRow(lost)).payment_status).toBe('held');
    expect((await paymentRow(unpaid.payment_id)).status).toBe('pending');

    await reconcilePayments(t.app.deps, new Date(Date.now() + 25 * HOUR));
    expect((await paymentRow(unpaid.payment_id)).status).toBe('cancelled');
    expect((await bookingRow(never)).payment_status).toBe('awaiting_payment');
  });

  it('releases the held money at completion with the tier’s commission and payout delay', async () => {
    await setTier(t, provider.id, 'pro');
    try {
      const id = await hire();
      await payBooking(t, customer, id);
      for (const path of ['start', 'mark-done']) {
        const res = await call(t, 'POST', `/api/bookings/${id}/${path}`, provider.cookie);
        expect(res.statusCode, res.body).toBe(200);
      }
      const now = new Date(Date.now() + HOUR);
      await confirmBooking(t.app.deps, t.app.log, id, customer.id, now);
      const row = await bookingRow(id);
      expect(row).toMatchObject({
        status: 'completed',
        payment_status: 'released',
        tier_at_completion: 'pro',
        commission_percent: 10,
        commission_minor: 5_000,
        earnings_minor: 45_000,
      });
      expect(row.completed_at!.getTime()).toBe(now.getTime());
      expect(row.earnings_available_at!.getTime()).toBe(now.getTime() + 3 * DAY);
      expect(await heldMinor(t.database.db, id)).toBe(0);
      const released = (await entriesOf(id)).filter((e) => e.kind === 'booking_release');
      expect(released.sort((a, b) => a.amount - b.amount)).toEqual([
        { account: ESCROW_ACCOUNTS.pending(provider.id), amount: -45_000, kind: 'booking_release' },
        { account: ESCROW_ACCOUNTS.commission, amount: -5_000, kind: 'booking_release' },
        { account: ESCROW_ACCOUNTS.held(id), amount: PRICE, kind: 'booking_release' },
      ]);
      expect(await money(provider, id)).toMatchObject({
        payment_status: 'released',
        held_minor: 0,
        commission_minor: 5_000,
        earnings_minor: 45_000,
        earnings_available_at: row.earnings_available_at!.toISOString(),
      });
      expect(await money(customer, id)).toMatchObject({
        payment_status: 'released',
        commission_minor: null,
        earnings_minor: null,
        earnings_available_at: null,
      });

      // Auto-completion 72 hours after "done" releases the same way, at the job's moment.
      const auto = await hire();
      await payBooking(t, customer, auto);
      const done = await call(t, 'POST', `/api/bookings/${auto}/mark-done`, provider.cookie);
      expect(done.statusCode, done.body).toBe(200);
      const later = new Date(Date.now() + 73 * HOUR);
      expect(await autoCompleteBookings(t.app.deps, later)).toContain(auto);
      const autoRow = await bookingRow(auto);
      expect(autoRow).toMatchObject({
        payment_status: 'released',
        commission_minor: 5_000,
        earnings_minor: 45_000,
      });
      expect(autoRow.earnings_available_at!.getTime()).toBe(later.getTime() + 3 * DAY);
      expect(await heldMinor(t.database.db, auto)).toBe(0);
    } finally {
      await setTier(t, provider.id, 'starter');
    }
  });

  it('releases a booking not paid within 48 hours, not before, and refunds a payment arriving later', async () => {
    const hiredAt = new Date(Date.now() - 1_000);
    const id = await hire(hiredAt);
    const answer = await openBookingCheckout(t, customer, id);
    const due = hiredAt.getTime() + 48 * HOUR;

    expect(await releaseUnpaidBookings(t.app.deps, new Date(due - 1))).not.toContain(id);
    expect((await bookingRow(id)).payment_status).toBe('awaiting_payment');
    expect(await releaseUnpaidBookings(t.app.deps, new Date(due))).toContain(id);
    const row = await bookingRow(id);
    expect(row).toMatchObject({
      status: 'cancelled',
      payment_status: 'expired',
      cancelled_by: null,
      cancel_reason: 'Not paid in time',
    });
    expect((await paymentRow(answer.payment_id)).status).toBe('cancelled');
    const history = await t.database.db.select().from(bookingEvents).where(eq(bookingEvents.booking_id, id));
    expect(history.map((e) => [e.action, e.actor_role, e.to_status])).toContainEqual([
      'payment_expired',
      'system',
      'cancelled',
    ]);
    for (const user of [customer, provider]) {
      const notices = await noticesOf(t, user.id, 'billing');
      expect(
        notices.some((n) => n.title === 'Booking released: not paid' && n.link === `/bookings/${id}`),
      ).toBe(true);
    }
    expect(await releaseUnpaidBookings(t.app.deps, new Date(due + HOUR))).not.toContain(id);
    const res = await call(t, 'POST', `/api/bookings/${id}/pay`, customer.cookie, {});
    expect(res.statusCode).toBe(409);

    // The old checkout is still open at the gateway: paid now, it is refunded in full.
    const late = await call(
      t,
      'POST',
      `/api/payments/sandbox/${answer.url.split('/').pop()}/pay`,
      customer.cookie,
      MOMO_APPROVE,
    );
    expect(late.json().status).toBe('succeeded');
    await waitForPayment(t, answer.payment_id, 'refunded');
    await waitForRefundSent(answer.payment_id);
    expect(await heldMinor(t.database.db, id)).toBe(0);
    expect((await bookingRow(id)).payment_status).toBe('expired');
  });

  it('keeps the books balanced: every booking transaction sums to zero', async () => {
    const unbalanced = await t.database.db.execute(
      sql`select t.id from ${ledgerTransactions} t join ${ledgerEntries} e on e.transaction_id = t.id
          where t.booking_id is not null group by t.id having sum(e.amount_minor) <> 0`,
    );
    expect((unbalanced as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
