import type { DisputeInput } from '@adwuma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { bookingApiPath } from './get-booking.ts';
import { bookingKeys } from './get-bookings.ts';

/** POST /api/bookings/:id/disputes: opens a dispute (the booking is frozen until it is resolved). */
export function openDispute(id: string, input: DisputeInput): Promise<unknown> {
  return api<{ dispute: unknown }>(`${bookingApiPath(id)}/disputes`, { method: 'POST', json: input });
}

export function useOpenDispute(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DisputeInput) => openDispute(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
