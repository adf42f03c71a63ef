import { ESCROW_ACCOUNTS } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { bookingRefunds, payments } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeAdmin, signUp, type TestUser, uniqueIp } from '../../test/auth.ts';
import {
  bookingBalances,
  expectBooksBalance,
  openBookingCheckout,
  scheduleTenDaysAhead,
} from '../../test/booking-payments.ts';
import { bookingBetween } from '../../test/bookings.ts';
import { waitForPayment } from '../../test/payments.ts';
import {
  chargeSuccessEvent,
  type PaystackDouble,
  signPaystackEvent,
  startPaystackDouble,
} from '../../test/paystack-double.ts';
import { cancelBooking } from '../bookings/booking-lifecycle.ts';
import { retryRefund } from './refund-service.ts';

const SECRET = 'sk_test_adwuma_booking_refunds_0001';
const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * Refunds through Paystack (a local double of its API): partial refunds carry `amount`, a refund
 * Paystack refuses is failed with its reason and stays owed in the ledger, and an admin's retry
 * sends it (issue 18).
 */
describe('refunds through Paystack', () => {
  let t: TestApp;
  let double: PaystackDouble;
  let admin: TestUser;
  beforeAll(async () => {
    double = await startPaystackDouble({ secretKey: SECRET });
    t = await createTestApp({
      payments: {
        ...loadConfig({ NODE_ENV: 'test' }).payments,
        paystack: { secretKey: SECRET, baseUrl: double.url },
      },
    });
    admin = await signUp(t, { name: 'Esi Admin' });
    await makeAdmin(t, admin.id);
  });
  afterAll(async () => {
    await t?.close();
    await double?.close();
  });

  /** A booking 10 days ahead at 10:00, paid by mobile money at Paystack (its signed webhook applied). */
  async function paidBooking() {
    const provider = await signUp(t, { name: 'Kwabena Ofori', role: 'explorer' });
    const customer = await signUp(t, { name: 'Ama Mensah' });
    const id = await bookingBetween(t, customer.id, provider.id, { status: 'scheduled', price: 30_000 });
    const start = await scheduleTenDaysAhead(t, id);
    const answer = await openBookingCheckout(t, customer, id);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, answer.payment_id));
    expect(payment!.gateway).toBe('paystack');
    const transaction = double.pay(payment!.reference, { channel: 'mobile_money', network: 'mtn' });
    const { body, header } = signPaystackEvent(chargeSuccessEvent(transaction), SECRET);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/paystack',
      remoteAddress: uniqueIp(),
      headers: { 'content-type': 'application/json', 'x-paystack-signature': header },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    await waitForPayment(t, answer.payment_id, 'succeeded');
    return { provider, customer, id, start, paymentId: answer.payment_id, reference: payment!.reference };
  }

  const refundOf = async (bookingId: string) =>
    (await t.database.db.select().from(bookingRefunds).where(eq(bookingRefunds.booking_id, bookingId)))[0];

  /** Balances of one booking's movements, by account. */
  const bookingLedger = (bookingId: string) => bookingBalances(t, bookingId);

  it('a refund Paystack refuses stays owed as failed; an admin’s retry sends the part with its amount', async () => {
    const b = await paidBooking();
    double.refuseRefunds(1, 'Insufficient balance to process refund');
    await cancelBooking(
      t.app.deps,
      t.app.log,
      b.id,
      b.customer.id,
      { reason: 'Something came up at home, sorry.' },
      new Date(b.start.getTime() - 2 * HOUR),
    );

    const failed = await vi.waitFor(
      async () => {
        const refund = await refundOf(b.id);
        expect(refund?.status).toBe('failed');
        return refund!;
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(failed).toMatchObject({
      amount_minor: 27_000,
      failure_reason: 'Insufficient balance to process refund',
      attempts: 1,
      gateway_reference: null,
    });
    // Still owed to the customer; nothing left the gateway.
    let ledger = await bookingLedger(b.id);
    expect(ledger.get(ESCROW_ACCOUNTS.refundsDue(b.customer.id))).toBe(-27_000);
    expect(ledger.get(ESCROW_ACCOUNTS.gateway('paystack'))).toBe(30_000);
    expect(double.refunds.filter((r) => r.reference === b.reference)).toEqual([]);

    const retried = await retryRefund(t.app.deps, failed.id, admin.id);
    expect(retried).toEqual({ id: failed.id, status: 'sent', failure_reason: null });
    const sent = (await refundOf(b.id))!;
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    expect(double.refunds.filter((r) => r.reference === b.reference)).toEqual([
      { id: Number(sent.gateway_reference), reference: b.reference, amount: 27_000 },
    ]);
    const calls = double.requests.filter(
      (r) => r.path === '/refund' && (r.body as { transaction?: string }).transaction === b.reference,
    );
    expect(calls.map((r) => r.body)).toEqual([
      { transaction: b.reference, amount: 27_000 },
      { transaction: b.reference, amount: 27_000 },
    ]);
    ledger = await bookingLedger(b.id);
    expect(ledger.get(ESCROW_ACCOUNTS.refundsDue(b.customer.id))).toBe(0);
    expect(ledger.get(ESCROW_ACCOUNTS.gateway('paystack'))).toBe(3_000);
    // Part of it: the transaction and the payment stay paid.
    expect(double.transactions.get(b.reference)!.status).toBe('success');

    await expect(retryRefund(t.app.deps, failed.id, admin.id)).rejects.toMatchObject({ statusCode: 409 });
    await expect(retryRefund(t.app.deps, crypto.randomUUID(), admin.id)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expectBooksBalance(t);
  });

  it('a refund of everything reverses the Paystack transaction and refunds the payment', async () => {
    const b = await paidBooking();
    await cancelBooking(
      t.app.deps,
      t.app.log,
      b.id,
      b.provider.id,
      { reason: 'I am unwell this week, sorry.' },
      new Date(b.start.getTime() - 3 * DAY),
    );
    await vi.waitFor(async () => expect((await refundOf(b.id))?.status).toBe('sent'), {
      timeout: 15_000,
      interval: 50,
    });
    expect(double.transactions.get(b.reference)!.status).toBe('reversed');
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, b.paymentId));
    expect(payment).toMatchObject({ status: 'refunded', refunded_minor: 30_000 });
    expect((await bookingLedger(b.id)).get(ESCROW_ACCOUNTS.gateway('paystack'))).toBe(0);
  });
});
