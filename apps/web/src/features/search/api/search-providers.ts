import { type SearchQuery, type SearchQueryInput, type SearchResponse, searchToParams } from '@adwuma/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type { ProviderCard, SearchQuery, SearchResponse } from '@adwuma/shared';

export const SEARCH_API = '/api/search';

/**
 * The API's query string for a search: the same parameters, in the same order, as the page's URL
 * (searchToParams), so what is shared is exactly what is asked.
 */
export function searchApiParams(query: Partial<SearchQueryInput>): string {
  return searchToParams(query).toString();
}

/** GET /api/search. */
export function searchProviders(
  query: Partial<SearchQueryInput>,
  signal?: AbortSignal,
): Promise<SearchResponse> {
  const qs = searchApiParams(query);
  return api<SearchResponse>(qs ? `${SEARCH_API}?${qs}` : SEARCH_API, { signal });
}

export const searchKeys = {
  all: ['search'] as const,
  query: (qs: string) => ['search', qs] as const,
};

export const searchQuery = (query: SearchQuery) => {
  const qs = searchApiParams(query);
  return queryOptions({
    queryKey: searchKeys.query(qs),
    queryFn: ({ signal }) => searchProviders(query, signal),
    // A changed filter keeps the last results on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
};

export function useSearchProviders(query: SearchQuery) {
  return useQuery(searchQuery(query));
}
