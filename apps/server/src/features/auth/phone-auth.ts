import {
  decideOtpSend,
  GHANA_PHONE_MESSAGE,
  isPhoneAccountEmail,
  LANGUAGE_COOKIE,
  type Language,
  normalizeGhanaPhone,
  normalizeOtp,
  OTP_MESSAGES,
  OTP_PER_ADDRESS_PER_HOUR,
  otpSmsText,
  otpTriesLeft,
  resolveLanguage,
  signUpServerSchema,
} from '@adwuma/shared';
import { APIError } from 'better-auth/api';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authUsers, profiles, smsOutbox } from '../../db/schema.ts';
import type { LimitStore } from '../../lib/limits/index.ts';
import { type SmsGateway, sendSms } from '../../lib/sms/index.ts';

/** Issue 21: sign-in and sign-up by SMS code (Better Auth's phone-number plugin) and our rules around it. */

export const OTP_TEMPLATE = 'otp';
export const PHONE_NOT_REGISTERED = 'No account uses this number yet. Sign up with it instead.';
export const SMS_NOT_SENT = 'We could not send the SMS. Check the number and try again in a minute.';
export const SMS_UNAVAILABLE = 'Sign-in by SMS code is not available yet. Use your email address instead.';

const HOUR = 60 * 60;

/** Better Auth's identifier of the code row for a number (phone-number plugin). */
export const otpIdentifier = (phoneNumber: string) => `phone-number-otp-${phoneNumber}`;

type Body = Record<string, unknown>;

function fieldRefusal(field: string, message: string): APIError {
  return new APIError('BAD_REQUEST', {
    code: 'VALIDATION_ERROR',
    message: `${field}: ${message}`,
    details: { fields: [{ field, message }] },
  });
}

/** The number as E.164 (+233XXXXXXXXX), or a refusal naming phoneNumber. */
export function phoneOf(value: unknown): string {
  const phone = typeof value === 'string' && value.length <= 40 ? normalizeGhanaPhone(value) : null;
  if (!phone) throw fieldRefusal('phoneNumber', GHANA_PHONE_MESSAGE);
  return phone;
}

export async function userIdWithPhone(database: Database, phone: string): Promise<string | null> {
  const [row] = await database.db
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(eq(authUsers.phoneNumber, phone))
    .limit(1);
  return row?.id ?? null;
}

/** The number is another account's (a signed-in user verifying it for their own). */
export async function phoneTakenByOther(database: Database, phone: string, userId: string): Promise<boolean> {
  const [row] = await database.db
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(and(eq(authUsers.phoneNumber, phone), ne(authUsers.id, userId)))
    .limit(1);
  return row !== undefined;
}

export const numberTakenRefusal = () =>
  new APIError('BAD_REQUEST', { code: 'PHONE_NUMBER_TAKEN', message: OTP_MESSAGES.numberTaken });

/**
 * POST /phone-number/send-otp: resend after 60 s, OTP_PER_NUMBER_PER_HOUR per number (counted in
 * sms_outbox), OTP_PER_ADDRESS_PER_HOUR per client address (the limit store). 429 + Retry-After.
 */
