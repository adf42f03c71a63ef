import {
  ACTIVITY_KINDS,
  type ActivityKind,
  BID_STATUSES,
  BILLING_CADENCES,
  type BidStatus,
  type BillingCadence,
  BOOKING_BLOCKING_STATUSES,
  BOOKING_PAYMENT_STATUSES,
  BOOKING_SIDES,
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  type BookingPaymentStatus,
  type BookingSide,
  type BookingSource,
  type BookingStatus,
  type ConversationContextType,
  CURRENCIES,
  type Currency,
  DISPUTE_OUTCOMES,
  DISPUTE_STATUSES,
  type DisputeOutcome,
  type DisputeReason,
  type DisputeStatus,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  type DocumentStatus,
  type DocumentType,
  EVENT_TYPES,
  type EventType,
  JOB_STATUSES,
  JOB_WHEN_TYPES,
  type JobStatus,
  type JobWhenType,
  LEAD_STATUSES,
  type LeadStatus,
  type MobileMoneyNetwork,
  PAYMENT_GATEWAYS,
  PAYMENT_METHODS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  PAYOUT_METHOD_TYPES,
  PAYOUT_STATUSES,
  type PaymentGatewayId,
  type PaymentMethod,
  type PaymentPurpose,
  type PaymentStatus,
  type PayoutMethodType,
  type PayoutStatus,
  PRICE_TYPES,
  PROFILE_TYPES,
  type PriceType,
  type ProfileType,
  QUOTE_LIVE_STATUSES,
  QUOTE_STATUSES,
  type QuoteStatus,
  REFUND_STATUSES,
  type RefundStatus,
  type ReportReason,
  type ReportStatus,
  ROLES,
  type Role,
  SERVICE_STATUSES,
  SEVERITIES,
  type ServiceStatus,
  type Severity,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
  TIER_IDS,
  type TierId,
  UPLOAD_STATUSES,
  type UploadStatus,
  VERIFICATION_SESSION_STATUSES,
  type VerificationSessionStatus,
} from '@adwuma/shared';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * `column in ('a','b',…)` built from the shared list the column is `$type`d with, so the check and
 * the type cannot drift. Literals are inlined because a constraint takes no parameters.
 */
