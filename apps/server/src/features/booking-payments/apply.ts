import { bookingPaid, type PaymentGatewayId, refundOwed } from '@adwuma/shared';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookingRefunds, bookings, payments } from '../../db/schema.ts';
import type { NormalizedEvent } from '../../kernel/payments/gateway.ts';
import { recordMovement } from '../../kernel/payments/ledger.ts';
import { failOnAmountMismatch, markPaymentSucceeded } from '../../kernel/payments/settle.ts';
import type { Deps } from '../../types.ts';
import { insertNotices } from '../notifications/index.ts';
import { paymentReceivedNotices, paymentRefundedNotice } from './notices.ts';
import type { BookingRow } from './release.ts';

type Succeeded = Extract<NormalizedEvent, { kind: 'payment.succeeded' }>;
type Failed = Extract<NormalizedEvent, { kind: 'payment.failed' }>;
export type BookingPaymentRow = typeof payments.$inferSelect;

/** What must happen after the transaction commits: mails, and refunds decided in it sent. */
export interface BookingAfterCommit {
  noticeIds: string[];
  /** booking_refunds ids to send to the gateway. */
  refundIds: string[];
}

export const newBookingAfterCommit = (): BookingAfterCommit => ({ noticeIds: [], refundIds: [] });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The booking payment a gateway event names (by reference, else our id), or null (not a booking payment). */
export async function findBookingPayment(
  tx: Tx,
  gateway: PaymentGatewayId,
  reference: string | null,
  paymentId: string | null,
): Promise<BookingPaymentRow | null> {
  let row: BookingPaymentRow | undefined;
  if (reference) {
    [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.gateway, gateway), eq(payments.reference, reference)));
  }
  if (!row && paymentId && UUID.test(paymentId)) {
    [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.gateway, gateway), eq(payments.id, paymentId)));
  }
  return row?.purpose === 'booking' ? row : null;
}

/** Whether a normalized event is about a booking payment (features/payments routes it here then). */
export async function isBookingPaymentEvent(
  tx: Tx,
  gateway: PaymentGatewayId,
  event: NormalizedEvent,
): Promise<boolean> {
  if (
    event.kind !== 'payment.succeeded' &&
    event.kind !== 'payment.failed' &&
    event.kind !== 'payment.pending'
  )
    return false;
  return (await findBookingPayment(tx, gateway, event.reference, event.paymentId)) !== null;
}

/**
 * Applies one verified gateway event about a booking payment inside the caller's transaction
 * (features/payments routes payment events of purpose 'booking' here). Locks the booking, then the
 * payment (the order every booking-money change takes).
 */
export async function applyBookingPaymentEvent(
  tx: Tx,
  deps: Deps,
  gateway: PaymentGatewayId,
  event: NormalizedEvent,
  after: BookingAfterCommit,
): Promise<void> {
  if (event.kind === 'payment.succeeded') return applySucceeded(tx, deps, gateway, event, after);
  if (event.kind === 'payment.failed') return applyFailed(tx, gateway, event);
}

async function lockBoth(
  tx: Tx,
  gateway: PaymentGatewayId,
  reference: string | null,
  paymentId: string | null,
): Promise<{ payment: BookingPaymentRow; booking: BookingRow | null } | null> {
  const found = await findBookingPayment(tx, gateway, reference, paymentId);
  if (!found) return null;
  let booking: BookingRow | null = null;
  if (found.booking_id) {
    [booking = null] = await tx
      .select()
      .from(bookings)
      .where(eq(bookings.id, found.booking_id))
      .for('update');
  }
  const [payment] = await tx.select().from(payments).where(eq(payments.id, found.id)).for('update');
  return { payment: payment!, booking };
}

