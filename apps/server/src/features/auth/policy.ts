import {
  AUTH_TEXT,
  type FieldIssue,
  forgotPasswordSchema,
  newPasswordField,
  signInSchema,
  signUpServerSchema,
} from '@adwuma/shared';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { authSessions, authUsers } from '../../db/schema.ts';
import type { LimitRule, LimitStore } from '../../lib/limits/index.ts';
import { logSecurityEvent } from '../../lib/security-events.ts';
import { DEFAULT_SMS_BUDGET, type SmsBudget } from '../../lib/sms/index.ts';
import {
  enforceOtpSend,
  holdSendClaim,
  numberTakenRefusal,
  phoneErrorAnswer,
  phoneTakenByOther,
  releaseSendClaim,
  sendOtpBody,
  verifyBody,
} from './phone-auth.ts';
import { signInCodeRefusal } from './sign-in-code.ts';
import {
  type AuthMiddlewareContext,
  guardPasswordCheck,
  guardSignIn,
  rememberSignedInDevice,
  settleCharge,
} from './sign-in-guard.ts';

/** Set by our HTTP mount from Fastify's request.ip (any client-sent value is replaced). */
export const CLIENT_IP_HEADER = 'x-adwuma-client-ip';

/** Where mails and OAuth send people back to (spec 2 "/auth/callback"). */
export const AUTH_CALLBACK_PATH = '/auth/callback';
/** Spec 7: "Reset password for email: redirect {origin}/auth?mode=reset-password". */
export const RESET_PASSWORD_PATH = '/auth?mode=reset-password';
/** A used, expired or unknown reset token: the password stays as it was. */
export const RESET_LINK_INVALID =
  'This password reset link is invalid or has expired. Please ask for a new one.';
/** Issue 29: the sign-in code's field message. */
export const SIGN_IN_CODE_FORMAT = 'Enter the 6-digit code from the email';

interface Limit extends LimitRule {
  /** What is counted: the client address, the email, or the pair of both. */
  by: 'ip' | 'email' | 'ip+email';
  message: string;
}

const minutes = (n: number) => n * 60;

/**
 * Server-side limits per client address and per email. The spec's client limiters (password reset
 * 3 per 30 minutes per email) are enforced here too. Per-address limits are generous: many phones in
 * Ghana share one carrier address, so the per-email limits do the close guarding.
 * Password sign-in has no fixed window (issue 29: a spent window locked the owner, or everyone behind
 * one carrier address, out for up to an hour): wrong passwords slow it by growing, capped waits
 * (sign-in-guard.ts, rules in sign-in-delay.ts). Limits are checked in order and the first refusal
 * stops the count.
 */
export const AUTH_LIMITS: Record<string, Limit[]> = {
  '/sign-up/email': [{ by: 'ip', max: 20, windowSeconds: minutes(60), message: AUTH_TEXT.rateLimited }],
  '/send-verification-email': [
    { by: 'ip', max: 10, windowSeconds: minutes(10), message: AUTH_TEXT.rateLimited },
    { by: 'email', max: 3, windowSeconds: minutes(10), message: AUTH_TEXT.rateLimited },
  ],
  '/request-password-reset': [
    { by: 'ip', max: 10, windowSeconds: minutes(30), message: AUTH_TEXT.resetRateLimited },
    { by: 'email', max: 3, windowSeconds: minutes(30), message: AUTH_TEXT.resetRateLimited },
  ],
  '/reset-password': [{ by: 'ip', max: 10, windowSeconds: minutes(15), message: AUTH_TEXT.rateLimited }],
  '/two-factor/verify-totp': [
    { by: 'ip', max: 20, windowSeconds: minutes(5), message: AUTH_TEXT.rateLimited },
  ],
  '/two-factor/verify-backup-code': [
    { by: 'ip', max: 20, windowSeconds: minutes(5), message: AUTH_TEXT.rateLimited },
  ],
  '/sign-in/social': [{ by: 'ip', max: 20, windowSeconds: minutes(15), message: AUTH_TEXT.rateLimited }],
  // Issue 21: codes are guessed per number (5 tries, then spent); this slows guessing across numbers.
  '/phone-number/verify': [{ by: 'ip', max: 60, windowSeconds: minutes(15), message: AUTH_TEXT.rateLimited }],
  // Issue 29: the sign-in code by mail (6 digits, 10 minutes, 5 tries a code): 3 mails per email.
  '/email-otp/send-verification-otp': [
    { by: 'ip', max: 10, windowSeconds: minutes(10), message: AUTH_TEXT.rateLimited },
    { by: 'email', max: 3, windowSeconds: minutes(10), message: AUTH_TEXT.rateLimited },
  ],
  '/sign-in/email-otp': [
    { by: 'ip', max: 30, windowSeconds: minutes(15), message: AUTH_TEXT.rateLimited },
    { by: 'email', max: 15, windowSeconds: minutes(15), message: AUTH_TEXT.rateLimited },
  ],
};

