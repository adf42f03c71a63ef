import { type BookingMoney, materialsAdvanceCap } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import { bookings, payments } from '../../db/schema.ts';
import { askGatewayAboutPending } from '../../kernel/payments/settle.ts';
import { providerTier } from '../../kernel/provider-tier.ts';
import { notFound } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';
import { applyBookingPaymentEvent, type BookingPaymentRow, newBookingAfterCommit } from './apply.ts';
import { finishBookingAfterCommit } from './finish.ts';
import { BOOKING_NOT_FOUND_MESSAGE, pendingPayment } from './pay.ts';
import { heldMinor } from './release.ts';

/** How long a pending payment waits before the money view asks the gateway itself. */
const VERIFY_AFTER_MS = 8_000;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Asks the gateway what became of a pending booking payment and applies the answer exactly as a
 * webhook's (reconciliation, the money view). Answers whether it changed anything.
 */
export async function verifyBookingPayment(deps: Deps, payment: BookingPaymentRow): Promise<boolean> {
  const event = await askGatewayAboutPending(deps, payment);
  if (!event) return false;
  const after = newBookingAfterCommit();
  await deps.database.db.transaction((tx) =>
    applyBookingPaymentEvent(tx, deps, payment.gateway, event, after),
  );
  await finishBookingAfterCommit(deps, after);
  return true;
}

/**
 * GET /api/bookings/:id/money: where a booking's money is, for its customer, its provider and
 * admins (anyone else: 404). Commission, earnings and the advance cap are the provider's (and the
 * admin's); the open checkout is the customer's. While a checkout is pending, the gateway is asked
 * at most every few seconds (not the sandbox, whose webhooks are immediate), so a late webhook does
 * not keep the customer waiting; the answer never trusts the browser's return.
 */
export async function bookingMoney(
  deps: Deps,
  caller: { id: string; isAdmin: boolean },
  bookingId: string,
): Promise<BookingMoney> {
  const db = deps.database.db;
  const load = async () => {
    const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    if (!row || (row.customer_id !== caller.id && row.provider_id !== caller.id && !caller.isAdmin))
      throw notFound(BOOKING_NOT_FOUND_MESSAGE);
    return row;
  };
  let booking = await load();
  let pending = await pendingPayment(deps, booking.id);
  if (
    pending &&
    pending.gateway !== 'sandbox' &&
    Date.now() - pending.updated_at.getTime() > VERIFY_AFTER_MS
  ) {
    await db.update(payments).set({ updated_at: new Date() }).where(eq(payments.id, pending.id));
    try {
      await verifyBookingPayment(deps, pending);
    } catch (error) {
      deps.log.warn({ err: error, paymentId: pending.id }, 'verifying a pending booking payment failed');
    }
    booking = await load();
    pending = await pendingPayment(deps, booking.id);
  }
  const isCustomer = booking.customer_id === caller.id;
  const providerSide = booking.provider_id === caller.id || (caller.isAdmin && !isCustomer);
  const held = await heldMinor(db, booking.id);
  let advanceCap = 0;
  if (providerSide && booking.payment_status === 'held' && booking.advance_minor === 0) {
    advanceCap = materialsAdvanceCap(booking.price_minor, await providerTier(db, booking.provider_id));
  }
  const gateway = pending ? deps.payments.byId(pending.gateway) : deps.payments.forCurrency('GHS');
  return {
    payment_status: booking.payment_status,
    amount_minor: booking.price_minor,
    currency: 'GHS',
    payment_due_at: booking.payment_status === 'awaiting_payment' ? iso(booking.payment_due_at) : null,
    paid_at: iso(booking.paid_at),
    held_minor: held,
    refunded_minor: booking.refunded_minor,
    advance_minor: booking.advance_minor,
    pending_payment_id: !providerSide || caller.isAdmin ? (pending?.id ?? null) : null,
    commission_minor: providerSide ? booking.commission_minor : null,
    earnings_minor: providerSide ? booking.earnings_minor : null,
    earnings_available_at: providerSide ? iso(booking.earnings_available_at) : null,
    advance_cap_minor: advanceCap,
    test_mode: pending ? pending.test_mode : (gateway?.testMode ?? false),
  };
}