export async function enforceOtpSend(
  deps: { database: Database; limits: LimitStore },
  phone: string,
  ip: string | null,
  now = new Date(),
): Promise<void> {
  const since = new Date(now.getTime() - HOUR * 1000);
  const recent = await deps.database.db
    .select({ created_at: smsOutbox.created_at, status: smsOutbox.status })
    .from(smsOutbox)
    .where(
      and(
        eq(smsOutbox.to_number, phone),
        eq(smsOutbox.template, OTP_TEMPLATE),
        gt(smsOutbox.created_at, since),
      ),
    )
    .orderBy(desc(smsOutbox.created_at));
  // A code the gateway refused may be asked for again at once; it still counts for the hour.
  const lastSent = recent.find((r) => r.status === 'sent')?.created_at ?? null;
  const byNumber = decideOtpSend({
    now,
    lastSentToNumber: lastSent,
    sentToNumberLastHour: recent.length,
    askedFromAddressLastHour: 0,
  });
  if (!byNumber.ok) {
    if (byNumber.reason === 'resend_too_soon') {
      throw tooMany(OTP_MESSAGES.resendTooSoon(byNumber.retryAfterSeconds), byNumber.retryAfterSeconds);
    }
    const oldest = recent[recent.length - 1]!.created_at;
    const wait = Math.max(1, Math.ceil((oldest.getTime() + HOUR * 1000 - now.getTime()) / 1000));
    throw tooMany(OTP_MESSAGES.numberLimit, wait);
  }
  if (!ip) return;
  const used = await deps.limits.consume(`auth:/phone-number/send-otp:ip:${ip}`, {
    max: OTP_PER_ADDRESS_PER_HOUR,
    windowSeconds: HOUR,
  });
  const byAddress = decideOtpSend({
    now,
    lastSentToNumber: null,
    sentToNumberLastHour: 0,
    askedFromAddressLastHour: used.count - 1,
  });
  if (!byAddress.ok) throw tooMany(OTP_MESSAGES.addressLimit, used.retryAfter || HOUR);
}

function tooMany(message: string, retryAfter: number): APIError {
  return new APIError(
    'TOO_MANY_REQUESTS',
    { code: 'RATE_LIMITED', message },
    { 'retry-after': String(retryAfter) },
  );
}

/** The before hook's check of POST /phone-number/send-otp's body: the normalised number. */
export function sendOtpBody(raw: Body): { phoneNumber: string } {
  const unknown = Object.keys(raw).filter((k) => k !== 'phoneNumber');
  if (unknown.length) throw fieldRefusal(unknown.join(', '), `Unknown field: ${unknown.join(', ')}`);
  return { phoneNumber: phoneOf(raw.phoneNumber) };
}

const newAccountSchema = signUpServerSchema.pick({ fullName: true, userRole: true });

/**
 * The before hook's check of POST /phone-number/verify: the number, the code's shape; for a sign-in
 * an account with the number must exist (a typo must not create one); a sign-up takes `name`
 * (required, the email sign-up's rule) and `user_role` (customer or explorer).
 */
export async function verifyBody(
  database: Database,
  raw: Body,
): Promise<Record<string, unknown> & { phoneNumber: string; code: string }> {
  const allowed = ['phoneNumber', 'code', 'name', 'user_role', 'updatePhoneNumber'];
  const unknown = Object.keys(raw).filter((k) => !allowed.includes(k));
  if (unknown.length) throw fieldRefusal(unknown.join(', '), `Unknown field: ${unknown.join(', ')}`);
  const phoneNumber = phoneOf(raw.phoneNumber);
  const code = typeof raw.code === 'string' ? normalizeOtp(raw.code) : null;
  if (!code) throw fieldRefusal('code', OTP_MESSAGES.invalidCode);
  if (raw.updatePhoneNumber !== undefined && typeof raw.updatePhoneNumber !== 'boolean') {
    throw fieldRefusal('updatePhoneNumber', 'Must be true or false');
  }
  if (raw.updatePhoneNumber === true) return { phoneNumber, code, updatePhoneNumber: true };
  if (await userIdWithPhone(database, phoneNumber)) return { phoneNumber, code };
  if (raw.name === undefined || raw.name === null) {
    throw new APIError('BAD_REQUEST', { code: 'PHONE_NOT_REGISTERED', message: PHONE_NOT_REGISTERED });
  }
  const parsed = newAccountSchema.safeParse({ fullName: raw.name, userRole: raw.user_role ?? undefined });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fieldRefusal(issue.path[0] === 'userRole' ? 'user_role' : 'name', issue.message);
  }
  return { phoneNumber, code, name: parsed.data.fullName, user_role: parsed.data.userRole };
}

