import type { ReviewDecisionRequest, ReviewDetail, ReviewQueue, ReviewQueueQuery } from '@adwuma/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type ReviewFilter = NonNullable<ReviewQueueQuery['status']>;

export const reviewKeys = {
  all: ['admin', 'review'] as const,
  queue: (status: ReviewFilter, page: number) => ['admin', 'review', 'queue', status, page] as const,
  detail: (id: string) => ['admin', 'review', 'detail', id] as const,
};

const base = '/api/admin/verification';

/** GET /api/admin/verification?status=&page=: the verification queue, a page at a time. */
export const reviewQueueQuery = (status: ReviewFilter, page: number) =>
  queryOptions({
    queryKey: reviewKeys.queue(status, page),
    queryFn: () => api<ReviewQueue>(`${base}?${new URLSearchParams({ status, page: String(page) })}`),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

/** GET /api/admin/verification/:id: one session with its documents (signed URLs, 1 h). */
export const reviewDetailQuery = (id: string) =>
  queryOptions({
    queryKey: reviewKeys.detail(id),
    queryFn: () => api<ReviewDetail>(`${base}/${encodeURIComponent(id)}`),
    staleTime: 30_000,
  });

/** POST /api/admin/verification/:id/claim: the session goes in_review under this admin. */
export const claimReview = (id: string) =>
  api<ReviewDetail>(`${base}/${encodeURIComponent(id)}/claim`, { method: 'POST' });

/** POST /api/admin/verification/:id/decision: approve, or reject with a note. */
export const decideReview = (id: string, json: ReviewDecisionRequest) =>
  api<ReviewDetail>(`${base}/${encodeURIComponent(id)}/decision`, { method: 'POST', json });
