import {
  BOOKING_BLOCKING_STATUSES,
  BOOKING_MESSAGES,
  type BookingAction,
  type BookingActor,
  type BookingDetail,
  type BookingStatus,
  bookingStart,
  type cancelInputSchema,
  cancellationPolicy,
  checkBookingTransition,
  checkFutureDate,
  computeEarnings,
  daysBetween,
  type rescheduleInputSchema,
  toIsoDate,
} from '@adwuma/shared';
import { and, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { bookingEvents, bookings } from '../../db/schema.ts';
import { loadParties, partyOf } from '../../kernel/booking-parties.ts';
import { refreshProfileScores } from '../../kernel/profile-scores.ts';
import { providerTier } from '../../kernel/provider-tier.ts';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';
import { bookingPaymentGuard, releaseOnCompletion } from '../booking-payments/index.ts';
import { insertNotices, type Notice, sendNoticeMails } from '../notifications/index.ts';
import { queueRefunds } from '../refunds/index.ts';
import { findBookingDetail, sideOf, startable } from './booking-detail.ts';
import {
  cancelledNotice,
  confirmedNotice,
  doneNotice,
  type People,
  proposedNotice,
  rescheduleAnsweredNotice,
  type Side,
  startedNotice,
} from './booking-notices.ts';
import { BOOKING_NOT_FOUND, type BookingRow } from './booking-view.ts';
import { cancellationMoney } from './cancellation-money.ts';

/**
 * The booking lifecycle (issue 8): one guarded function per transition. Each runs in one
 * transaction under the booking's row lock: it finds the caller's side (anyone else: 404), asks the
 * shared transition table (403 wrong side, 409 wrong state or frozen by a dispute), applies the
 * change, writes the history row and the other side's notices; mails are queued after commit.
 * Lock order: the provider's profile (reschedules only, for the overlap check), then the booking.
 */

export type CancelValues = z.output<typeof cancelInputSchema>;
export type RescheduleValues = z.output<typeof rescheduleInputSchema>;

/** Refusals the shared BOOKING_MESSAGES do not word. */
export const LIFECYCLE_MESSAGES = {
  notProposer: 'Only the side that proposed the change can withdraw it.',
} as const;

/** A booking given a time without a duration holds the provider for an hour. */
export const DEFAULT_DURATION_MINUTES = 60;

type BookingPatch = Partial<typeof bookings.$inferInsert>;

const clearedProposal: BookingPatch = {
  proposed_by: null,
  proposed_date: null,
  proposed_start_time: null,
  proposed_duration_minutes: null,
  proposed_note: null,
  proposed_at: null,
};

/**
 * What completing a booking sets: the moment and the earnings fixed by the provider's tier now. A
 * booking paid through Adwuma releases its held money in the same transaction (commission and
 * earnings from that release); a booking from before payments keeps the plain computation.
 */
export async function completionPatch(tx: Tx, row: BookingRow, now: Date): Promise<BookingPatch> {
  const tier = await providerTier(tx, row.provider_id);
  if (row.payment_status !== 'not_required') {
    await releaseOnCompletion(tx, row, now);
    const [money] = await tx.select().from(bookings).where(eq(bookings.id, row.id));
    return {
      completed_at: now,
      tier_at_completion: tier,
      commission_percent: money!.commission_percent ?? computeEarnings(0, tier).commission_percent,
      commission_minor: money!.commission_minor ?? 0,
      earnings_minor: money!.earnings_minor ?? 0,
      payment_status: money!.payment_status,
      earnings_available_at: money!.earnings_available_at,
    };
  }
  const e = computeEarnings(row.price_minor, tier);
  return {
    completed_at: now,
    tier_at_completion: e.tier,
    commission_percent: e.commission_percent,
    commission_minor: e.commission_minor,
    earnings_minor: e.earnings_minor,
  };
}

/** The moment range a date, time and duration hold; null without a time (a date alone blocks nothing). */
export function timeWindow(
  date: string | null,
  startTime: string | null,
  durationMinutes: number | null,
): { starts_at: Date; ends_at: Date } | null {
  const start = bookingStart({ scheduled_date: date, start_time: startTime });
  if (!start || !startTime) return null;
  const minutes = durationMinutes ?? DEFAULT_DURATION_MINUTES;
  return { starts_at: start, ends_at: new Date(start.getTime() + minutes * 60_000) };
}

/** Serialises the overlap checks of one provider (two accepts cannot both find the slot free). */
export async function lockProvider(tx: Tx, providerId: string): Promise<void> {
  await tx.execute(sql`select id from profiles where id = ${providerId} for update`);
}

/**
 * 409 when another booking of the provider that holds their time overlaps [starts_at, ends_at).
 * Call under lockProvider.
 */
export async function assertNoOverlap(
  tx: Tx,
  providerId: string,
  bookingId: string,
  window: { starts_at: Date; ends_at: Date },
): Promise<void> {
  const [clash] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.provider_id, providerId),
        ne(bookings.id, bookingId),
        inArray(bookings.status, [...BOOKING_BLOCKING_STATUSES]),
        lt(bookings.starts_at, window.ends_at),
        gt(bookings.ends_at, window.starts_at),
      ),
    )
    .limit(1);
  if (clash) throw conflict(BOOKING_MESSAGES.overlap, { booking_id: clash.id });
}

