import type {
  AdminLogsPage,
  AdminOutboxPage,
  AdminOverview,
  AdminSubscription,
  SubscriptionStatus,
  TierId,
} from '@adwuma/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `?${qs}` : '';
}

/** GET /api/admin/overview: counts for the admin dashboard. */
export const adminOverviewQuery = () =>
  queryOptions({
    queryKey: ['admin', 'overview'],
    queryFn: () => api<AdminOverview>('/api/admin/overview'),
    staleTime: 30_000,
  });

/** GET /api/admin/logs?kind=frontend|security&page=. */
export const adminLogsQuery = (kind: 'frontend' | 'security', page: number) =>
  queryOptions({
    queryKey: ['admin', 'logs', kind, page],
    queryFn: () => api<AdminLogsPage>(`/api/admin/logs${query({ kind, page })}`),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

/** GET /api/admin/outbox?page=&to=: stored mail, newest first; `to` matches part of the address. */
export const adminOutboxQuery = (page: number, to: string) =>
  queryOptions({
    queryKey: ['admin', 'outbox', page, to],
    queryFn: () => api<AdminOutboxPage>(`/api/admin/outbox${query({ page, to })}`),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** GET /api/admin/subscriptions: one page of providers' subscriptions, and the count on each tier. */
export interface AdminSubscriptionsAnswer {
  subscriptions: AdminSubscription[];
  total: number;
  page: number;
  page_size: number;
  counts: Record<TierId, number>;
}

export interface AdminSubscriptionsFilter {
  tier?: TierId | '';
  status?: SubscriptionStatus | '';
  q?: string;
  page?: number;
}

/** GET /api/admin/subscriptions?tier=&status=&q=&page=. */
export const adminSubscriptionsQuery = (filter: AdminSubscriptionsFilter = {}) =>
  queryOptions({
    queryKey: [
      'admin',
      'subscriptions',
      filter.tier ?? '',
      filter.status ?? '',
      filter.q ?? '',
      filter.page ?? 1,
    ],
    queryFn: () =>
      api<AdminSubscriptionsAnswer>(
        `/api/admin/subscriptions${query({ tier: filter.tier, status: filter.status, q: filter.q, page: filter.page })}`,
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
