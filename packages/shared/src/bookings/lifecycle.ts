import { z } from 'zod';
import { ESCROW_LIMITS } from '../billing/escrow.ts';
import { isoDate, toIsoDate } from '../jobs/jobs.ts';
import { safeText } from '../schemas/common.ts';
import { getTier, type TierId } from '../tiers.ts';
import { BOOKING_STATUS_LABELS, type BookingStatus } from './status.ts';

/**
 * The booking lifecycle (issue 8). A hire makes a booking `scheduled`; the provider starts it
 * (`in_progress`) and marks it done (`awaiting_confirmation`); the customer confirms (`completed`),
 * or it completes by itself 72 hours after it was marked done. Either side may cancel before it is
 * done, with a reason; either side may propose a new date/time, which the other accepts or declines.
 * A dispute freezes the booking (`disputed`) until an admin resolves it. Africa/Accra is UTC+0 all
 * year, so times are UTC.
 */

export { BOOKING_STATUS_LABELS, BOOKING_STATUSES, type BookingStatus } from './status.ts';

export const BOOKING_ACTIONS = [
  'start',
  'mark_done',
  'confirm',
  'auto_complete',
  'cancel',
  'propose_reschedule',
  'accept_reschedule',
  'decline_reschedule',
  'open_dispute',
] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

export type BookingActor = 'customer' | 'provider' | 'system' | 'admin';
/** The two parties of a booking (a review's author, a dispute's opener). */
export const BOOKING_SIDES = ['customer', 'provider'] as const;
export type BookingSide = (typeof BOOKING_SIDES)[number];

export const BOOKING_LIMITS = {
  /** Hours after "marked done" when a booking completes without the customer. */
  autoCompleteHours: 72,
  /** Cancelling is free until this many hours before the start. */
  freeCancelHours: 24,
  /** Days after completion during which a dispute may be opened. */
  disputeDays: 14,
  reasonMin: 5,
  reasonMax: 1000,
  durationMin: 15,
  durationMax: 24 * 60,
} as const;

export const BOOKING_MESSAGES = {
  notFound: 'Booking not found',
  wrongActor: (action: BookingAction) => `You cannot ${ACTION_VERBS[action]} this booking.`,
  wrongState: (action: BookingAction, status: BookingStatus) =>
    `A booking that is ${BOOKING_STATUS_LABELS[status].toLowerCase()} cannot be ${ACTION_PAST[action]}.`,
  noProposal: 'There is no proposed change to answer.',
  ownProposal: 'You proposed this change: the other side answers it.',
  proposalPending: 'A change is already proposed. Wait for an answer or withdraw it first.',
  overlap: 'The provider already has a confirmed booking at that time.',
  frozen: 'This booking is in dispute: it is frozen until our team resolves it.',
  disputeWindow: `A dispute can be opened up to ${BOOKING_LIMITS.disputeDays} days after completion.`,
  tooEarlyToStart: 'The booking can be started on its day or later.',
  tooEarlyToMarkDone: 'The booking can be marked as done on its day or later.',
} as const;

const ACTION_VERBS: Record<BookingAction, string> = {
  start: 'start',
  mark_done: 'mark as done',
  confirm: 'confirm',
  auto_complete: 'complete',
  cancel: 'cancel',
  propose_reschedule: 'reschedule',
  accept_reschedule: 'accept a change to',
  decline_reschedule: 'decline a change to',
  open_dispute: 'open a dispute on',
};

const ACTION_PAST: Record<BookingAction, string> = {
  start: 'started',
  mark_done: 'marked as done',
  confirm: 'confirmed',
  auto_complete: 'completed',
  cancel: 'cancelled',
  propose_reschedule: 'rescheduled',
  accept_reschedule: 'rescheduled',
  decline_reschedule: 'rescheduled',
  open_dispute: 'disputed',
};

interface Transition {
  from: readonly BookingStatus[];
  actors: readonly BookingActor[];
  /** The status after the action; null = unchanged. */
  to: BookingStatus | null;
}