/** Issue 29: the endpoints that check a signed-in user's current password (5 wrong per 15 minutes). */
const PASSWORD_CHECK_PATHS = new Set([
  '/change-password',
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/get-totp-uri',
  '/two-factor/generate-backup-codes',
]);

type Body = Record<string, unknown>;

function validationError(fields: FieldIssue[]): APIError {
  const first = fields[0]!;
  return new APIError('BAD_REQUEST', {
    code: 'VALIDATION_ERROR',
    message: `${first.field}: ${first.message}`,
    details: { fields },
  });
}

function issuesOf(error: z.ZodError, rename: Record<string, string> = {}): FieldIssue[] {
  return error.issues.map((issue) => {
    const key = String(issue.path[0] ?? 'body');
    return { field: rename[key] ?? key, message: issue.message };
  });
}

function refuseUnknown(body: Body, allowed: readonly string[]): void {
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
  if (unknown.length) {
    const field = unknown.join(', ');
    throw validationError([{ field, message: `Unknown field: ${field}` }]);
  }
}

function objectBody(body: unknown): Body {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw validationError([{ field: 'body', message: 'Send the fields as a JSON object' }]);
  }
  return body as Body;
}

/**
 * A redirect target of ours: a path on this site (or a full URL on PUBLIC_URL's origin), never
 * protocol-relative or with control characters. Absent = the fallback.
 */
function sameSite(value: unknown, field: string, publicUrl: string, fallback: string): string {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value !== 'string' || value.length > 2048) {
    throw validationError([{ field, message: 'Must be a path on this site' }]);
  }
  const origin = new URL(publicUrl).origin;
  const path = value.startsWith(`${origin}/`) ? value.slice(origin.length) : value;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\') || /[\u0000-\u001f]/.test(path)) {
    throw validationError([{ field, message: 'Must be a path on this site' }]);
  }
  return path;
}

export interface AuthPolicyDeps {
  database: Database;
  limits: LimitStore;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Issue 29: codes sent by SMS an hour (SMS_HOURLY_BUDGET…); default DEFAULT_SMS_BUDGET. */
  smsBudget?: SmsBudget;
}

/**
 * Better Auth's before hook: our validation (the spec's messages, fields named), the per-IP and
 * per-email limits, the sign-up duplicate answer and the password reset security events. Requests
 * made from server code (auth.api without a request) skip the limits.
 */
