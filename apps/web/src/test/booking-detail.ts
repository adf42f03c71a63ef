import type { BookingDetail } from '@adwuma/shared';
import { makeBooking } from '../features/quotes/test/fixtures.ts';

/**
 * A customer's scheduled booking as GET /api/bookings/:id answers it (b-1, 25 Nov 2026 09:00–11:00,
 * no actions, no history), for the booking page's tests.
 */
export function makeBookingDetail(overrides: Partial<BookingDetail> = {}): BookingDetail {
  return {
    ...makeBooking({ id: 'b-1', scheduled_date: '2026-11-25' }),
    status: 'scheduled',
    start_time: '09:00',
    duration_minutes: 120,
    starts_at: '2026-11-25T09:00:00.000Z',
    ends_at: '2026-11-25T11:00:00.000Z',
    started_at: null,
    done_marked_at: null,
    auto_complete_at: null,
    completed_at: null,
    cancelled_at: null,
    cancelled_by: null,
    cancel_reason: null,
    late_cancellation: null,
    proposal: null,
    actions: [],
    cancellation: {
      free: true,
      hours_before_start: 72,
      message: 'Cancelling is free until 24 hours before.',
    },
    earnings: null,
    dispute: null,
    reviews: { mine: null, theirs: null, can_review: false, window_closes_at: null },
    history: [],
    ...overrides,
  };
}
