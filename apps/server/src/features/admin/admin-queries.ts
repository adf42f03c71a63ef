import {
  ADMIN_PAGE_SIZE,
  type AdminOutboxPage,
  type AdminOverview,
  effectiveRole,
  type Role,
  type RoleFacts,
} from '@adwuma/shared';
import { count, desc, gte, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enterpriseLeads, frontendErrors, mailOutbox, securityEvents, subscribers } from '../../db/schema.ts';
import { likePattern } from '../../lib/like-pattern.ts';

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
