import type { publicReviewsResponseSchema } from '@adwuma/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { reviewKeys } from './get-reviews.ts';

export type PublicReviewsResponse = z.infer<typeof publicReviewsResponseSchema>;

/** GET /api/providers/:slug/reviews?page=: published reviews, newest first, a page at a time. */
export const providerReviewsQuery = (slug: string) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.provider(slug),
    queryFn: ({ pageParam, signal }) =>
      api<PublicReviewsResponse>(`/api/providers/${encodeURIComponent(slug)}/reviews?page=${pageParam}`, {
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((n, p) => n + p.items.length, 0);
      return shown < last.total && last.items.length > 0 ? last.page + 1 : undefined;
    },
    staleTime: 60_000,
  });

export function useProviderReviews(slug: string, enabled = true) {
  return useInfiniteQuery({ ...providerReviewsQuery(slug), enabled: enabled && Boolean(slug) });
}
