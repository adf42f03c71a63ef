import type { cancelInputSchema, RescheduleInput } from '@adwuma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { type BookingDetail, bookingApiPath } from './get-booking.ts';
import { bookingKeys } from './get-bookings.ts';

/**
 * POST /api/bookings/:id/<step>: the lifecycle steps of issue 8. Each answers `{ booking }`; on
 * success the booking and the lists are refreshed (the answer is put in the cache at once).
 */
export const BOOKING_STEPS = {
  start: 'start',
  markDone: 'mark-done',
  confirm: 'confirm',
  cancel: 'cancel',
  reschedule: 'reschedule',
  acceptReschedule: 'reschedule/accept',
  declineReschedule: 'reschedule/decline',
  withdrawReschedule: 'reschedule/withdraw',
} as const;
export type BookingStep = keyof typeof BOOKING_STEPS;

export type CancelInput = z.input<typeof cancelInputSchema>;

export type BookingStepInput =
  | {
      step:
        | 'start'
        | 'markDone'
        | 'confirm'
        | 'acceptReschedule'
        | 'declineReschedule'
        | 'withdrawReschedule';
    }
  | { step: 'cancel'; body: CancelInput }
  | { step: 'reschedule'; body: RescheduleInput };

export function postBookingStep(id: string, input: BookingStepInput): Promise<BookingDetail> {
  return api<{ booking: BookingDetail }>(`${bookingApiPath(id)}/${BOOKING_STEPS[input.step]}`, {
    method: 'POST',
    json: 'body' in input ? input.body : {},
  }).then((r) => r.booking);
}

export function useBookingStep(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookingStepInput) => postBookingStep(id, input),
    onSuccess: (booking) => {
      queryClient.setQueryData(bookingKeys.one(id), booking);
      return queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
  });
}
