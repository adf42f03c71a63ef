import { api } from '../../../lib/api.ts';

// Issue 29: the sign-in code by mail (Better Auth's email-otp plugin under /api/auth), offered while
// password sign-in is slowed. Plain JSON calls, like the SMS code's.

/** Mails a 6-digit sign-in code to `email` (the answer is the same for an unknown address). */
export function sendEmailCode(email: string): Promise<unknown> {
  return api('/api/auth/email-otp/send-verification-otp', {
    method: 'POST',
    json: { email, type: 'sign-in' },
  });
}

/** Signs in with the code; the session cookie is set. */
export function signInWithEmailCode(email: string, otp: string): Promise<unknown> {
  return api('/api/auth/sign-in/email-otp', { method: 'POST', json: { email, otp } });
}

/** What a slowed sign-in's 429 says (details of RATE_LIMITED): seconds to wait, and a code offered. */
export interface SignInCodeOffer {
  email: string;
  retryAfter: number;
}

/** The offer in a refusal of password sign-in, if it carries one. */
export function codeOfferOf(details: unknown, email: string): SignInCodeOffer | null {
  if (!details || typeof details !== 'object') return null;
  const { signInCode, retryAfter } = details as { signInCode?: unknown; retryAfter?: unknown };
  if (signInCode !== 'email') return null;
  return { email, retryAfter: typeof retryAfter === 'number' && retryAfter > 0 ? retryAfter : 0 };
}