/**
 * A verified successful payment: marked paid with a receipt number and recorded in the ledger
 * (bookingPaid, once per payment). The booking waiting for it becomes 'held' and both sides are
 * told. A payment for a booking already paid (two checkouts both paid) or no longer waiting (not
 * paid in time, cancelled) is refunded in full at once: owed in this transaction, sent after it.
 * A payment of another amount than asked is not applied (failed, for an operator).
 */
async function applySucceeded(
  tx: Tx,
  deps: Deps,
  gateway: PaymentGatewayId,
  event: Succeeded,
  after: BookingAfterCommit,
): Promise<void> {
  const locked = await lockBoth(tx, gateway, event.reference, event.paymentId);
  if (!locked) throw new Error(`No booking payment ${event.reference ?? event.paymentId} at ${gateway}`);
  const { payment, booking } = locked;
  if (payment.status === 'succeeded' || payment.status === 'refunded') return;
  const now = new Date();
  if (await failOnAmountMismatch(tx, payment, event, now)) {
    deps.log.error({ paymentId: payment.id, gateway }, 'booking payment amount mismatch: not applied');
    return;
  }
  if (!booking) {
    // The booking is gone (its row was deleted): nothing to hold the money for; an operator refunds.
    deps.log.error({ paymentId: payment.id }, 'payment for a booking that no longer exists');
    return;
  }

  const { paidAt, receipt } = await markPaymentSucceeded(tx, payment, event, now);
  await recordMovement(
    tx,
    bookingPaid({
      key: `payment:${payment.id}:booking-paid`,
      gateway,
      bookingId: booking.id,
      amountMinor: payment.amount_minor,
    }),
    payment.id,
    { bookingId: booking.id },
  );

  if (booking.payment_status === 'awaiting_payment' && booking.status !== 'cancelled') {
    await tx
      .update(bookings)
      .set({ payment_status: 'held', paid_at: paidAt, updated_at: now })
      .where(eq(bookings.id, booking.id));
    after.noticeIds.push(
      ...(await insertNotices(tx, paymentReceivedNotices(booking, payment.amount_minor, receipt))),
    );
    return;
  }

  // Already paid by another payment, or released unpaid / cancelled meanwhile: give it back.
  const duplicate = ['held', 'released', 'partially_refunded'].includes(booking.payment_status);
  const reason = duplicate
    ? 'A second payment for a booking already paid'
    : 'Paid after the booking stopped waiting for a payment';
  const [refund] = await tx
    .insert(bookingRefunds)
    .values({
      booking_id: booking.id,
      payment_id: payment.id,
      customer_id: booking.customer_id,
      amount_minor: payment.amount_minor,
      reason,
      created_by: null,
    })
    .returning({ id: bookingRefunds.id });
  await recordMovement(
    tx,
    refundOwed({
      key: `refund:${refund!.id}:owed`,
      bookingId: booking.id,
      customerId: booking.customer_id,
      amountMinor: payment.amount_minor,
    }),
    payment.id,
    { bookingId: booking.id, refundId: refund!.id },
  );
  await tx
    .update(payments)
    .set({
      status: 'refunded',
      refunded_minor: payment.amount_minor,
      failure_reason: `${reason}: refunded`,
      updated_at: now,
    })
    .where(eq(payments.id, payment.id));
  after.refundIds.push(refund!.id);
  after.noticeIds.push(
    ...(await insertNotices(tx, [paymentRefundedNotice(booking, payment.amount_minor, duplicate)])),
  );
}

/** A verified failure or a checkout the payer left: the pending payment says so; the booking waits on. */
async function applyFailed(tx: Tx, gateway: PaymentGatewayId, event: Failed): Promise<void> {
  const locked = await lockBoth(tx, gateway, event.reference, event.paymentId);
  if (locked?.payment.status !== 'pending') return;
  await tx
    .update(payments)
    .set({
      status: event.cancelled ? 'cancelled' : 'failed',
      failure_reason: event.reason,
      updated_at: new Date(),
    })
    .where(eq(payments.id, locked.payment.id));
}
