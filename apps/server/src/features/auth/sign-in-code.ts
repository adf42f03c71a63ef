import { APIError } from 'better-auth/api';

/** Issue 29: the sign-in code by mail (Better Auth's email-otp plugin, configured in plugins/auth.ts). */
export const SIGN_IN_CODE_LENGTH = 6;
export const SIGN_IN_CODE_TTL_SECONDS = 10 * 60;
/** Wrong codes allowed per code; the code is spent after them. */
export const SIGN_IN_CODE_TRIES = 5;

export const SIGN_IN_CODE_TEXT = {
  wrong: 'That code is not right. Check the email and try again.',
  expired: 'This code has expired. Ask for a new one.',
  spent: 'Too many wrong codes. Ask for a new one.',
  twoFactor: 'This account uses an authenticator app: sign in with your password and its code.',
} as const;

export const SIGN_IN_CODE_TWO_FACTOR = SIGN_IN_CODE_TEXT.twoFactor;

/** The plugin's refusals ("Invalid OTP", …) in our words, with codes the client can tell apart. */
export function signInCodeRefusal(code: string | undefined): APIError | null {
  if (code === 'INVALID_OTP') {
    return new APIError('BAD_REQUEST', { code: 'INVALID_CODE', message: SIGN_IN_CODE_TEXT.wrong });
  }
  if (code === 'OTP_EXPIRED') {
    return new APIError('BAD_REQUEST', { code: 'CODE_EXPIRED', message: SIGN_IN_CODE_TEXT.expired });
  }
  if (code === 'TOO_MANY_ATTEMPTS') {
    return new APIError('FORBIDDEN', { code: 'TOO_MANY_ATTEMPTS', message: SIGN_IN_CODE_TEXT.spent });
  }
  return null;
}
