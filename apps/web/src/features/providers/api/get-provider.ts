import type { ProviderProfileResponse } from '@adwuma/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type { ProviderProfileResponse } from '@adwuma/shared';

export const providerApiPath = (slug: string) => `/api/providers/${encodeURIComponent(slug)}`;

/** GET /api/providers/:slug: the public profile (only the code at the slug's end counts). */
export function getProvider(slug: string, signal?: AbortSignal): Promise<ProviderProfileResponse> {
  return api<ProviderProfileResponse>(providerApiPath(slug), { signal });
}

export const providerQuery = (slug: string) =>
  queryOptions({
    queryKey: ['providers', slug] as const,
    queryFn: ({ signal }) => getProvider(slug, signal),
    staleTime: 60_000,
  });

export function useProvider(slug: string) {
  return useQuery(providerQuery(slug));
}