export function authBeforeHook(deps: AuthPolicyDeps) {
  const { database, limits: limitStore, publicUrl, log } = deps;
  const onLogError = (error: unknown) => log.error({ err: error }, 'could not store a security event');

  async function enforceLimits(path: string, ip: string | null, email: string | null): Promise<void> {
    const limits = AUTH_LIMITS[path];
    if (!limits) return;
    for (const limit of limits) {
      const who = limit.by === 'ip' ? ip : limit.by === 'email' ? email : ip && email && `${ip}|${email}`;
      if (!who) continue;
      const result = await limitStore.consume(`auth:${path}:${limit.by}:${who}`, limit);
      if (result.allowed) continue;
      if (path === '/request-password-reset') {
        await logSecurityEvent(
          database,
          { event_type: 'password_reset_rate_limited', email, ip, metadata: { limited_by: limit.by } },
          onLogError,
        );
      }
      throw new APIError(
        'TOO_MANY_REQUESTS',
        { code: 'RATE_LIMITED', message: limit.message },
        { 'retry-after': String(result.retryAfter) },
      );
    }
  }

  /** The signed-in caller's current-password guesses: 429 after 5 wrong ones (issue 29). */
  async function guardCurrentPassword(ctx: AuthMiddlewareContext): Promise<void> {
    const session = await getSessionFromCtx(ctx);
    if (session) await guardPasswordCheck(database, ctx, session.user.id);
  }

  return createAuthMiddleware(async (ctx) => {
    const path = ctx.path;
    const fromHttp = Boolean(ctx.request);
    const ip = ctx.request?.headers.get(CLIENT_IP_HEADER) ?? null;
    const isPost = (ctx.request?.method ?? 'POST') === 'POST';

    if (path === '/sign-up/email' && isPost) {
      const body = objectBody(ctx.body);
      refuseUnknown(body, ['name', 'email', 'password', 'user_role', 'callbackURL', 'rememberMe']);
      const parsed = signUpServerSchema.safeParse({
        fullName: body.name,
        email: body.email,
        password: body.password,
        userRole: body.user_role ?? undefined,
      });
      if (!parsed.success)
        throw validationError(issuesOf(parsed.error, { fullName: 'name', userRole: 'user_role' }));
      if (body.rememberMe !== undefined && typeof body.rememberMe !== 'boolean') {
        throw validationError([{ field: 'rememberMe', message: 'Must be true or false' }]);
      }
      const callbackURL = sameSite(body.callbackURL, 'callbackURL', publicUrl, AUTH_CALLBACK_PATH);
      if (fromHttp) await enforceLimits(path, ip, parsed.data.email);
      const [existing] = await database.db
        .select({ id: authUsers.id })
        .from(authUsers)
        .where(eq(authUsers.email, parsed.data.email))
        .limit(1);
      // The one enumeration the spec allows: the UI opens its existing-account dialog.
      if (existing)
        throw new APIError('UNPROCESSABLE_ENTITY', {
          code: 'USER_ALREADY_EXISTS',
          message: 'User already exists.',
        });
      return {
        context: {
          body: {
            name: parsed.data.fullName,
            email: parsed.data.email,
            password: parsed.data.password,
            user_role: parsed.data.userRole,
            callbackURL,
            ...(body.rememberMe === undefined ? {} : { rememberMe: body.rememberMe }),
          },
        },
      };
    }

    if (path === '/sign-in/email' && isPost) {
      const body = objectBody(ctx.body);
      refuseUnknown(body, ['email', 'password', 'callbackURL', 'rememberMe']);
      const parsed = signInSchema.safeParse({ email: body.email, password: body.password });
      if (!parsed.success) throw validationError(issuesOf(parsed.error));
      if (body.rememberMe !== undefined && typeof body.rememberMe !== 'boolean') {
        throw validationError([{ field: 'rememberMe', message: 'Must be true or false' }]);
      }
      const callbackURL =
        body.callbackURL === undefined
          ? undefined
          : sameSite(body.callbackURL, 'callbackURL', publicUrl, '/');
      if (fromHttp) await guardSignIn(database, ctx, parsed.data.email, ip);
      return {
        context: {
          body: {
            email: parsed.data.email,
            password: parsed.data.password,
            ...(callbackURL ? { callbackURL } : {}),
            ...(body.rememberMe === undefined ? {} : { rememberMe: body.rememberMe }),
          },
        },
      };
    }

    if (path === '/send-verification-email' && isPost) {
      const body = objectBody(ctx.body);
      refuseUnknown(body, ['email', 'callbackURL']);
      const parsed = forgotPasswordSchema.safeParse({ email: body.email });
      if (!parsed.success) throw validationError(issuesOf(parsed.error));
      const callbackURL = sameSite(body.callbackURL, 'callbackURL', publicUrl, AUTH_CALLBACK_PATH);
      if (fromHttp) await enforceLimits(path, ip, parsed.data.email);
      return { context: { body: { email: parsed.data.email, callbackURL } } };
    }

    if (path === '/request-password-reset' && isPost) {
      const body = objectBody(ctx.body);
      refuseUnknown(body, ['email', 'redirectTo']);
      const parsed = forgotPasswordSchema.safeParse({ email: body.email });
      if (!parsed.success) throw validationError(issuesOf(parsed.error));
      const given = sameSite(body.redirectTo, 'redirectTo', publicUrl, RESET_PASSWORD_PATH);
      // Only our reset screen: spec 2 "mode=reset or mode=reset-password selects reset-password".
      const redirectTo = given === '/auth?mode=reset' ? given : RESET_PASSWORD_PATH;
      const email = parsed.data.email;
      if (fromHttp) await enforceLimits(path, ip, email);
      await logSecurityEvent(database, { event_type: 'password_reset_requested', email, ip }, onLogError);
      return { context: { body: { email, redirectTo } } };
    }

    if (path === '/reset-password' && isPost) {
      const body = objectBody(ctx.body);
      refuseUnknown(body, ['newPassword', 'token']);
      if (fromHttp) await enforceLimits(path, ip, null);
      const fields: FieldIssue[] = [];
      if (typeof body.token !== 'string' || body.token.length === 0 || body.token.length > 200) {
        fields.push({ field: 'token', message: 'The reset link is missing its token' });
      }
      const password = newPasswordField.safeParse(body.newPassword);
      if (!password.success)
        fields.push({ field: 'newPassword', message: password.error.issues[0]!.message });
      if (fields.length) throw validationError(fields);
      return;
    }

    if (path === '/change-password' && isPost) {
      const body = objectBody(ctx.body);
      refuseUnknown(body, ['currentPassword', 'newPassword', 'revokeOtherSessions']);
      const password = newPasswordField.safeParse(body.newPassword);
      if (!password.success)
        throw validationError([{ field: 'newPassword', message: password.error.issues[0]!.message }]);
      if (typeof body.currentPassword !== 'string' || body.currentPassword.length === 0) {
        throw validationError([{ field: 'currentPassword', message: 'Enter your current password' }]);
      }
      if (fromHttp) await guardCurrentPassword(ctx);
      // Issue 29: a new password ends every other session, whatever the client asked; this one goes
      // on (Better Auth gives it a fresh session and cookie).
      return {
        context: {
          body: {
            currentPassword: body.currentPassword,
            newPassword: password.data,
            revokeOtherSessions: true,
          },
        },
      };
    }

    if (PASSWORD_CHECK_PATHS.has(path) && isPost) {
      if (fromHttp) await guardCurrentPassword(ctx);
      return;
    }

    // Issue 29: a sign-in code by mail, for the way in while password sign-in is slowed.
    if (path === '/email-otp/send-verification-otp' && isPost) {
      const body = objectBody(ctx.body);
      refuseUnknown(body, ['email', 'type']);
      const parsed = forgotPasswordSchema.safeParse({ email: body.email });
      if (!parsed.success) throw validationError(issuesOf(parsed.error));
      if (body.type !== undefined && body.type !== 'sign-in') {
        throw validationError([{ field: 'type', message: 'Only sign-in codes are sent' }]);
      }
      if (fromHttp) await enforceLimits(path, ip, parsed.data.email);
      return { context: { body: { email: parsed.data.email, type: 'sign-in' } } };
    }

    if (path === '/sign-in/email-otp' && isPost) {
      const body = objectBody(ctx.body);
      refuseUnknown(body, ['email', 'otp']);
      const parsed = forgotPasswordSchema.safeParse({ email: body.email });
      if (!parsed.success) throw validationError(issuesOf(parsed.error));
      const otp = typeof body.otp === 'string' ? body.otp.replace(/\s/g, '') : '';
      if (!/^\d{6}$/.test(otp)) {
        throw validationError([{ field: 'otp', message: SIGN_IN_CODE_FORMAT }]);
      }
      if (fromHttp) await enforceLimits(path, ip, parsed.data.email);
      return { context: { body: { email: parsed.data.email, otp } } };
    }

    // Issue 29: list-sessions answers no tokens, so a session is revoked by its id (the caller's own).
    if (path === '/revoke-session' && isPost) {
      const body = objectBody(ctx.body);
      refuseUnknown(body, ['id']);
      if (typeof body.id !== 'string' || body.id.length === 0 || body.id.length > 200) {
        throw validationError([{ field: 'id', message: 'Name the session to end' }]);
      }
      const session = await getSessionFromCtx(ctx);
      if (!session)
        throw new APIError('UNAUTHORIZED', { code: 'UNAUTHORIZED', message: 'Sign in to continue.' });
      const [row] = await database.db
        .select({ token: authSessions.token })
        .from(authSessions)
        .where(and(eq(authSessions.id, body.id), eq(authSessions.userId, session.user.id)))
        .limit(1);
      if (!row) throw new APIError('NOT_FOUND', { code: 'NOT_FOUND', message: 'Session not found.' });
      return { context: { body: { token: row.token } } };
    }

    // Issue 21: a code by SMS (send-otp limits in phone-auth.ts), then sign-in, sign-up or verifying
    // the phone of a signed-in account (updatePhoneNumber).
    if (path === '/phone-number/send-otp' && isPost) {
      const body = sendOtpBody(objectBody(ctx.body));
      if (fromHttp) {
        const session = ctx.request?.headers.get('cookie') ? await getSessionFromCtx(ctx) : null;
        if (session && (await phoneTakenByOther(database, body.phoneNumber, session.user.id))) {
          throw numberTakenRefusal();
        }
        const claim = await enforceOtpSend(
          { database, limits: limitStore, budget: deps.smsBudget ?? DEFAULT_SMS_BUDGET, log, onLogError },
          body.phoneNumber,
          ip,
        );
        // Handed back by the after hook, once the SMS is recorded.
        if (ctx.request) holdSendClaim(ctx.request, claim);
        else await claim.release();
      }
      return { context: { body } };
    }

    if (path === '/phone-number/verify' && isPost) {
      const body = verifyBody(objectBody(ctx.body));
      if (fromHttp) await enforceLimits(path, ip, null);
      return { context: { body } };
    }

    if (path === '/sign-in/social' && isPost) {
      const body = objectBody(ctx.body);
      refuseUnknown(body, [
        'provider',
        'callbackURL',
        'errorCallbackURL',
        'newUserCallbackURL',
        'disableRedirect',
      ]);
      if (body.provider !== 'google')
        throw validationError([{ field: 'provider', message: 'Unknown sign-in provider' }]);
      if (fromHttp) await enforceLimits(path, ip, null);
      const callbackURL = sameSite(body.callbackURL, 'callbackURL', publicUrl, AUTH_CALLBACK_PATH);
      return {
        context: {
          body: {
            provider: 'google',
            callbackURL,
            errorCallbackURL: sameSite(
              body.errorCallbackURL,
              'errorCallbackURL',
              publicUrl,
              AUTH_CALLBACK_PATH,
            ),
            newUserCallbackURL: sameSite(
              body.newUserCallbackURL,
              'newUserCallbackURL',
              publicUrl,
              callbackURL,
            ),
            ...(body.disableRedirect === true ? { disableRedirect: true } : {}),
          },
        },
      };
    }

    if (fromHttp && AUTH_LIMITS[path] && isPost) await enforceLimits(path, ip, null);
  });
}

