import path from 'node:path';
import { type BillingCadence, DEFAULT_GHS_PRICES, type PaidTierId, parseLandingClaims } from '@adwuma/shared';
import { z } from 'zod';
import { DEFAULT_SMS_BUDGET, type SmsBudget, type SmsConfig } from './lib/sms/gateway.ts';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

const url = (protocols: string[]) =>
  z
    .string()
    .url({ error: 'must be a URL' })
    .refine((v) => protocols.some((p) => v.startsWith(`${p}:`)), {
      error: `must start with ${protocols.map((p) => `${p}:`).join(' or ')}`,
    });

const stripePrice = z
  .string()
  .regex(/^price_\w+$/, { error: 'must be a Stripe price id (price_...)' })
  .optional();

/** A cedi amount to pesewas, without floats. */
const cedis = z
  .string()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: 'must be an amount in cedis such as 150 or 150.50' })
  .transform((v) => {
    const [whole, fraction = ''] = v.split('.');
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  })
  .refine((v) => v > 0, { error: 'must be more than 0' })
  .optional();

/** An hourly count of SMS codes: a whole number from 1 (budgets cannot be switched off). */
const smsBudget = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number of SMS an hour' })
    .int({ error: 'must be a whole number of SMS an hour' })
    .min(1, { error: 'must be at least 1 (SMS_PROVIDER turns SMS off)' })
    .max(1_000_000, { error: 'must be at most 1000000' })
    .default(fallback);

