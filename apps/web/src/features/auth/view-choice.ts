import {
  ACTIVE_ROLE_STORAGE_KEY,
  type ActiveRole,
  VIEW_COOKIE,
  VIEW_COOKIE_MAX_AGE_S,
  viewCookieValue,
} from '@adwuma/shared';
import { safeStorage } from '../../lib/storage.ts';

/**
 * The view a person chose (decision 021): in the `adwuma_view` cookie, which the server reads on a
 * full page load to apply the provider gate before any script, mirrored in local storage (spec 4
 * keeps the active role there). The cookie wins; a choice only in storage (kept before the cookie
 * existed) is copied into it.
 */
export function readViewChoice(): ActiveRole | null {
  if (typeof document === 'undefined') return null;
  const fromCookie = viewCookieValue(document.cookie);
  if (fromCookie) return fromCookie;
  const stored = safeStorage.get(ACTIVE_ROLE_STORAGE_KEY);
  if (stored === 'customer' || stored === 'provider') {
    writeViewCookie(stored);
    return stored;
  }
  return null;
}

function writeViewCookie(view: ActiveRole | null) {
  const age = view ? VIEW_COOKIE_MAX_AGE_S : 0;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${VIEW_COOKIE}=${view ?? ''}; Path=/; Max-Age=${age}; SameSite=Lax${secure}`;
}

/** Keeps the chosen view (null forgets it: sign-out). */
export function writeViewChoice(view: ActiveRole | null): void {
  if (typeof document === 'undefined') return;
  writeViewCookie(view);
  if (view) safeStorage.set(ACTIVE_ROLE_STORAGE_KEY, view);
  else safeStorage.remove(ACTIVE_ROLE_STORAGE_KEY);
}
