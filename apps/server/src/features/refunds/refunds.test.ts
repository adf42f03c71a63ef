import {
  customerPaymentsSchema,
  ESCROW_ACCOUNTS,
  ESCROW_MESSAGES,
  type RefundStatus,
  toIsoDate,
} from '@adwuma/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookingEvents, bookingRefunds, bookings, payments, sandboxTransactions } from '../../db/schema.ts';
import { GatewayError } from '../../kernel/payments/gateway.ts';
import { ledgerBalances } from '../../kernel/payments/ledger.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser } from '../../test/auth.ts';
import {
  bookingBalances,
  bookingMovementKinds,
  expectBooksBalance,
  payBooking,
  scheduleTenDaysAhead,
} from '../../test/booking-payments.ts';
import { bookingBetween } from '../../test/bookings.ts';
import { noticesOf } from '../../test/jobs.ts';
import { call } from '../../test/providers.ts';
import { cancelBooking } from '../bookings/booking-lifecycle.ts';
import { refundHeld, sendStaleRefunds } from './refund-service.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * Refunds through the sandbox (issue 18): a cancellation's money (in time, late, by the provider,
 * refused after an advance, an unpaid booking's checkout), the refund sent to the gateway on the
 * job queue with the ledger at each step, the sweep of refunds left pending, partial refunds in the
 * sandbox's own books, and the customer's payments list. Paid for through the real checkout path.
 */
describe('refunds: cancellations through the sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  interface Paid {
    customer: TestUser;
    provider: TestUser;
    id: string;
    paymentId: string;
    reference: string;
    start: Date;
  }

  /** A fresh customer and provider, a booking 10 days ahead at 10:00, paid through the sandbox. */
  async function paidBooking(price = 30_000): Promise<Paid> {
    const provider = await signUp(t, { name: 'Kwabena Ofori', role: 'explorer' });
    const customer = await signUp(t, { name: 'Ama Mensah' });
    const id = await bookingBetween(t, customer.id, provider.id, { status: 'scheduled', price });
    const start = await scheduleTenDaysAhead(t, id);
    const payment = await payBooking(t, customer, id);
    await vi.waitFor(async () => expect((await bookingRow(id)).payment_status).toBe('held'), {
      timeout: 10_000,
      interval: 50,
    });
    return { customer, provider, id, paymentId: payment.id, reference: payment.reference, start };
  }

  const bookingRow = async (id: string) =>
    (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const paymentRow = async (id: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const refundsOf = (bookingId: string) =>
    t.database.db.select().from(bookingRefunds).where(eq(bookingRefunds.booking_id, bookingId));

  /** refundHeld as a decision makes it: in a transaction holding the booking's row lock. */
  const refundUnderLock = (bookingId: string, amountMinor: number, reason: string, key: string) =>
    t.database.db.transaction(async (tx) => {
      const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
      return refundHeld(tx, t.app.deps, {
        booking: row!,
        amountMinor,
        reason,
        createdBy: null,
        key: `test:${bookingId}:${key}`,
      });
    });

  const cancel = (user: TestUser, id: string, now: Date) =>
    cancelBooking(t.app.deps, t.app.log, id, user.id, { reason: 'Something came up at home, sorry.' }, now);

  async function waitForRefunds(bookingId: string, status: RefundStatus) {
    return vi.waitFor(
      async () => {
        const rows = await refundsOf(bookingId);
        expect(rows.length).toBeGreaterThan(0);
        for (const r of rows) expect(r.status).toBe(status);
        return rows;
      },
      { timeout: 15_000, interval: 50 },
    );
  }

  /** One account's balance over the whole ledger. */
  async function balance(account: string): Promise<number> {
    return (await ledgerBalances(t.database.db)).get(`GHS:${account}`) ?? 0;
  }

  /** Balances of one booking's movements, by account. */
  const bookingLedger = (bookingId: string) => bookingBalances(t, bookingId);

  const kindsOf = (bookingId: string) => bookingMovementKinds(t, bookingId);

  it('a cancellation in time refunds everything through the sandbox; the ledger ends at zero', async () => {
    const b = await paidBooking();
    const detail = await cancel(b.customer, b.id, new Date(b.start.getTime() - 3 * DAY));
    expect(detail.status).toBe('cancelled');
    expect(detail.late_cancellation).toBe(false);

    const decided = await bookingRow(b.id);
    expect(decided).toMatchObject({ payment_status: 'refunded', refunded_minor: 30_000 });
    // The decision: owed to the customer, nothing held any more.
    const [refund] = await waitForRefunds(b.id, 'sent');
    expect(refund).toMatchObject({
      amount_minor: 30_000,
      payment_id: b.paymentId,
      customer_id: b.customer.id,
      created_by: b.customer.id,
      reason: 'Booking cancelled',
      attempts: 1,
    });
    expect(refund!.gateway_reference).toMatch(/^sbrf_/);

    const ledger = await bookingLedger(b.id);
    expect(ledger.get(ESCROW_ACCOUNTS.held(b.id))).toBe(0);
    expect(ledger.get(ESCROW_ACCOUNTS.refundsDue(b.customer.id))).toBe(0);
    // In 30,000 from the gateway, 30,000 back out through it.
    expect(ledger.get(ESCROW_ACCOUNTS.gateway('sandbox'))).toBe(0);
    expect(await kindsOf(b.id)).toEqual(['booking_payment', 'refund_owed', 'refund_sent']);
    expect(await balance(ESCROW_ACCOUNTS.refundsDue(b.customer.id))).toBe(0);

    // The gateway's own books: the transaction refunded in full.
    const [sandboxRow] = await t.database.db
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.reference, b.reference));
    expect(sandboxRow!.metadata.refunded_minor).toBe('30000');
    expect(await paymentRow(b.paymentId)).toMatchObject({ status: 'refunded', refunded_minor: 30_000 });

    // The customer is told, with the amount.
    await vi.waitFor(async () => {
      const notice = (await noticesOf(t, b.customer.id, 'billing')).find((n) => n.title === 'Refund issued');
      expect(notice?.body).toContain('GH₵ 300.00');
    });
    const [event] = await t.database.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.booking_id, b.id), eq(bookingEvents.action, 'cancel')));
    expect(event!.details).toMatchObject({ late: false, refund_minor: 30_000, late_fee_minor: 0 });
    await expectBooksBalance(t);
  });

  it('a late cancellation by the customer pays the provider 10 % (pending, less commission) and refunds 90 %', async () => {
    const b = await paidBooking();
    const now = new Date(b.start.getTime() - 2 * HOUR);
    const detail = await cancel(b.customer, b.id, now);
    expect(detail.late_cancellation).toBe(true);

    const [refund] = await waitForRefunds(b.id, 'sent');
    expect(refund!.amount_minor).toBe(27_000);
    expect(refund!.reason).toContain('10 %');
    // The fee (GH₵ 30) is the provider's earnings, Starter commission 18 % on it.
    const ledger = await bookingLedger(b.id);
    expect(ledger.get(ESCROW_ACCOUNTS.held(b.id))).toBe(0);
    expect(ledger.get(ESCROW_ACCOUNTS.pending(b.provider.id))).toBe(-2_460);
    expect(ledger.get(ESCROW_ACCOUNTS.commission)).toBe(-540);
    expect(ledger.get(ESCROW_ACCOUNTS.refundsDue(b.customer.id))).toBe(0);
    expect(ledger.get(ESCROW_ACCOUNTS.gateway('sandbox'))).toBe(3_000);
    expect(await balance(ESCROW_ACCOUNTS.pending(b.provider.id))).toBe(-2_460);

    const row = await bookingRow(b.id);
    expect(row).toMatchObject({
      payment_status: 'partially_refunded',
      refunded_minor: 27_000,
      commission_minor: 540,
      earnings_minor: 2_460,
    });
    expect(row.earnings_available_at?.toISOString()).toBe(new Date(now.getTime() + 7 * DAY).toISOString());
    // Part of it refunded: the payment stays paid.
    expect(await paymentRow(b.paymentId)).toMatchObject({ status: 'succeeded', refunded_minor: 27_000 });
    await expectBooksBalance(t);
  });

  it('a provider’s cancellation refunds everything, even late', async () => {
    const b = await paidBooking();
    const detail = await cancel(b.provider, b.id, new Date(b.start.getTime() - HOUR));
    expect(detail).toMatchObject({ status: 'cancelled', cancelled_by: 'provider', late_cancellation: true });
    const [refund] = await waitForRefunds(b.id, 'sent');
    expect(refund!.amount_minor).toBe(30_000);
    const ledger = await bookingLedger(b.id);
    expect(ledger.get(ESCROW_ACCOUNTS.pending(b.provider.id))).toBeUndefined();
    expect(ledger.get(ESCROW_ACCOUNTS.held(b.id))).toBe(0);
    expect((await bookingRow(b.id)).payment_status).toBe('refunded');
  });

  it('refuses to cancel once a materials advance was paid, and changes nothing', async () => {
    const b = await paidBooking();
    await t.database.db.update(bookings).set({ advance_minor: 5_000 }).where(eq(bookings.id, b.id));
    const res = await call(t, 'POST', `/api/bookings/${b.id}/cancel`, b.customer.cookie, {
      reason: 'Something came up at home, sorry.',
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(ESCROW_MESSAGES.advanceTaken);
    expect(await bookingRow(b.id)).toMatchObject({
      status: 'scheduled',
      payment_status: 'held',
      refunded_minor: 0,
    });
    expect(await refundsOf(b.id)).toEqual([]);
  });

  it('cancelling an unpaid booking cancels its open checkout and marks it not paid', async () => {
    const provider = await signUp(t, { name: 'Kwabena Ofori', role: 'explorer' });
    const customer = await signUp(t, { name: 'Ama Mensah' });
    const id = await bookingBetween(t, customer.id, provider.id, { status: 'scheduled' });
    expect((await bookingRow(id)).payment_status).toBe('awaiting_payment');
    const res = await call(t, 'POST', `/api/bookings/${id}/pay`, customer.cookie, {});
    expect(res.statusCode, res.body).toBe(200);
    const paymentId = res.json().payment_id as string;

    const cancelled = await call(t, 'POST', `/api/bookings/${id}/cancel`, customer.cookie, {
      reason: 'Found someone closer, sorry.',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await bookingRow(id)).toMatchObject({ status: 'cancelled', payment_status: 'expired' });
    expect((await paymentRow(paymentId)).status).toBe('cancelled');
    expect(await refundsOf(id)).toEqual([]);
  });

  it('two cancellations at once (both sides) refund once', async () => {
    const b = await paidBooking();
    const reason = { reason: 'Something came up at home, sorry.' };
    const answers = await Promise.all([
      call(t, 'POST', `/api/bookings/${b.id}/cancel`, b.customer.cookie, reason),
      call(t, 'POST', `/api/bookings/${b.id}/cancel`, b.provider.cookie, reason),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refunds = await waitForRefunds(b.id, 'sent');
    expect(refunds).toHaveLength(1);
    expect((await bookingLedger(b.id)).get(ESCROW_ACCOUNTS.held(b.id))).toBe(0);
    await expectBooksBalance(t);
  });

  it('completing and cancelling at once leaves one outcome: a release or a refund, never both', async () => {
    for (let round = 0; round < 3; round++) {
      const b = await paidBooking();
      // The work is under way today; the provider marks it done and the customer confirms
      // (completion releases the money) while a cancellation (the provider's: a full refund, no
      // late fee released) comes in.
      await t.database.db
        .update(bookings)
        .set({
          status: 'in_progress',
          scheduled_date: toIsoDate(new Date()),
          start_time: null,
          starts_at: null,
          ends_at: null,
          started_at: new Date(),
        })
        .where(eq(bookings.id, b.id));
      const complete = (async () => {
        const done = await call(t, 'POST', `/api/bookings/${b.id}/mark-done`, b.provider.cookie);
        if (done.statusCode !== 200) return done.statusCode;
        return (await call(t, 'POST', `/api/bookings/${b.id}/confirm`, b.customer.cookie)).statusCode;
      })();
      const cancelled = call(t, 'POST', `/api/bookings/${b.id}/cancel`, b.provider.cookie, {
        reason: 'Something came up at home, sorry.',
      });
      const [completeStatus, cancelStatus] = await Promise.all([
        complete,
        cancelled.then((r) => r.statusCode),
      ]);
      expect(
        [completeStatus, cancelStatus].filter((s) => s === 200),
        `round ${round}`,
      ).toHaveLength(1);

      const row = await bookingRow(b.id);
      const kinds = await kindsOf(b.id);
      if (row.status === 'completed') {
        expect(row.payment_status).toBe('released');
        expect(kinds).toContain('booking_release');
        expect(kinds.some((k) => k.startsWith('refund'))).toBe(false);
        expect(await refundsOf(b.id)).toEqual([]);
      } else {
        expect(row.status).toBe('cancelled');
        expect(kinds).not.toContain('booking_release');
        await waitForRefunds(b.id, 'sent');
        expect((await kindsOf(b.id)).filter((k) => k.startsWith('refund'))).toEqual([
          'refund_owed',
          'refund_sent',
        ]);
      }
      expect((await bookingLedger(b.id)).get(ESCROW_ACCOUNTS.held(b.id))).toBe(0);
    }
    await expectBooksBalance(t);
  });

  it('a refund left pending (its job lost) is sent by the sweep after a minute', async () => {
    const b = await paidBooking();
    const id = await refundUnderLock(b.id, 10_000, 'Goodwill', 'goodwill');
    // The same decision again changes nothing.
    const again = await refundUnderLock(b.id, 10_000, 'Goodwill', 'goodwill');
    expect(again).toBe(id);
    expect(await bookingRow(b.id)).toMatchObject({ refunded_minor: 10_000 });
    expect((await bookingLedger(b.id)).get(ESCROW_ACCOUNTS.held(b.id))).toBe(-20_000);

    // Not yet a minute old: left alone.
    await sendStaleRefunds(t.app.deps, new Date());
    expect((await refundsOf(b.id))[0]!.status).toBe('pending');
    await sendStaleRefunds(t.app.deps, new Date(Date.now() + 2 * 60_000));
    const [sent] = await refundsOf(b.id);
    expect(sent).toMatchObject({ id, status: 'sent', amount_minor: 10_000 });
    expect((await bookingLedger(b.id)).get(ESCROW_ACCOUNTS.refundsDue(b.customer.id))).toBe(0);

    // More than is held is refused.
    await expect(refundUnderLock(b.id, 20_001, 'Too much', 'too-much')).rejects.toMatchObject({
      statusCode: 409,
    });
  });

  it('the sandbox refunds in parts and refuses more than is left', async () => {
    const b = await paidBooking();
    const sandbox = t.app.deps.payments.sandbox!;
    const ref = {
      id: b.paymentId,
      reference: b.reference,
      amountMinor: 30_000,
      currency: 'GHS' as const,
      gatewayData: {},
    };
    expect(await sandbox.refund!({ ...ref, refundAmountMinor: 10_000 })).toMatch(/^sbrf_/);
    await expect(sandbox.refund!({ ...ref, refundAmountMinor: 20_001 })).rejects.toBeInstanceOf(GatewayError);
    // Two parts at once cannot give back more than was paid.
    const both = await Promise.allSettled([
      sandbox.refund!({ ...ref, refundAmountMinor: 15_000 }),
      sandbox.refund!({ ...ref, refundAmountMinor: 15_000 }),
    ]);
    expect(both.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    // The rest, without an amount.
    await sandbox.refund!(ref);
    await expect(sandbox.refund!(ref)).rejects.toThrow('larger than what is left');
    await expect(sandbox.refund!({ ...ref, reference: 'no-such-reference' })).rejects.toBeInstanceOf(
      GatewayError,
    );
  });

  it('GET /api/payments lists the customer’s own booking payments with their refunds, nobody else’s', async () => {
    const b = await paidBooking();
    await cancel(b.customer, b.id, new Date(b.start.getTime() - 2 * HOUR));
    await waitForRefunds(b.id, 'sent');
    const other = await paidBooking(12_000);

    const res = await call(t, 'GET', '/api/payments', b.customer.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { items } = customerPaymentsSchema.parse(res.json());
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: b.paymentId,
      booking_id: b.id,
      title: 'Fix a leaking kitchen tap',
      provider_name: 'Kwabena Ofori',
      status: 'succeeded',
      amount_minor: 30_000,
      refunded_minor: 27_000,
      method_label: expect.stringContaining('3456'),
    });
    expect(items[0]!.receipt_number).toBeTruthy();
    expect(items[0]!.refunds).toEqual([
      expect.objectContaining({
        amount_minor: 27_000,
        status: 'sent',
        reason: expect.stringContaining('Late'),
      }),
    ]);

    // Another customer sees only their own; the provider (who paid nothing) sees none.
    const theirs = customerPaymentsSchema.parse(
      (await call(t, 'GET', '/api/payments', other.customer.cookie)).json(),
    );
    expect(theirs.items.map((p) => p.id)).toEqual([other.paymentId]);
    const providers = customerPaymentsSchema.parse(
      (await call(t, 'GET', '/api/payments', b.provider.cookie)).json(),
    );
    expect(providers.items).toEqual([]);
    expect((await call(t, 'GET', '/api/payments', undefined)).statusCode).toBe(401);
    const ids = await t.database.db
      .select({ id: payments.id })
      .from(payments)
      .where(inArray(payments.user_id, [b.customer.id, other.customer.id]));
    expect(ids).toHaveLength(2);
  });
});
