/**
 * A booking's statuses and their labels (no zod: booking pages show them; lifecycle.ts re-exports
 * them).
 */

export const BOOKING_STATUSES = [
  'scheduled',
  'in_progress',
  'awaiting_confirmation',
  'completed',
  'cancelled',
  'disputed',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  awaiting_confirmation: 'Done, awaiting confirmation',
  completed: 'Completed',
  cancelled: 'Cancelled',
  disputed: 'In dispute',
};
