/**
 * Issue 21: sign-in and verification by SMS code. The server enforces these rules (Better Auth's
 * phone-number plugin plus our limits in the auth before hook); the client mirrors them (the resend
 * countdown, the code field).
 */

/** A code is six digits. */
export const OTP_LENGTH = 6;
/** A code works for five minutes. */
export const OTP_TTL_SECONDS = 5 * 60;
/** Five wrong tries and the code is spent: ask for a new one. */
export const OTP_MAX_ATTEMPTS = 5;
/** A new code for the same number, at the earliest 60 s after the last one. */
export const OTP_RESEND_AFTER_SECONDS = 60;
/** Codes sent to one number per hour. */
export const OTP_PER_NUMBER_PER_HOUR = 5;
/** Codes asked for from one network address per hour (any numbers). */
export const OTP_PER_ADDRESS_PER_HOUR = 20;

export const OTP_MESSAGES = {
  invalidCode: 'Enter the 6-digit code we sent you',
  wrongCode: 'That code is not right. Check the SMS and try again.',
  expired: 'That code has expired. Ask for a new one.',
  tooManyTries: 'Too many wrong codes. Ask for a new one.',
  noCode: 'Ask for a code first.',
  resendTooSoon: (seconds: number) => `You can ask for a new code in ${seconds} s.`,
  numberLimit: 'Too many codes for this number. Try again in an hour.',
  addressLimit: 'Too many codes asked for from this network. Try again later.',
  numberTaken: 'This phone number is already used by another account.',
} as const;

/** Whether `code` has the shape of a code (six digits; spaces the person typed are ignored). */
export function normalizeOtp(code: string): string | null {
  const digits = code.replace(/\s/g, '');
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(digits) ? digits : null;
}

/** Seconds until a new code may be sent to a number whose last code went at `lastSentAt` (0: now). */
export function secondsUntilResend(lastSentAt: Date | null, now: Date): number {
  if (!lastSentAt) return 0;
  const wait = OTP_RESEND_AFTER_SECONDS * 1000 - (now.getTime() - lastSentAt.getTime());
  return wait > 0 ? Math.ceil(wait / 1000) : 0;
}

/** Whether a code sent at `sentAt` still works at `now`. */
export function otpExpired(sentAt: Date, now: Date): boolean {
  return now.getTime() - sentAt.getTime() >= OTP_TTL_SECONDS * 1000;
}

/** Whether another try is allowed after `wrongTries` wrong codes. */
export function otpTriesLeft(wrongTries: number): number {
  return Math.max(0, OTP_MAX_ATTEMPTS - wrongTries);
}

export type OtpSendDecision =
  | { ok: true }
  | { ok: false; reason: 'resend_too_soon'; retryAfterSeconds: number }
  | { ok: false; reason: 'number_limit' | 'address_limit' };

/**
 * May a code be sent now? `sentToNumberLastHour` and `askedFromAddressLastHour` count the codes
 * already sent in the hour before `now`; `lastSentToNumber` is the newest of them.
 */
export function decideOtpSend(input: {
  now: Date;
  lastSentToNumber: Date | null;
  sentToNumberLastHour: number;
  askedFromAddressLastHour: number;
}): OtpSendDecision {
  const wait = secondsUntilResend(input.lastSentToNumber, input.now);
  if (wait > 0) return { ok: false, reason: 'resend_too_soon', retryAfterSeconds: wait };
  if (input.sentToNumberLastHour >= OTP_PER_NUMBER_PER_HOUR) return { ok: false, reason: 'number_limit' };
  if (input.askedFromAddressLastHour >= OTP_PER_ADDRESS_PER_HOUR)
    return { ok: false, reason: 'address_limit' };
  return { ok: true };
}

/** The SMS a code travels in, in the user's language (the code first: phones show it in the preview). */
export function otpSmsText(code: string, language: 'en' | 'ak'): string {
  return language === 'ak'
    ? `${code} ne wo Adwuma koodu. Ɛyɛ adwuma simma 5. Mfa nkyerɛ obiara.`
    : `${code} is your Adwuma code. It works for 5 minutes. Do not share it with anyone.`;
}

/**
 * The placeholder address a phone-only account carries (Better Auth needs an email): never mailed
 * (`.invalid` is reserved, RFC 2606), and hidden wherever an email is shown.
 */
export const PHONE_ACCOUNT_EMAIL_DOMAIN = 'phone.adwuma.invalid';
export const phoneAccountEmail = (e164: string) => `${e164.replace(/^\+/, '')}@${PHONE_ACCOUNT_EMAIL_DOMAIN}`;
export const isPhoneAccountEmail = (email: string | null | undefined) =>
  !!email && email.toLowerCase().endsWith(`@${PHONE_ACCOUNT_EMAIL_DOMAIN}`);
