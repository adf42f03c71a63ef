import type { Booking } from '@adwuma/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { BOOKINGS_API, bookingKeys } from './get-bookings.ts';

/** GET /api/bookings/:id: one booking, for either side of it. */
export const bookingQuery = (id: string) =>
  queryOptions({
    queryKey: bookingKeys.one(id),
    queryFn: ({ signal }) =>
      api<{ booking: Booking }>(`${BOOKINGS_API}/${encodeURIComponent(id)}`, { signal }).then(
        (r) => r.booking,
      ),
    staleTime: 30_000,
  });

export function useBooking(id: string | null) {
  return useQuery({ ...bookingQuery(id ?? ''), enabled: Boolean(id) });
}
