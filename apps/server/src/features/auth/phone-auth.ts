import { timingSafeEqual } from 'node:crypto';
import {
  decideOtpSend,
  GHANA_PHONE_MESSAGE,
  ghanaMobilePrefix,
  ghanaMobileSchema,
  isPhoneAccountEmail,
  LANGUAGE_COOKIE,
  type Language,
  normalizeOtp,
  OTP_MAX_ATTEMPTS,
  OTP_MESSAGES,
  OTP_PER_ADDRESS_PER_HOUR,
  OTP_RESEND_AFTER_SECONDS,
  otpSmsText,
  otpTriesLeft,
  resolveLanguage,
  signUpServerSchema,
} from '@adwuma/shared';
import { APIError } from 'better-auth/api';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { authUsers, profiles, smsOutbox } from '../../db/schema.ts';
import { claimKey, type HeldClaim, type LimitResult, type LimitStore } from '../../lib/limits/index.ts';
import { logSecurityEvent } from '../../lib/security-events.ts';
import { type SmsBudget, type SmsGateway, sendSms } from '../../lib/sms/index.ts';

/** Issue 21: sign-in and sign-up by SMS code (Better Auth's phone-number plugin) and our rules around it. */

export const OTP_TEMPLATE = 'otp';
export const PHONE_NOT_REGISTERED = 'No account uses this number yet. Sign up with it instead.';
export const SMS_NOT_SENT = 'We could not send the SMS. Check the number and try again in a minute.';
export const SMS_UNAVAILABLE = 'Sign-in by SMS code is not available yet. Use your email address instead.';
/** Issue 29: the hourly SMS budget of the whole server is spent. */
export const SMS_BUDGET_REACHED =
  'Codes by SMS are paused: this server has sent as many as it may this hour. Try again later, or use your email address instead.';
/** Issue 29: the hourly SMS budget of one network prefix is spent. */
export const smsPrefixBudgetReached = (prefix: string) =>
  `Codes by SMS to ${prefix} numbers are paused: this server has sent as many to them as it may this hour. Try again later, or use your email address instead.`;

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

/**
 * The number as E.164 (+233XXXXXXXXX), or a refusal naming phoneNumber: a Ghana mobile number only
 * (issue 29: a landline cannot receive the code; the shared schema the phone forms use too).
 */
