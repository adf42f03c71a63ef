import {
  ADMIN_PAGE_SIZE,
  type AdminUserDetail,
  type AdminUsersPage,
  type AdminUsersQuery,
  AWAITING_REVIEW_STATUSES,
  computeOnboarding,
  isDocumentDone,
  type Role,
} from '@adwuma/shared';
import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import {
  adminAuditLog,
  authSessions,
  authUsers,
  bookings,
  jobs,
  profiles,
  reviews,
  securityEvents,
  userReports,
  userRoles,
} from '../../db/schema.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import { loadOnboardingFacts, verificationSessionStatus } from '../onboarding/index.ts';

/** How many of each list a user's page shows (the newest). */
export const DETAIL_LIST_LIMIT = 20;

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();
const isoOrNull = (value: unknown) => (value === null || value === undefined ? null : iso(value));

/**
 * Spec 4 "Effective role" (packages/shared roles.ts effectiveRole) as SQL over the user aliased `u`
 * and their profile `p`, so the list can filter and page by it. Step 3's profile half is unreachable
 * (step 2 takes explorer and provider), as in effectiveRole; the tests compare both.
 */
const EFFECTIVE_ROLE = sql`(case
  when coalesce(p.is_admin, false)
    or exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'admin') then 'admin'
  when p.role in ('service_provider', 'provider', 'explorer') or p.type in ('service_provider', 'provider', 'explorer')
    or exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'service_provider') then 'service_provider'
  when exists (select 1 from provider_skills s where s.provider_id = u.id)
    or exists (select 1 from provider_locations l where l.provider_id = u.id) then 'explorer'
  else 'customer' end)`;

const IN_REVIEW = sql`exists (select 1 from verification_sessions v where v.provider_id = u.id
  and v.status = any(${sql.param([...AWAITING_REVIEW_STATUSES])}::text[]))`;

/**
 * The digits of a phone number without the country code or trunk 0, so "024 412 3456",
 * "0244123456" and "+233244123456" all become "244123456". Null when `q` does not look like (part
 * of) a phone number: fewer than 3 digits, or anything but digits, spaces, + ( ) . -.
 */
export function phoneDigits(q: string): string | null {
  if (!/^[\d\s+().-]+$/.test(q)) return null;
  const digits = q.replace(/\D/g, '').replace(/^(233|0)/, '');
  return digits.length >= 3 ? digits : null;
}

/** The stored phone, reduced the same way (any format a profile may hold). */
const STORED_PHONE_DIGITS = sql`regexp_replace(regexp_replace(coalesce(p.phone, ''), '\\D', '', 'g'), '^(233|0)', '')`;

function whereOf(query: AdminUsersQuery): SQL {
  const parts: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    const digits = phoneDigits(q);
    parts.push(
      sql`(u.email ilike ${pattern} escape '\\' or u.name ilike ${pattern} escape '\\'
        or p.full_name ilike ${pattern} escape '\\'
        ${digits ? sql`or ${STORED_PHONE_DIGITS} like ${`%${digits}%`}` : sql``})`,
    );
  }
  if (query.role) parts.push(sql`${EFFECTIVE_ROLE} = ${query.role}`);
  if (query.verification === 'verified') parts.push(sql`coalesce(p.verified, false)`);
  if (query.verification === 'in_review') parts.push(sql`(not coalesce(p.verified, false) and ${IN_REVIEW})`);
  if (query.verification === 'unverified')
    parts.push(sql`(not coalesce(p.verified, false) and not ${IN_REVIEW})`);
  if (query.status === 'suspended') parts.push(sql`u.suspended_at is not null`);
  if (query.status === 'active') parts.push(sql`u.suspended_at is null`);
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

type Row = Record<string, unknown>;

function userRowFrom(row: Row) {
  return {
    id: String(row.id),
    email: String(row.email),
    name: String(row.name),
    phone: (row.phone as string | null) ?? null,
    role: row.role as Role,
    created_at: iso(row.created_at),
    emailVerified: row.email_verified === true,
    verified: row.verified === true,
    status: row.suspended_at ? ('suspended' as const) : ('active' as const),
  };
}

const ROW_COLUMNS = sql`u.id, u.email, u.name, u.email_verified, u.created_at, u.suspended_at,
  u.suspension_reason, u.password_reset_required_at, p.phone, coalesce(p.verified, false) as verified,
  ${EFFECTIVE_ROLE} as role`;

