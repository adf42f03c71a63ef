import type { QuoteRequest } from '@adwuma/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { QUOTE_REQUESTS_API, quoteKeys } from './get-quote-requests.ts';

export const quoteRequestApiPath = (id: string) => `${QUOTE_REQUESTS_API}/${encodeURIComponent(id)}`;

/** GET /api/quote-requests/:id: one request, for either side of it. */
export const quoteRequestQuery = (id: string) =>
  queryOptions({
    queryKey: quoteKeys.one(id),
    queryFn: ({ signal }) =>
      api<{ request: QuoteRequest }>(quoteRequestApiPath(id), { signal }).then((r) => r.request),
    staleTime: 30_000,
  });

export function useQuoteRequest(id: string | null) {
  return useQuery({ ...quoteRequestQuery(id ?? ''), enabled: Boolean(id) });
}
