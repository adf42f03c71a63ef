import { QUERY_GC_MS, QUERY_STALE_MS, retryDelay, shouldRetry } from '@adwuma/shared';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/** Spec 8 retry rules on our API: no retry on a 4xx answer, otherwise up to 2 retries. */
export function retryQuery(failureCount: number, error: unknown): boolean {
  return shouldRetry(failureCount, error instanceof ApiError ? error.status : undefined);
}

/** Data queries (spec 9): fresh 5 minutes, kept 10 minutes, no refetch on window focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        gcTime: QUERY_GC_MS,
        refetchOnWindowFocus: false,
        retry: retryQuery,
        retryDelay,
      },
      mutations: {
        // A form submission is repeated by the person, never behind their back.
        retry: false,
      },
    },
  });
}