export const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  PUBLIC_URL: url(['http', 'https']).optional(),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('Adwuma <hello@adwuma.com.gh>'),
  SEED_DEMO: bool(true),
  /**
   * The landing's numbers when they are not the demo data's (`providers=250+; rating=4.6`): put into
   * the page when the web app is built (apps/web/scripts/prerender.mjs; `npm start` builds), checked
   * here too so a server started with a malformed value stops and names it (docs/configuration.md).
   */
  LANDING_CLAIMS: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      try {
        parseLandingClaims(v);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message.replace(/^LANDING_CLAIMS: /, '') });
      }
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  MAP_TILE_URL: z.string().default('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** A Nominatim-compatible geocoder (its /reverse and /search); unset: the offline Ghana gazetteer. */
  GEOCODER_URL: url(['http', 'https']).optional(),
  TRUST_PROXY: bool(false),
  /** Rate limits and quotas in Redis (shared by every server); unset: counted in the database. */
  REDIS_URL: url(['redis', 'rediss']).optional(),
  /** Requests a minute per client to /api/* (0 = no limit: load tests only). */
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number' })
    .int()
    .min(0)
    .max(1_000_000)
    .default(300),
  /** Shed load (503) while the server is this many milliseconds behind (0 = never: load tests). */
  SHED_EVENT_LOOP_DELAY_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int()
    .min(0)
    .max(600_000)
    .default(1000),
  /** Shed load (503) while more queries than this wait for a Postgres connection (0 = never). */
  SHED_POOL_WAITING: z.coerce
    .number({ error: 'must be a whole number' })
    .int()
    .min(0)
    .max(100_000)
    .default(50),
  /** Seconds to wait for in-flight requests on shutdown. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(120).default(10),
  /** Signs sessions and tokens. Unset: generated at first start and kept in the database. */
  BETTER_AUTH_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  REQUIRE_EMAIL_VERIFICATION: bool(false),
  /** GET /api/dev/outbox for loopback callers (browser tests); refused with NODE_ENV=production. */
  DEV_OUTBOX: bool(false),
  /** POST /api/dev/clock/run-money-jobs for loopback callers (browser tests); refused with NODE_ENV=production. */
  DEV_CLOCK: bool(false),
  /** Any OpenID Connect issuer (discovery at `${OIDC_ISSUER}/.well-known/openid-configuration`). */
  OIDC_ISSUER: url(['http', 'https']).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** Google sign-in (issuer https://accounts.google.com); OIDC_* wins when both are set. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** An S3-compatible object store for identity documents; unset: a folder under DATA_DIR. */
  S3_ENDPOINT: url(['http', 'https']).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens',
    })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, { error: 'must be a region name such as us-east-1' })
    .default('us-east-1'),
  S3_FORCE_PATH_STYLE: bool(true),
  /**
   * The embedded TEST MODE payment gateway for currencies without real keys. Unset: on, except with
   * NODE_ENV=production, where it needs PAYMENTS_SANDBOX=true (decision 013).
   */
  PAYMENTS_SANDBOX: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : ['true', '1', 'yes'].includes(v))),
  /** Stripe (USD, cards): the secret key, the webhook signing secret and the four price ids. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, { error: 'must be a Stripe secret key (sk_test_... or sk_live_...)' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, { error: 'must be a Stripe webhook signing secret (whsec_...)' })
    .optional(),
  STRIPE_PRICE_PRO_MONTHLY: stripePrice,
  STRIPE_PRICE_PRO_ANNUAL: stripePrice,
  STRIPE_PRICE_PREMIUM_MONTHLY: stripePrice,
  STRIPE_PRICE_PREMIUM_ANNUAL: stripePrice,
  /** Where the Stripe API is (tests point it at a local double); unset: Stripe's own. */
  STRIPE_API_URL: url(['http', 'https']).optional(),
  /** Paystack (GHS, cards and mobile money): the secret key also signs its webhooks. */
  PAYSTACK_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_\w+$/, { error: 'must be a Paystack secret key (sk_test_... or sk_live_...)' })
    .optional(),
  PAYSTACK_BASE_URL: url(['http', 'https']).default('https://api.paystack.co'),
  /** The cedi prices, in cedis ("150" or "150.00"); defaults in packages/shared billing rules. */
  PRICE_PRO_MONTHLY_GHS: cedis,
  PRICE_PRO_ANNUAL_GHS: cedis,
  PRICE_PREMIUM_MONTHLY_GHS: cedis,
  PRICE_PREMIUM_ANNUAL_GHS: cedis,
  /** Where SMS go: the dev outbox (stored, logged in development) or Africa's Talking. */
  SMS_PROVIDER: z
    .enum(['outbox', 'africastalking'], { error: 'must be outbox or africastalking' })
    .default('outbox'),
  /** Africa's Talking: the app's username ("sandbox" = its sandbox) and API key. */
  AFRICASTALKING_USERNAME: z.string().min(1).optional(),
  AFRICASTALKING_API_KEY: z.string().min(1).optional(),
  /** The registered sender id (alphanumeric or short code); unset: Africa's Talking's default. */
  AFRICASTALKING_SENDER_ID: z
    .string()
    .regex(/^[A-Za-z0-9 ]{1,11}$|^\d{3,8}$/, { error: 'must be a sender id of up to 11 letters or digits' })
    .optional(),
  /** A compatible gateway or a test double instead of Africa's Talking's own URL. */
  AFRICASTALKING_API_URL: url(['http', 'https']).optional(),
  /** The dev outbox in production (SMS stored, never sent): an explicit opt-in for demos. */
  SMS_OUTBOX_IN_PRODUCTION: bool(false),
  /** Issue 29: sign-in and verification codes sent by SMS per hour, all numbers together. */
  SMS_HOURLY_BUDGET: smsBudget(DEFAULT_SMS_BUDGET.hourly),
  /** Issue 29: codes sent per hour to the numbers of one network prefix (024, 054, 020, …). */
  SMS_HOURLY_BUDGET_PER_PREFIX: smsBudget(DEFAULT_SMS_BUDGET.hourlyPerPrefix),
});

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const STRIPE_REQUIRED = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_PRO_MONTHLY',
  'STRIPE_PRICE_PRO_ANNUAL',
  'STRIPE_PRICE_PREMIUM_MONTHLY',
  'STRIPE_PRICE_PREMIUM_ANNUAL',
] as const;

const GOOGLE_ISSUER = 'https://accounts.google.com';

