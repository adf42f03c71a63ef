import type { BookingStepInput } from './api/booking-actions.ts';
import type { BookingDetail } from './api/get-booking.ts';
import { formatDateRange, formatDay } from './dates.ts';
import { formatDuration, timeRange } from './week.ts';

// Copy and wording helpers of the booking page (booking-page.tsx and its parts).

export const BOOKING_TEXT = {
  back: 'Schedule',
  message: (name: string) => `Message ${name}`,
  call: (name: string) => `Call ${name}`,
  whatsapp: (name: string) => `WhatsApp ${name}`,
  notFound: 'Booking not found',
  notFoundText: 'It may have been removed, or it belongs to someone else.',
  loadFailed: 'This booking did not load',
  retry: 'Try again',
  when: 'When',
  place: 'Place',
  price: 'Price',
  dateTbc: 'Date to be agreed',
  placeTbc: 'Place to be agreed',
  next: 'What happens next',
  actions: 'Actions',
  start: 'Start',
  markDone: 'Mark as done',
  confirm: 'Confirm completion',
  propose: 'Propose a new time',
  cancel: 'Cancel booking',
  dispute: 'Open a dispute',
  accept: 'Accept',
  decline: 'Decline',
  withdraw: 'Withdraw',
  proposal: 'A new time is proposed',
  earnings: 'Your earnings',
  reviews: 'Reviews',
  yourReview: 'Your review',
  theirReview: (name: string) => `${name}'s review`,
  writeReview: 'Write a review',
  hiddenUntil: 'Shown to the other side once they review too, or when the review window closes.',
  noReviews: 'No reviews yet.',
  history: 'History',
  disputeTitle: 'Dispute',
  done: {
    start: 'Booking started',
    markDone: 'Marked as done. The customer is asked to confirm.',
    confirm: 'Completion confirmed. Thank you!',
    cancel: 'Booking cancelled',
    reschedule: 'New time proposed',
    acceptReschedule: 'New time accepted',
    declineReschedule: 'Proposal declined',
    withdrawReschedule: 'Proposal withdrawn',
    dispute: 'Dispute opened. Our team will be in touch.',
  } satisfies Record<BookingStepInput['step'] | 'dispute', string>,
} as const;

export const HISTORY_LABELS: Record<string, string> = {
  create: 'Booking created',
  start: 'Started',
  mark_done: 'Marked as done',
  confirm: 'Completion confirmed',
  auto_complete: 'Completed automatically',
  cancel: 'Cancelled',
  propose_reschedule: 'New time proposed',
  accept_reschedule: 'New time accepted',
  decline_reschedule: 'New time declined',
  withdraw_reschedule: 'Proposal withdrawn',
  open_dispute: 'Dispute opened',
  resolve_dispute: 'Dispute resolved',
  payment_expired: 'Released: not paid in time',
  review: 'Review written',
};

export const humanize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replaceAll('_', ' ');

/** "Tue 24 Nov, 14:00" (Ghana time = UTC). */
export function formatMoment(iso: string, now: Date = new Date()): string {
  return `${formatDay(iso.slice(0, 10), now)}, ${iso.slice(11, 16)}`;
}

export function whenText(b: BookingDetail): string | null {
  if (!b.scheduled_date) return null;
  const date = formatDateRange(b.scheduled_date, b.scheduled_end_date);
  const time = b.start_time ? `, ${timeRange(b.start_time, b.duration_minutes)}` : '';
  const length = b.duration_minutes ? ` (${formatDuration(b.duration_minutes)})` : '';
  return `${date}${time}${length}`;
}

/** What the status means for the caller and what comes next. */
export function nextText(b: BookingDetail, otherName: string): string {
  const mine = b.role;
  switch (b.status) {
    case 'scheduled':
      return mine === 'provider'
        ? 'Start it when you begin the work, and mark it as done when you finish.'
        : `${otherName} starts it on the day and marks it as done when the work is finished.`;
    case 'in_progress':
      return mine === 'provider'
        ? 'Mark it as done when you finish; the customer is then asked to confirm.'
        : `${otherName} is working on it and marks it as done when finished.`;
    case 'awaiting_confirmation': {
      const by = b.auto_complete_at ? formatMoment(b.auto_complete_at) : null;
      if (mine === 'customer')
        return by
          ? `${otherName} marked it as done. Completes by itself on ${by} unless you confirm or open a dispute.`
          : `${otherName} marked it as done. Confirm it, or open a dispute if something is wrong.`;
      return by
        ? `Waiting for the customer to confirm. Completes by itself on ${by} unless they open a dispute.`
        : 'Waiting for the customer to confirm.';
    }
    case 'completed':
      return b.completed_at
        ? `Completed on ${formatMoment(b.completed_at)}.${b.reviews.can_review ? ' You can now review each other.' : ''}`
        : 'Completed.';
    case 'cancelled': {
      const who = b.cancelled_by === mine ? 'you' : b.cancelled_by ? `the ${b.cancelled_by}` : null;
      const when = b.cancelled_at ? ` on ${formatMoment(b.cancelled_at)}` : '';
      const late = b.late_cancellation ? ' (late cancellation)' : '';
      return `Cancelled${who ? ` by ${who}` : ''}${when}${late}.`;
    }
    case 'disputed':
      return 'A dispute is open: the booking is frozen until our team resolves it. Both sides are told the outcome.';
    default:
      return '';
  }
}