/** The code SMS's language: the device's (cookie), the account's, else the browser's. */
export async function otpLanguage(
  database: Database,
  phone: string,
  headers: Headers | undefined,
): Promise<Language> {
  const cookie = cookieValue(headers?.get('cookie') ?? null, LANGUAGE_COOKIE);
  const [row] = await database.db
    .select({ language: profiles.preferred_language })
    .from(authUsers)
    .innerJoin(profiles, eq(profiles.id, authUsers.id))
    .where(eq(authUsers.phoneNumber, phone))
    .limit(1);
  return resolveLanguage({
    cookie,
    account: row?.language ?? null,
    acceptLanguage: headers?.get('accept-language') ?? null,
  });
}

function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** The plugin's sendOTP: the code by SMS, recorded in sms_outbox; a refused SMS is a 502, not a 500. */
export async function sendOtpSms(
  deps: { database: Database; sms: SmsGateway },
  input: { phoneNumber: string; code: string; headers: Headers | undefined },
): Promise<void> {
  if (deps.sms.name === 'none') {
    throw new APIError('SERVICE_UNAVAILABLE', { code: 'SMS_UNAVAILABLE', message: SMS_UNAVAILABLE });
  }
  const language = await otpLanguage(deps.database, input.phoneNumber, input.headers);
  const sent = await sendSms(deps.database.db, deps.sms, {
    to: input.phoneNumber,
    body: otpSmsText(input.code, language),
    template: OTP_TEMPLATE,
    secret: input.code,
  });
  if (sent.status === 'failed') {
    throw new APIError('BAD_GATEWAY', { code: 'SMS_NOT_SENT', message: SMS_NOT_SENT });
  }
}

/** After a number is verified: the profile's phone is that number. */
export async function setProfilePhone(database: Database, userId: string, phone: string): Promise<void> {
  await database.db.update(profiles).set({ phone }).where(eq(profiles.id, userId));
}

/**
 * The plugin's refusals in our words (OTP_MESSAGES). A wrong code tells how many tries are left;
 * the last wrong one spends the code.
 */
export async function phoneErrorAnswer(
  code: string | undefined,
  triesUsed: () => Promise<number | null>,
): Promise<APIError | null> {
  switch (code) {
    case 'OTP_NOT_FOUND':
      return new APIError('BAD_REQUEST', { code: 'OTP_NOT_FOUND', message: OTP_MESSAGES.noCode });
    case 'OTP_EXPIRED':
      return new APIError('BAD_REQUEST', { code: 'OTP_EXPIRED', message: OTP_MESSAGES.expired });
    case 'TOO_MANY_ATTEMPTS':
      return new APIError('FORBIDDEN', { code: 'OTP_TOO_MANY_TRIES', message: OTP_MESSAGES.tooManyTries });
    case 'PHONE_NUMBER_EXIST':
      return numberTakenRefusal();
    case 'INVALID_PHONE_NUMBER':
      return fieldRefusal('phoneNumber', GHANA_PHONE_MESSAGE);
    case 'INVALID_OTP': {
      const used = await triesUsed();
      const triesLeft = used === null ? 0 : otpTriesLeft(used);
      // The last wrong try spent the code (the status stays the plugin's 400; its later refusals are 403).
      if (triesLeft === 0) {
        return new APIError('BAD_REQUEST', {
          code: 'OTP_TOO_MANY_TRIES',
          message: OTP_MESSAGES.tooManyTries,
        });
      }
      return new APIError('BAD_REQUEST', {
        code: 'OTP_INVALID',
        message: OTP_MESSAGES.wrongCode,
        details: { triesLeft },
      });
    }
    default:
      return null;
  }
}

/** Placeholder addresses of phone-only accounts are never mailed. */
export const mailable = (email: string | null | undefined) => !!email && !isPhoneAccountEmail(email);