/** The pairs that only make sense together: naming the missing variable. */
const envRules = envSchema.superRefine((env, ctx) => {
  const need = (when: keyof typeof env, missing: (keyof typeof env)[]) => {
    if (env[when] === undefined) return;
    for (const name of missing) {
      if (env[name] === undefined) {
        ctx.addIssue({ code: 'custom', path: [name], message: `is required when ${when} is set` });
      }
    }
  };
  need('OIDC_ISSUER', ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET']);
  need('OIDC_CLIENT_ID', ['OIDC_ISSUER', 'OIDC_CLIENT_SECRET']);
  need('GOOGLE_CLIENT_ID', ['GOOGLE_CLIENT_SECRET']);
  need('GOOGLE_CLIENT_SECRET', ['GOOGLE_CLIENT_ID']);
  // The dev outbox hands out reset links: never in production, whatever else is set.
  if (env.DEV_OUTBOX && env.NODE_ENV === 'production') {
    ctx.addIssue({
      code: 'custom',
      path: ['DEV_OUTBOX'],
      message: 'must not be true when NODE_ENV=production (the dev outbox shows reset links)',
    });
  }
  // The dev clock runs the money jobs at any date: never in production either.
  if (env.DEV_CLOCK && env.NODE_ENV === 'production') {
    ctx.addIssue({
      code: 'custom',
      path: ['DEV_CLOCK'],
      message: 'must not be true when NODE_ENV=production (the dev clock pays out at any date)',
    });
  }
  // SMS: Africa's Talking needs its username and key. In production without it, SMS are off (the
  // dev outbox sends nothing) unless SMS_OUTBOX_IN_PRODUCTION=true: see smsFrom.
  if (env.SMS_PROVIDER === 'africastalking') {
    for (const name of ['AFRICASTALKING_USERNAME', 'AFRICASTALKING_API_KEY'] as const) {
      if (env[name] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'is required when SMS_PROVIDER=africastalking',
        });
      }
    }
  }
  // Stripe: the key, its webhook secret and every price id together.
  const stripeGiven = STRIPE_REQUIRED.find((name) => env[name] !== undefined);
  if (stripeGiven) need(stripeGiven, [...STRIPE_REQUIRED]);
  // S3: all four or none.
  const s3Given = S3_REQUIRED.find((name) => env[name] !== undefined);
  if (s3Given) need(s3Given, [...S3_REQUIRED]);
});

/** The OpenID Connect provider behind "Continue with Google"; null when not configured. */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The S3-compatible bucket that holds identity documents; null = the local folder. */
export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  forcePathStyle: boolean;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  prices: Record<PaidTierId, Record<BillingCadence, string>>;
  /** STRIPE_API_URL: a local double in tests; undefined = api.stripe.com. */
  apiUrl: string | undefined;
}

export interface PaystackConfig {
  secretKey: string;
  baseUrl: string;
}

export interface PaymentsConfig {
  /** The embedded TEST MODE gateway serves currencies without a real gateway. */
  sandbox: boolean;
  stripe: StripeConfig | null;
  paystack: PaystackConfig | null;
  /** Cedi prices in pesewas. */
  ghsPrices: Record<PaidTierId, Record<BillingCadence, number>>;
}

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  seedDemo: boolean;
  logLevel: Env['LOG_LEVEL'];
  webDistDir: string;
  mapTileUrl: string;
  /** GEOCODER_URL without a trailing slash; undefined = the offline gazetteer. */
  geocoderUrl: string | undefined;
  trustProxy: boolean;
  /** REDIS_URL: where rate limits are counted; undefined = the database. */
  redisUrl: string | undefined;
  /** Requests a minute per client to /api/*; 0 turns the overall limit off. */
  rateLimitPerMinute: number;
  /** SHED_EVENT_LOOP_DELAY_MS, SHED_POOL_WAITING: when requests are answered 503 (0 = never). */
  shedding: { maxDelayMs: number; maxPoolWaiting: number };
  shutdownGraceSeconds: number;
  /** Start the background job workers (tests may turn them off and drain by hand). */
  runJobs: boolean;
  /** BETTER_AUTH_SECRET; undefined = generated once and kept in app_settings. */
  authSecret: string | undefined;
  requireEmailVerification: boolean;
  /** DEV_OUTBOX: serve GET /api/dev/outbox to loopback callers (never in production). */
  devOutbox: boolean;
  /** DEV_CLOCK: serve POST /api/dev/clock/run-money-jobs to loopback callers (never in production). */
  devClock: boolean;
  oidc: OidcConfig | null;
  /** S3_*; null = documents in `${dataDir}/storage/provider-documents`. */
  s3: S3Config | null;
  payments: PaymentsConfig;
  /** SMS_PROVIDER and AFRICASTALKING_*: where SMS (sign-in codes, notifications) go. */
  sms: SmsConfig;
  /** SMS_HOURLY_BUDGET and SMS_HOURLY_BUDGET_PER_PREFIX: codes sent by SMS an hour (issue 29). */
  smsBudget: SmsBudget;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

