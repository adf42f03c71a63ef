import {
  autoCompleteAt,
  availableBookingActions,
  BOOKING_LIMITS,
  type BookingAction,
  type BookingDetail,
  bookingContact,
  bookingDayReached,
  bookingStart,
  cancellationPolicy,
  canWriteReview,
  type Review,
  reviewWindowClosesAt,
  visitContactOpen,
} from '@adwuma/shared';
import { and, asc, desc, eq, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bookingEvents, bookings, disputes, profiles, reviews } from '../../db/schema.ts';
import { loadParties, type Party, partyOf } from '../../kernel/booking-parties.ts';
import { notFound } from '../../lib/errors.ts';
import { bookingPaymentGuard } from '../booking-payments/index.ts';
import type { Side } from './booking-notices.ts';
import { BOOKING_NOT_FOUND, type BookingRow, toBooking } from './booking-view.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The caller's side of a booking, or null for anyone else. */
export function sideOf(row: BookingRow, userId: string): Side | null {
  if (row.provider_id === userId) return 'provider';
  if (row.customer_id === userId) return 'customer';
  return null;
}

/** Whether the provider may start the booking, or mark it done, now: on its day or later (Accra = UTC). */
export function startable(row: BookingRow, now: Date): boolean {
  return bookingDayReached(row.scheduled_date, now);
}

/**
 * The buttons a side sees: the transition table's actions, narrowed by the proposal (answer only
 * the other side's, propose only when none of yours is pending), the day and the payment (start and
 * mark done on the day or later, once paid) and the
 * dispute window.
 */
export function actionsFor(row: BookingRow, side: Side, now: Date): BookingAction[] {
  const proposedByOther = row.proposed_by !== null && row.proposed_by !== side;
  return availableBookingActions(row.status, side).filter((a) => {
    if (a === 'accept_reschedule' || a === 'decline_reschedule') return proposedByOther;
    if (a === 'propose_reschedule') return row.proposed_by !== side;
    if (a === 'start' || a === 'mark_done') return startable(row, now) && !bookingPaymentGuard(row, a);
    if (a === 'open_dispute' && row.status === 'completed' && row.completed_at)
      return now.getTime() <= row.completed_at.getTime() + BOOKING_LIMITS.disputeDays * 86_400_000;
    return true;
  });
}

function toReview(r: typeof reviews.$inferSelect, parties: Map<string, Party>): Review {
  return {
    id: r.id,
    booking_id: r.booking_id,
    author: partyOf(parties, r.author_id).person,
    subject: partyOf(parties, r.subject_id).person,
    author_role: r.author_role,
    rating: r.rating,
    text: r.text,
    reply: r.reply,
    replied_at: iso(r.replied_at),
    published_at: iso(r.published_at),
    created_at: r.created_at.toISOString(),
  };
}

/**
 * One booking as its side sees it (bookingDetailSchema): the list item plus times, proposal, the
 * caller's actions, the cancellation policy, earnings (provider only), the latest dispute, reviews
 * and history. 404 for anyone but its two sides.
 */
export async function findBookingDetail(
  db: Db | Tx,
  id: string,
  userId: string,
  now: Date = new Date(),
): Promise<BookingDetail> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  const side = row ? sideOf(row, userId) : null;
  if (!row || !side) throw notFound(BOOKING_NOT_FOUND);

  // One after the other: inside a transaction they share one connection.
  const parties = await loadParties(db, [row.customer_id, row.provider_id]);
  const events = await db
    .select()
    .from(bookingEvents)
    .where(eq(bookingEvents.booking_id, id))
    .orderBy(asc(bookingEvents.created_at), asc(bookingEvents.id));
  const [dispute] = await db
    .select()
    .from(disputes)
    .where(eq(disputes.booking_id, id))
    .orderBy(desc(disputes.created_at), desc(disputes.id))
    .limit(1);
  const reviewRows = await db
    .select()
    .from(reviews)
    .where(
      and(eq(reviews.booking_id, id), or(eq(reviews.author_id, userId), eq(reviews.subject_id, userId))),
    );
  // The other side's phone, only around the visit and only what they share (never a hidden number).
  let contact: BookingDetail['contact'] = null;
  if (visitContactOpen(row, now)) {
    const [other] = await db
      .select({
        phone: profiles.phone,
        show_phone: profiles.show_phone,
        whatsapp_enabled: profiles.whatsapp_enabled,
      })
      .from(profiles)
      .where(eq(profiles.id, side === 'customer' ? row.provider_id : row.customer_id));
    contact = other ? bookingContact(other) : null;
  }
  const mine = reviewRows.find((r) => r.author_id === userId) ?? null;
  const theirs = reviewRows.find((r) => r.author_id !== userId && r.published_at !== null) ?? null;

  return {
    ...toBooking(row, parties, userId),
    status: row.status,
    start_time: row.start_time,
    duration_minutes: row.duration_minutes,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    started_at: iso(row.started_at),
    done_marked_at: iso(row.done_marked_at),
    auto_complete_at:
      row.status === 'awaiting_confirmation' && row.done_marked_at
        ? autoCompleteAt(row.done_marked_at).toISOString()
        : null,
    completed_at: iso(row.completed_at),
    cancelled_at: iso(row.cancelled_at),
    cancelled_by: row.cancelled_by,
    cancel_reason: row.cancel_reason,
    late_cancellation: row.late_cancellation,
    proposal:
      row.proposed_by && row.proposed_date && row.proposed_at
        ? {
            by: row.proposed_by,
            scheduled_date: row.proposed_date,
            start_time: row.proposed_start_time,
            duration_minutes: row.proposed_duration_minutes,
            note: row.proposed_note,
            at: row.proposed_at.toISOString(),
          }
        : null,
    actions: actionsFor(row, side, now),
    cancellation: cancellationPolicy(bookingStart(row), now, { paid: row.payment_status === 'held', side }),
    earnings:
      side === 'provider' && row.tier_at_completion && row.commission_percent !== null
        ? {
            tier: row.tier_at_completion,
            commission_percent: row.commission_percent,
            earnings_share_percent: 100 - row.commission_percent,
            commission_minor: row.commission_minor ?? 0,
            earnings_minor: row.earnings_minor ?? 0,
          }
        : null,
    dispute: dispute
      ? {
          id: dispute.id,
          status: dispute.status as 'open' | 'resolved',
          reason: dispute.reason as NonNullable<BookingDetail['dispute']>['reason'],
          opener_role: dispute.opener_role as Side,
          in_favour_of: dispute.in_favour_of as Side | null,
          resolution_note: dispute.resolution_note,
          created_at: dispute.created_at.toISOString(),
          resolved_at: iso(dispute.resolved_at),
        }
      : null,
    reviews: {
      mine: mine ? toReview(mine, parties) : null,
      theirs: theirs ? toReview(theirs, parties) : null,
      can_review: canWriteReview(row, mine !== null, now) === null,
      window_closes_at: row.completed_at ? reviewWindowClosesAt(row.completed_at).toISOString() : null,
    },
    contact,
    history: events.map((e) => ({
      id: e.id,
      action: e.action,
      actor_role: e.actor_role,
      from_status: e.from_status,
      to_status: e.to_status,
      created_at: e.created_at.toISOString(),
      details: (e.details as Record<string, unknown> | null) ?? null,
    })),
  };
}
