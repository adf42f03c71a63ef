import { z } from 'zod';
import { ROLES } from '../roles.ts';
import { ADMIN_USER_MESSAGES } from './user-messages.ts';

// The messages live in a module without zod: the app shell shows them on a forced sign-out.
export { ADMIN_USER_MESSAGES };

/** Issue 19: /admin/users — search, filters, a user's page and actions with a required reason. */
export const ADMIN_USER_STATUSES = ['active', 'suspended'] as const;
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];
/** Verification filter: profiles.verified (identity approved) or a review in progress. */
export const ADMIN_VERIFICATION_FILTERS = ['verified', 'in_review', 'unverified'] as const;

/** GET /api/admin/users querystring (page as before). */
export const adminUsersQuerySchema = z.object({
  page: z.coerce.number({ error: 'Must be a page number' }).int().min(1).max(100_000).default(1),
  /** Matches name, email or phone (digits compared without spaces; 024… and +23324… both match). */
  q: z.string().trim().max(254).optional(),
  role: z.enum(ROLES, { error: 'Choose admin, service_provider, explorer or customer' }).optional(),
  verification: z
    .enum(ADMIN_VERIFICATION_FILTERS, { error: 'Choose verified, in_review or unverified' })
    .optional(),
  status: z.enum(ADMIN_USER_STATUSES, { error: 'Choose active or suspended' }).optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

/** The actions an admin can take on a user; each needs a reason and lands in the audit log. */
export const ADMIN_USER_ACTIONS = [
  'change_role',
  'grant_admin',
  'remove_admin',
  'suspend',
  'reinstate',
  'force_password_reset',
] as const;
export type AdminUserAction = (typeof ADMIN_USER_ACTIONS)[number];
/** The audit log's action names (admin_audit_log.action), target_type 'user'. */
export const ADMIN_USER_AUDIT_ACTIONS: Record<AdminUserAction, string> = {
  change_role: 'user.change_role',
  grant_admin: 'user.grant_admin',
  remove_admin: 'user.remove_admin',
  suspend: 'user.suspend',
  reinstate: 'user.reinstate',
  force_password_reset: 'user.force_password_reset',
};
/** Roles an admin may set with change_role (admin is granted and removed on its own). */
export const ASSIGNABLE_ROLES = ['customer', 'service_provider'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const ADMIN_REASON_MIN = 5;
export const ADMIN_REASON_MAX = 500;
const reason = z
  .string({ error: 'Give a reason' })
  .trim()
  .min(ADMIN_REASON_MIN, { error: `Give a reason of at least ${ADMIN_REASON_MIN} characters` })
  .max(ADMIN_REASON_MAX, { error: `Keep the reason under ${ADMIN_REASON_MAX} characters` });

/** POST /api/admin/users/:id/actions */
export const adminUserActionSchema = z.discriminatedUnion(
  'action',
  [
    z.strictObject({
      action: z.literal('change_role'),
      role: z.enum(ASSIGNABLE_ROLES, { error: 'Choose customer or service_provider' }),
      reason,
    }),
    z.strictObject({ action: z.literal('grant_admin'), reason }),
    z.strictObject({ action: z.literal('remove_admin'), reason }),
    z.strictObject({ action: z.literal('suspend'), reason }),
    z.strictObject({ action: z.literal('reinstate'), reason }),
    z.strictObject({ action: z.literal('force_password_reset'), reason }),
  ],
  { error: 'Choose an action' },
);
export type AdminUserActionInput = z.infer<typeof adminUserActionSchema>;

export interface AdminActionFacts {
  actorId: string;
  target: { id: string; isAdmin: boolean; suspended: boolean; role: string };
  /** Admins in the product now, the target included. */
  adminCount: number;
}

/**
 * Why an action may not be taken, or null. An admin never suspends, demotes or removes admin from
 * their own account (so nobody locks themselves out), never removes the last admin, and actions that
 * would change nothing are refused so the audit log only holds real changes.
 */
export function adminActionProblem(input: AdminUserActionInput, facts: AdminActionFacts): string | null {
  const { target } = facts;
  const self = facts.actorId === target.id;
  switch (input.action) {
    case 'change_role':
      if (self) return ADMIN_USER_MESSAGES.notYourself;
      if (target.isAdmin) return ADMIN_USER_MESSAGES.adminRoleChange;
      if (target.role === input.role || (input.role === 'service_provider' && target.role === 'explorer'))
        return ADMIN_USER_MESSAGES.sameRole;
      return null;
    case 'grant_admin':
      return target.isAdmin ? ADMIN_USER_MESSAGES.alreadyAdmin : null;
    case 'remove_admin':
      if (!target.isAdmin) return ADMIN_USER_MESSAGES.notAdmin;
      if (facts.adminCount <= 1) return ADMIN_USER_MESSAGES.lastAdmin;
      if (self) return ADMIN_USER_MESSAGES.notYourself;
      return null;
    case 'suspend':
      if (self) return ADMIN_USER_MESSAGES.notYourself;
      if (target.suspended) return ADMIN_USER_MESSAGES.alreadySuspended;
      if (target.isAdmin && facts.adminCount <= 1) return ADMIN_USER_MESSAGES.lastAdmin;
      return null;
    case 'reinstate':
      return target.suspended ? null : ADMIN_USER_MESSAGES.notSuspended;
    case 'force_password_reset':
      return self ? ADMIN_USER_MESSAGES.notYourself : null;
  }
}

const iso = z.string();
const nullableIso = z.string().nullable();

/** One row of GET /api/admin/users. */
export const adminUserRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  created_at: iso,
  emailVerified: z.boolean(),
  verified: z.boolean(),
  status: z.enum(ADMIN_USER_STATUSES),
});

/** GET /api/admin/users/:id — everything an admin needs to decide. */
export const adminUserDetailSchema = z.object({
  user: adminUserRowSchema.extend({
    isAdmin: z.boolean(),
    suspended_at: nullableIso,
    suspension_reason: z.string().nullable(),
    password_reset_required: z.boolean(),
    last_sign_in_at: nullableIso,
    active_sessions: z.number().int(),
  }),
  profile: z
    .object({
      full_name: z.string().nullable(),
      bio: z.string().nullable(),
      city: z.string().nullable(),
      avatar_url: z.string().nullable(),
      rating: z.number().nullable(),
      total_reviews: z.number().int(),
      plan_name: z.string().nullable(),
      profile_completion_percentage: z.number().int(),
      profile_strength_score: z.number().int(),
    })
    .nullable(),
  roles: z.array(z.string()),
  onboarding: z.object({
    onboarding_completed: z.boolean(),
    nextRequiredStep: z.string().nullable(),
    verification_status: z.string().nullable(),
    id_documents: z.number().int(),
  }),
  jobs: z.array(z.object({ id: z.string(), title: z.string(), status: z.string(), created_at: iso })),
  bookings: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      status: z.string(),
      /** 'customer' or 'provider': which side this user is on. */
      side: z.enum(['customer', 'provider']),
      price_minor: z.number().int().nullable(),
      created_at: iso,
    }),
  ),
  reviews: z.array(
    z.object({
      id: z.string(),
      rating: z.number().int(),
      comment: z.string().nullable(),
      /** 'written' by this user or 'received'. */
      direction: z.enum(['written', 'received']),
      created_at: iso,
    }),
  ),
  reports: z.array(
    z.object({
      id: z.string(),
      reason: z.string(),
      details: z.string().nullable(),
      status: z.string(),
      created_at: iso,
    }),
  ),
  security_events: z.array(
    z.object({ id: z.string(), event_type: z.string(), ip: z.string().nullable(), created_at: iso }),
  ),
  audit: z.array(
    z.object({
      id: z.string(),
      action: z.string(),
      admin_email: z.string().nullable(),
      reason: z.string().nullable(),
      created_at: iso,
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
