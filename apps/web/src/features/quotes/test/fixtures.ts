import type { Booking, QuoteRequest } from '@adwuma/shared';

/** The signed-in test user of makeMe() is `user-1`. */
export const ME_ID = 'user-1';

export function makeQuoteRequest(overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    id: 'q-1',
    status: 'pending',
    service: { id: '6ea6ae8c-fb81-4694-8f0f-46a2384ceac8', title: 'Leak repair', category: 'plumbing' },
    details: 'Two leaking taps in the kitchen and a blocked shower drain.',
    preferred_date: '2026-11-20',
    city: 'Kumasi',
    address: 'Asokwa, near the market',
    quote_price: null,
    quote_message: null,
    decline_message: null,
    responded_at: null,
    expires_at: new Date(Date.now() + 3 * 86_400_000 + 60_000).toISOString(),
    created_at: new Date(Date.now() - 4 * 86_400_000).toISOString(),
    customer: { id: 'c-1', name: 'Kwame Boateng', avatar_url: null },
    provider: {
      id: 'p-1',
      name: 'Ama Owusu',
      avatar_url: null,
      slug: 'ama-owusu-k3x9q2',
      verified: true,
      rating: 4.8,
      total_reviews: 12,
      city: 'Kumasi',
    },
    booking_id: null,
    ...overrides,
  };
}

export function makeBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    id: 'b-1',
    status: 'scheduled',
    source: 'quote',
    title: 'Leak repair',
    price: 45000,
    currency: 'GHS',
    scheduled_date: '2026-11-20',
    scheduled_end_date: null,
    start_time: null,
    duration_minutes: null,
    city: 'Kumasi',
    address: 'Asokwa',
    job_id: null,
    quote_request_id: 'q-1',
    created_at: '2026-11-01T10:00:00.000Z',
    customer: { id: ME_ID, name: 'Ama Mensah', avatar_url: null },
    provider: {
      id: 'p-1',
      name: 'Kofi Asante',
      avatar_url: null,
      slug: 'kofi-asante-k3x9q2',
      verified: true,
      rating: 4.8,
      total_reviews: 12,
      city: 'Kumasi',
    },
    role: 'customer',
    ...overrides,
  };
}