/** GET /api/admin/users: newest first, ADMIN_PAGE_SIZE a page, with the search and the filters. */
export async function usersPage(db: Db, query: AdminUsersQuery): Promise<AdminUsersPage> {
  const where = whereOf(query);
  const page = query.page;
  const [rows, totals] = await Promise.all([
    db.execute(sql`
      select ${ROW_COLUMNS}
      from auth_users u left join profiles p on p.id = u.id
      ${where}
      order by u.created_at desc, u.id desc
      limit ${ADMIN_PAGE_SIZE} offset ${(page - 1) * ADMIN_PAGE_SIZE}`),
    db.execute(sql`select count(*)::int as n from auth_users u left join profiles p on p.id = u.id ${where}`),
  ]);
  return {
    items: rowsOf(rows).map(userRowFrom),
    page,
    pageSize: ADMIN_PAGE_SIZE,
    total: Number(rowsOf(totals)[0]?.n ?? 0),
  };
}

/** GET /api/admin/users/:id: everything an admin needs to decide; null for an unknown id. */
export async function userDetail(db: Db, id: string): Promise<AdminUserDetail | null> {
  const [row] = rowsOf(
    await db.execute(sql`
      select ${ROW_COLUMNS}
      from auth_users u left join profiles p on p.id = u.id
      where u.id = ${id}`),
  );
  if (!row) return null;
  const user = userRowFrom(row);
  const now = new Date();
  const [
    [profile],
    roles,
    [sessions],
    jobRows,
    bookingRows,
    reviewRows,
    reportRows,
    eventRows,
    auditRows,
    verificationStatus,
  ] = await Promise.all([
    db.select().from(profiles).where(eq(profiles.id, id)),
    db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.user_id, id)),
    db
      .select({
        active: sql<number>`count(*) filter (where ${authSessions.expiresAt} > ${now})`.mapWith(Number),
        last: sql<Date | null>`max(${authSessions.createdAt})`,
      })
      .from(authSessions)
      .where(eq(authSessions.userId, id)),
    db
      .select({ id: jobs.id, title: jobs.title, status: jobs.status, created_at: jobs.created_at })
      .from(jobs)
      .where(eq(jobs.customer_id, id))
      .orderBy(desc(jobs.created_at), desc(jobs.id))
      .limit(DETAIL_LIST_LIMIT),
    db
      .select({
        id: bookings.id,
        title: bookings.title,
        status: bookings.status,
        customer_id: bookings.customer_id,
        price_minor: bookings.price_minor,
        created_at: bookings.created_at,
      })
      .from(bookings)
      .where(or(eq(bookings.customer_id, id), eq(bookings.provider_id, id)))
      .orderBy(desc(bookings.created_at), desc(bookings.id))
      .limit(DETAIL_LIST_LIMIT),
    db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        text: reviews.text,
        author_id: reviews.author_id,
        created_at: reviews.created_at,
      })
      .from(reviews)
      .where(or(eq(reviews.author_id, id), eq(reviews.subject_id, id)))
      .orderBy(desc(reviews.created_at), desc(reviews.id))
      .limit(DETAIL_LIST_LIMIT),
    db
      .select({
        id: userReports.id,
        reason: userReports.reason,
        details: userReports.details,
        status: userReports.status,
        created_at: userReports.created_at,
      })
      .from(userReports)
      .where(eq(userReports.reported_id, id))
      .orderBy(desc(userReports.created_at), desc(userReports.id))
      .limit(DETAIL_LIST_LIMIT),
    db
      .select({
        id: securityEvents.id,
        event_type: securityEvents.event_type,
        ip: securityEvents.ip,
        created_at: securityEvents.created_at,
      })
      .from(securityEvents)
      .where(or(eq(securityEvents.user_id, id), eq(securityEvents.email, user.email)))
      .orderBy(desc(securityEvents.created_at), desc(securityEvents.id))
      .limit(DETAIL_LIST_LIMIT),
    db
      .select({ entry: adminAuditLog, admin_email: authUsers.email })
      .from(adminAuditLog)
      .leftJoin(authUsers, eq(authUsers.id, adminAuditLog.admin_id))
      .where(and(eq(adminAuditLog.target_type, 'user'), eq(adminAuditLog.target_id, id)))
      .orderBy(desc(adminAuditLog.created_at), desc(adminAuditLog.id))
      .limit(DETAIL_LIST_LIMIT),
    verificationSessionStatus(db, id),
  ]);

  let onboarding: AdminUserDetail['onboarding'] = {
    onboarding_completed: false,
    nextRequiredStep: null,
    verification_status: verificationStatus,
    id_documents: 0,
  };
  if (profile) {
    const { facts } = await loadOnboardingFacts(db, {
      id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      createdAt: new Date(user.created_at),
    });
    onboarding = {
      onboarding_completed: profile.onboarding_completed,
      nextRequiredStep: computeOnboarding(user.role, facts).nextRequiredStep,
      verification_status: verificationStatus,
      id_documents: facts.idDocumentStatuses.filter(isDocumentDone).length,
    };
  }

  return {
    user: {
      ...user,
      isAdmin: user.role === 'admin',
      suspended_at: isoOrNull(row.suspended_at),
      suspension_reason: (row.suspension_reason as string | null) ?? null,
      password_reset_required:
        row.password_reset_required_at !== null && row.password_reset_required_at !== undefined,
      last_sign_in_at: isoOrNull(sessions?.last),
      active_sessions: sessions?.active ?? 0,
    },
    profile: profile
      ? {
          full_name: profile.full_name,
          bio: profile.bio,
          city: profile.city,
          avatar_url: profile.avatar_url,
          rating: profile.rating,
          total_reviews: profile.total_reviews,
          plan_name: profile.plan_name,
          profile_completion_percentage: profile.profile_completion_percentage,
          profile_strength_score: profile.profile_strength_score,
        }
      : null,
    roles: roles.map((r) => r.role),
    onboarding,
    jobs: jobRows.map((j) => ({ ...j, created_at: j.created_at.toISOString() })),
    bookings: bookingRows.map((b) => ({
      id: b.id,
      title: b.title,
      status: b.status,
      side: b.customer_id === id ? ('customer' as const) : ('provider' as const),
      price_minor: b.price_minor,
      created_at: b.created_at.toISOString(),
    })),
    reviews: reviewRows.map((r) => ({
      id: r.id,
      rating: r.rating,
      comment: r.text,
      direction: r.author_id === id ? ('written' as const) : ('received' as const),
      created_at: r.created_at.toISOString(),
    })),
    reports: reportRows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    security_events: eventRows.map((e) => ({ ...e, created_at: e.created_at.toISOString() })),
    audit: auditRows.map(({ entry, admin_email }) => ({
      id: entry.id,
      action: entry.action,
      admin_email: admin_email ?? null,
      reason: typeof entry.details.reason === 'string' ? entry.details.reason : null,
      created_at: entry.created_at.toISOString(),
    })),
  };
}