/** Moves an end date by as many days as the start moved, so a multi-day booking keeps its length. */
function shiftedEnd(row: BookingRow, newDate: string): string | null {
  if (!row.scheduled_end_date || !row.scheduled_date) return null;
  const span = daysBetween(row.scheduled_date, row.scheduled_end_date);
  return toIsoDate(new Date(Date.parse(`${newDate}T00:00:00Z`) + Math.max(span, 0) * 86_400_000));
}

export interface StepContext {
  tx: Tx;
  row: BookingRow;
  side: Side;
  now: Date;
  people: People;
}

export interface Step {
  patch: BookingPatch;
  /** What the history row records (the reason, the dates). */
  details?: Record<string, unknown>;
  /** Notices from the booking as it is after the change. */
  notices: (after: BookingRow, people: People) => Notice[];
  /** The history action when it is not the table's (withdrawing a proposal). */
  eventAction?: string;
}

/** Writes one change and its history row; answers the booking after it. */
export async function applyStep(
  tx: Tx,
  row: BookingRow,
  actor: { id: string | null; role: BookingActor },
  action: string,
  to: BookingStatus | null,
  patch: BookingPatch,
  details: Record<string, unknown> | undefined,
  now: Date,
): Promise<BookingRow> {
  const [after] = await tx
    .update(bookings)
    .set({ ...patch, status: to ?? row.status, updated_at: now })
    .where(eq(bookings.id, row.id))
    .returning();
  // Completed bookings count towards the provider's profile strength.
  if (to && (to === 'completed') !== (row.status === 'completed'))
    await refreshProfileScores(tx, row.provider_id);
  await tx.insert(bookingEvents).values({
    booking_id: row.id,
    actor_id: actor.id,
    actor_role: actor.role,
    action,
    from_status: row.status,
    to_status: to ?? row.status,
    details: details ?? null,
    created_at: now,
  });
  return after!;
}

/**
 * Runs one transition for the user: locks, checks the side and the table, applies `step`, writes
 * history and notices, then queues the mails. Answers the booking as the user now sees it.
 */
async function transition(
  deps: Deps,
  log: FastifyBaseLogger,
  id: string,
  userId: string,
  action: BookingAction,
  step: (ctx: StepContext) => Step | Promise<Step>,
  opts: { lockProvider?: boolean; now?: Date } = {},
): Promise<BookingDetail> {
  const now = opts.now ?? new Date();
  const { db } = deps.database;
  const mailIds = await db.transaction(async (tx) => {
    if (opts.lockProvider) {
      const [peek] = await tx
        .select({ provider_id: bookings.provider_id })
        .from(bookings)
        .where(eq(bookings.id, id));
      if (peek) await lockProvider(tx, peek.provider_id);
    }
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
    const side = row ? sideOf(row, userId) : null;
    if (!row || !side) throw notFound(BOOKING_NOT_FOUND);
    const check = checkBookingTransition(row.status, action, side);
    if (!check.ok) throw check.code === 'FORBIDDEN' ? forbidden(check.message) : conflict(check.message);
    const unpaid = bookingPaymentGuard(row, action);
    if (unpaid) throw conflict(unpaid);

    const parties = await loadParties(tx, [row.customer_id, row.provider_id]);
    const people = {
      customer: partyOf(parties, row.customer_id),
      provider: partyOf(parties, row.provider_id),
    };
    const s = await step({ tx, row, side, now, people });
    const after = await applyStep(
      tx,
      row,
      { id: userId, role: side },
      s.eventAction ?? action,
      check.to,
      s.patch,
      s.details,
      now,
    );
    return insertNotices(tx, s.notices(after, people));
  });
  await sendNoticeMails(deps, mailIds, log);
  return findBookingDetail(db, id, userId, now);
}

