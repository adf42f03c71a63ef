import type { Booking, bookingsResponseSchema } from '@adwuma/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

export type { Booking } from '@adwuma/shared';
export type BookingsResponse = z.infer<typeof bookingsResponseSchema>;
export type BookingRole = Booking['role'];

export const BOOKINGS_API = '/api/bookings';

export const bookingKeys = {
  all: ['bookings'] as const,
  list: (role?: BookingRole) => ['bookings', 'list', role ?? 'all'] as const,
  one: (id: string) => ['bookings', 'one', id] as const,
};

/** GET /api/bookings?role=: the caller's bookings on both sides, or on one (`role`). */
export const bookingsQuery = (role?: BookingRole) =>
  queryOptions({
    queryKey: bookingKeys.list(role),
    queryFn: ({ signal }) =>
      api<BookingsResponse>(role ? `${BOOKINGS_API}?role=${role}` : BOOKINGS_API, { signal }),
    staleTime: 30_000,
  });

export function useBookings(role?: BookingRole) {
  return useQuery(bookingsQuery(role));
}
