import { randomUUID } from 'node:crypto';
import { type BookingPayAnswer, type SandboxPay, toIsoDate } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { authUsers, bookings, ledgerEntries, ledgerTransactions, payments } from '../db/schema.ts';
import {
  applyBookingPaymentEvent,
  finishBookingAfterCommit,
  newBookingAfterCommit,
} from '../features/booking-payments/index.ts';
import { payForBooking } from '../features/booking-payments/pay.ts';
import { SANDBOX_SIGNATURE_HEADER } from '../kernel/payments/sandbox.ts';
import { signTimestamped } from '../kernel/payments/signature.ts';
import type { TestApp } from './app.ts';
import type { TestUser } from './auth.ts';
import { MOMO_APPROVE, waitForPayment } from './payments.ts';
import { call } from './providers.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** POST /api/bookings/:id/pay as `user`, expecting 200. */
export async function openBookingCheckout(
  t: TestApp,
  user: TestUser,
  bookingId: string,
  body: Record<string, unknown> = {},
): Promise<BookingPayAnswer> {
  const res = await call(t, 'POST', `/api/bookings/${bookingId}/pay`, user.cookie, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * The customer pays a booking end to end through the sandbox, as in the browser: the checkout, the
 * TEST MODE approval, and its signed webhook applied by the job queue. Answers the payment row.
 */
export async function payBooking(
  t: TestApp,
  customer: TestUser,
  bookingId: string,
  pay: SandboxPay = MOMO_APPROVE,
) {
  const answer = await openBookingCheckout(t, customer, bookingId);
  const reference = answer.url.split('/').pop()!;
  const res = await call(t, 'POST', `/api/payments/sandbox/${reference}/pay`, customer.cookie, pay);
  expect(res.statusCode, res.body).toBe(200);
  return waitForPayment(t, answer.payment_id, 'succeeded');
}

/**
 * For tests not about money: the booking's customer pays it at once. A real checkout is opened
 * (payForBooking) and a sandbox-signed charge.succeeded for it goes through the sandbox's signature
 * check and normalization into applyBookingPaymentEvent — the webhook's code, without the job
 * queue's wait. Never a direct write of the booking's payment columns.
 */
export async function markBookingPaid(t: TestApp, bookingId: string): Promise<void> {
  const deps = t.app.deps;
  const sandbox = deps.payments.sandbox;
  if (!sandbox) throw new Error('markBookingPaid needs the sandbox gateway');
  const { db } = deps.database;
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  const [customer] = await db
    .select({ email: authUsers.email })
    .from(authUsers)
    .where(eq(authUsers.id, booking!.customer_id));
  const answer = await payForBooking(
    deps,
    { id: booking!.customer_id, email: customer!.email },
    bookingId,
    {},
  );
  const [payment] = await db.select().from(payments).where(eq(payments.id, answer.payment_id));
  const body = JSON.stringify({
    id: `evt_sb_${randomUUID()}`,
    type: 'charge.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: {
      reference: payment!.reference,
      amount_minor: payment!.amount_minor,
      currency: payment!.currency,
      method: 'mobile_money',
      method_label: 'MTN MoMo ••• 3456',
      authorization_code: null,
      metadata: { payment_id: payment!.id },
      paid_at: new Date().toISOString(),
    },
  });
  const verified = sandbox.verifyWebhook(Buffer.from(body), {
    [SANDBOX_SIGNATURE_HEADER]: signTimestamped(body, sandbox.webhookSecret),
  });
  const after = newBookingAfterCommit();
  await db.transaction(async (tx) => {
    for (const event of sandbox.normalize(verified))
      await applyBookingPaymentEvent(tx, deps, 'sandbox', event, after);
  });
  await finishBookingAfterCommit(deps, after);
}

/** Every currency's ledger entries sum to zero (the books balance). */
export async function expectBooksBalance(t: TestApp): Promise<void> {
  const rows = await t.database.db.select().from(ledgerEntries);
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(r.currency, (sums.get(r.currency) ?? 0) + r.amount_minor);
  for (const [currency, sum] of sums) expect(sum, `${currency} entries sum to zero`).toBe(0);
}

/** Balances of one booking's movements in the ledger, by account. */
export async function bookingBalances(t: TestApp, bookingId: string): Promise<Map<string, number>> {
  const rows = await t.database.db
    .select({ account: ledgerEntries.account, amount: ledgerEntries.amount_minor })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transaction_id))
    .where(eq(ledgerTransactions.booking_id, bookingId));
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(r.account, (sums.get(r.account) ?? 0) + r.amount);
  return sums;
}

/** The kinds of one booking's movements in the ledger, sorted. */
export async function bookingMovementKinds(t: TestApp, bookingId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ kind: ledgerTransactions.kind })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.booking_id, bookingId));
  return rows.map((r) => r.kind).sort();
}

/** Moves a booking to 10:00 (an hour) ten days from now, so a cancellation can be in time or late. Answers the start. */
export async function scheduleTenDaysAhead(t: TestApp, bookingId: string): Promise<Date> {
  const start = new Date(Date.parse(`${toIsoDate(new Date(Date.now() + 10 * DAY))}T10:00:00Z`));
  await t.database.db
    .update(bookings)
    .set({
      scheduled_date: toIsoDate(start),
      start_time: '10:00',
      starts_at: start,
      ends_at: new Date(start.getTime() + HOUR),
    })
    .where(eq(bookings.id, bookingId));
  return start;
}
