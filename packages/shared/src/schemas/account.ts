import { z } from 'zod';
import { adminErrorGroupSchema, adminLeadSchema } from '../admin/operations.ts';
import { adminUserRowSchema } from '../admin/users.ts';
import { LANGUAGES } from '../i18n/locale.ts';
import { ROLES } from '../roles.ts';

/**
 * What the API answers for accounts, profiles and the admin area: one definition for the server's
 * response schemas and the web client's types. Timestamps are ISO strings.
 */
const iso = z.string();

/** Spec 3 "profiles", every field. */
export const profileSchema = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar_url: z.string().nullable(),
  bio: z.string().nullable(),
  created_at: iso,
  updated_at: iso,
  verified: z.boolean(),
  rating: z.number(),
  total_reviews: z.number().int(),
  role: z.string(),
  type: z.string(),
  is_admin: z.boolean(),
  onboarding_progress: z.record(z.string(), z.unknown()),
  core_onboarding_progress: z.object({
    profile_completed: z.boolean(),
    location_completed: z.boolean(),
    skills_completed: z.boolean(),
  }),
  post_onboarding_progress: z.object({
    availability_set: z.boolean(),
    id_verification_completed: z.boolean(),
    subscription_completed: z.boolean(),
    terms_accepted: z.boolean(),
  }),
  onboarding_completed: z.boolean(),
  post_onboarding_completed: z.boolean(),
  kyc_completed: z.boolean(),
  profile_completion_percentage: z.number().int(),
  profile_strength_score: z.number().int(),
  country_code: z.string(),
  currency_preference: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string(),
  availability_status: z.string().nullable(),
  availability_set: z.boolean(),
  terms_accepted_at: iso.nullable(),
  intro_seen: z.boolean(),
  last_onboarding_step: z.string().nullable(),
  plan_name: z.string().nullable(),
  id_verified: z.boolean(),
  show_phone: z.boolean(),
  whatsapp_enabled: z.boolean(),
  welcome_email_sent: z.boolean(),
  /** Issue 21: 'en' or 'ak' once the user chose; null until then. */
  preferred_language: z.enum(LANGUAGES).nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const roleSchema = z.enum(ROLES);

/** GET /api/me. */
export const meResponseSchema = z.object({
  user: z.object({
    id: z.string(),
    /** Null for a phone-only account (issue 21: its placeholder address is never shown). */
    email: z.string().nullable(),
    name: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullable(),
    createdAt: iso,
  }),
  profile: profileSchema,
  role: roleSchema,
  isAdmin: z.boolean(),
  permissions: z.array(z.enum(['view_admin_dashboard'])),
  twoFactorEnabled: z.boolean(),
  /** Issue 21: the account's language (as profile.preferred_language); null until chosen. */
  preferred_language: z.enum(LANGUAGES).nullable(),
  /** Issue 21: the account's phone (+233XXXXXXXXX) and whether it was verified by SMS code. */
  phone_number: z.string().nullable(),
  phone_verified: z.boolean(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** POST /api/profile/become-provider. */
export const becomeProviderResponseSchema = z.object({ profile: profileSchema, role: roleSchema });
export type BecomeProviderResponse = z.infer<typeof becomeProviderResponseSchema>;

/** GET /api/auth/providers. */
export const authProvidersSchema = z.object({ google: z.boolean(), requireEmailVerification: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

export const ADMIN_PAGE_SIZE = 20;

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });

/** GET /api/admin/overview. */
export const adminOverviewSchema = z.object({
  users: z.object({
    total: z.number().int(),
    byRole: z.object({
      admin: z.number().int(),
      service_provider: z.number().int(),
      explorer: z.number().int(),
      customer: z.number().int(),
    }),
  }),
  waitlistSubscribers: z.number().int(),
  enterpriseLeads: z.number().int(),
  frontendErrorsLast24h: z.number().int(),
  securityEventsLast24h: z.number().int(),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** GET /api/admin/users (issue 19: phone, status; filters in adminUsersQuerySchema). */
export const adminUserSchema = adminUserRowSchema;
export const adminUsersPageSchema = page(adminUserRowSchema);
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** GET /api/admin/enterprise-leads (issue 19: status pipeline, owner, notes, follow-up). */
export const adminEnterpriseLeadSchema = adminLeadSchema;
export const adminEnterpriseLeadsPageSchema = page(adminLeadSchema);
export type AdminEnterpriseLeadsPage = z.infer<typeof adminEnterpriseLeadsPageSchema>;

export const adminFrontendErrorSchema = z.object({
  id: z.string(),
  error_type: z.string(),
  message: z.string(),
  stack: z.string().nullable(),
  component_name: z.string().nullable(),
  route_path: z.string().nullable(),
  user_agent: z.string().nullable(),
  user_id: z.string().nullable(),
  session_id: z.string().nullable(),
  additional_context: z.record(z.string(), z.unknown()).nullable(),
  severity: z.string(),
  created_at: iso,
});
export const adminSecurityEventSchema = z.object({
  id: z.string(),
  event_type: z.string(),
  user_id: z.string().nullable(),
  email: z.string().nullable(),
  ip: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  created_at: iso,
});
/** GET /api/admin/logs: one of four lists (issue 19 adds grouped errors and the audit log). */
export const adminLogsPageSchema = z.discriminatedUnion('kind', [
  page(adminErrorGroupSchema).extend({ kind: z.literal('frontend_groups') }),
  page(adminFrontendErrorSchema).extend({ kind: z.literal('frontend') }),
  page(adminSecurityEventSchema).extend({ kind: z.literal('security') }),
  page(z.lazy(() => adminAuditEntrySchema)).extend({ kind: z.literal('audit') }),
]);
export type AdminLogsPage = z.infer<typeof adminLogsPageSchema>;

/** One admin action (GET /api/admin/audit), newest first. */
export const adminAuditEntrySchema = z.object({
  id: z.string(),
  admin_id: z.string(),
  admin_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: iso,
});
export const adminAuditPageSchema = page(adminAuditEntrySchema);
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;

/** One stored mail (GET /api/admin/outbox): its text is kept only when there is no SMTP. */
export const adminOutboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  /** "outbox" (kept here, not sent) or "smtp" (sent; no body kept). */
  transport: z.string(),
  text: z.string().nullable(),
  created_at: iso,
});
export const adminOutboxPageSchema = page(adminOutboxMailSchema);
export type AdminOutboxPage = z.infer<typeof adminOutboxPageSchema>;
export type AdminOutboxMail = z.infer<typeof adminOutboxMailSchema>;
