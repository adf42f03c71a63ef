import type { reviewsResponseSchema, reviewsTabSchema } from '@adwuma/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

export type { Review } from '@adwuma/shared';
export type ReviewsTab = z.infer<typeof reviewsTabSchema>;
export type ReviewsResponse = z.infer<typeof reviewsResponseSchema>;
export type ReviewToWrite = ReviewsResponse['to_write'][number];

export const REVIEWS_API = '/api/reviews';

export const reviewKeys = {
  all: ['reviews'] as const,
  list: (tab: ReviewsTab) => ['reviews', 'list', tab] as const,
  provider: (slug: string) => ['reviews', 'provider', slug] as const,
};

/** GET /api/reviews?tab=: the caller's reviews on one tab, with the counts of all three. */
export const reviewsQuery = (tab: ReviewsTab) =>
  queryOptions({
    queryKey: reviewKeys.list(tab),
    queryFn: ({ signal }) => api<ReviewsResponse>(`${REVIEWS_API}?tab=${tab}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useReviews(tab: ReviewsTab) {
  return useQuery(reviewsQuery(tab));
}