const oneOf = (column: SQLWrapper, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(','))})`;
const utm = () => ({
  utm_source: text('utm_source'),
  utm_medium: text('utm_medium'),
  utm_campaign: text('utm_campaign'),
  utm_content: text('utm_content'),
  utm_term: text('utm_term'),
});

/** Spec 3 "subscribers" (waitlist). The unique email is what answers "You're Already In!". */
export const subscribers = pgTable('subscribers', {
  id: id(),
  email: text('email').notNull().unique(),
  exploring: boolean('exploring').notNull().default(false),
  source_form: text('source_form').notNull().default('hero'),
  ...utm(),
  welcome_email_sent: boolean('welcome_email_sent').notNull().default(false),
  welcome_email_sent_at: timestamp('welcome_email_sent_at', { withTimezone: true }),
  created_at: createdAt(),
});

/** Spec 3 "event_tracking". */
export const eventTracking = pgTable(
  'event_tracking',
  {
    id: id(),
    event_type: text('event_type').$type<EventType>().notNull(),
    event_data: jsonb('event_data').$type<Record<string, unknown>>(),
    page_path: text('page_path').notNull(),
    ...utm(),
    session_id: text('session_id'),
    user_id: text('user_id'),
    created_at: createdAt(),
  },
  (t) => [
    check('event_tracking_type_check', oneOf(t.event_type, EVENT_TYPES)),
    index('event_tracking_type_created_idx').on(t.event_type, t.created_at),
    index('event_tracking_session_idx').on(t.session_id, t.event_type),
    // Issue 19: the page views of the few converting pages, counted from the index alone.
    index('event_tracking_page_idx').on(t.page_path, t.event_type, t.created_at),
  ],
);

/**
 * Issue 19: one row per visit (session), kept by a trigger on event_tracking (migration 0011), so the
 * funnel counts visitors without a distinct pass over a month of raw events. A session belongs to the
 * Africa/Accra day it started and to the first traffic source it carried; events without a session
 * are summed per day under the key '~<day>' with `anonymous` set (counted as events, not visitors).
 */
export const eventSessions = pgTable(
  'event_sessions',
  {
    session_key: text('session_key').primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    anonymous: boolean('anonymous').notNull().default(false),
    utm_source: text('utm_source'),
    page_views: integer('page_views').notNull().default(0),
    signups: integer('signups').notNull().default(0),
    conversions: integer('conversions').notNull().default(0),
  },
  (t) => [index('event_sessions_day_idx').on(t.day, t.utm_source)],
);

export const enterpriseLeads = pgTable(
  'enterprise_leads',
  {
    id: id(),
    name: text('name').notNull(),
    company: text('company').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    team_size: text('team_size').notNull(),
    needs: text('needs').notNull(),
    status: text('status').$type<LeadStatus>().notNull().default('new'),
    /** Issue 19: the admin following the lead up. */
    owner_id: text('owner_id').references(() => authUsers.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    follow_up_on: date('follow_up_on', { mode: 'string' }),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('enterprise_leads_created_idx').on(t.created_at),
    check('enterprise_leads_status_check', oneOf(t.status, LEAD_STATUSES)),
  ],
);

/**
 * Issue 19: searches that found nothing, counted per (normalised query, category, city) and day, so
 * the admin sees what providers to recruit where. '' stands for "none" in the key.
 */
export const searchMisses = pgTable(
  'search_misses',
  {
    query: text('query').notNull(),
    category: text('category').notNull().default(''),
    city: text('city').notNull().default(''),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(1),
    last_seen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.day, t.query, t.category, t.city] })],
);

/**
 * Issue 19: the admin's live feed. Rows are written by database triggers (migration 0011) on the
 * tables whose inserts are "activity", and announced on the realtime channel, so no feature can
 * forget to report and a rolled-back insert is never shown.
 */
export const adminActivity = pgTable(
  'admin_activity',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<ActivityKind>().notNull(),
    actor_id: text('actor_id'),
    subject_id: text('subject_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
  },
  (t) => [
    check('admin_activity_kind_check', oneOf(t.kind, ACTIVITY_KINDS)),
    index('admin_activity_kind_idx').on(t.kind, t.id),
  ],
);

/** Spec 7 log_frontend_error: what the browser reports. */
export const frontendErrors = pgTable(
  'frontend_errors',
  {
    id: id(),
    error_type: text('error_type').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    component_name: text('component_name'),
    route_path: text('route_path'),
    user_agent: text('user_agent'),
    user_id: text('user_id'),
    session_id: text('session_id'),
    additional_context: jsonb('additional_context').$type<Record<string, unknown>>(),
    severity: text('severity').$type<Severity>().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    check('frontend_errors_severity_check', oneOf(t.severity, SEVERITIES)),
    index('frontend_errors_created_idx').on(t.created_at),
  ],
);

/** Every mail the product sends. With the dev outbox the body is kept so it can be read. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text_body: text('text_body'),
    html_body: text('html_body'),
    template: text('template').notNull(),
    transport: text('transport').notNull(),
    message_id: text('message_id'),
    /** Set by senders that must not send twice (a retried job finds its mail already sent). */
    dedupe_key: text('dedupe_key').unique(),
    created_at: createdAt(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to_address, t.created_at)],
);

/**
 * Every SMS the product sends (issue 21). With the dev outbox (the default) the text is kept so it
 * can be read at /api/dev/sms-outbox; through Africa's Talking the gateway's message id is kept.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    to_number: text('to_number').notNull(),
    body: text('body').notNull(),
    /** What it is: 'otp', 'notification:<kind>', … */
    template: text('template').notNull(),
    transport: text('transport').notNull(),
    /** 'sent' or 'failed' (the gateway refused it; the error is kept). */
    status: text('status').notNull().default('sent'),
    provider_message_id: text('provider_message_id'),
    error: text('error'),
    /** Set by senders that must not send twice (a retried job finds its SMS already sent). */
    dedupe_key: text('dedupe_key').unique(),
    created_at: createdAt(),
  },
  (t) => [index('sms_outbox_to_idx').on(t.to_number, t.created_at)],
);

/** Service categories, grouped; seeded with the Ghanaian categories in db/data/categories.ts. */
export const serviceCategories = pgTable('service_categories', {
  id: id(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  group_slug: text('group_slug').notNull(),
  group_name: text('group_name').notNull(),
  description: text('description').notNull(),
  sort_order: integer('sort_order').notNull().default(0),
  created_at: createdAt(),
});

// ---------------------------------------------------------------------------------------------------
// Accounts (Better Auth). The adapter addresses tables by these export keys' model names
// (auth_users, …) and columns by their camelCase property names; the SQL columns are snake_case.
// ---------------------------------------------------------------------------------------------------

const at = (name: string) => timestamp(name, { withTimezone: true });

export const authUsers = pgTable('auth_users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  /** Spec 3 Auth user user_metadata.user_role: what the sign-up form chose. */
  user_role: text('user_role').default('customer'),
  twoFactorEnabled: boolean('two_factor_enabled').default(false),
  /** Issue 19: set by an admin; sign-in is refused and every session ends while set. */
  suspended_at: at('suspended_at'),
  suspension_reason: text('suspension_reason'),
  /** Issue 19: an admin asked for a new password; sign-in is refused until it is reset. */
  password_reset_required_at: at('password_reset_required_at'),
  /** Issue 21: Better Auth's phone-number plugin (+233XXXXXXXXX; sign-in by SMS code). */
  phoneNumber: text('phone_number').unique(),
  phoneNumberVerified: boolean('phone_number_verified').default(false),
});

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: at('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: at('access_token_expires_at'),
    refreshTokenExpiresAt: at('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('auth_accounts_user_idx').on(t.userId)],
);

export const authVerifications = pgTable(
  'auth_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('auth_verifications_identifier_idx').on(t.identifier)],
);

/** Two-factor (TOTP) secrets and backup codes, encrypted by Better Auth. */
export const authTwoFactors = pgTable(
  'auth_two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: at('locked_until'),
  },
  (t) => [index('auth_two_factors_user_idx').on(t.userId), index('auth_two_factors_secret_idx').on(t.secret)],
);

/** Signing keys behind GET /api/auth/jwks (private keys encrypted with the auth secret). */
export const authJwks = pgTable('auth_jwks', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at'),
  alg: text('alg'),
  crv: text('crv'),
});

/** The tables Better Auth's Drizzle adapter reads, by model name. */
export const authSchema = {
  auth_users: authUsers,
  auth_sessions: authSessions,
  auth_accounts: authAccounts,
  auth_verifications: authVerifications,
  auth_two_factors: authTwoFactors,
  auth_jwks: authJwks,
};

/** Settings the server generates once and keeps (the auth secret when BETTER_AUTH_SECRET is unset). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  created_at: createdAt(),
});

/** Fixed-window counters behind the auth rate limits (per IP and per email), shared by all instances. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  window_started_at: at('window_started_at').notNull().defaultNow(),
});

/**
 * Issue 29: wrong passwords per account, address, account+address, known device or signed-in user,
 * leaking away over time (features/auth/sign-in-delay.ts decides the waits).
 */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  failures: doublePrecision('failures').notNull(),
  last_failure_at: at('last_failure_at').notNull().defaultNow(),
});

/** Spec 3 "profiles": one per auth user, same id. */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    full_name: text('full_name'),
    email: text('email'),
    phone: text('phone'),
    avatar_url: text('avatar_url'),
    bio: text('bio'),
    created_at: createdAt(),
    updated_at: at('updated_at').notNull().defaultNow(),
    verified: boolean('verified').notNull().default(false),
    /** Average review score 0.00–5.00 (not money: exact decimal all the same). */
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    total_reviews: integer('total_reviews').notNull().default(0),
    role: text('role').$type<Role>().notNull().default('customer'),
    type: text('type').$type<ProfileType>().notNull().default('customer'),
    is_admin: boolean('is_admin').notNull().default(false),
    onboarding_progress: jsonb('onboarding_progress').$type<Record<string, unknown>>().notNull().default({}),
    core_onboarding_progress: jsonb('core_onboarding_progress')
      .$type<{ profile_completed: boolean; location_completed: boolean; skills_completed: boolean }>()
      .notNull()
      .default({ profile_completed: false, location_completed: false, skills_completed: false }),
    post_onboarding_progress: jsonb('post_onboarding_progress')
      .$type<{
        availability_set: boolean;
        id_verification_completed: boolean;
        subscription_completed: boolean;
        terms_accepted: boolean;
      }>()
      .notNull()
      .default({
        availability_set: false,
        id_verification_completed: false,
        subscription_completed: false,
        terms_accepted: false,
      }),
    onboarding_completed: boolean('onboarding_completed').notNull().default(false),
    post_onboarding_completed: boolean('post_onboarding_completed').notNull().default(false),
    kyc_completed: boolean('kyc_completed').notNull().default(false),
    profile_completion_percentage: integer('profile_completion_percentage').notNull().default(0),
    profile_strength_score: integer('profile_strength_score').notNull().default(0),
    country_code: text('country_code').notNull().default('GH'),
    currency_preference: text('currency_preference').$type<Currency>().notNull().default('GHS'),
    city: text('city'),
    state: text('state'),
    country: text('country').notNull().default('Ghana'),
    availability_status: text('availability_status'),
    availability_set: boolean('availability_set').notNull().default(false),
    terms_accepted_at: at('terms_accepted_at'),
    intro_seen: boolean('intro_seen').notNull().default(false),
    last_onboarding_step: text('last_onboarding_step'),
    plan_name: text('plan_name'),
    id_verified: boolean('id_verified').notNull().default(false),
    show_phone: boolean('show_phone').notNull().default(false),
    whatsapp_enabled: boolean('whatsapp_enabled').notNull().default(false),
    welcome_email_sent: boolean('welcome_email_sent').notNull().default(false),
    /** Issue 21: the language the user chose ('en' or 'ak'); null until they choose. Mail and SMS use it. */
    preferred_language: text('preferred_language'),
  },
  (t) => [
    check('profiles_role_check', oneOf(t.role, ROLES)),
    check('profiles_type_check', oneOf(t.type, PROFILE_TYPES)),
    check('profiles_rating_check', sql`${t.rating} between 0 and 5`),
    check('profiles_currency_check', oneOf(t.currency_preference, CURRENCIES)),
    check(
      'profiles_language_check',
      sql`${t.preferred_language} is null or ${t.preferred_language} in ('en', 'ak')`,
    ),
    index('profiles_created_idx').on(t.created_at),
  ],
);

/** Spec 3 "user_roles". */
export const userRoles = pgTable(
  'user_roles',
  {
    id: id(),
    user_id: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    role: text('role').$type<Role>().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    unique('user_roles_user_role_unique').on(t.user_id, t.role),
    check('user_roles_role_check', oneOf(t.role, ROLES)),
  ],
);

/** Spec 3 "provider_locations": one per provider. Filled by the onboarding issue. */
export const providerLocations = pgTable('provider_locations', {
  id: id(),
  provider_id: text('provider_id')
    .notNull()
    .unique()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  latitude: doublePrecision('latitude').notNull().default(0),
  longitude: doublePrecision('longitude').notNull().default(0),
  address: text('address'),
  city: text('city'),
  country: text('country').default('Ghana'),
  postal_code: text('postal_code'),
  business_name: text('business_name'),
  geocoding_accuracy: text('geocoding_accuracy').default('user'),
  is_verified: boolean('is_verified').notNull().default(false),
  last_geocoded_at: at('last_geocoded_at'),
  neighbourhood: text('neighbourhood'),
  /** Kilometres. */
  search_radius: integer('search_radius'),
  service_areas: text('service_areas').array().notNull().default(sql`'{}'::text[]`),
  source: text('source').default('user'),
  created_at: createdAt(),
  updated_at: at('updated_at').notNull().defaultNow(),
  /** Region (state), e.g. Greater Accra: what search by region and the profile's state read. */
  region: text('region'),
  /** GhanaPost GPS address, canonical form GA-183-8164. */
  digital_address: text('digital_address'),
});

/** Spec 3 "provider_skills". */
export const providerSkills = pgTable(
  'provider_skills',
  {
    id: id(),
    provider_id: text('provider_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    skill: text('skill').notNull(),
    created_at: createdAt(),
  },
  (t) => [unique('provider_skills_provider_skill_unique').on(t.provider_id, t.skill)],
);

/** Spec 3 "provider_service_tags". */
export const providerServiceTags = pgTable(
  'provider_service_tags',
  {
    id: id(),
    provider_id: text('provider_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    created_at: createdAt(),
  },
  (t) => [unique('provider_service_tags_provider_tag_unique').on(t.provider_id, t.tag)],
);

/** Spec 7 log_security_event: password reset requests, limits, failures and completions. */
export const securityEvents = pgTable(
  'security_events',
  {
    id: id(),
    event_type: text('event_type').notNull(),
    user_id: text('user_id'),
    email: text('email'),
    ip: text('ip'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
  },
  (t) => [
    index('security_events_created_idx').on(t.created_at),
    index('security_events_type_email_idx').on(t.event_type, t.email, t.created_at),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Profile pictures, kept in the database (small: at most 2 MB, sniffed JPEG/PNG/WebP). */
export const profileAvatars = pgTable('profile_avatars', {
  user_id: text('user_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  content_type: text('content_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  updated_at: at('updated_at').notNull().defaultNow(),
});

/**
 * A provider's weekly opening hours, Ghana time (Africa/Accra, no daylight saving): one row per open
 * weekday (0 = Sunday … 6 = Saturday); a weekday without a row is a day off. Rows, not a JSON
 * document, so that search ("open on Saturday", "open now") and bookings can ask SQL.
 */
export const providerAvailability = pgTable(
  'provider_availability',
  {
    id: id(),
    provider_id: text('provider_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    opens: time('opens').notNull(),
    closes: time('closes').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    unique('provider_availability_provider_weekday_unique').on(t.provider_id, t.weekday),
    check('provider_availability_weekday_check', sql`${t.weekday} between 0 and 6`),
    check('provider_availability_hours_check', sql`${t.closes} > ${t.opens}`),
  ],
);

/** Spec 3 "id_documents": the identity documents behind the onboarding id step (filled by verification). */
export const idDocuments = pgTable(
  'id_documents',
  {
    id: id(),
    provider_id: text('provider_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    doc_status: text('doc_status').$type<DocumentStatus>().notNull().default('uploading'),
    /** The stored file this status belongs to (one id_documents row per provider_documents row). */
    provider_document_id: uuid('provider_document_id')
      .unique()
      .references(() => providerDocuments.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('id_documents_status_check', oneOf(t.doc_status, DOCUMENT_STATUSES)),
    index('id_documents_provider_idx').on(t.provider_id),
  ],
);

/**
 * Spec 3 "provider_documents": the identity files (front, back, selfie) in the private
 * provider-documents bucket. One current document per provider and type; replacing one removes the
 * old row and file. upload_status: uploaded → processing (submitted) → verified | rejected.
 */
export const providerDocuments = pgTable(
  'provider_documents',
  {
    id: id(),
    provider_id: text('provider_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    document_type: text('document_type').$type<DocumentType>().notNull(),
    file_storage_path: text('file_storage_path').notNull().unique(),
    filename: text('filename').notNull(),
    file_size: integer('file_size').notNull(),
    mime_type: text('mime_type').notNull(),
    upload_status: text('upload_status').$type<UploadStatus>().notNull().default('uploaded'),
    created_at: createdAt(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('provider_documents_provider_type_unique').on(t.provider_id, t.document_type),
    check('provider_documents_type_check', oneOf(t.document_type, DOCUMENT_TYPES)),
    check('provider_documents_upload_status_check', oneOf(t.upload_status, UPLOAD_STATUSES)),
    check('provider_documents_size_check', sql`${t.file_size} > 0`),
  ],
);

/**
 * Spec 3 "verification_sessions": one manual review of a provider's documents. Submitting creates one
 * (type manual, status pending) or resets the existing one to pending; an admin decides it.
 */
export const verificationSessions = pgTable(
  'verification_sessions',
  {
    id: id(),
    provider_id: text('provider_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    verification_type: text('verification_type').notNull().default('manual'),
    status: text('status').$type<VerificationSessionStatus>().notNull().default('pending'),
    /** Ghana Card number, GHA-123456789-0. */
    ghana_card_number: text('ghana_card_number'),
    submitted_at: at('submitted_at'),
    /** The admin who took the session into review or decided it. */
    reviewer_id: text('reviewer_id').references(() => authUsers.id, { onDelete: 'set null' }),
    reviewed_at: at('reviewed_at'),
    review_note: text('review_note'),
    created_at: createdAt(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('verification_sessions_status_check', oneOf(t.status, VERIFICATION_SESSION_STATUSES)),
    index('verification_sessions_provider_idx').on(t.provider_id, t.updated_at),
    index('verification_sessions_status_idx').on(t.status, t.submitted_at),
  ],
);

/** Spec 3 "document_verifications": the fallback source of documents (spec 7), read-only here. */
export const documentVerifications = pgTable(
  'document_verifications',
  {
    id: id(),
    provider_id: text('provider_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    doc_kind: text('doc_kind').notNull(),
    doc_status: text('doc_status').notNull().default('pending'),
    /** A storage path in provider-documents (or an absolute URL from a migrated system). */
    document_url: text('document_url').notNull(),
    notes: text('notes'),
    created_at: createdAt(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('document_verifications_provider_idx').on(t.provider_id)],
);

/** Every admin decision, with who and when (verification reviews first; more actions later). */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: id(),
    admin_id: text('admin_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'restrict' }),
    action: text('action').notNull(),
    target_type: text('target_type').notNull(),
    target_id: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.created_at),
    index('admin_audit_log_target_idx').on(t.target_type, t.target_id),
  ],
);

/** In-app notifications; each one stored also goes out as a realtime event (features/realtime). */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    user_id: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** An app path to open, e.g. /onboarding/verification. */
    link: text('link'),
    read_at: at('read_at'),
    /** The channels it goes out on, fixed when stored (the user's preferences for its kind). */
    in_app: boolean('in_app').notNull().default(true),
    email: boolean('email').notNull().default(false),
    push: boolean('push').notNull().default(false),
    /** Issue 21: also sent by SMS (the user chose SMS for this kind and has a verified phone). */
    sms: boolean('sms').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.user_id, t.created_at)],
);

/** Spec 3 "terms_acceptances": one row per user and terms version, kept as the record of consent. */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    id: id(),
    user_id: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accepted_at: at('accepted_at').notNull().defaultNow(),
    terms_version: text('terms_version').notNull(),
    ip_address: text('ip_address'),
    user_agent: text('user_agent'),
  },
  (t) => [unique('terms_acceptances_user_version_unique').on(t.user_id, t.terms_version)],
);

/**
 * Spec 3 "subscriptions" (per user, one row: two checkouts can never give two subscriptions). Starter
 * is a row with tier starter, status active. A paid tier carries its gateway, currency, cadence, price
 * and period (subscription_end = the current period's end); it changes only on a verified payment
 * (issue 17, decision 013).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    user_id: text('user_id')
      .notNull()
      .unique()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    email: text('email'),
    stripe_customer_id: text('stripe_customer_id'),
    /** A paid subscription is running (false on the free Starter tier). */
    subscribed: boolean('subscribed').notNull().default(false),
    subscription_tier: text('subscription_tier').$type<TierId>().notNull().default('starter'),
    /** The end of the current paid period. */
    subscription_end: at('subscription_end'),
    status: text('status').$type<SubscriptionStatus>().notNull().default('active'),
    created_at: createdAt(),
    updated_at: at('updated_at').notNull().defaultNow(),
    ...utm(),
    welcome_email_sent: boolean('welcome_email_sent').notNull().default(false),
    welcome_email_sent_at: at('welcome_email_sent_at'),
    last_email_sent_at: at('last_email_sent_at'),
    email_status: text('email_status'),
    gateway: text('gateway').$type<PaymentGatewayId>(),
    currency: text('currency').$type<Currency>(),
    cadence: text('cadence').$type<BillingCadence>(),
    /** The price of one period, in minor units of `currency`. */
    amount_minor: integer('amount_minor'),
    current_period_start: at('current_period_start'),
    cancel_at_period_end: boolean('cancel_at_period_end').notNull().default(false),
    /** A downgrade that takes effect at the period end. */
    pending_tier: text('pending_tier').$type<TierId>(),
    /** Past due: the tier stays in force until then. */
    grace_until: at('grace_until'),
    /** Stripe's subscription id (Stripe renews by itself). */
    gateway_subscription_id: text('gateway_subscription_id'),
    /** A reusable card authorization (Paystack, sandbox) charged at renewal; null for mobile money. */
    authorization_code: text('authorization_code'),
    payment_method: text('payment_method').$type<PaymentMethod>(),
    method_label: text('method_label'),
    /** The gateway time of the newest subscription state applied: an older event changes nothing. */
    gateway_state_at: at('gateway_state_at'),
    /** The period end a renewal reminder or charge was last made for (once per period). */
    renewal_attempted_for: at('renewal_attempted_for'),
  },
  (t) => [
    check('subscriptions_tier_check', oneOf(t.subscription_tier, TIER_IDS)),
    check('subscriptions_status_check', oneOf(t.status, SUBSCRIPTION_STATUSES)),
    check('subscriptions_pending_tier_check', oneOf(t.pending_tier, TIER_IDS)),
    check('subscriptions_gateway_check', oneOf(t.gateway, PAYMENT_GATEWAYS)),
    check('subscriptions_currency_check', oneOf(t.currency, CURRENCIES)),
    check('subscriptions_cadence_check', oneOf(t.cadence, BILLING_CADENCES)),
    check('subscriptions_method_check', oneOf(t.payment_method, PAYMENT_METHODS)),
    index('subscriptions_period_end_idx').on(t.subscription_end),
  ],
);

/** The receipt numbers of succeeded payments, in order. */
export const receiptNumberSeq = pgSequence('receipt_number_seq', { startWith: 1 });

/**
 * Every payment Adwuma asked a gateway for (issue 17; booking payments join in issue 18): pending
 * until a verified event or a server-side verify says otherwise. `reference` is what the gateway
 * knows it by (Stripe's Checkout Session id, the Paystack and sandbox reference).
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    user_id: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'restrict' }),
    purpose: text('purpose').$type<PaymentPurpose>().notNull(),
    gateway: text('gateway').$type<PaymentGatewayId>().notNull(),
    reference: text('reference').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    amount_minor: integer('amount_minor').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    /** The plan paid for (subscription purposes); null for a booking payment. */
    tier: text('tier').$type<TierId>(),
    cadence: text('cadence').$type<BillingCadence>(),
    /** The booking paid for (purpose booking). */
    booking_id: uuid('booking_id').references((): AnyPgColumn => bookings.id, { onDelete: 'set null' }),
    /** Refunded so far (booking payments may be refunded in parts). */
    refunded_minor: integer('refunded_minor').notNull().default(0),
    /** How the payer asked to pay (the checkout may offer both when null). */
    method: text('method').$type<PaymentMethod>(),
    method_label: text('method_label'),
    checkout_url: text('checkout_url'),
    return_to: text('return_to'),
    failure_reason: text('failure_reason'),
    receipt_number: text('receipt_number').unique(),
    /** The period this payment paid for, once applied. */
    period_start: at('period_start'),
    period_end: at('period_end'),
    /** Stripe's subscription / invoice, Paystack's transaction id, ... */
    gateway_data: jsonb('gateway_data').$type<Record<string, unknown>>().notNull().default({}),
    test_mode: boolean('test_mode').notNull().default(false),
    created_at: createdAt(),
    updated_at: at('updated_at').notNull().defaultNow(),
    paid_at: at('paid_at'),
  },
  (t) => [
    unique('payments_gateway_reference_unique').on(t.gateway, t.reference),
    // One open checkout per payer: a second one supersedes the first (in the same transaction).
    uniqueIndex('payments_one_pending_checkout')
      .on(t.user_id)
      .where(sql`${t.status} = 'pending' and ${t.purpose} in ('subscription', 'upgrade')`),
    // One open checkout per booking.
    uniqueIndex('payments_one_pending_booking')
      .on(t.booking_id)
      .where(sql`${t.status} = 'pending' and ${t.purpose} = 'booking'`),
    index('payments_booking_idx').on(t.booking_id),
    index('payments_user_idx').on(t.user_id, t.created_at),
    index('payments_pending_idx').on(t.status, t.created_at),
    check('payments_amount_check', sql`${t.amount_minor} > 0`),
    check(
      'payments_plan_or_booking_check',
      sql`${t.purpose} = 'booking' or (${t.tier} is not null and ${t.cadence} is not null)`,
    ),
    check('payments_purpose_check', oneOf(t.purpose, PAYMENT_PURPOSES)),
    check('payments_gateway_check', oneOf(t.gateway, PAYMENT_GATEWAYS)),
    check('payments_status_check', oneOf(t.status, PAYMENT_STATUSES)),
    check('payments_currency_check', oneOf(t.currency, CURRENCIES)),
    check('payments_tier_check', oneOf(t.tier, TIER_IDS)),
    check('payments_cadence_check', oneOf(t.cadence, BILLING_CADENCES)),
    check('payments_method_check', oneOf(t.method, PAYMENT_METHODS)),
  ],
);

/**
 * The embedded TEST MODE gateway's own books (kernel/payments/sandbox.ts): what a real gateway would
 * keep on its side. Adwuma's payments learn of them only through signed webhooks or a verify call.
 */
export const sandboxTransactions = pgTable('sandbox_transactions', {
  reference: text('reference').primaryKey(),
  status: text('status').$type<'open' | 'succeeded' | 'abandoned'>().notNull().default('open'),
  amount_minor: integer('amount_minor').notNull(),
  currency: text('currency').$type<Currency>().notNull(),
  email: text('email').notNull(),
  description: text('description').notNull(),
  methods: jsonb('methods').$type<PaymentMethod[]>().notNull(),
  success_url: text('success_url').notNull(),
  cancel_url: text('cancel_url').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  method: text('method').$type<PaymentMethod>(),
  method_label: text('method_label'),
  authorization_code: text('authorization_code'),
  declines: integer('declines').notNull().default(0),
  last_decline: text('last_decline'),
  created_at: createdAt(),
  paid_at: at('paid_at'),
});

/**
 * Every verified gateway event, stored once by (gateway, event_id) before anything acts on it: a
 * replay inserts nothing and changes nothing. Processed on the job queue; `processed_at` is set in
 * the same transaction as the change it made.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    gateway: text('gateway').$type<PaymentGatewayId>().notNull(),
    event_id: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** When the gateway says it happened (orders state changes). */
    occurred_at: at('occurred_at').notNull(),
    received_at: at('received_at').notNull().defaultNow(),
    processed_at: at('processed_at'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
  },
  (t) => [
    unique('payment_events_gateway_event_unique').on(t.gateway, t.event_id),
    check('payment_events_gateway_check', oneOf(t.gateway, PAYMENT_GATEWAYS)),
  ],
);

/**
 * The double-entry ledger (DESIGN.md "Money movement"): a transaction per movement, once per
 * idempotency key, whose entries (debit positive, credit negative) sum to zero in its currency.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: id(),
    idempotency_key: text('idempotency_key').notNull().unique(),
    kind: text('kind').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    payment_id: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    /** What the movement concerns (no foreign keys: the ledger outlives and never follows its subjects). */
    booking_id: uuid('booking_id'),
    payout_id: uuid('payout_id'),
    refund_id: uuid('refund_id'),
    created_at: createdAt(),
  },
  (t) => [
    check('ledger_transactions_currency_check', oneOf(t.currency, CURRENCIES)),
    index('ledger_transactions_booking_idx').on(t.booking_id),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    transaction_id: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    account: text('account').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    amount_minor: bigint('amount_minor', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.account, t.currency),
    index('ledger_entries_transaction_idx').on(t.transaction_id),
    check('ledger_entries_nonzero_check', sql`${t.amount_minor} <> 0`),
    check('ledger_entries_currency_check', oneOf(t.currency, CURRENCIES)),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Marketplace: services, photos, favorites and the search read model (issue 6, decision 005).
// ---------------------------------------------------------------------------------------------------

/** A service a provider offers: price in integer minor units (pesewas), draft / published / paused. */
export const providerServices = pgTable(
  'provider_services',
  {
    id: id(),
    provider_id: text('provider_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    category_slug: text('category_slug')
      .notNull()
      .references(() => serviceCategories.slug, { onUpdate: 'cascade' }),
    description: text('description').notNull(),
    price_type: text('price_type').$type<PriceType>().notNull(),
    /** Pesewas (GHS minor units). */
    price_minor: integer('price_minor').notNull(),
    currency: text('currency').notNull().default('GHS'),
    duration_minutes: integer('duration_minutes'),
    service_areas: text('service_areas').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').$type<ServiceStatus>().notNull().default('draft'),
    published_at: at('published_at'),
    created_at: createdAt(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('provider_services_price_type_check', oneOf(t.price_type, PRICE_TYPES)),
    check('provider_services_status_check', oneOf(t.status, SERVICE_STATUSES)),
    check('provider_services_price_check', sql`${t.price_minor} between 0 and 100000000`),
    check('provider_services_currency_check', sql`${t.currency} = 'GHS'`),
    check(
      'provider_services_duration_check',
      sql`${t.duration_minutes} is null or ${t.duration_minutes} > 0`,
    ),
    index('provider_services_provider_idx').on(t.provider_id, t.created_at),
  ],
);

/** Photos of a service, in the storage (the original and a resized public variant), in order. */
export const servicePhotos = pgTable(
  'service_photos',
  {
    id: id(),
    service_id: uuid('service_id')
      .notNull()
      .references(() => providerServices.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    storage_key: text('storage_key').notNull(),
    /** The resized public variant shown on cards and the profile. */
    public_key: text('public_key'),
    content_type: text('content_type').notNull(),
    width: integer('width'),
    height: integer('height'),
    created_at: createdAt(),
  },
  (t) => [
    unique('service_photos_service_position_unique').on(t.service_id, t.position),
    check('service_photos_position_check', sql`${t.position} between 0 and 20`),
  ],
);

/** A customer's saved providers (the heart): private to the user, on every device. */
export const favorites = pgTable(
  'favorites',
  {
    user_id: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    provider_id: text('provider_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.provider_id] }),
    index('favorites_user_created_idx').on(t.user_id, t.created_at),
    index('favorites_provider_idx').on(t.provider_id),
  ],
);

/** earthdistance's points (cube; the earth domain without its per-value checks). */
const cube = customType<{ data: string }>({ dataType: () => 'cube' });

/**
 * The search read model: one row per provider who is (or was) listed, denormalised from profiles,
 * provider_locations, skills, tags, availability and published services, so that a search is one
 * indexed table. Kept in step by refreshProviderSearch (kernel/provider-search.ts) in the
 * same transaction as each write. A provider who stops qualifying keeps the row with listed = false,
 * so the public code (and every link to it) never changes.
 */
export const providerSearch = pgTable(
  'provider_search',
  {
    provider_id: text('provider_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Short stable public code (8 base36 characters): the trusted part of the slug. */
    code: text('code').notNull().unique().default(sql`adwuma_public_code()`),
    listed: boolean('listed').notNull().default(true),
    name: text('name').notNull(),
    /** `ama-mensah-k3x9q2ab`: derived from name and code by the database. */
    slug: text('slug')
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`adwuma_provider_slug(${providerSearch.name}, ${providerSearch.code})`,
      ),
    avatar_url: text('avatar_url'),
    bio_excerpt: text('bio_excerpt'),
    city: text('city'),
    region: text('region'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /**
     * ll_to_earth(latitude, longitude) kept as a cube: the GiST index answers the radius box and the
     * nearest-first order from it, and distances need no per-row conversion (decision 005).
     */
    earth_point: cube('earth_point').generatedAlwaysAs(
      (): SQL => sql`ll_to_earth(${providerSearch.latitude}, ${providerSearch.longitude})::cube`,
    ),
    verified: boolean('verified').notNull().default(false),
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    total_reviews: integer('total_reviews').notNull().default(0),
    /** The lowest published price (pesewas) and its price type; null without a published service. */
    min_price_minor: integer('min_price_minor'),
    /** Copied from provider_services.price_type (checked there). */
    price_type: text('price_type').$type<PriceType>(),
    category_slugs: text('category_slugs').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The distinct lowercased words of the name, business name, published service titles, tags,
     * category names, city and the start of the bio: what free text is matched against.
     */
    search_words: text('search_words').array().notNull().default(sql`'{}'::text[]`),
    /** Bit n set = open on weekday n (0 = Sunday); null until the provider sets weekly hours. */
    open_days: smallint('open_days'),
    response_time_minutes: integer('response_time_minutes'),
    services_count: integer('services_count').notNull().default(0),
    member_since: at('member_since').notNull(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('provider_search_words_idx').using('gin', t.search_words),
    index('provider_search_categories_idx').using('gin', t.category_slugs),
    index('provider_search_earth_idx').using('gist', t.earth_point),
    index('provider_search_rating_idx').on(t.rating.desc(), t.total_reviews.desc(), t.provider_id),
    index('provider_search_price_idx').on(t.min_price_minor, t.provider_id),
    index('provider_search_city_name_idx').on(sql`lower(${t.city})`, t.name, t.provider_id),
    index('provider_search_name_idx').on(t.name, t.provider_id),
  ],
);

/**
 * Every word that occurs in provider_search.search_words, with a trigram index: a search word with a
 * typo ("plumbr") is first matched to the real words close to it ("plumber", "plumbing"), which are
 * then looked up exactly in provider_search (decision 005). Words are added by the read-model
 * refresh; a word no provider uses any more only costs a wasted lookup.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
  },
  (t) => [index('search_terms_trgm_idx').using('gin', t.term.op('gin_trgm_ops'))],
);

// ---------------------------------------------------------------------------------------------------
// Jobs, bids, quote requests and bookings (issue 7). Money in pesewas; dates are Ghana (UTC) dates.
// ---------------------------------------------------------------------------------------------------

/** A customer's job: open → hired → closed, or cancelled by the customer, or expired after 30 days. */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    customer_id: text('customer_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    category_slug: text('category_slug')
      .notNull()
      .references(() => serviceCategories.slug, { onUpdate: 'cascade' }),
    description: text('description').notNull(),
    city: text('city'),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    when_type: text('when_type').$type<JobWhenType>().notNull(),
    date_start: date('date_start', { mode: 'string' }),
    date_end: date('date_end', { mode: 'string' }),
    budget_min_minor: integer('budget_min_minor'),
    budget_max_minor: integer('budget_max_minor'),
    currency: text('currency').notNull().default('GHS'),
    status: text('status').$type<JobStatus>().notNull().default('open'),
    /** Active bids (kept in step by the bid writes). */
    bids_count: integer('bids_count').notNull().default(0),
    hired_bid_id: uuid('hired_bid_id'),
    expires_at: at('expires_at').notNull(),
    closed_at: at('closed_at'),
    created_at: createdAt(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('jobs_status_check', oneOf(t.status, JOB_STATUSES)),
    check('jobs_when_check', oneOf(t.when_type, JOB_WHEN_TYPES)),
    check(
      'jobs_budget_check',
      sql`(${t.budget_min_minor} is null or ${t.budget_min_minor} between 0 and 100000000) and (${t.budget_max_minor} is null or ${t.budget_max_minor} between 0 and 100000000) and (${t.budget_min_minor} is null or ${t.budget_max_minor} is null or ${t.budget_min_minor} <= ${t.budget_max_minor})`,
    ),
    check('jobs_currency_check', sql`${t.currency} = 'GHS'`),
    index('jobs_customer_idx').on(t.customer_id, t.created_at),
    index('jobs_open_idx').on(t.created_at).where(sql`${t.status} = 'open'`),
    index('jobs_open_category_idx').on(t.category_slug, t.created_at).where(sql`${t.status} = 'open'`),
  ],
);

/** Photos of a job (public resized variants), in order. */
export const jobPhotos = pgTable(
  'job_photos',
  {
    id: id(),
    job_id: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    storage_key: text('storage_key').notNull(),
    public_key: text('public_key'),
    content_type: text('content_type').notNull(),
    width: integer('width'),
    height: integer('height'),
    created_at: createdAt(),
  },
  (t) => [
    unique('job_photos_job_position_unique').on(t.job_id, t.position),
    check('job_photos_position_check', sql`${t.position} between 0 and 20`),
  ],
);

/** A provider's bid on a job: one per provider and job; active → withdrawn / accepted / declined. */
export const jobBids = pgTable(
  'job_bids',
  {
    id: id(),
    job_id: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    provider_id: text('provider_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    price_minor: integer('price_minor').notNull(),
    message: text('message').notNull(),
    earliest_start: date('earliest_start', { mode: 'string' }),
    duration_minutes: integer('duration_minutes'),
    status: text('status').$type<BidStatus>().notNull().default('active'),
    withdrawn_at: at('withdrawn_at'),
    created_at: createdAt(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('job_bids_job_provider_unique').on(t.job_id, t.provider_id),
    check('job_bids_status_check', oneOf(t.status, BID_STATUSES)),
    check('job_bids_price_check', sql`${t.price_minor} between 1 and 100000000`),
    index('job_bids_job_idx').on(t.job_id, t.created_at),
    /** Counting a provider's bids this month for the tier limit. */
    index('job_bids_provider_created_idx').on(t.provider_id, t.created_at),
  ],
);

/** A customer's request for a quote on one provider's service (`/service-requests`). */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: id(),
    customer_id: text('customer_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    provider_id: text('provider_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    service_id: uuid('service_id').references(() => providerServices.id, { onDelete: 'set null' }),
    /** Kept so the request reads the same after the service is edited or deleted. */
    service_title: text('service_title').notNull(),
    category_slug: text('category_slug').notNull(),
    details: text('details').notNull(),
    preferred_date: date('preferred_date', { mode: 'string' }),
    city: text('city'),
    address: text('address'),
    status: text('status').$type<QuoteStatus>().notNull().default('pending'),
    quote_price_minor: integer('quote_price_minor'),
    quote_message: text('quote_message'),
    decline_message: text('decline_message'),
    responded_at: at('responded_at'),
    expires_at: at('expires_at').notNull(),
    created_at: createdAt(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('quote_requests_status_check', oneOf(t.status, QUOTE_STATUSES)),
    check(
      'quote_requests_price_check',
      sql`${t.quote_price_minor} is null or ${t.quote_price_minor} between 1 and 100000000`,
    ),
    index('quote_requests_customer_idx').on(t.customer_id, t.created_at),
    index('quote_requests_provider_idx').on(t.provider_id, t.created_at),
    index('quote_requests_live_idx').on(t.expires_at).where(oneOf(t.status, QUOTE_LIVE_STATUSES)),
  ],
);

/**
 * A booking: made when a customer hires a bid or accepts a quote, with the agreed price, date and
 * place. One per job and one per quote request (unique), so concurrent accepts make exactly one.
 * Its lifecycle (schedule, completion, cancellation, reviews) is issue 8's.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    customer_id: text('customer_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    provider_id: text('provider_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    source: text('source').$type<BookingSource>().notNull(),
    job_id: uuid('job_id')
      .unique()
      .references(() => jobs.id, { onDelete: 'set null' }),
    bid_id: uuid('bid_id').references(() => jobBids.id, { onDelete: 'set null' }),
    quote_request_id: uuid('quote_request_id')
      .unique()
      .references(() => quoteRequests.id, { onDelete: 'set null' }),
    service_id: uuid('service_id').references(() => providerServices.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    price_minor: integer('price_minor').notNull(),
    currency: text('currency').notNull().default('GHS'),
    scheduled_date: date('scheduled_date', { mode: 'string' }),
    scheduled_end_date: date('scheduled_end_date', { mode: 'string' }),
    city: text('city'),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    status: text('status').$type<BookingStatus>().notNull().default('scheduled'),
    /** "HH:MM" in Accra (= UTC); with duration_minutes it blocks the provider's time. */
    start_time: text('start_time'),
    duration_minutes: integer('duration_minutes'),
    /** The moment range the booking holds, when a time is set (kept by the server with the date). */
    starts_at: at('starts_at'),
    ends_at: at('ends_at'),
    started_at: at('started_at'),
    done_marked_at: at('done_marked_at'),
    completed_at: at('completed_at'),
    cancelled_at: at('cancelled_at'),
    cancelled_by: text('cancelled_by').$type<BookingSide>(),
    cancel_reason: text('cancel_reason'),
    late_cancellation: boolean('late_cancellation'),
    /** A change of date/time proposed by one side and answered by the other. */
    proposed_by: text('proposed_by').$type<BookingSide>(),
    proposed_date: date('proposed_date', { mode: 'string' }),
    proposed_start_time: text('proposed_start_time'),
    proposed_duration_minutes: integer('proposed_duration_minutes'),
    proposed_note: text('proposed_note'),
    proposed_at: at('proposed_at'),
    /** The status before a dispute froze the booking. */
    status_before_dispute: text('status_before_dispute').$type<BookingStatus>(),
    /** Fixed at completion from the provider's tier at that moment. */
    tier_at_completion: text('tier_at_completion').$type<TierId>(),
    commission_percent: integer('commission_percent'),
    commission_minor: integer('commission_minor'),
    earnings_minor: integer('earnings_minor'),
    reminder_sent_for: date('reminder_sent_for', { mode: 'string' }),
    /** Where the booking's money is (issue 18); the ledger holds the amounts. */
    payment_status: text('payment_status').$type<BookingPaymentStatus>().notNull().default('not_required'),
    /** An unpaid booking is released then. */
    payment_due_at: at('payment_due_at'),
    paid_at: at('paid_at'),
    /** Summaries of ledger movements, kept with them in the same transaction (for lists). */
    refunded_minor: integer('refunded_minor').notNull().default(0),
    advance_minor: integer('advance_minor').notNull().default(0),
    receipts_minor: integer('receipts_minor').notNull().default(0),
    /** The tier's payout delay after completion; earnings_matured_at once they became available. */
    earnings_available_at: at('earnings_available_at'),
    earnings_matured_at: at('earnings_matured_at'),
    created_at: createdAt(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('bookings_status_check', oneOf(t.status, BOOKING_STATUSES)),
    index('bookings_provider_time_idx')
      .on(t.provider_id, t.starts_at)
      .where(oneOf(t.status, BOOKING_BLOCKING_STATUSES)),
    index('bookings_auto_complete_idx')
      .on(t.done_marked_at)
      .where(sql`${t.status} = 'awaiting_confirmation'`),
    index('bookings_date_idx').on(t.scheduled_date).where(oneOf(t.status, BOOKING_BLOCKING_STATUSES)),
    check('bookings_source_check', oneOf(t.source, BOOKING_SOURCES)),
    check('bookings_price_check', sql`${t.price_minor} between 0 and 100000000`),
    check('bookings_payment_status_check', oneOf(t.payment_status, BOOKING_PAYMENT_STATUSES)),
    index('bookings_payment_due_idx')
      .on(t.payment_due_at)
      .where(sql`${t.payment_status} = 'awaiting_payment'`),
    index('bookings_earnings_due_idx')
      .on(t.earnings_available_at)
      .where(sql`${t.earnings_matured_at} is null and ${t.earnings_available_at} is not null`),
    index('bookings_customer_idx').on(t.customer_id, t.created_at),
    index('bookings_provider_idx').on(t.provider_id, t.created_at),
  ],
);

/** Every change of a booking, who made it and when: the booking's history (issue 8). */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: id(),
    booking_id: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The user who acted; null for the system (auto-completion, expiry). */
    actor_id: text('actor_id'),
    actor_role: text('actor_role').notNull(),
    action: text('action').notNull(),
    from_status: text('from_status'),
    to_status: text('to_status'),
    details: jsonb('details'),
    created_at: createdAt(),
  },
  (t) => [index('booking_events_booking_idx').on(t.booking_id, t.created_at)],
);

/** One review per side per booking; visible (published) when both wrote or the window closed. */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    booking_id: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    author_id: text('author_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    subject_id: text('subject_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** The author's side: customer (reviewing the provider) or provider (reviewing the customer). */
    author_role: text('author_role').$type<BookingSide>().notNull(),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    reply: text('reply'),
    replied_at: at('replied_at'),
    published_at: at('published_at'),
    created_at: createdAt(),
  },
  (t) => [
    unique('reviews_booking_author_unique').on(t.booking_id, t.author_id),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_role_check', oneOf(t.author_role, BOOKING_SIDES)),
    index('reviews_subject_idx').on(t.subject_id, t.published_at),
    index('reviews_author_idx').on(t.author_id, t.created_at),
  ],
);

/** A dispute on a booking: open → resolved by an admin in favour of one side. */
export const disputes = pgTable(
  'disputes',
  {
    id: id(),
    booking_id: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    opened_by: text('opened_by')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    opener_role: text('opener_role').$type<BookingSide>().notNull(),
    reason: text('reason').$type<DisputeReason>().notNull(),
    description: text('description').notNull(),
    status: text('status').$type<DisputeStatus>().notNull().default('open'),
    in_favour_of: text('in_favour_of').$type<DisputeOutcome>(),
    /** What the resolution paid each side (pesewas), when money was held. */
    provider_minor: integer('provider_minor'),
    customer_minor: integer('customer_minor'),
    resolution_note: text('resolution_note'),
    resolved_by: text('resolved_by'),
    resolved_at: at('resolved_at'),
    created_at: createdAt(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('disputes_status_check', oneOf(t.status, DISPUTE_STATUSES)),
    check(
      'disputes_outcome_check',
      sql`${t.in_favour_of} is null or ${oneOf(t.in_favour_of, DISPUTE_OUTCOMES)}`,
    ),
    /** At most one open dispute per booking. */
    uniqueIndex('disputes_one_open_idx').on(t.booking_id).where(sql`${t.status} = 'open'`),
    index('disputes_status_idx').on(t.status, t.created_at),
  ],
);

/** Evidence photos of a dispute, in the private store (signed URLs for the parties and admins). */
export const disputePhotos = pgTable(
  'dispute_photos',
  {
    id: id(),
    dispute_id: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    uploaded_by: text('uploaded_by').notNull(),
    storage_key: text('storage_key').notNull(),
    content_type: text('content_type').notNull(),
    size: integer('size').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('dispute_photos_dispute_idx').on(t.dispute_id, t.created_at)],
);

/**
 * A conversation between a customer and a provider (issue 9): one per pair, started from a profile,
 * a job, a bid, a quote request or a booking (the messages carry that link). `last_seq` numbers the
 * messages; the row is locked while a message is added, so numbers follow commit order.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    customer_id: text('customer_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    provider_id: text('provider_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    last_seq: integer('last_seq').notNull().default(0),
    last_message_at: at('last_message_at'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_pair_idx').on(t.customer_id, t.provider_id),
    index('conversations_provider_idx').on(t.provider_id),
  ],
);

/** Each party's own state in a conversation: what they read and what was mailed to them. */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversation_id: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    user_id: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    /** The seq of the last message this member has read. */
    last_read_seq: integer('last_read_seq').notNull().default(0),
    read_at: at('read_at'),
    /** The seq up to which unread messages were mailed (the batched message mail). */
    mailed_seq: integer('mailed_seq').notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.conversation_id, t.user_id] }),
    index('conversation_members_user_idx').on(t.user_id),
  ],
);

/** A message: text (≤ 5,000 characters) and/or one image, optionally about a job, bid, quote or booking. */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversation_id: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    sender_id: text('sender_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    body: text('body').notNull().default(''),
    /** The sender's idempotency key: a retried send answers the first message. */
    client_id: text('client_id'),
    attachment_key: text('attachment_key'),
    attachment_type: text('attachment_type'),
    attachment_width: integer('attachment_width'),
    attachment_height: integer('attachment_height'),
    context_type: text('context_type').$type<ConversationContextType>(),
    context_id: uuid('context_id'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('messages_conversation_seq_idx').on(t.conversation_id, t.seq),
    uniqueIndex('messages_client_id_idx').on(t.sender_id, t.client_id),
    // fastupdate off (issue 20): each message updates the index itself, instead of an insert now and
    // then paying ~25 ms to flush the pending list, a spike the realtime p99 felt at 200 messages/s.
    index('messages_body_trgm_idx').using('gin', t.body.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

/**
 * Each user's realtime event stream: numbered per user in commit order (the cursor row in
 * `realtime_cursors` is locked while an event is added), so a client that saw seq N fetches N+1...
 * after a drop and loses nothing. Pruned after a week.
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    user_id: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.seq] }), index('realtime_events_created_idx').on(t.created_at)],
);

export const realtimeCursors = pgTable('realtime_cursors', {
  user_id: text('user_id')
    .primaryKey()
    .references(() => authUsers.id, { onDelete: 'cascade' }),
  last_seq: integer('last_seq').notNull().default(0),
});

/** A user who blocked another: neither can message the other. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blocker_id: text('blocker_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    blocked_id: text('blocked_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blocker_id, t.blocked_id] }),
    index('user_blocks_blocked_idx').on(t.blocked_id),
  ],
);

/** A report of a user (from a conversation), for the admins. */
export const userReports = pgTable(
  'user_reports',
  {
    id: id(),
    reporter_id: text('reporter_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    reported_id: text('reported_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    conversation_id: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    reason: text('reason').$type<ReportReason>().notNull(),
    details: text('details').notNull().default(''),
    status: text('status').$type<ReportStatus>().notNull().default('open'),
    resolved_by: text('resolved_by'),
    resolution_note: text('resolution_note'),
    resolved_at: at('resolved_at'),
    created_at: createdAt(),
  },
  (t) => [
    index('user_reports_status_idx').on(t.status, t.created_at),
    index('user_reports_reported_idx').on(t.reported_id),
  ],
);

/** Per user, kind and channel: whether a notice goes out. A missing row means the default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    user_id: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    in_app: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    push: boolean('push').notNull(),
    /** Issue 21: SMS to the verified phone (off unless chosen). */
    sms: boolean('sms').notNull().default(false),
    updated_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.kind] })],
);

/** A browser's Web Push subscription (VAPID); dropped when the push service says it is gone. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    user_id: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    user_agent: text('user_agent'),
    last_success_at: at('last_success_at'),
    last_error: text('last_error'),
    created_at: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.user_id)],
);

/**
 * Where a provider is paid (issue 18): one mobile money or bank account, its holder's name looked up
 * at the gateway before saving. A change holds payouts for 24 hours (account takeover guard).
 */
export const payoutSettings = pgTable(
  'payout_settings',
  {
    provider_id: text('provider_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    type: text('type').$type<PayoutMethodType>().notNull(),
    network: text('network').$type<MobileMoneyNetwork>(),
    bank_code: text('bank_code'),
    bank_name: text('bank_name'),
    account_number: text('account_number').notNull(),
    account_name: text('account_name').notNull(),
    gateway: text('gateway').$type<PaymentGatewayId>().notNull(),
    /** The gateway's transfer recipient (Paystack RCP_...). */
    recipient_code: text('recipient_code'),
    hold_until: at('hold_until'),
    /** Consecutive failed payouts, and when the next try may run (backoff). */
    failures: integer('failures').notNull().default(0),
    next_attempt_at: at('next_attempt_at'),
    created_at: createdAt(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('payout_settings_type_check', oneOf(t.type, PAYOUT_METHOD_TYPES)),
    check('payout_settings_gateway_check', oneOf(t.gateway, PAYMENT_GATEWAYS)),
    check('payout_settings_network_check', sql`${t.network} is null or ${t.network} in ('mtn','vod','atl')`),
  ],
);

/** A transfer of a provider's available earnings to their payout method. */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    provider_id: text('provider_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    gateway: text('gateway').$type<PaymentGatewayId>().notNull(),
    reference: text('reference').notNull(),
    amount_minor: integer('amount_minor').notNull(),
    currency: text('currency').$type<Currency>().notNull().default('GHS'),
    status: text('status').$type<PayoutStatus>().notNull().default('pending'),
    method_label: text('method_label').notNull(),
    /** The gateway's transfer code (Paystack TRF_...). */
    transfer_code: text('transfer_code'),
    failure_reason: text('failure_reason'),
    /** true for a materials advance (paid at once, no delay). */
    advance: boolean('advance').notNull().default(false),
    test_mode: boolean('test_mode').notNull().default(false),
    created_at: createdAt(),
    updated_at: at('updated_at').notNull().defaultNow(),
    settled_at: at('settled_at'),
    failed_at: at('failed_at'),
  },
  (t) => [
    unique('payouts_gateway_reference_unique').on(t.gateway, t.reference),
    // One transfer in flight per provider: two payout runs at once cannot both send.
    uniqueIndex('payouts_one_pending').on(t.provider_id).where(sql`${t.status} = 'pending'`),
    index('payouts_provider_idx').on(t.provider_id, t.created_at),
    index('payouts_status_idx').on(t.status, t.created_at),
    check('payouts_amount_check', sql`${t.amount_minor} > 0`),
    check('payouts_status_check', oneOf(t.status, PAYOUT_STATUSES)),
    check('payouts_gateway_check', oneOf(t.gateway, PAYMENT_GATEWAYS)),
    check('payouts_currency_check', oneOf(t.currency, CURRENCIES)),
  ],
);

/** Money returned to a customer from a booking's held money (cancellation, dispute). */
export const bookingRefunds = pgTable(
  'booking_refunds',
  {
    id: id(),
    booking_id: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    payment_id: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    customer_id: text('customer_id').notNull(),
    amount_minor: integer('amount_minor').notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('pending'),
    gateway_reference: text('gateway_reference'),
    failure_reason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    /** Who decided it: a user id, or null for the system. */
    created_by: text('created_by'),
    created_at: createdAt(),
    updated_at: at('updated_at').notNull().defaultNow(),
    sent_at: at('sent_at'),
  },
  (t) => [
    index('booking_refunds_booking_idx').on(t.booking_id),
    index('booking_refunds_status_idx').on(t.status, t.created_at),
    check('booking_refunds_amount_check', sql`${t.amount_minor} > 0`),
    check('booking_refunds_status_check', oneOf(t.status, REFUND_STATUSES)),
  ],
);

/** A Starter provider's receipt for materials bought for a booking (reimbursed at completion). */
export const materialReceipts = pgTable(
  'material_receipts',
  {
    id: id(),
    booking_id: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    provider_id: text('provider_id').notNull(),
    amount_minor: integer('amount_minor').notNull(),
    description: text('description').notNull(),
    /** The receipt photo in the private store. */
    file_key: text('file_key').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('material_receipts_booking_idx').on(t.booking_id),
    check('material_receipts_amount_check', sql`${t.amount_minor} > 0`),
  ],
);

/** The sandbox gateway's own record of transfers (what a real gateway keeps on its side). */
export const sandboxTransfers = pgTable('sandbox_transfers', {
  reference: text('reference').primaryKey(),
  amount_minor: integer('amount_minor').notNull(),
  currency: text('currency').$type<Currency>().notNull(),
  recipient_code: text('recipient_code').notNull(),
  account_number: text('account_number').notNull(),
  status: text('status').$type<'pending' | 'success' | 'failed' | 'reversed'>().notNull().default('pending'),
  created_at: createdAt(),
});