/** The transition table: each action, who may take it, from which states, and where it leads. */
export const BOOKING_TRANSITIONS: Record<BookingAction, Transition> = {
  start: { from: ['scheduled'], actors: ['provider'], to: 'in_progress' },
  mark_done: { from: ['scheduled', 'in_progress'], actors: ['provider'], to: 'awaiting_confirmation' },
  confirm: { from: ['awaiting_confirmation'], actors: ['customer'], to: 'completed' },
  auto_complete: { from: ['awaiting_confirmation'], actors: ['system'], to: 'completed' },
  cancel: { from: ['scheduled', 'in_progress'], actors: ['customer', 'provider'], to: 'cancelled' },
  propose_reschedule: { from: ['scheduled'], actors: ['customer', 'provider'], to: null },
  accept_reschedule: { from: ['scheduled'], actors: ['customer', 'provider'], to: null },
  decline_reschedule: { from: ['scheduled'], actors: ['customer', 'provider'], to: null },
  open_dispute: {
    from: ['in_progress', 'awaiting_confirmation', 'completed'],
    actors: ['customer', 'provider'],
    to: 'disputed',
  },
};

export type TransitionCheck =
  | { ok: true; to: BookingStatus | null }
  | { ok: false; code: 'FORBIDDEN' | 'CONFLICT'; message: string };

/** Whether `actor` may take `action` on a booking in `status`; the refusal names why. */
export function checkBookingTransition(
  status: BookingStatus,
  action: BookingAction,
  actor: BookingActor,
): TransitionCheck {
  const t = BOOKING_TRANSITIONS[action];
  if (!t.actors.includes(actor))
    return { ok: false, code: 'FORBIDDEN', message: BOOKING_MESSAGES.wrongActor(action) };
  if (status === 'disputed') return { ok: false, code: 'CONFLICT', message: BOOKING_MESSAGES.frozen };
  if (!t.from.includes(status))
    return { ok: false, code: 'CONFLICT', message: BOOKING_MESSAGES.wrongState(action, status) };
  return { ok: true, to: t.to };
}

/** The actions `actor` may take now (for the buttons a side sees). */
export function availableBookingActions(status: BookingStatus, actor: BookingActor): BookingAction[] {
  return BOOKING_ACTIONS.filter((a) => checkBookingTransition(status, a, actor).ok);
}

/** The actions that wait for the booking's day: work cannot start or be done before it (issue 15). */
export const ON_OR_AFTER_DAY_ACTIONS: readonly BookingAction[] = ['start', 'mark_done'];

/**
 * Whether the booking's day has come (Accra = UTC): true on its date or later, or without a date.
 * `start` and `mark_done` wait for it, so no booking is confirmed and reviewed before it happened.
 */
export function bookingDayReached(scheduledDate: string | null, now: Date = new Date()): boolean {
  return !scheduledDate || scheduledDate <= toIsoDate(now);
}

/** The refusal for an action taken before the booking's day, or null when it may go ahead. */
export function tooEarlyFor(
  action: BookingAction,
  scheduledDate: string | null,
  now: Date = new Date(),
): string | null {
  if (!ON_OR_AFTER_DAY_ACTIONS.includes(action) || bookingDayReached(scheduledDate, now)) return null;
  return action === 'start' ? BOOKING_MESSAGES.tooEarlyToStart : BOOKING_MESSAGES.tooEarlyToMarkDone;
}

/** When a booking marked done at `doneAt` completes by itself. */
export function autoCompleteAt(doneAt: Date): Date {
  return new Date(doneAt.getTime() + BOOKING_LIMITS.autoCompleteHours * 3_600_000);
}

/**
 * The start of a booking as a moment: its date at its time (UTC = Accra), or the start of the day
 * when no time is set. Null without a date.
 */