/** A change of status ends any pending proposal (it can only be answered while scheduled). */
const proposalLapses = (row: BookingRow): BookingPatch => (row.proposed_by ? clearedProposal : {});

/** The provider starts the work (scheduled → in progress), on the booking's day or later. */
export function startBooking(deps: Deps, log: FastifyBaseLogger, id: string, userId: string, now?: Date) {
  return transition(
    deps,
    log,
    id,
    userId,
    'start',
    ({ row, now }) => {
      if (!startable(row, now)) throw conflict(BOOKING_MESSAGES.tooEarlyToStart);
      return {
        patch: { started_at: now, ...proposalLapses(row) },
        notices: (after, p) => [startedNotice(after, p)],
      };
    },
    { now },
  );
}

/**
 * The provider marks the work done (→ awaiting confirmation), on the booking's day or later; the
 * customer is asked to confirm.
 */
export function markBookingDone(deps: Deps, log: FastifyBaseLogger, id: string, userId: string, now?: Date) {
  return transition(
    deps,
    log,
    id,
    userId,
    'mark_done',
    ({ row, now }) => {
      // Not before the booking's day: otherwise it could be confirmed and reviewed before it happened.
      if (!startable(row, now)) throw conflict(BOOKING_MESSAGES.tooEarlyToMarkDone);
      return {
        patch: { done_marked_at: now, started_at: row.started_at ?? now, ...proposalLapses(row) },
        notices: (after, p) => [doneNotice(after, p)],
      };
    },
    { now },
  );
}

/** The customer confirms (→ completed): earnings are fixed by the provider's tier now. */
export function confirmBooking(deps: Deps, log: FastifyBaseLogger, id: string, userId: string, now?: Date) {
  return transition(
    deps,
    log,
    id,
    userId,
    'confirm',
    async ({ tx, row, now }) => {
      const patch = await completionPatch(tx, row, now);
      return {
        // No earnings in the history: both sides read it, earnings are the provider's.
        patch,
        notices: (after, p) => [confirmedNotice(after, p)],
      };
    },
    { now },
  );
}

/**
 * Either side cancels with a reason; late (under 24 h before the start) is recorded. Held money is
 * settled in the same transaction (cancellation-money.ts: refund, late fee, refusal after an
 * advance; an open checkout cancelled); the refunds go to the gateway after commit.
 */
export async function cancelBooking(
  deps: Deps,
  log: FastifyBaseLogger,
  id: string,
  userId: string,
  input: CancelValues,
  now?: Date,
) {
  const refundIds: string[] = [];
  const detail = await transition(
    deps,
    log,
    id,
    userId,
    'cancel',
    async ({ tx, row, side, now }) => {
      const policy = cancellationPolicy(bookingStart(row), now);
      const money = await cancellationMoney(tx, deps, { row, side, late: !policy.free, userId, now });
      refundIds.push(...money.refundIds);
      return {
        patch: {
          cancelled_at: now,
          cancelled_by: side,
          cancel_reason: input.reason,
          late_cancellation: !policy.free,
          payment_status: money.paymentStatus,
          ...proposalLapses(row),
        },
        details: {
          reason: input.reason,
          late: !policy.free,
          hours_before_start: policy.hours_before_start,
          ...(money.refundMinor > 0 || money.feeMinor > 0
            ? { refund_minor: money.refundMinor, late_fee_minor: money.feeMinor }
            : {}),
        },
        notices: (after, p) => [cancelledNotice(after, side, p)],
      };
    },
    { now },
  );
  await queueRefunds(deps, refundIds);
  return detail;
}

/**
 * One side proposes a new date (and time, duration). Refused: a proposal of theirs is pending
 * (409), a past date (400), a slot that overlaps another booking of the provider (409). A pending
 * proposal of the other side is replaced (a counter-proposal).
 */
