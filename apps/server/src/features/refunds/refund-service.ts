import { createHash } from 'node:crypto';
import {
  ESCROW_ACCOUNTS,
  formatMoney,
  type RefundStatus,
  refundOwed,
  refundSent,
  releaseReversed,
} from '@adwuma/shared';
import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bookingRefunds, bookings, ledgerEntries, ledgerTransactions, payments } from '../../db/schema.ts';
import { GatewayError } from '../../kernel/payments/gateway.ts';
import { recordMovement } from '../../kernel/payments/ledger.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';
import { insertNotices, sendNoticeMails } from '../notifications/index.ts';

/**
 * Refunds of booking money (issue 18): decided inside the transaction that causes them (a
 * cancellation, a dispute), written as a pending booking_refunds row and the ledger's `refundOwed`
 * (held → owed to the customer); sent to the gateway after commit on the job queue (`refunds.send`),
 * where the gateway's acceptance records `refundSent` (the money leaves) and tells the customer. A
 * refund the gateway refuses is `failed` with the reason, for an admin to retry; one left pending
 * (a lost job, a crash) is sent again by the cron after a minute.
 */

export const REFUND_SEND_QUEUE = 'refunds.send';
export const REFUND_SWEEP_QUEUE = 'refunds.sweep';
/** Every minute: refunds still pending a minute after their last attempt are sent again. */
export const REFUND_SWEEP_CRON = '* * * * *';
export const REFUND_STALE_MS = 60_000;

export const REFUND_MESSAGES = {
  notFound: 'Refund not found',
  noPayment: 'This booking has no paid payment to refund.',
  tooMuch: 'A refund cannot be more than what is held for the booking.',
  notFailed: 'Only a failed refund can be retried.',
  gatewayMissing: (gateway: string) => `The ${gateway} gateway is not configured on this server.`,
  noRefunds: (gateway: string) => `The ${gateway} gateway cannot refund.`,
} as const;

type BookingRow = typeof bookings.$inferSelect;
type RefundRow = typeof bookingRefunds.$inferSelect;

export interface RefundInput {
  booking: BookingRow;
  amountMinor: number;
  /** Why, as the customer and the admin read it ("Booking cancelled", "Dispute resolved"). */
  reason: string;
  /** Who decided it: a user id, or null for the system. */
  createdBy: string | null;
  /** The decision's idempotency key: the same key never refunds twice (the refund's id comes from it). */
  key: string;
}

