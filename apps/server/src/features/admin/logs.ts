import {
  ADMIN_PAGE_SIZE,
  type AdminAuditPage,
  type AdminLogsPage,
  type adminLogsQuerySchema,
  SEVERITIES,
} from '@adwuma/shared';
import { and, count, countDistinct, desc, eq, gte, ilike, max, min, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { adminAuditLog, authUsers, frontendErrors, securityEvents } from '../../db/schema.ts';
import { likePattern } from '../../lib/like-pattern.ts';

export type LogsQuery = z.output<typeof adminLogsQuerySchema>;

const offsetOf = (page: number) => (page - 1) * ADMIN_PAGE_SIZE;
const sinceOf = (createdAt: PgColumn, days: number | undefined) =>
  days ? gte(createdAt, sql`now() - make_interval(days => ${days})`) : undefined;
/** Severities worst first, as a Postgres array: a lower position is worse. */
const SEVERITY_ORDER = sql`array[${sql.join(
  SEVERITIES.map((s) => sql`${s}`),
  sql`, `,
)}]::text[]`;

/**
 * GET /api/admin/logs: frontend errors grouped by message and route (counts, users, first and last
 * seen, worst severity) or one by one, security events, or the admin audit log; newest first.
 */
export async function logsPage(db: Db, query: LogsQuery): Promise<AdminLogsPage> {
  switch (query.kind) {
    case 'frontend_groups':
      return { kind: query.kind, ...(await errorGroupsPage(db, query)) };
    case 'frontend':
      return { kind: query.kind, ...(await frontendErrorsPage(db, query)) };
    case 'security':
      return { kind: query.kind, ...(await securityEventsPage(db, query)) };
    case 'audit':
      return { kind: query.kind, ...(await auditPage(db, query)) };
  }
}

function frontendWhere(query: LogsQuery): SQL | undefined {
  return and(
    query.q ? ilike(frontendErrors.message, likePattern(query.q)) : undefined,
    query.severity ? eq(frontendErrors.severity, query.severity) : undefined,
    query.id ? eq(frontendErrors.id, query.id) : undefined,
    sinceOf(frontendErrors.created_at, query.since_days),
  );
}

async function errorGroupsPage(db: Db, query: LogsQuery) {
  const where = frontendWhere(query);
  const lastSeen = max(frontendErrors.created_at);
  const newestFirst = sql`order by ${frontendErrors.created_at} desc, ${frontendErrors.id} desc`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        message: frontendErrors.message,
        route_path: frontendErrors.route_path,
        error_type: sql<string>`(array_agg(${frontendErrors.error_type} ${newestFirst}))[1]`,
        severity: sql<string>`(${SEVERITY_ORDER})[min(array_position(${SEVERITY_ORDER}, ${frontendErrors.severity}))]`,
        count: count(),
        users: countDistinct(frontendErrors.user_id),
        first_seen: min(frontendErrors.created_at),
        last_seen: lastSeen,
        latest_id: sql<string>`(array_agg(${frontendErrors.id} ${newestFirst}))[1]`,
      })
      .from(frontendErrors)
      .where(where)
      .groupBy(frontendErrors.message, frontendErrors.route_path)
      .orderBy(desc(lastSeen), frontendErrors.message, frontendErrors.route_path)
      .limit(ADMIN_PAGE_SIZE)
      .offset(offsetOf(query.page)),
    db
      .select({ n: count() })
      .from(
        db
          .select({ message: frontendErrors.message })
          .from(frontendErrors)
          .where(where)
          .groupBy(frontendErrors.message, frontendErrors.route_path)
          .as('groups'),
      ),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      count: Number(r.count),
      users: Number(r.users),
      latest_id: String(r.latest_id),
      first_seen: r.first_seen!.toISOString(),
      last_seen: r.last_seen!.toISOString(),
    })),
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
    total: Number(total?.n ?? 0),
  };
}

async function frontendErrorsPage(db: Db, query: LogsQuery) {
  const where = frontendWhere(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(frontendErrors)
      .where(where)
      .orderBy(desc(frontendErrors.created_at), desc(frontendErrors.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(offsetOf(query.page)),
    db.select({ n: count() }).from(frontendErrors).where(where),
  ]);
  return {
    items: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
    total: Number(total?.n ?? 0),
  };
}

async function securityEventsPage(db: Db, query: LogsQuery) {
  const pattern = query.q ? likePattern(query.q) : undefined;
  const where = and(
    pattern ? or(ilike(securityEvents.event_type, pattern), ilike(securityEvents.email, pattern)) : undefined,
    sinceOf(securityEvents.created_at, query.since_days),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(securityEvents)
      .where(where)
      .orderBy(desc(securityEvents.created_at), desc(securityEvents.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(offsetOf(query.page)),
    db.select({ n: count() }).from(securityEvents).where(where),
  ]);
  return {
    items: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
    total: Number(total?.n ?? 0),
  };
}

/**
 * Admin actions (verification decisions, lead changes, user actions, …), newest first, with the
 * admin's email; `q` matches the action or the target's type or id.
 */
export async function auditPage(
  db: Db,
  query: Pick<LogsQuery, 'page' | 'q' | 'since_days'>,
): Promise<AdminAuditPage> {
  const pattern = query.q ? likePattern(query.q) : undefined;
  const where = and(
    pattern
      ? or(
          ilike(adminAuditLog.action, pattern),
          ilike(adminAuditLog.target_type, pattern),
          ilike(adminAuditLog.target_id, pattern),
        )
      : undefined,
    sinceOf(adminAuditLog.created_at, query.since_days),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: adminAuditLog, admin_email: authUsers.email })
      .from(adminAuditLog)
      .leftJoin(authUsers, eq(authUsers.id, adminAuditLog.admin_id))
      .where(where)
      .orderBy(desc(adminAuditLog.created_at), desc(adminAuditLog.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset(offsetOf(query.page)),
    db.select({ n: count() }).from(adminAuditLog).where(where),
  ]);
  return {
    items: rows.map(({ entry, admin_email }) => ({
      ...entry,
      admin_email: admin_email ?? null,
      created_at: entry.created_at.toISOString(),
    })),
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
    total: Number(total?.n ?? 0),
  };
}