/** A session as list-sessions answers it: everything but the token. */
function withoutToken(session: unknown): unknown {
  if (!session || typeof session !== 'object') return session;
  const { token: _token, ...rest } = session as Record<string, unknown>;
  return rest;
}

/** Better Auth's after hook: a refused password reset (bad, used or expired token) is a security event. */
export function authAfterHook(deps: AuthPolicyDeps) {
  const onLogError = (error: unknown) => deps.log.error({ err: error }, 'could not store a security event');
  return createAuthMiddleware(async (ctx) => {
    // Issue 29: wrong passwords stay counted, right ones are refunded; a device that got a session
    // is known from now on.
    await settleCharge(deps.database, ctx);
    await rememberSignedInDevice(ctx);
    if (ctx.path === '/list-sessions' && Array.isArray(ctx.context.returned)) {
      // Raw session tokens never reach page JavaScript; revoke-session takes the id.
      return ctx.json(ctx.context.returned.map(withoutToken));
    }
    if (ctx.path === '/sign-in/email-otp' && isAPIError(ctx.context.returned)) {
      const refusal = signInCodeRefusal((ctx.context.returned.body as { code?: string } | undefined)?.code);
      if (refusal) throw refusal;
      return;
    }
    if (
      (ctx.path === '/change-password' || ctx.path === '/sign-in/email-otp') &&
      !isAPIError(ctx.context.returned)
    ) {
      const returned = ctx.context.returned as Record<string, unknown> | null;
      if (returned && typeof returned === 'object' && 'token' in returned)
        return ctx.json({ ...returned, token: null });
    }
    if (ctx.path === '/phone-number/verify' || ctx.path === '/phone-number/send-otp') {
      if (ctx.path === '/phone-number/send-otp') await releaseSendClaim(ctx.request);
      const returned = ctx.context.returned;
      if (!isAPIError(returned)) return;
      const answer = phoneErrorAnswer((returned.body as { code?: string } | undefined)?.code);
      if (answer) throw answer;
      return;
    }
    if (ctx.path !== '/reset-password') return;
    const returned = ctx.context.returned;
    if (!isAPIError(returned)) return;
    const body = returned.body as { code?: string; message?: string } | undefined;
    if (body?.code === 'VALIDATION_ERROR' || body?.code === 'RATE_LIMITED') return;
    await logSecurityEvent(
      deps.database,
      {
        event_type: 'password_reset_failed',
        ip: ctx.request?.headers.get(CLIENT_IP_HEADER) ?? null,
        metadata: { error: body?.code ?? body?.message ?? 'unknown' },
      },
      onLogError,
    );
    if (body?.code === 'INVALID_TOKEN') {
      throw new APIError('BAD_REQUEST', { code: 'INVALID_TOKEN', message: RESET_LINK_INVALID });
    }
  });
}
