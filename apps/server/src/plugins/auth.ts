import { randomBytes } from 'node:crypto';
import {
  formatGhanaPhone,
  normalizeGhanaMobile,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_SECONDS,
  phoneAccountEmail,
} from '@adwuma/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { emailOTP } from 'better-auth/plugins/email-otp';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { jwt } from 'better-auth/plugins/jwt';
import { phoneNumber } from 'better-auth/plugins/phone-number';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { appSettings, authSchema, authUsers } from '../db/schema.ts';
import { clearPasswordResetRequired, sessionHoldHooks } from '../features/auth/account-holds.ts';
import { createProfileFor } from '../features/auth/create-profile.ts';
import { checkOtpCode, sendOtpSms, setProfilePhone } from '../features/auth/phone-auth.ts';
import {
  AUTH_CALLBACK_PATH,
  authAfterHook,
  authBeforeHook,
  CLIENT_IP_HEADER,
} from '../features/auth/policy.ts';
import { queueAuthMail } from '../features/auth/send-auth-mail.ts';
import {
  SIGN_IN_CODE_LENGTH,
  SIGN_IN_CODE_TRIES,
  SIGN_IN_CODE_TTL_SECONDS,
  SIGN_IN_CODE_TWO_FACTOR,
} from '../features/auth/sign-in-code.ts';
import { announceSessionsEnded } from '../features/realtime/index.ts';
import { COOKIE_PREFIX } from '../kernel/http/session.ts';
import { createDatabaseLimitStore, type LimitStore } from '../lib/limits/index.ts';
import { requestLanguage } from '../lib/mail/texts.ts';
import { logSecurityEvent } from '../lib/security-events.ts';
import { createOutboxGateway, type SmsGateway } from '../lib/sms/index.ts';
import type { JobQueue } from './jobs.ts';
import { trustedOrigins } from './origin-check.ts';

export const AUTH_BASE_PATH = '/api/auth';
const SECRET_KEY = 'better_auth_secret';

const DAY = 24 * 60 * 60;

/**
 * The auth secret: BETTER_AUTH_SECRET, or one generated at first start and kept in app_settings
 * (so sessions survive restarts and every server on one database agrees).
 */
export async function resolveAuthSecret(database: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const { db } = database;
  await db
    .insert(appSettings)
    .values({ key: SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: appSettings.key });
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, SECRET_KEY));
  return row!.value;
}

export interface AuthOptions {
  config: AppConfig;
  database: Database;
  jobs: JobQueue;
  /** Where the sign-in, sign-up and reset limits are counted; default: the database. */
  limits?: LimitStore;
  log: FastifyBaseLogger;
  secret: string;
  /** Where sign-in codes go; default: the dev outbox. */
  sms?: SmsGateway;
}