/** The refund's id from its decision's key, so a replayed decision finds the same refund. */
export function refundIdOf(key: string): string {
  const hex = createHash('sha256').update(`adwuma-refund:${key}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** What is held for a booking now: the credit balance of its held account. */
export async function heldOf(tx: Tx, bookingId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string | null>`sum(${ledgerEntries.amount_minor})` })
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.account, ESCROW_ACCOUNTS.held(bookingId)), eq(ledgerEntries.currency, 'GHS')),
    );
  return -Number(row?.total ?? 0);
}

/**
 * What of a released booking can still be taken back: its share of the provider's pending earnings
 * (not matured, not advanced, not paid at once for receipts) and its commission, from the ledger's
 * movements of that booking.
 */
export async function reversibleOf(
  tx: Db | Tx,
  booking: Pick<BookingRow, 'id' | 'provider_id'>,
): Promise<{ pendingMinor: number; commissionMinor: number }> {
  const pending = ESCROW_ACCOUNTS.pending(booking.provider_id);
  const rows = await tx
    .select({ account: ledgerEntries.account, total: sql<string>`sum(${ledgerEntries.amount_minor})` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transaction_id))
    .where(
      and(
        eq(ledgerTransactions.booking_id, booking.id),
        inArray(ledgerEntries.account, [pending, ESCROW_ACCOUNTS.commission]),
      ),
    )
    .groupBy(ledgerEntries.account);
  const credit = (account: string) =>
    Math.max(0, -Number(rows.find((r) => r.account === account)?.total ?? 0));
  return { pendingMinor: credit(pending), commissionMinor: credit(ESCROW_ACCOUNTS.commission) };
}

/**
 * The booking's paid payment with something left to refund, locked (its refunded total changes with
 * each refund). A duplicate payment refunded in full by booking-payments is never the one.
 */
async function lockPaidPayment(tx: Tx, bookingId: string) {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.booking_id, bookingId),
        eq(payments.purpose, 'booking'),
        eq(payments.status, 'succeeded'),
        lt(payments.refunded_minor, payments.amount_minor),
      ),
    )
    .orderBy(asc(payments.paid_at), asc(payments.id))
    .limit(1)
    .for('update');
  if (!payment) throw conflict(REFUND_MESSAGES.noPayment);
  return payment;
}

/**
 * Writes the refund row and bumps the refunded totals; answers null when the key was used already
 * (nothing written), else the refund's id and the payment. The caller writes the ledger movement.
 */
async function createRefund(tx: Tx, input: RefundInput) {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
    throw conflict(REFUND_MESSAGES.tooMuch);
  const id = refundIdOf(input.key);
  const payment = await lockPaidPayment(tx, input.booking.id);
  if (payment.refunded_minor + input.amountMinor > payment.amount_minor)
    throw conflict(REFUND_MESSAGES.tooMuch);
  const [created] = await tx
    .insert(bookingRefunds)
    .values({
      id,
      booking_id: input.booking.id,
      payment_id: payment.id,
      customer_id: input.booking.customer_id,
      amount_minor: input.amountMinor,
      reason: input.reason,
      created_by: input.createdBy,
    })
    .onConflictDoNothing({ target: bookingRefunds.id })
    .returning({ id: bookingRefunds.id });
  if (!created) return null;
  const now = new Date();
  await tx
    .update(payments)
    .set({ refunded_minor: sql`${payments.refunded_minor} + ${input.amountMinor}`, updated_at: now })
    .where(eq(payments.id, payment.id));
  await tx
    .update(bookings)
    .set({ refunded_minor: sql`${bookings.refunded_minor} + ${input.amountMinor}` })
    .where(eq(bookings.id, input.booking.id));
  return { id, payment };
}

/**
 * Refunds `amountMinor` of the money held for a booking, inside the caller's transaction (which
 * holds the booking's row lock): a pending refund, the ledger's refundOwed (held → owed to the
 * customer), the booking's and the payment's refunded totals. Refused (409) above what is held.
 * Hand the answered id to `queueRefunds` after commit.
 */
export async function refundHeld(tx: Tx, _deps: Pick<Deps, 'log'>, input: RefundInput): Promise<string> {
  const id = refundIdOf(input.key);
  const [existing] = await tx
    .select({ id: bookingRefunds.id })
    .from(bookingRefunds)
    .where(eq(bookingRefunds.id, id));
  if (existing) return id;
  if (input.amountMinor > (await heldOf(tx, input.booking.id))) throw conflict(REFUND_MESSAGES.tooMuch);
  const created = await createRefund(tx, input);
  if (!created) return id;
  await recordMovement(
    tx,
    refundOwed({
      key: `refund:${id}:owed`,
      bookingId: input.booking.id,
      customerId: input.booking.customer_id,
      amountMinor: input.amountMinor,
    }),
    created.payment.id,
    { bookingId: input.booking.id, refundId: id },
  );
  return id;
}

/**
 * Refunds money already released to the provider and not matured (a dispute decided for the
 * customer after completion): `pendingMinor` of the provider's pending earnings and
 * `commissionMinor` of the commission become owed to the customer in one `release_reversed`
 * movement, and the booking's commission and earnings summaries shrink by them. Inside the caller's
 * transaction (booking row lock); hand the answered id to `queueRefunds` after commit.
 */
export async function refundReleased(
  tx: Tx,
  _deps: Pick<Deps, 'log'>,
  input: Omit<RefundInput, 'amountMinor'> & { pendingMinor: number; commissionMinor: number },
): Promise<string> {
  const id = refundIdOf(input.key);
  const amountMinor = input.pendingMinor + input.commissionMinor;
  const [existing] = await tx
    .select({ id: bookingRefunds.id })
    .from(bookingRefunds)
    .where(eq(bookingRefunds.id, id));
  if (existing) return id;
  const reversible = await reversibleOf(tx, input.booking);
  if (input.pendingMinor > reversible.pendingMinor || input.commissionMinor > reversible.commissionMinor)
    throw conflict(REFUND_MESSAGES.tooMuch);
  const created = await createRefund(tx, { ...input, amountMinor });
  if (!created) return id;
  await recordMovement(
    tx,
    releaseReversed({
      key: `refund:${id}:owed`,
      providerId: input.booking.provider_id,
      customerId: input.booking.customer_id,
      pendingMinor: input.pendingMinor,
      commissionMinor: input.commissionMinor,
    }),
    created.payment.id,
    { bookingId: input.booking.id, refundId: id },
  );
  await tx
    .update(bookings)
    .set({
      commission_minor: sql`greatest(coalesce(${bookings.commission_minor}, 0) - ${input.commissionMinor}, 0)`,
      earnings_minor: sql`greatest(coalesce(${bookings.earnings_minor}, 0) - ${input.pendingMinor}, 0)`,
    })
    .where(eq(bookings.id, input.booking.id));
  return id;
}

/**
 * After commit: one `refunds.send` job per refund. A failure to queue is logged, never thrown (the
 * decision is stored; the sweep sends a refund left pending).
 */
export async function queueRefunds(
  deps: Pick<Deps, 'jobs' | 'log'>,
  refundIds: readonly string[],
): Promise<void> {
  for (const id of refundIds) {
    try {
      await deps.jobs.send(REFUND_SEND_QUEUE, { id }, { singletonKey: `refund:${id}` });
    } catch (error) {
      deps.log.error({ err: error, refundId: id }, 'could not queue a refund; the sweep will send it');
    }
  }
}

/** "Refund issued" to the customer, with the amount and where it goes. */
function refundIssuedNotice(refund: RefundRow, title: string, methodLabel: string | null) {
  const where = methodLabel ? `to ${methodLabel}` : 'to the way you paid';
  return {
    userId: refund.customer_id,
    kind: 'billing',
    title: 'Refund issued',
    body: `We refunded ${formatMoney(refund.amount_minor, 'GHS')} for “${title}” ${where}. It can take a few days to reach you.`,
    link: '/payments',
    mail: true,
  };
}

/**
 * Sends one pending refund to its payment's gateway. Claimed first (its attempt counter moves from
 * the value read, so of two workers at once only one asks the gateway); the gateway is asked outside
 * any transaction; then, under the refund's row lock, accepted → sent with refundSent in the ledger,
 * the payment refunded when nothing of it is left, and the customer told; refused → failed with
 * the gateway's reason. Answers the refund's status afterwards (null: not found).
 */
export async function sendRefund(deps: Deps, refundId: string): Promise<RefundStatus | null> {
  const { db } = deps.database;
  const [refund] = await db.select().from(bookingRefunds).where(eq(bookingRefunds.id, refundId));
  if (!refund) return null;
  if (refund.status !== 'pending') return refund.status;
  const [claimed] = await db
    .update(bookingRefunds)
    .set({ attempts: refund.attempts + 1, updated_at: new Date() })
    .where(
      and(
        eq(bookingRefunds.id, refundId),
        eq(bookingRefunds.status, 'pending'),
        eq(bookingRefunds.attempts, refund.attempts),
      ),
    )
    .returning({ id: bookingRefunds.id });
  if (!claimed) return null;

  const [payment] = await db.select().from(payments).where(eq(payments.id, refund.payment_id));
  let reference: string | null = null;
  let failure: string | null = null;
  const gateway = payment ? deps.payments.byId(payment.gateway) : null;
  if (!payment || !gateway) failure = REFUND_MESSAGES.gatewayMissing(payment?.gateway ?? 'payment');
  else if (!gateway.refund) failure = REFUND_MESSAGES.noRefunds(payment.gateway);
  else {
    try {
      reference = await gateway.refund({
        id: payment.id,
        reference: payment.reference,
        amountMinor: payment.amount_minor,
        currency: payment.currency,
        gatewayData: payment.gateway_data,
        refundAmountMinor: refund.amount_minor,
      });
    } catch (error) {
      if (!(error instanceof GatewayError)) deps.log.error({ err: error, refundId }, 'refund call failed');
      failure = error instanceof GatewayError ? error.message : 'The gateway could not be reached.';
    }
  }

  const now = new Date();
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(bookingRefunds).where(eq(bookingRefunds.id, refundId)).for('update');
    if (row?.status !== 'pending') return { status: row?.status ?? null, mailIds: [] };
    if (failure !== null || !payment || reference === null) {
      await tx
        .update(bookingRefunds)
        .set({ status: 'failed', failure_reason: failure, updated_at: now })
        .where(eq(bookingRefunds.id, refundId));
      return { status: 'failed' as const, mailIds: [] };
    }
    await tx
      .update(bookingRefunds)
      .set({
        status: 'sent',
        gateway_reference: reference,
        failure_reason: null,
        sent_at: now,
        updated_at: now,
      })
      .where(eq(bookingRefunds.id, refundId));
    await recordMovement(
      tx,
      refundSent({
        key: `refund:${refundId}:sent`,
        customerId: row.customer_id,
        gateway: payment.gateway,
        amountMinor: row.amount_minor,
      }),
      payment.id,
      { bookingId: row.booking_id, refundId },
    );
    // Refunded in full once every pesewa of it went back (no other refund of it still on its way).
    const [open] = await tx
      .select({ id: bookingRefunds.id })
      .from(bookingRefunds)
      .where(
        and(
          eq(bookingRefunds.payment_id, payment.id),
          ne(bookingRefunds.status, 'sent'),
          ne(bookingRefunds.id, refundId),
        ),
      )
      .limit(1);
    const [paid] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
    if (paid && !open && paid.refunded_minor >= paid.amount_minor)
      await tx
        .update(payments)
        .set({ status: 'refunded', updated_at: now })
        .where(eq(payments.id, payment.id));
    const [booking] = await tx
      .select({ title: bookings.title })
      .from(bookings)
      .where(eq(bookings.id, row.booking_id));
    const mailIds = await insertNotices(tx, [
      refundIssuedNotice(row, booking?.title ?? 'your booking', payment.method_label),
    ]);
    return { status: 'sent' as const, mailIds };
  });
  if (outcome.status === 'failed')
    deps.log.warn({ refundId, reason: failure }, 'the gateway refused a refund');
  await sendNoticeMails(deps, outcome.mailIds, deps.log);
  return outcome.status;
}

/** The sweep: refunds still pending a minute after their last attempt (a lost job, a crash) are sent. */
export async function sendStaleRefunds(deps: Deps, now: Date = new Date()): Promise<number> {
  const stale = await deps.database.db
    .select({ id: bookingRefunds.id })
    .from(bookingRefunds)
    .where(
      and(
        eq(bookingRefunds.status, 'pending'),
        lt(bookingRefunds.updated_at, new Date(now.getTime() - REFUND_STALE_MS)),
      ),
    )
    .orderBy(bookingRefunds.updated_at)
    .limit(100);
  for (const { id } of stale) await sendRefund(deps, id);
  return stale.length;
}

/**
 * An admin asks the gateway again for a failed refund (the admin money page records who in the
 * audit log): pending again, then sent at once. 404 unknown, 409 unless failed. Answers the refund's
 * status and failure afterwards.
 */
export async function retryRefund(
  deps: Deps,
  refundId: string,
  adminId: string,
): Promise<{ id: string; status: RefundStatus; failure_reason: string | null }> {
  const { db } = deps.database;
  const [row] = await db
    .update(bookingRefunds)
    .set({ status: 'pending', failure_reason: null, updated_at: new Date() })
    .where(and(eq(bookingRefunds.id, refundId), eq(bookingRefunds.status, 'failed')))
    .returning({ id: bookingRefunds.id });
  if (!row) {
    const [found] = await db
      .select({ id: bookingRefunds.id })
      .from(bookingRefunds)
      .where(eq(bookingRefunds.id, refundId));
    throw found ? conflict(REFUND_MESSAGES.notFailed) : notFound(REFUND_MESSAGES.notFound);
  }
  deps.log.info({ refundId, adminId }, 'an admin retries a refund');
  await sendRefund(deps, refundId);
  const [after] = await db.select().from(bookingRefunds).where(eq(bookingRefunds.id, refundId));
  return { id: refundId, status: after!.status, failure_reason: after!.failure_reason };
}
