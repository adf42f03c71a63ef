import { type CategoryProvidersResponse, searchToParams } from '@adwuma/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type { CategoryProvidersResponse } from '@adwuma/shared';

/**
 * What the category page asks: a page, and the sort when it is not the default (top rated). The
 * search page offers every other filter.
 */
export interface CategoryListQuery {
  page?: number;
  sort?: 'price';
}

export function categoryProvidersApiPath(slug: string, query: CategoryListQuery = {}): string {
  const qs = searchToParams(query).toString();
  const path = `/api/categories/${encodeURIComponent(slug)}/providers`;
  return qs ? `${path}?${qs}` : path;
}

/** GET /api/categories/:slug/providers: the category and a page of its providers (404: no such category). */
export function getCategoryProviders(
  slug: string,
  query: CategoryListQuery,
  signal?: AbortSignal,
): Promise<CategoryProvidersResponse> {
  return api<CategoryProvidersResponse>(categoryProvidersApiPath(slug, query), { signal });
}

export const categoryProvidersQuery = (slug: string, query: CategoryListQuery) =>
  queryOptions({
    queryKey: ['category-providers', slug, searchToParams(query).toString()] as const,
    queryFn: ({ signal }) => getCategoryProviders(slug, query, signal),
    // Another page or sort of the same category keeps the last cards on screen (dimmed) until the
    // new ones arrive; another category starts afresh.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === slug ? previous : undefined,
    staleTime: 60_000,
  });

export function useCategoryProviders(slug: string, query: CategoryListQuery) {
  return useQuery(categoryProvidersQuery(slug, query));
}
