import type { CustomerPayment } from '@adwuma/shared';
import { and, asc, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookingRefunds, bookings, payments } from '../../db/schema.ts';
import { loadParties, partyOf } from '../../kernel/booking-parties.ts';

/** How many payments the customer's list answers (newest first). */
export const CUSTOMER_PAYMENTS_MAX = 200;

/**
 * The signed-in customer's booking payments, newest first, each with its refunds (oldest first):
 * what they paid, for which booking and provider, the receipt number, and what came back. Checkouts
 * never paid (still open, or left) are not payments and are not listed. Only the caller's own rows.
 */
export async function customerPayments(db: Db, userId: string): Promise<{ items: CustomerPayment[] }> {
  const rows = await db
    .select({ payment: payments, title: bookings.title, providerId: bookings.provider_id })
    .from(payments)
    .leftJoin(bookings, eq(bookings.id, payments.booking_id))
    .where(
      and(
        eq(payments.user_id, userId),
        eq(payments.purpose, 'booking'),
        notInArray(payments.status, ['pending', 'cancelled', 'superseded']),
      ),
    )
    .orderBy(desc(payments.created_at), desc(payments.id))
    .limit(CUSTOMER_PAYMENTS_MAX);
  if (rows.length === 0) return { items: [] };

  const refunds = await db
    .select()
    .from(bookingRefunds)
    .where(
      inArray(
        bookingRefunds.payment_id,
        rows.map((r) => r.payment.id),
      ),
    )
    .orderBy(asc(bookingRefunds.created_at), asc(bookingRefunds.id));
  const parties = await loadParties(
    db,
    rows.flatMap((r) => (r.providerId ? [r.providerId] : [])),
  );
  return {
    items: rows.map(({ payment: p, title, providerId }) => ({
      id: p.id,
      booking_id: p.booking_id,
      title: title ?? 'A booking',
      provider_name: providerId ? partyOf(parties, providerId).bidder.name : null,
      status: p.status,
      amount_minor: p.amount_minor,
      refunded_minor: p.refunded_minor,
      method_label: p.method_label,
      receipt_number: p.receipt_number,
      created_at: p.created_at.toISOString(),
      paid_at: p.paid_at?.toISOString() ?? null,
      refunds: refunds
        .filter((r) => r.payment_id === p.id)
        .map((r) => ({
          id: r.id,
          amount_minor: r.amount_minor,
          status: r.status,
          reason: r.reason,
          created_at: r.created_at.toISOString(),
        })),
    })),
  };
}