export function proposeReschedule(
  deps: Deps,
  log: FastifyBaseLogger,
  id: string,
  userId: string,
  input: RescheduleValues,
  now: Date = new Date(),
) {
  const problem = checkFutureDate(input.scheduled_date, now);
  if (problem) throw fieldError('scheduled_date', problem);
  return transition(
    deps,
    log,
    id,
    userId,
    'propose_reschedule',
    async ({ tx, row, side, now }) => {
      if (row.proposed_by === side) throw conflict(BOOKING_MESSAGES.proposalPending);
      const proposal = {
        scheduled_date: input.scheduled_date,
        start_time: input.start_time ?? null,
        duration_minutes: input.duration_minutes ?? null,
      };
      const window = timeWindow(proposal.scheduled_date, proposal.start_time, proposal.duration_minutes);
      if (window) await assertNoOverlap(tx, row.provider_id, row.id, window);
      return {
        patch: {
          proposed_by: side,
          proposed_date: proposal.scheduled_date,
          proposed_start_time: proposal.start_time,
          proposed_duration_minutes: proposal.duration_minutes,
          proposed_note: input.note ?? null,
          proposed_at: now,
        },
        details: { ...proposal, note: input.note ?? null, replaced: row.proposed_by !== null },
        notices: (after, p) => [proposedNotice(after, side, p)],
      };
    },
    { lockProvider: true, now },
  );
}

/** The side that did not propose accepts: the booking takes the new date, time and duration. */
export function acceptReschedule(deps: Deps, log: FastifyBaseLogger, id: string, userId: string, now?: Date) {
  return transition(
    deps,
    log,
    id,
    userId,
    'accept_reschedule',
    async ({ tx, row, side, now }) => {
      if (!row.proposed_by || !row.proposed_date) throw conflict(BOOKING_MESSAGES.noProposal);
      if (row.proposed_by === side) throw forbidden(BOOKING_MESSAGES.ownProposal);
      const past = checkFutureDate(row.proposed_date, now);
      if (past) throw conflict(past);
      const startTime = row.proposed_start_time;
      const duration =
        row.proposed_duration_minutes ??
        (startTime ? (row.duration_minutes ?? DEFAULT_DURATION_MINUTES) : null);
      const window = timeWindow(row.proposed_date, startTime, duration);
      if (window) await assertNoOverlap(tx, row.provider_id, row.id, window);
      return {
        patch: {
          scheduled_date: row.proposed_date,
          scheduled_end_date: shiftedEnd(row, row.proposed_date),
          start_time: startTime,
          duration_minutes: duration,
          starts_at: window?.starts_at ?? null,
          ends_at: window?.ends_at ?? null,
          reminder_sent_for: null,
          ...clearedProposal,
        },
        details: {
          from: { scheduled_date: row.scheduled_date, start_time: row.start_time },
          to: { scheduled_date: row.proposed_date, start_time: startTime, duration_minutes: duration },
        },
        notices: (after, p) => [rescheduleAnsweredNotice(after, side, p, 'accepted')],
      };
    },
    { lockProvider: true, now },
  );
}

/** The side that did not propose declines: the booking stays as it was. */
export function declineReschedule(
  deps: Deps,
  log: FastifyBaseLogger,
  id: string,
  userId: string,
  now?: Date,
) {
  return transition(
    deps,
    log,
    id,
    userId,
    'decline_reschedule',
    ({ row, side }) => {
      if (!row.proposed_by) throw conflict(BOOKING_MESSAGES.noProposal);
      if (row.proposed_by === side) throw forbidden(BOOKING_MESSAGES.ownProposal);
      return {
        patch: clearedProposal,
        details: { proposed_date: row.proposed_date, proposed_start_time: row.proposed_start_time },
        notices: (after, p) => [rescheduleAnsweredNotice(after, side, p, 'declined')],
      };
    },
    { now },
  );
}

/** The proposer withdraws their pending proposal. */
export function withdrawReschedule(
  deps: Deps,
  log: FastifyBaseLogger,
  id: string,
  userId: string,
  now?: Date,
) {
  return transition(
    deps,
    log,
    id,
    userId,
    'propose_reschedule',
    ({ row, side }) => {
      if (!row.proposed_by) throw conflict(BOOKING_MESSAGES.noProposal);
      if (row.proposed_by !== side) throw forbidden(LIFECYCLE_MESSAGES.notProposer);
      return {
        patch: clearedProposal,
        eventAction: 'withdraw_reschedule',
        details: { proposed_date: row.proposed_date, proposed_start_time: row.proposed_start_time },
        notices: (after, p) => [rescheduleAnsweredNotice(after, side, p, 'withdrew')],
      };
    },
    { now },
  );
}
