import type { BookingDetail } from '@adwuma/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { BOOKINGS_API, bookingKeys } from './get-bookings.ts';

export type { BookingDetail } from '@adwuma/shared';

export const bookingApiPath = (id: string) => `${BOOKINGS_API}/${encodeURIComponent(id)}`;

/** GET /api/bookings/:id: one booking as its party sees it (times, proposal, actions, history). */
export const bookingQuery = (id: string) =>
  queryOptions({
    queryKey: bookingKeys.one(id),
    queryFn: ({ signal }) =>
      api<{ booking: BookingDetail }>(bookingApiPath(id), { signal }).then((r) => r.booking),
    staleTime: 30_000,
  });

export function useBooking(id: string | null) {
  return useQuery({ ...bookingQuery(id ?? ''), enabled: Boolean(id) });
}
