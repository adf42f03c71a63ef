/** Where the auth screens send people (spec 2 "Authentication", spec 4 "Auth screen", "Auth callback"). */
export type AuthMode = 'signin' | 'signup' | 'forgot-password' | 'reset-password';

/** Spec 2: mode=signup → signup; mode=reset or reset-password → reset-password; otherwise signin. */
export function authModeFromQuery(mode: string | null | undefined): AuthMode {
  if (mode === 'signup') return 'signup';
  if (mode === 'reset' || mode === 'reset-password') return 'reset-password';
  if (mode === 'forgot-password' || mode === 'forgot') return 'forgot-password';
  return 'signin';
}

/**
 * A returnTo is honoured only when it is a path on our own site: it starts with one "/", is not
 * protocol-relative ("//evil") and has no backslash trick. Anything else is dropped.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value) return null;
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.startsWith('//') || decoded.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f]/.test(decoded) || /^\/\s/.test(decoded)) return null;
  if (decoded.startsWith('/auth')) return null;
  return decoded.slice(0, 2048);
}

/** Spec 2: unauthenticated visits go to /auth?returnTo={encoded path and query}. */
export function signInUrl(returnTo?: string | null): string {
  const safe = safeReturnTo(returnTo ?? null);
  return safe ? `/auth?returnTo=${encodeURIComponent(safe)}` : '/auth';
}

/** Timings of spec 4 and 9. */
export const AUTH_DELAYS = {
  callbackSuccessMs: 1500,
  callbackErrorMs: 3000,
  resetSuccessMs: 2000,
  signOutSuccessMs: 1000,
  signOutFailureMs: 2000,
  resendLockMs: 30_000,
  adminLoadingGiveUpMs: 8000,
  logoutHardRedirectMs: 120,
} as const;

/** Spec 9: password reset requests, 3 per 30 minutes per email. */
export const PASSWORD_RESET_LIMIT = { max: 3, windowMs: 30 * 60_000 } as const;
