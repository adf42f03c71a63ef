import { ACTIVE_ROLE_STORAGE_KEY, type MeResponse } from '@adwuma/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from './api.ts';
import { isRoleFallback, lookUpWithoutRole, ROLE_LOOKUP_TIMEOUT_MS, withTimeout } from './role-fallback.ts';

export const ME_PATH = '/api/me';
/** What the app asks on start: /api/me's answer, or null (200) for a visitor without a session. */
export const SESSION_PATH = '/api/session';
export const ME_QUERY_KEY = ['me'] as const;

export type Me = MeResponse;

/**
 * GET /api/session: the signed-in user, or null when signed out (a 401 is an answer, not a failure).
 * Spec 4: when the lookup of the role fails or takes more than 6 s, the person continues as a
 * customer (role-fallback.ts) if the auth server says they are signed in.
 */
export async function fetchMe(): Promise<Me | null> {
  try {
    const me = await withTimeout(
      (signal) => api<Me | null | undefined>(SESSION_PATH, { signal }),
      ROLE_LOOKUP_TIMEOUT_MS,
    );
    return me && typeof me === 'object' && me.user ? me : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    try {
      return await lookUpWithoutRole();
    } catch {
      throw error;
    }
  }
}

export const meQueryOptions = queryOptions({
  queryKey: ME_QUERY_KEY,
  queryFn: fetchMe,
  // Checked again when the person comes back to the tab, so a session ended elsewhere (sign out
  // everywhere, password reset) is noticed.
  staleTime: 60_000,
  refetchOnWindowFocus: true,
  // A customer stand-in (the role lookup failed) is asked again soon for the real role.
  refetchInterval: (query) => (isRoleFallback(query.state.data) ? 30_000 : false),
});

/** Spec 4: the other local keys for role and onboarding state. */
export const USER_ROLE_STORAGE_KEY = 'userRole';
export const PROVIDER_ROLE_STORAGE_KEY = 'providerRole';
const ONBOARDING_KEY_PREFIXES = ['onboarding', 'adwuma-onboarding'];

/** Clears what the app keeps locally about the signed-in person (spec 4 sign-out and expiry). */
export function clearStoredAuthState(storage: Storage | null = safeLocalStorage()): void {
  if (!storage) return;
  try {
    for (const key of [ACTIVE_ROLE_STORAGE_KEY, USER_ROLE_STORAGE_KEY, PROVIDER_ROLE_STORAGE_KEY]) {
      storage.removeItem(key);
    }
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key && ONBOARDING_KEY_PREFIXES.some((p) => key.startsWith(p))) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // storage unavailable: nothing was kept
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The page the person is on, as a returnTo (path and query). */
export function currentPath(location: { pathname: string; search: string } = window.location): string {
  return `${location.pathname}${location.search}`;
}
