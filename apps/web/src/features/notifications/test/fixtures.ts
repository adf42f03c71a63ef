import type { Notification } from '@adwuma/shared';

export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'n-1',
    kind: 'booking',
    title: 'Booking confirmed',
    body: 'Kofi confirmed your plumbing booking for Friday.',
    link: '/bookings/b-1',
    read_at: null,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}
