import type { AuthProviders } from '@adwuma/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const AUTH_PROVIDERS_PATH = '/api/auth/providers';

/** GET /api/auth/providers: whether Google is on and whether sign-up waits for the email link. */
export function getAuthProviders(): Promise<AuthProviders> {
  return api<AuthProviders>(AUTH_PROVIDERS_PATH);
}

export const authProvidersQuery = queryOptions({
  queryKey: ['auth-providers'],
  queryFn: getAuthProviders,
  staleTime: Number.POSITIVE_INFINITY,
});

export function useAuthProviders() {
  return useQuery(authProvidersQuery);
}
