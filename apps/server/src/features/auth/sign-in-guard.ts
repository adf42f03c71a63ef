import { randomBytes } from 'node:crypto';
import { AUTH_TEXT } from '@adwuma/shared';
import { APIError, type createAuthMiddleware, isAPIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { authUsers } from '../../db/schema.ts';
import { DELAY_RULES } from './sign-in-delay.ts';
import { type Counter, chargeAttempt, clearCounters, refund } from './sign-in-throttle.ts';

/**
 * Issue 29: sign-in under attack. Wrong passwords slow the account, the address and the pair of
 * both by growing, capped waits (sign-in-delay.ts) instead of locking anyone out; a device that
 * signed in before (a signed, HttpOnly cookie bound to the user) is slowed only by its own
 * failures; and while a sign-in is slowed, a code by mail lets the owner in without the password.
 */
export type AuthMiddlewareContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The known-device cookie (Better Auth adds the `adwuma.` prefix, and `__Secure-` on https). */
export const KNOWN_DEVICE_COOKIE = 'known_device';
const KNOWN_DEVICE_MAX_AGE = 365 * 24 * 3600;

/** The error code of a sign-in that must wait: the client offers "Email me a sign-in code". */
export const SIGN_IN_SLOWED = 'RATE_LIMITED';

export interface SlowedDetails {
  retryAfter: number;
  /** Always 'email': a code by mail signs the owner in without the password. */
  signInCode: 'email';
}

/** The 429 of a slowed sign-in: Retry-After in seconds and the offer of a code. */
export function slowedRefusal(retryAfter: number): APIError {
  const details: SlowedDetails = { retryAfter, signInCode: 'email' };
  return new APIError(
    'TOO_MANY_REQUESTS',
    { code: SIGN_IN_SLOWED, message: AUTH_TEXT.rateLimited, details },
    { 'retry-after': String(retryAfter) },
  );
}

/** The 429 of too many wrong current passwords from a signed-in session. */
export function passwordCheckRefusal(retryAfter: number): APIError {
  return new APIError(
    'TOO_MANY_REQUESTS',
    { code: 'RATE_LIMITED', message: AUTH_TEXT.rateLimited, details: { retryAfter } },
    { 'retry-after': String(retryAfter) },
  );
}

interface KnownDevice {
  userId: string;
  deviceId: string;
}

function cookieOf(ctx: AuthMiddlewareContext) {
  return ctx.context.createAuthCookie(KNOWN_DEVICE_COOKIE, {
    maxAge: KNOWN_DEVICE_MAX_AGE,
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
  });
}

/** The device's known-device cookie, if present and its signature holds. */
export async function knownDeviceOf(ctx: AuthMiddlewareContext): Promise<KnownDevice | null> {
  if (!ctx.request?.headers.get('cookie')) return null;
  const value = await ctx.getSignedCookie(cookieOf(ctx).name, ctx.context.secret);
  if (!value) return null;
  const [userId, deviceId] = value.split(':');
  return userId && deviceId ? { userId, deviceId } : null;
}

/** Marks this device as known to `userId` (keeping its device id if it already had one for them). */
export async function rememberDevice(ctx: AuthMiddlewareContext, userId: string): Promise<void> {
  const current = await knownDeviceOf(ctx);
  const deviceId = current?.userId === userId ? current.deviceId : randomBytes(12).toString('base64url');
  const cookie = cookieOf(ctx);
  await ctx.setSignedCookie(cookie.name, `${userId}:${deviceId}`, ctx.context.secret, cookie.attributes);
}

/** What one sign-in attempt was charged to, kept from the before hook to the after hook. */
interface Charged {
  /** Refunded when the password was right. */
  counted: string[];
  /** Cleared when the password was right (the account+address pair, or the device). */
  cleared: string[];
}
const charges = new WeakMap<Request, Charged>();

/**
 * The counters of a sign-in for `email` from `ip`: a known device of that account counts on its
 * own (attacks from elsewhere do not slow it); any other device counts on the account+address
 * pair, the account and the address.
 */
async function countersFor(
  database: Database,
  ctx: AuthMiddlewareContext,
  email: string,
  ip: string | null,
): Promise<{ counters: Counter[]; cleared: string[] }> {
  const device = await knownDeviceOf(ctx);
  if (device) {
    const [user] = await database.db
      .select({ id: authUsers.id })
      .from(authUsers)
      .where(eq(authUsers.email, email))
      .limit(1);
    if (user?.id === device.userId) {
      const key = `device:${device.userId}:${device.deviceId}`;
      return { counters: [{ key, rule: DELAY_RULES.accountAddress }], cleared: [key] };
    }
  }
  const counters: Counter[] = [{ key: `account:${email}`, rule: DELAY_RULES.account }];
  const cleared: string[] = [];
  if (ip) {
    const pair = `account-address:${email}|${ip}`;
    counters.push({ key: pair, rule: DELAY_RULES.accountAddress });
    counters.push({ key: `address:${ip}`, rule: DELAY_RULES.address });
    cleared.push(pair);
  }
  return { counters, cleared };
}

/** Before a password sign-in: 429 while any of its counters owes a wait, else one failure charged. */
export async function guardSignIn(
  database: Database,
  ctx: AuthMiddlewareContext,
  email: string,
  ip: string | null,
): Promise<void> {
  const { counters, cleared } = await countersFor(database, ctx, email, ip);
  const charge = await chargeAttempt(database, counters);
  if (!charge.allowed) throw slowedRefusal(charge.retryAfter);
  if (ctx.request) charges.set(ctx.request, { counted: counters.map((c) => c.key), cleared });
}

/** The counter of a signed-in user's current-password checks. */
export const passwordCheckKey = (userId: string) => `password-check:${userId}`;

/** Before a current-password check (change it, two-factor on or off): 429 after 5 wrong ones. */
export async function guardPasswordCheck(
  database: Database,
  ctx: AuthMiddlewareContext,
  userId: string,
): Promise<void> {
  const key = passwordCheckKey(userId);
  const charge = await chargeAttempt(database, [{ key, rule: DELAY_RULES.passwordCheck }]);
  if (!charge.allowed) throw passwordCheckRefusal(charge.retryAfter);
  if (ctx.request) charges.set(ctx.request, { counted: [key], cleared: [] });
}

/** Wrong-password answers: the charge stays. */
const WRONG_PASSWORD = new Set(['INVALID_EMAIL_OR_PASSWORD', 'INVALID_PASSWORD']);

/**
 * After the check: a wrong password keeps its charge; anything else (right password, or refused for
 * another reason before the password counted) is refunded, and a right one clears the pair's count.
 */
export async function settleCharge(database: Database, ctx: AuthMiddlewareContext): Promise<void> {
  const charged = ctx.request ? charges.get(ctx.request) : undefined;
  if (!charged) return;
  charges.delete(ctx.request!);
  const returned = ctx.context.returned;
  if (isAPIError(returned)) {
    const code = (returned.body as { code?: string } | undefined)?.code;
    if (code && WRONG_PASSWORD.has(code)) return;
    await refund(database, charged.counted);
    return;
  }
  await refund(database, charged.counted);
  await clearCounters(database, charged.cleared);
}

/**
 * A session was made (any way in): the device is known from now on. Not at the password step of a
 * two-factor account (its session is taken back until the code is given; that step sets it).
 */
export async function rememberSignedInDevice(ctx: AuthMiddlewareContext): Promise<void> {
  const made = ctx.context.newSession;
  if (!made || isAPIError(ctx.context.returned)) return;
  if (ctx.path === '/sign-in/email' && made.user.twoFactorEnabled) return;
  await rememberDevice(ctx, made.user.id);
}
