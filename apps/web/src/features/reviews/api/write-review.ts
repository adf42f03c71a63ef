import type { Review, ReviewInput } from '@adwuma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { BOOKINGS_API, bookingKeys } from '../../bookings/index.ts';
import { reviewKeys } from './get-reviews.ts';

/** POST /api/bookings/:id/review: one side's review of a completed booking. */
export function writeReview(bookingId: string, input: ReviewInput): Promise<Review> {
  return api<{ review: Review }>(`${BOOKINGS_API}/${encodeURIComponent(bookingId)}/review`, {
    method: 'POST',
    json: input,
  }).then((r) => r.review);
}

export function useWriteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, input }: { bookingId: string; input: ReviewInput }) =>
      writeReview(bookingId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
      ]),
  });
}
