import type { QuoteStatus, quoteRequestsResponseSchema } from '@adwuma/shared';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

export type { QuoteRequest } from '@adwuma/shared';
export type QuoteRequestsResponse = z.infer<typeof quoteRequestsResponseSchema>;

export const QUOTE_REQUESTS_API = '/api/quote-requests';

/** Received: the requests customers sent to me as a provider. Sent: the requests I sent. */
export type QuoteBox = 'received' | 'sent';

export const quoteKeys = {
  all: ['quote-requests'] as const,
  list: (box: QuoteBox, status?: QuoteStatus) => ['quote-requests', 'list', box, status ?? 'all'] as const,
  one: (id: string) => ['quote-requests', 'one', id] as const,
};

export const quoteRequestsApiPath = (box: QuoteBox, status?: QuoteStatus) =>
  `${QUOTE_REQUESTS_API}?${new URLSearchParams({ box, ...(status ? { status } : {}) })}`;

/** GET /api/quote-requests?box=&status=: one side's requests, newest first, with the counts of both tabs. */
export const quoteRequestsQuery = (box: QuoteBox, status?: QuoteStatus) =>
  queryOptions({
    queryKey: quoteKeys.list(box, status),
    queryFn: ({ signal }) => api<QuoteRequestsResponse>(quoteRequestsApiPath(box, status), { signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export function useQuoteRequests(
  box: QuoteBox,
  { status, enabled = true }: { status?: QuoteStatus; enabled?: boolean } = {},
) {
  return useQuery({ ...quoteRequestsQuery(box, status), enabled });
}

/** After any change to a request: every list and detail of requests is read again (and `also`). */
export function useRefreshQuoteRequests(also: readonly (readonly string[])[] = []) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
      ...also.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
}
