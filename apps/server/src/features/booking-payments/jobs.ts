import { and, eq, lte, type SQL } from 'drizzle-orm';
import { bookingEvents, bookings, payments } from '../../db/schema.ts';
import { eachDueBooking } from '../../kernel/due-bookings.ts';
import type { FeatureJobs } from '../../plugins/jobs.ts';
import type { Deps } from '../../types.ts';
import { insertNotices, sendNoticeMails } from '../notifications/index.ts';
import { unpaidReleasedNotices } from './notices.ts';

export const UNPAID_RELEASE_QUEUE = 'booking-payments-unpaid';
/** Every five minutes: an unpaid booking is released at most five minutes after it is due. */
export const UNPAID_RELEASE_CRON = '*/5 * * * *';

/** The reason an unpaid booking's cancellation records. */
export const UNPAID_REASON = 'Not paid in time';

/**
 * Releases bookings still awaiting payment at their payment_due_at (48 hours after the hire): each
 * in one short transaction under its row lock (a payment applied meanwhile wins): the booking is
 * cancelled by the system and marked 'expired', its open checkout cancelled, and both sides told. A
 * payment that still arrives afterwards is refunded (apply.ts). Answers the ids released.
 */
export async function releaseUnpaidBookings(deps: Deps, now: Date = new Date()): Promise<string[]> {
  const due: SQL = and(eq(bookings.payment_status, 'awaiting_payment'), lte(bookings.payment_due_at, now))!;
  return eachDueBooking(
    deps,
    due,
    bookings.payment_due_at,
    async (tx, row) => {
      const cancel = row.status === 'scheduled' || row.status === 'in_progress';
      await tx
        .update(bookings)
        .set({
          payment_status: 'expired',
          ...(cancel
            ? {
                status: 'cancelled' as const,
                cancelled_at: now,
                cancelled_by: null,
                cancel_reason: UNPAID_REASON,
                late_cancellation: false,
                proposed_by: null,
                proposed_date: null,
                proposed_start_time: null,
                proposed_duration_minutes: null,
                proposed_note: null,
                proposed_at: null,
              }
            : {}),
          updated_at: now,
        })
        .where(eq(bookings.id, row.id));
      await tx
        .update(payments)
        .set({ status: 'cancelled', failure_reason: 'The booking was not paid in time.', updated_at: now })
        .where(
          and(
            eq(payments.booking_id, row.id),
            eq(payments.purpose, 'booking'),
            eq(payments.status, 'pending'),
          ),
        );
      if (!cancel) return [];
      await tx.insert(bookingEvents).values({
        booking_id: row.id,
        actor_id: null,
        actor_role: 'system',
        action: 'payment_expired',
        from_status: row.status,
        to_status: 'cancelled',
        details: { reason: UNPAID_REASON },
        created_at: now,
      });
      return insertNotices(tx, unpaidReleasedNotices(row));
    },
    (mailIds) => sendNoticeMails(deps, mailIds, deps.log),
  );
}

export const bookingPaymentJobs: FeatureJobs<Deps> = [
  {
    queue: UNPAID_RELEASE_QUEUE,
    schedule: UNPAID_RELEASE_CRON,
    handler: async (deps) => {
      await releaseUnpaidBookings(deps);
    },
  },
];
