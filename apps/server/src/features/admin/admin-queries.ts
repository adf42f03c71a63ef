import {
  ADMIN_PAGE_SIZE,
  type AdminAuditPage,
  type AdminEnterpriseLeadsPage,
  type AdminLogsPage,
  type AdminOutboxPage,
  type AdminOverview,
  type AdminUsersPage,
  effectiveRole,
  type Role,
  type RoleFacts,
} from '@adwuma/shared';
import { count, desc, eq, gte, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  adminAuditLog,
  authUsers,
  enterpriseLeads,
  frontendErrors,
  mailOutbox,
  securityEvents,
  subscribers,
} from '../../db/schema.ts';

type Row = Record<string, unknown>;

const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/** The columns effectiveRole needs, for the user aliased `u`. */
const ROLE_FACT_COLUMNS = sql`
  coalesce((select json_agg(ur.role) from user_roles ur where ur.user_id = u.id), '[]'::json) as roles,
  p.id as profile_id, p.role as profile_role, p.type as profile_type, p.is_admin as profile_is_admin,
  exists (select 1 from provider_skills s where s.provider_id = u.id) as has_skills,
  exists (select 1 from provider_locations l where l.provider_id = u.id) as has_location`;

function roleFrom(row: Row): Role {
  const roles = typeof row.roles === 'string' ? JSON.parse(row.roles) : row.roles;
  const facts: RoleFacts = {
    userRoles: Array.isArray(roles) ? roles : [],
    profile: row.profile_id
      ? {
          role: (row.profile_role as string | null) ?? null,
          type: (row.profile_type as string | null) ?? null,
          is_admin: (row.profile_is_admin as boolean | null) ?? null,
        }
      : null,
    hasProviderSkills: row.has_skills === true,
    hasProviderLocation: row.has_location === true,
  };
  return effectiveRole(facts);
}

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

export async function overview(db: Db): Promise<AdminOverview> {
  const users = rowsOf(
    await db.execute(sql`select ${ROLE_FACT_COLUMNS} from auth_users u left join profiles p on p.id = u.id`),
  );
  const byRole = { admin: 0, service_provider: 0, explorer: 0, customer: 0 };
  for (const row of users) byRole[roleFrom(row)]++;
  const since = new Date(Date.now() - 24 * 60 * 60 * 1000);
  const [[waitlist], [leads], [errorsToday], [eventsToday]] = await Promise.all([
    db.select({ n: count() }).from(subscribers),
    db.select({ n: count() }).from(enterpriseLeads),
    db.select({ n: count() }).from(frontendErrors).where(gte(frontendErrors.created_at, since)),
    db.select({ n: count() }).from(securityEvents).where(gte(securityEvents.created_at, since)),
  ]);
  return {
    users: { total: users.length, byRole },
    waitlistSubscribers: waitlist?.n ?? 0,
    enterpriseLeads: leads?.n ?? 0,
    frontendErrorsLast24h: errorsToday?.n ?? 0,
    securityEventsLast24h: eventsToday?.n ?? 0,
  };
}

/** `%` and `_` typed by the admin are matched literally. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function usersPage(db: Db, page: number, q: string | undefined): Promise<AdminUsersPage> {
  const filter: SQL = q
    ? sql`where (u.email ilike ${likePattern(q)} escape '\\' or u.name ilike ${likePattern(q)} escape '\\')`
    : sql``;
  const offset = (page - 1) * ADMIN_PAGE_SIZE;
  const [rows, totals] = await Promise.all([
    db.execute(sql`
      select u.id, u.email, u.name, u.email_verified, u.created_at, coalesce(p.verified, false) as verified,
        ${ROLE_FACT_COLUMNS}
      from auth_users u left join profiles p on p.id = u.id
      ${filter}
      order by u.created_at desc, u.id desc
      limit ${ADMIN_PAGE_SIZE} offset ${offset}`),
    db.execute(sql`select count(*)::int as n from auth_users u ${filter}`),
  ]);
  return {
    items: rowsOf(rows).map((row) => ({
      id: String(row.id),
      email: String(row.email),
      name: String(row.name),
      role: roleFrom(row),
      created_at: iso(row.created_at),
      emailVerified: row.email_verified === true,
      verified: row.verified === true,
    })),
    page,
    pageSize: ADMIN_PAGE_SIZE,
    total: Number(rowsOf(totals)[0]?.n ?? 0),
  };
}

export async function enterpriseLeadsPage(db: Db, page: number): Promise<AdminEnterpriseLeadsPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(enterpriseLeads)
      .orderBy(desc(enterpriseLeads.created_at), desc(enterpriseLeads.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(enterpriseLeads),
  ]);
  return {
    items: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    page,
    pageSize: ADMIN_PAGE_SIZE,
    total: total?.n ?? 0,
  };
}

export async function logsPage(db: Db, kind: 'frontend' | 'security', page: number): Promise<AdminLogsPage> {
  const offset = (page - 1) * ADMIN_PAGE_SIZE;
  if (kind === 'frontend') {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(frontendErrors)
        .orderBy(desc(frontendErrors.created_at), desc(frontendErrors.id))
        .limit(ADMIN_PAGE_SIZE)
        .offset(offset),
      db.select({ n: count() }).from(frontendErrors),
    ]);
    return {
      kind,
      items: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
      page,
      pageSize: ADMIN_PAGE_SIZE,
      total: total?.n ?? 0,
    };
  }
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(securityEvents)
      .orderBy(desc(securityEvents.created_at), desc(securityEvents.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(offset),
    db.select({ n: count() }).from(securityEvents),
  ]);
  return {
    kind,
    items: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    page,
    pageSize: ADMIN_PAGE_SIZE,
    total: total?.n ?? 0,
  };
}

/** Admin actions (verification decisions, claims, …), newest first, with the admin's email. */
export async function auditPage(db: Db, page: number): Promise<AdminAuditPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: adminAuditLog, admin_email: authUsers.email })
      .from(adminAuditLog)
      .leftJoin(authUsers, eq(authUsers.id, adminAuditLog.admin_id))
      .orderBy(desc(adminAuditLog.created_at), desc(adminAuditLog.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(adminAuditLog),
  ]);
  return {
    items: rows.map(({ entry, admin_email }) => ({
      ...entry,
      admin_email: admin_email ?? null,
      created_at: entry.created_at.toISOString(),
    })),
    page,
    pageSize: ADMIN_PAGE_SIZE,
    total: total?.n ?? 0,
  };
}

/** Stored mail, newest first; `to` matches part of the address (so "kofi" finds kofi@…). */
export async function outboxPage(db: Db, page: number, to: string | undefined): Promise<AdminOutboxPage> {
  const filter = to ? ilike(mailOutbox.to_address, likePattern(to.toLowerCase())) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(filter)
      .orderBy(desc(mailOutbox.created_at), desc(mailOutbox.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(mailOutbox).where(filter),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      to: r.to_address,
      subject: r.subject,
      template: r.template,
      transport: r.transport,
      text: r.text_body,
      created_at: r.created_at.toISOString(),
    })),
    page,
    pageSize: ADMIN_PAGE_SIZE,
    total: total?.n ?? 0,
  };
}
