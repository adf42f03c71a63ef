import type { Review } from '@adwuma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { REVIEWS_API, reviewKeys } from './get-reviews.ts';

/** POST /api/reviews/:id/reply: the reviewed side answers once. */
export function replyToReview(reviewId: string, reply: string): Promise<Review> {
  return api<{ review: Review }>(`${REVIEWS_API}/${encodeURIComponent(reviewId)}/reply`, {
    method: 'POST',
    json: { reply },
  }).then((r) => r.review);
}

export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reply }: { reviewId: string; reply: string }) => replyToReview(reviewId, reply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
