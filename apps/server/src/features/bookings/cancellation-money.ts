import {
  type BookingPaymentStatus,
  cancellationSettlement,
  ESCROW_LIMITS,
  ESCROW_MESSAGES,
} from '@adwuma/shared';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';
import { heldMinor, releaseHeld } from '../booking-payments/index.ts';
import { refundHeld } from '../refunds/index.ts';
import type { Side } from './booking-notices.ts';
import type { BookingRow } from './booking-view.ts';

/** What a cancellation did with the booking's money (the history row records it). */
export interface CancellationMoney {
  /** The booking's payment status afterwards (unchanged when no money was involved). */
  paymentStatus: BookingPaymentStatus;
  refundMinor: number;
  feeMinor: number;
  /** Refunds to queue after commit (refunds' queueRefunds). */
  refundIds: string[];
}

/**
 * The money side of a cancellation (decision 014), inside the cancelling transaction under the
 * booking's row lock. Held money: a provider's cancellation and a customer's in time refund all of
 * it; a customer's late cancellation releases the late fee (10 % of the price) to the provider and
 * refunds the rest; refused (409) once a materials advance was paid (a dispute settles that).
 * Awaiting payment: the open checkout is cancelled and the booking is marked not paid ('expired').
 */
export async function cancellationMoney(
  tx: Tx,
  deps: Pick<Deps, 'log'>,
  input: { row: BookingRow; side: Side; late: boolean; userId: string; now: Date },
): Promise<CancellationMoney> {
  const { row, side, late, now } = input;
  const none: CancellationMoney = {
    paymentStatus: row.payment_status,
    refundMinor: 0,
    feeMinor: 0,
    refundIds: [],
  };

  if (row.payment_status === 'awaiting_payment') {
    await tx
      .update(payments)
      .set({ status: 'cancelled', failure_reason: 'The booking was cancelled.', updated_at: now })
      .where(
        and(eq(payments.booking_id, row.id), eq(payments.purpose, 'booking'), eq(payments.status, 'pending')),
      );
    return { ...none, paymentStatus: 'expired' };
  }
  if (row.payment_status !== 'held') return none;
  if (row.advance_minor > 0) throw conflict(ESCROW_MESSAGES.advanceTaken);

  const held = await heldMinor(tx, row.id);
  const { refundMinor, feeMinor } = cancellationSettlement({
    priceMinor: row.price_minor,
    heldMinor: held,
    cancelledBy: side,
    late,
  });
  if (feeMinor > 0)
    await releaseHeld(tx, row, { amountMinor: feeMinor, key: `booking:${row.id}:late-fee`, now });
  const refundIds =
    refundMinor > 0
      ? [
          await refundHeld(tx, deps, {
            booking: row,
            amountMinor: refundMinor,
            reason:
              feeMinor > 0
                ? `Late cancellation (${ESCROW_LIMITS.lateCancelFeePercent} % went to the provider)`
                : 'Booking cancelled',
            createdBy: input.userId,
            key: `booking:${row.id}:cancel-refund`,
          }),
        ]
      : [];
  return {
    paymentStatus: refundMinor === 0 ? 'released' : feeMinor > 0 ? 'partially_refunded' : 'refunded',
    refundMinor,
    feeMinor,
    refundIds,
  };
}