// Relative paths are taken from where the user ran npm (INIT_CWD), not the workspace folder npm moves to.
const baseDir = process.env.INIT_CWD ?? process.cwd();
const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Parse and validate the environment; throws ConfigError naming each bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  ) as Record<string, string>;
  const parsed = envRules.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${String(issue.path[0] ?? 'environment')}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(baseDir, env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
    webDistDir: path.resolve(repoRoot, env.WEB_DIST_DIR ?? 'apps/web/dist'),
    mapTileUrl: env.MAP_TILE_URL,
    geocoderUrl: env.GEOCODER_URL?.replace(/\/+$/, ''),
    trustProxy: env.TRUST_PROXY,
    redisUrl: env.REDIS_URL,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    shedding: { maxDelayMs: env.SHED_EVENT_LOOP_DELAY_MS, maxPoolWaiting: env.SHED_POOL_WAITING },
    shutdownGraceSeconds: env.SHUTDOWN_GRACE_SECONDS,
    runJobs: true,
    authSecret: env.BETTER_AUTH_SECRET,
    requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
    devOutbox: env.DEV_OUTBOX,
    devClock: env.DEV_CLOCK,
    oidc: oidcFrom(env),
    s3: s3From(env),
    payments: paymentsFrom(env),
    sms: smsFrom(env),
    smsBudget: { hourly: env.SMS_HOURLY_BUDGET, hourlyPerPrefix: env.SMS_HOURLY_BUDGET_PER_PREFIX },
  };
}

function smsFrom(env: Env): SmsConfig {
  if (env.SMS_PROVIDER === 'africastalking' && env.AFRICASTALKING_USERNAME && env.AFRICASTALKING_API_KEY) {
    return {
      provider: 'africastalking',
      africastalking: {
        username: env.AFRICASTALKING_USERNAME,
        apiKey: env.AFRICASTALKING_API_KEY,
        senderId: env.AFRICASTALKING_SENDER_ID,
        apiUrl: env.AFRICASTALKING_API_URL?.replace(/\/+$/, ''),
      },
    };
  }
  // The dev outbox never in production unless asked for (decision 019): `npm start` still starts,
  // with sign-in by SMS code and SMS notices off until Africa's Talking is configured.
  if (env.NODE_ENV === 'production' && !env.SMS_OUTBOX_IN_PRODUCTION)
    return { provider: 'none', africastalking: null };
  return { provider: 'outbox', africastalking: null };
}

function paymentsFrom(env: Env): PaymentsConfig {
  const stripe: StripeConfig | null =
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          prices: {
            pro: { monthly: env.STRIPE_PRICE_PRO_MONTHLY!, annual: env.STRIPE_PRICE_PRO_ANNUAL! },
            premium: { monthly: env.STRIPE_PRICE_PREMIUM_MONTHLY!, annual: env.STRIPE_PRICE_PREMIUM_ANNUAL! },
          },
          apiUrl: env.STRIPE_API_URL?.replace(/\/+$/, ''),
        }
      : null;
  return {
    sandbox: env.PAYMENTS_SANDBOX ?? env.NODE_ENV !== 'production',
    stripe,
    paystack: env.PAYSTACK_SECRET_KEY
      ? { secretKey: env.PAYSTACK_SECRET_KEY, baseUrl: env.PAYSTACK_BASE_URL.replace(/\/+$/, '') }
      : null,
    ghsPrices: {
      pro: {
        monthly: env.PRICE_PRO_MONTHLY_GHS ?? DEFAULT_GHS_PRICES.pro.monthly,
        annual: env.PRICE_PRO_ANNUAL_GHS ?? DEFAULT_GHS_PRICES.pro.annual,
      },
      premium: {
        monthly: env.PRICE_PREMIUM_MONTHLY_GHS ?? DEFAULT_GHS_PRICES.premium.monthly,
        annual: env.PRICE_PREMIUM_ANNUAL_GHS ?? DEFAULT_GHS_PRICES.premium.annual,
      },
    },
  };
}

function s3From(env: Env): S3Config | null {
  if (!env.S3_ENDPOINT || !env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) return null;
  return {
    endpoint: env.S3_ENDPOINT.replace(/\/+$/, ''),
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

function oidcFrom(env: Env): OidcConfig | null {
  if (env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET) {
    return {
      issuer: env.OIDC_ISSUER.replace(/\/$/, ''),
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
    };
  }
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    return { issuer: GOOGLE_ISSUER, clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET };
  }
  return null;
}
