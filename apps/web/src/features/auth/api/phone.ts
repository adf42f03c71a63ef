import type { SignupRole } from '@adwuma/shared';
import { api } from '../../../lib/api.ts';

// Issue 21: sign-in, sign-up and number checks by SMS code (Better Auth's phone-number plugin under
// /api/auth). Plain JSON calls: the /auth page does not need Better Auth's client for these.

/** Sends a 6-digit code by SMS to `phoneNumber` (+233…). Refusals carry the server's message. */
export function sendPhoneCode(phoneNumber: string): Promise<unknown> {
  return api('/api/auth/phone-number/send-otp', { method: 'POST', json: { phoneNumber } });
}

export interface VerifyPhoneInput {
  phoneNumber: string;
  code: string;
  /** Sign-up: the new account's name and role. */
  name?: string;
  userRole?: SignupRole;
  /** A signed-in account adding this number (settings): no new session. */
  updatePhoneNumber?: boolean;
}

/** Checks the code: signs in (or up) and sets the session cookie, or adds the number to the account. */
export function verifyPhoneCode(input: VerifyPhoneInput): Promise<unknown> {
  return api('/api/auth/phone-number/verify', {
    method: 'POST',
    json: {
      phoneNumber: input.phoneNumber,
      code: input.code,
      ...(input.name ? { name: input.name } : {}),
      ...(input.userRole ? { user_role: input.userRole } : {}),
      ...(input.updatePhoneNumber ? { updatePhoneNumber: true } : {}),
    },
  });
}