export function phoneOf(value: unknown): string {
  const parsed = ghanaMobileSchema.safeParse(value);
  if (!parsed.success)
    throw fieldRefusal('phoneNumber', parsed.error.issues[0]?.message ?? GHANA_PHONE_MESSAGE);
  return parsed.data;
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

export interface OtpSendDeps {
  database: Database;
  limits: LimitStore;
  budget: SmsBudget;
  log?: FastifyBaseLogger;
  onLogError?: (error: unknown) => void;
}

/**
 * POST /phone-number/send-otp: resend after 60 s, OTP_PER_NUMBER_PER_HOUR per number (counted in
 * sms_outbox), OTP_PER_ADDRESS_PER_HOUR per client address (the limit store), then the hourly SMS
 * budgets (SMS_BUDGET_REACHED); 429 + Retry-After. Issue 29: the number's checks run under its
 * claim (one row in rate_limits), so of parallel requests for one number exactly one goes on to
 * send; the claim is handed back once its SMS is recorded (`releaseSendClaim`, the after hook).
 */
export async function enforceOtpSend(
  deps: OtpSendDeps,
  phone: string,
  ip: string | null,
  now = new Date(),
): Promise<HeldClaim> {
  const claimed = await claimKey(deps.database, `otp:send:${phone}`, OTP_RESEND_AFTER_SECONDS);
  if (!claimed.claimed) {
    throw tooMany(OTP_MESSAGES.resendTooSoon(claimed.retryAfter), claimed.retryAfter);
  }
  try {
    await checkOtpSend(deps, phone, ip, now);
    await spendSmsBudgets(deps, phone, ip);
    return claimed.claim;
  } catch (error) {
    await claimed.claim.release();
    throw error;
  }
}

async function checkOtpSend(deps: OtpSendDeps, phone: string, ip: string | null, now: Date): Promise<void> {
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

/**
 * Issue 29: one code more in this hour's budgets, the network prefix's first (a pump on one
 * prefix stops there and leaves the other networks their share of the server's budget), then the
 * server's. The request that finds a budget just spent (the first refused one in its window) alerts
 * the operators: a security event at /admin/logs, once per budget and hour.
 */
async function spendSmsBudgets(deps: OtpSendDeps, phone: string, ip: string | null): Promise<void> {
  const prefix = ghanaMobilePrefix(phone) ?? 'other';
  const max = deps.budget.hourlyPerPrefix;
  const byPrefix = await deps.limits.consume(`sms:budget:prefix:${prefix}`, { max, windowSeconds: HOUR });
  if (!byPrefix.allowed) {
    await alertBudgetReached(deps, byPrefix, max, ip, { budget: 'hourly_per_prefix', prefix });
    throw budgetRefusal(smsPrefixBudgetReached(prefix), byPrefix.retryAfter);
  }
  const all = await deps.limits.consume('sms:budget:all', { max: deps.budget.hourly, windowSeconds: HOUR });
  if (!all.allowed) {
    await alertBudgetReached(deps, all, deps.budget.hourly, ip, { budget: 'hourly' });
    throw budgetRefusal(SMS_BUDGET_REACHED, all.retryAfter);
  }
}

async function alertBudgetReached(
  deps: OtpSendDeps,
  result: LimitResult,
  limit: number,
  ip: string | null,
  what: { budget: 'hourly' | 'hourly_per_prefix'; prefix?: string },
): Promise<void> {
  if (result.count !== limit + 1) return;
  deps.log?.warn(
    { ...what, limit },
    'an hourly SMS budget is spent: codes by SMS are refused until it resets',
  );
  await logSecurityEvent(
    deps.database,
    {
      event_type: 'sms_budget_reached',
      ip,
      metadata: { ...what, limit, resets_at: new Date(Date.now() + result.resetMs).toISOString() },
    },
    deps.onLogError,
  );
}

/** 429 (not 503): a refusal with our message, not a server failure (no error log, no database ping). */
function budgetRefusal(message: string, retryAfter: number): APIError {
  return new APIError(
    'TOO_MANY_REQUESTS',
    { code: 'SMS_BUDGET_REACHED', message },
    { 'retry-after': String(retryAfter) },
  );
}

/** The send claims held by requests on their way to the SMS, by request (before hook → after hook). */
const sendClaims = new WeakMap<object, HeldClaim>();

export function holdSendClaim(request: object, claim: HeldClaim): void {
  sendClaims.set(request, claim);
}

/** After send-otp answered (the SMS recorded, sent or failed, or refused): the number's claim back. */
export async function releaseSendClaim(request: object | undefined): Promise<void> {
  const claim = request ? sendClaims.get(request) : undefined;
  if (!request || !claim) return;
  sendClaims.delete(request);
  await claim.release();
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
 * The before hook's check of POST /phone-number/verify: the number, the code's shape; a sign-up
 * takes `name` (required, the email sign-up's rule) and `user_role` (customer or explorer). Issue
 * 29: nothing here depends on whether an account uses the number (the answers would tell); that a
 * sign-in needs an account is checked once the code is right (`checkOtpCode`).
 */
export function verifyBody(raw: Body): Record<string, unknown> & { phoneNumber: string; code: string } {
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
  if (raw.name === undefined || raw.name === null) return { phoneNumber, code };
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

type Rows<T> = { rows: T[] };

/** A stored code's tries (`<code>:<tries>`, the phone-number plugin's format) as SQL. */
const triesOf = sql.raw(
  `(case when split_part(value, ':', 2) ~ '^[0-9]{1,6}$' then split_part(value, ':', 2)::int else 0 end)`,
);

/**
 * The plugin's verifyOTP (issue 29): the try is counted before the code is compared, in one UPDATE
 * of the number's newest code row (…:tries + 1 while tries < OTP_MAX_ATTEMPTS, RETURNING it), so of
 * any number of parallel tries at most OTP_MAX_ATTEMPTS are compared. A right code is spent by
 * deleting its row (the one request that deletes it goes on). A sign-in (no name, not adding the
 * number to an account) with a number no account uses is refused only once the code is right, and
 * the code stays for the sign-up: whoever lacks the code gets the same answers either way.
 */
export async function checkOtpCode(
  database: Database,
  input: { phoneNumber: string; code: string },
  body: Record<string, unknown> | undefined,
): Promise<true> {
  const identifier = otpIdentifier(input.phoneNumber);
  const counted = (await database.db.execute(sql`
    update auth_verifications
    set value = split_part(value, ':', 1) || ':' || (${triesOf} + 1), updated_at = now()
    where id = (
        select id from auth_verifications where identifier = ${identifier}
        order by created_at desc, id desc limit 1
      )
      and expires_at > now()
      and ${triesOf} < ${OTP_MAX_ATTEMPTS}
    returning id, split_part(value, ':', 1) as code, ${triesOf} as tries`)) as unknown as Rows<{
    id: string;
    code: string;
    tries: number;
  }>;
  const row = counted.rows[0];
  if (!row) throw await uncountedRefusal(database, identifier);
  if (!sameCode(row.code, input.code)) {
    const triesLeft = otpTriesLeft(Number(row.tries));
    // The last wrong try spent the code (a later try is refused without comparing: 403).
    if (triesLeft === 0) {
      throw new APIError('BAD_REQUEST', { code: 'OTP_TOO_MANY_TRIES', message: OTP_MESSAGES.tooManyTries });
    }
    throw new APIError('BAD_REQUEST', {
      code: 'OTP_INVALID',
      message: OTP_MESSAGES.wrongCode,
      details: { triesLeft },
    });
  }
  const signIn = body?.updatePhoneNumber !== true && (body?.name === undefined || body.name === null);
  if (signIn && !(await userIdWithPhone(database, input.phoneNumber))) {
    throw new APIError('BAD_REQUEST', { code: 'PHONE_NOT_REGISTERED', message: PHONE_NOT_REGISTERED });
  }
  const spent = (await database.db.execute(
    sql`delete from auth_verifications where id = ${row.id} returning id`,
  )) as unknown as Rows<{ id: string }>;
  // Spent by a parallel request with the same right code: that one goes on.
  if (!spent.rows.length) {
    throw new APIError('BAD_REQUEST', { code: 'OTP_NOT_FOUND', message: OTP_MESSAGES.noCode });
  }
  return true;
}

/** Why no try was counted: no code, an expired one, or one whose tries are used up (both spent now). */
async function uncountedRefusal(database: Database, identifier: string): Promise<APIError> {
  const found = (await database.db.execute(sql`
    select id, expires_at <= now() as expired from auth_verifications where identifier = ${identifier}
    order by created_at desc, id desc limit 1`)) as unknown as Rows<{ id: string; expired: boolean }>;
  const latest = found.rows[0];
  if (!latest) return new APIError('BAD_REQUEST', { code: 'OTP_NOT_FOUND', message: OTP_MESSAGES.noCode });
  await database.db.execute(sql`delete from auth_verifications where identifier = ${identifier}`);
  if (latest.expired) {
    return new APIError('BAD_REQUEST', { code: 'OTP_EXPIRED', message: OTP_MESSAGES.expired });
  }
  return new APIError('FORBIDDEN', { code: 'OTP_TOO_MANY_TRIES', message: OTP_MESSAGES.tooManyTries });
}

function sameCode(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** After a number is verified: the profile's phone is that number. */
export async function setProfilePhone(database: Database, userId: string, phone: string): Promise<void> {
  await database.db.update(profiles).set({ phone }).where(eq(profiles.id, userId));
}

/**
 * The plugin's refusals in our words (OTP_MESSAGES). Codes are compared by `checkOtpCode`, whose
 * refusals are already ours; these are the plugin's own.
 */
export function phoneErrorAnswer(code: string | undefined): APIError | null {
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
    case 'INVALID_OTP':
      return new APIError('BAD_REQUEST', { code: 'OTP_INVALID', message: OTP_MESSAGES.wrongCode });
    default:
      return null;
  }
}

/** Placeholder addresses of phone-only accounts are never mailed. */
export const mailable = (email: string | null | undefined) => !!email && !isPhoneAccountEmail(email);
