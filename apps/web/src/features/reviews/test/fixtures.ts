import type { Review } from '@adwuma/shared';

export { makeBooking } from '../../quotes/test/fixtures.ts';

export function makeReview(overrides: Partial<Review> = {}): Review {
  return {
    id: 'r-1',
    booking_id: 'b-1',
    author: { id: 'c-2', name: 'Yaw Darko Mensah', avatar_url: null },
    subject: { id: 'p-1', name: 'Kofi Asante', avatar_url: null },
    author_role: 'customer',
    rating: 4,
    text: 'Fixed the leak quickly and left the kitchen clean.',
    reply: null,
    replied_at: null,
    published_at: '2026-11-18T10:00:00.000Z',
    created_at: '2026-11-17T10:00:00.000Z',
    ...overrides,
  };
}