/** Better Auth, configured for Adwuma: email and password, verification, reset, TOTP, JWKS, OIDC. */
export function createAuth(options: AuthOptions) {
  const { config, database, jobs, log, secret } = options;
  const limits = options.limits ?? createDatabaseLimitStore(database);
  const sms = options.sms ?? createOutboxGateway({ log, env: config.env });
  const policy = { database, limits, publicUrl: config.publicUrl, log, smsBudget: config.smsBudget };
  const onLogError = (error: unknown) => log.error({ err: error }, 'could not store a security event');
  const oidc = config.oidc;
  const holds = sessionHoldHooks(database);
  const hasTwoFactor = async (userId: string) => {
    const [row] = await database.db
      .select({ on: authUsers.twoFactorEnabled })
      .from(authUsers)
      .where(eq(authUsers.id, userId));
    return row?.on === true;
  };

  return betterAuth({
    appName: 'Adwuma',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    // In development the Vite dev server (port 5173) proxies /api, and the browser's Origin is its own.
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(database.db, { provider: 'pg', schema: authSchema }),
    telemetry: { enabled: false },
    logger: {
      level: config.logLevel === 'debug' || config.logLevel === 'trace' ? 'debug' : 'warn',
      log: (level, message, ...args) => {
        const payload = args.length ? { args } : {};
        if (level === 'error') log.error(payload, `auth: ${message}`);
        else if (level === 'warn') log.warn(payload, `auth: ${message}`);
        else if (level === 'info') log.info(payload, `auth: ${message}`);
        else log.debug(payload, `auth: ${message}`);
      },
    },
    user: {
      modelName: 'auth_users',
      additionalFields: {
        // Spec 3 Auth user user_metadata.user_role; the before hook allows customer or explorer only.
        user_role: { type: 'string', required: false, defaultValue: 'customer', input: true },
      },
    },
    session: {
      modelName: 'auth_sessions',
      expiresIn: 7 * DAY,
      updateAge: DAY,
    },
    account: {
      modelName: 'auth_accounts',
      accountLinking: { enabled: true, trustedProviders: ['google'] },
    },
    verification: { modelName: 'auth_verifications' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      requireEmailVerification: config.requireEmailVerification,
      resetPasswordTokenExpiresIn: 30 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }, request) => {
        await queueAuthMail(
          { jobs },
          {
            kind: 'reset-password',
            to: user.email,
            name: user.name,
            url,
            language: requestLanguage(request?.headers),
          },
        );
      },
      onPasswordReset: async ({ user }) => {
        // Issue 19: the new password lifts an admin's forced reset.
        await clearPasswordResetRequired(database, user.id);
        await logSecurityEvent(
          database,
          { event_type: 'password_reset_completed', user_id: user.id, email: user.email },
          onLogError,
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: DAY,
      sendVerificationEmail: async ({ user, url }, request) => {
        // A link resent by a refused sign-in carries the sign-in's callbackURL ("/" by default):
        // verified users land on /auth/callback like every other verification link.
        const link = new URL(url);
        const callback = link.searchParams.get('callbackURL');
        if (!callback || callback === '/') link.searchParams.set('callbackURL', AUTH_CALLBACK_PATH);
        await queueAuthMail(
          { jobs },
          {
            kind: 'verify-email',
            to: user.email,
            name: user.name,
            url: link.toString(),
            language: requestLanguage(request?.headers),
          },
        );
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Issue 21: a sign-up by SMS code takes the name from its body (the plugin's getTempName
          // sees only the number; the before hook checked the name).
          before: async (user, ctx) => {
            const name = (ctx?.body as { name?: unknown } | undefined)?.name;
            if (ctx?.path === '/phone-number/verify' && typeof name === 'string' && name) {
              return { data: { ...user, name } };
            }
          },
          after: async (user) => {
            try {
              await createProfileFor(database.db, user);
            } catch (error) {
              // /api/me heals a missing profile; the account itself must not fail for this.
              log.error({ err: error, userId: user.id }, 'could not create the profile at sign-up');
            }
          },
        },
      },
      session: {
        // Issue 19: no session for a suspended account or one that must reset its password.
        // Issue 29: a sign-in code by mail replaces the password, not the authenticator app.
        create: {
          before: async (session: { userId: string }, ctx) => {
            await holds.create.before(session);
            if (ctx?.path === '/sign-in/email-otp' && (await hasTwoFactor(session.userId))) {
              throw new APIError('FORBIDDEN', {
                code: 'TWO_FACTOR_REQUIRED',
                message: SIGN_IN_CODE_TWO_FACTOR,
              });
            }
          },
          after: holds.create.after,
        },
        // Issue 20: a session that ends (sign-out, sign out everywhere, a password change or reset)
        // leaves the session cache of every process at once, and its sockets close.
        delete: {
          after: async (session: { id: string; userId: string }) => {
            try {
              await announceSessionsEnded(database.db, [{ userId: session.userId, sessionId: session.id }]);
            } catch (error) {
              // Dropped here already; other processes drop it within the cache's 30 s.
              log.error({ err: error, userId: session.userId }, 'could not announce an ended session');
            }
          },
        },
      },
    },
    hooks: { before: authBeforeHook(policy), after: authAfterHook(policy) },
    // Name and picture change through PATCH /api/profile, which keeps the profile and the account in
    // step (and validates them); Better Auth's own update-user would bypass both.
    // Phone accounts have no password: the plugin's password sign-in and reset stay off.
    disabledPaths: [
      '/update-user',
      // Issue 29: the email-otp plugin serves the sign-in code only (send, then sign in).
      '/email-otp/check-verification-otp',
      '/email-otp/verify-email',
      '/email-otp/request-password-reset',
      '/forget-password/email-otp',
      '/email-otp/reset-password',
      '/email-otp/request-email-change',
      '/email-otp/change-email',
      '/sign-in/phone-number',
      '/phone-number/request-password-reset',
      '/phone-number/reset-password',
    ],
    // Our own limits (per IP and per email, in the database) replace Better Auth's in-memory ones.
    rateLimit: { enabled: false },
    onAPIError: {
      errorURL: `${config.publicUrl}${AUTH_CALLBACK_PATH}`,
      // Refusals (APIError) still become Better Auth's answers; anything else (a database that is
      // away, a bug) is thrown to our error handler, which answers 503 + Retry-After or 500 and logs
      // it. Without this Better Auth swallowed the cause into a bare 500.
      throw: true,
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      // Better Auth skips its Origin and callback URL checks when NODE_ENV=test: keep them on, so
      // the tests see what production does.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { validateSchema: true },
    },
    plugins: [
      twoFactor({ issuer: 'Adwuma', twoFactorTable: 'auth_two_factors' }),
      // No JWT header on every session read (nothing uses it; signing one per request is costly).
      jwt({ schema: { jwks: { modelName: 'auth_jwks' } }, disableSettingJwtHeader: true }),
      // Issue 21: sign-in and sign-up by SMS code; the before hook normalises the number and keeps
      // our limits (features/auth/phone-auth.ts).
      phoneNumber({
        otpLength: OTP_LENGTH,
        expiresIn: OTP_TTL_SECONDS,
        allowedAttempts: OTP_MAX_ATTEMPTS,
        phoneNumberValidator: (value) => normalizeGhanaMobile(value) === value,
        // Issue 29: tries counted atomically before the code is compared (phone-auth.ts).
        verifyOTP: (input, ctx) => checkOtpCode(database, input, ctx?.body),
        sendOTP: async ({ phoneNumber: to, code }, ctx) => {
          await sendOtpSms({ database, sms }, { phoneNumber: to, code, headers: ctx?.request?.headers });
        },
        callbackOnVerification: async ({ phoneNumber: verified, user }) => {
          await setProfilePhone(database, user.id, verified);
        },
        signUpOnVerification: {
          getTempEmail: (e164) => phoneAccountEmail(e164),
          getTempName: (e164) => formatGhanaPhone(e164),
        },
      }),
      // Issue 29: "Email me a sign-in code" while password sign-in is slowed: 6 digits, 10 minutes,
      // 5 tries, stored hashed; no account is made for an unknown address (and none is told).
      emailOTP({
        otpLength: SIGN_IN_CODE_LENGTH,
        expiresIn: SIGN_IN_CODE_TTL_SECONDS,
        allowedAttempts: SIGN_IN_CODE_TRIES,
        storeOTP: 'hashed',
        disableSignUp: true,
        sendVerificationOTP: async ({ email, otp, type }, ctx) => {
          if (type !== 'sign-in') return;
          const [user] = await database.db
            .select({ id: authUsers.id, name: authUsers.name, twoFactor: authUsers.twoFactorEnabled })
            .from(authUsers)
            .where(eq(authUsers.email, email))
            .limit(1);
          // A code cannot stand in for the authenticator app: none is sent (the answer is the same).
          if (!user || user.twoFactor) return;
          await queueAuthMail(
            { jobs },
            {
              kind: 'sign-in-code',
              to: email,
              name: user.name,
              code: otp,
              url: `${config.publicUrl}/auth?email=${encodeURIComponent(email)}`,
              language: requestLanguage(ctx?.request?.headers),
            },
          );
        },
      }),
      ...(oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  name: 'Google',
                  discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
                  clientId: oidc.clientId,
                  clientSecret: oidc.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  accessType: 'offline',
                  prompt: 'consent',
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