/** The facts an action is judged on, read under the transaction's locks. */
export interface TargetState {
  id: string;
  email: string;
  name: string;
  role: Role;
  isAdmin: boolean;
  suspended: boolean;
  passwordResetRequired: boolean;
}

/** One user's state as the audit log's before/after records it. */
export function auditState(state: TargetState) {
  return {
    role: state.role,
    is_admin: state.isAdmin,
    suspended: state.suspended,
    password_reset_required: state.passwordResetRequired,
  };
}

/** The target's state (null: no such user). */
export async function targetState(db: Pick<Db, 'execute'>, id: string): Promise<TargetState | null> {
  const [row] = rowsOf(
    await db.execute(sql`
      select u.id, u.email, u.name, u.suspended_at, u.password_reset_required_at, ${EFFECTIVE_ROLE} as role
      from auth_users u left join profiles p on p.id = u.id
      where u.id = ${id}`),
  );
  if (!row) return null;
  return {
    id: String(row.id),
    email: String(row.email),
    name: String(row.name),
    role: row.role as Role,
    isAdmin: row.role === 'admin',
    suspended: row.suspended_at !== null && row.suspended_at !== undefined,
    passwordResetRequired:
      row.password_reset_required_at !== null && row.password_reset_required_at !== undefined,
  };
}

/**
 * Locks the target's account row and every admin's, in id order (so two actions never wait on each
 * other crosswise). Every action that can take an admin away takes these locks first, so two admins
 * removing each other at once run one after the other, and the second counts after the first.
 */
export async function lockTargetAndAdmins(db: Pick<Db, 'execute'>, id: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      select u.id from auth_users u left join profiles p on p.id = u.id
      where u.id = ${id} or coalesce(p.is_admin, false)
        or exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'admin')
      order by u.id
      for update of u`),
  );
  return rows.some((r) => r.id === id);
}

/**
 * Admins who can act now: not suspended (a suspended admin cannot sign in), the target counted
 * whatever its state. A statement of its own, after the locks, so it sees what committed meanwhile.
 */
export async function countAdmins(db: Pick<Db, 'execute'>, targetId: string): Promise<number> {
  const [row] = rowsOf(
    await db.execute(sql`
      select count(*)::int as n from auth_users u left join profiles p on p.id = u.id
      where (coalesce(p.is_admin, false)
          or exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'admin'))
        and (u.suspended_at is null or u.id = ${targetId})`),
  );
  return Number(row?.n ?? 0);
}