export function bookingStart(b: { scheduled_date: string | null; start_time: string | null }): Date | null {
  if (!b.scheduled_date) return null;
  return new Date(`${b.scheduled_date}T${b.start_time ?? '00:00'}:00Z`);
}

export interface CancellationPolicy {
  /** Free: more than 24 hours before the start, or no start set. */
  free: boolean;
  /** Hours left before the start (rounded down); null without a start. */
  hours_before_start: number | null;
  message: string;
}

/**
 * The policy shown before cancelling (free until 24 hours before the start). For a booking whose
 * money Adwuma holds (issue 18, decision 014), a late cancellation also says what it costs the side
 * that reads it: the customer's pays the provider 10 % of the price, the provider's refunds the
 * customer in full.
 */
export function cancellationPolicy(
  start: Date | null,
  now: Date = new Date(),
  money: { paid: boolean; side: 'customer' | 'provider' } | null = null,
): CancellationPolicy {
  if (!start)
    return { free: true, hours_before_start: null, message: 'Cancelling is free: no start time is set yet.' };
  const hours = Math.floor((start.getTime() - now.getTime()) / 3_600_000);
  const free = start.getTime() - now.getTime() >= BOOKING_LIMITS.freeCancelHours * 3_600_000;
  const late =
    'This is a late cancellation (less than 24 hours before the start): it is recorded on your account and the other side is told.';
  const cost = !money?.paid
    ? ''
    : money.side === 'customer'
      ? ` ${ESCROW_LIMITS.lateCancelFeePercent} % of the price goes to the provider; the rest is refunded to you.`
      : ' The customer gets a full refund.';
  return {
    free,
    hours_before_start: hours,
    message: free ? 'Cancelling is free until 24 hours before the start.' : `${late}${cost}`,
  };
}

/** Whether two time ranges [aStart, aEnd) and [bStart, bEnd) overlap. */
export function rangesOverlap(aStart: Date, aEnd: Date, bStart: Date, bEnd: Date): boolean {
  return aStart.getTime() < bEnd.getTime() && bStart.getTime() < aEnd.getTime();
}

/** The statuses in which a booking holds the provider's time (overlaps are refused against them). */
export const BOOKING_BLOCKING_STATUSES: readonly BookingStatus[] = ['scheduled', 'in_progress'];

export interface Earnings {
  tier: TierId;
  commission_percent: number;
  earnings_share_percent: number;
  commission_minor: number;
  earnings_minor: number;
}

/**
 * What the provider earns from a completed booking, fixed at completion by their tier at that
 * moment (the one tier definition): commission rounded to the nearest pesewa, the rest is theirs.
 */
export function computeEarnings(priceMinor: number, tier: TierId): Earnings {
  const t = getTier(tier);
  const commission = Math.round((priceMinor * t.commission) / 100);
  return {
    tier,
    commission_percent: t.commission,
    earnings_share_percent: t.earningsShare,
    commission_minor: commission,
    earnings_minor: priceMinor - commission,
  };
}

const timeOfDay = z
  .string({ error: 'Enter a time' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Enter a time as HH:MM' });

export const rescheduleInputSchema = z.strictObject({
  scheduled_date: isoDate,
  start_time: timeOfDay.nullish(),
  duration_minutes: z
    .number({ error: 'Duration must be between 15 minutes and 24 hours' })
    .int({ error: 'Duration must be between 15 minutes and 24 hours' })
    .min(BOOKING_LIMITS.durationMin, { error: 'Duration must be between 15 minutes and 24 hours' })
    .max(BOOKING_LIMITS.durationMax, { error: 'Duration must be between 15 minutes and 24 hours' })
    .nullish(),
  note: safeText({ maxLength: BOOKING_LIMITS.reasonMax }).nullish(),
});
export type RescheduleInput = z.input<typeof rescheduleInputSchema>;

export const cancelInputSchema = z.strictObject({
  reason: safeText({ minLength: BOOKING_LIMITS.reasonMin, maxLength: BOOKING_LIMITS.reasonMax }),
});
