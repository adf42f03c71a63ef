import type { AdminReport, ReportStatus, reportRequest, resolveReportRequest } from '@adwuma/shared';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { adminAuditLog, messages, profiles, userReports } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { loadContexts, memberConversation, toMessage } from './service.ts';

/** Open reports one user may have about another at a time. */
export const MAX_OPEN_REPORTS = 5;
/** Messages of the conversation shown with a report. */
export const REPORT_RECENT_MESSAGES = 20;
export const ADMIN_REPORTS_PAGE = 20;

export const REPORT_TEXT = {
  self: "You can't report yourself.",
  noUser: 'No such user.',
  notInConversation: 'That user is not part of this conversation.',
  tooMany: `You already have ${MAX_OPEN_REPORTS} open reports about this user. Our team will review them.`,
  notFound: 'No such report.',
  closed: 'This report is already closed.',
} as const;

type ReportRow = typeof userReports.$inferSelect;

export const summaryOf = (row: ReportRow) => ({
  id: row.id,
  reason: row.reason,
  status: row.status,
  created_at: row.created_at.toISOString(),
});

/** Reports as admins see them: both people (with email) and the conversation's last messages. */
async function toAdminReports(db: Db, rows: ReportRow[]): Promise<AdminReport[]> {
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.flatMap((r) => [r.reporter_id, r.reported_id]))];
  const people = await db
    .select({
      id: profiles.id,
      full_name: profiles.full_name,
      avatar_url: profiles.avatar_url,
      email: profiles.email,
    })
    .from(profiles)
    .where(inArray(profiles.id, ids));
  const byId = new Map(people.map((p) => [p.id, p]));
  const person = (id: string) => {
    const p = byId.get(id);
    return {
      id,
      name: p?.full_name?.trim() || 'User',
      avatar_url: p?.avatar_url ?? null,
      email: p?.email ?? null,
    };
  };
  const recent = new Map<string, AdminReport['recent_messages']>();
  for (const conversationId of new Set(rows.map((r) => r.conversation_id).filter((id) => id !== null))) {
    const last = (
      await db
        .select()
        .from(messages)
        .where(eq(messages.conversation_id, conversationId))
        .orderBy(desc(messages.seq))
        .limit(REPORT_RECENT_MESSAGES)
    ).reverse();
    const contexts = await loadContexts(db, last);
    recent.set(
      conversationId,
      last.map((m) => toMessage(m, contexts)),
    );
  }
  return rows.map((r) => ({
    ...summaryOf(r),
    details: r.details,
    reporter: person(r.reporter_id),
    reported: person(r.reported_id),
    conversation_id: r.conversation_id,
    recent_messages: r.conversation_id ? (recent.get(r.conversation_id) ?? []) : [],
    resolution_note: r.resolution_note,
    resolved_at: r.resolved_at?.toISOString() ?? null,
  }));
}

/** Files a report about another user (optionally from a shared conversation); the new row. */
export async function createReport(db: Db, userId: string, input: z.output<typeof reportRequest>) {
  if (input.user_id === userId) {
    throw new AppError(400, 'VALIDATION_ERROR', REPORT_TEXT.self, {
      fieldErrors: { user_id: [REPORT_TEXT.self] },
    });
  }
  const [reported] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, input.user_id));
  if (!reported) throw notFound(REPORT_TEXT.noUser);
  if (input.conversation_id) {
    const conversation = await memberConversation(db, input.conversation_id, userId);
    const other = conversation.customer_id === userId ? conversation.provider_id : conversation.customer_id;
    if (other !== input.user_id) {
      throw new AppError(400, 'VALIDATION_ERROR', REPORT_TEXT.notInConversation, {
        fieldErrors: { conversation_id: [REPORT_TEXT.notInConversation] },
      });
    }
  }
  // Count and insert under a lock per (reporter, reported) pair: concurrent reports, from any
  // server, queue here, so the count cannot be passed by a race.
  const row = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('user_reports'), hashtext(${`${userId}:${input.user_id}`}))`,
    );
    const [open] = await tx
      .select({ n: count() })
      .from(userReports)
      .where(
        and(
          eq(userReports.reporter_id, userId),
          eq(userReports.reported_id, input.user_id),
          eq(userReports.status, 'open'),
        ),
      );
    if (Number(open?.n ?? 0) >= MAX_OPEN_REPORTS)
      throw new AppError(429, 'RATE_LIMITED', REPORT_TEXT.tooMany);
    const [inserted] = await tx
      .insert(userReports)
      .values({
        reporter_id: userId,
        reported_id: input.user_id,
        conversation_id: input.conversation_id ?? null,
        reason: input.reason,
        details: input.details,
      })
      .returning();
    return inserted;
  });
  return row!;
}

/** One page of reports of a status, as admins see them, and how many there are. */
export async function listReports(db: Db, status: ReportStatus, page: number) {
  const where = eq(userReports.status, status);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(userReports)
      .where(where)
      .orderBy(
        ...(status === 'open'
          ? [asc(userReports.created_at), asc(userReports.id)]
          : [desc(userReports.resolved_at), desc(userReports.id)]),
      )
      .limit(ADMIN_REPORTS_PAGE)
      .offset((page - 1) * ADMIN_REPORTS_PAGE),
    db.select({ n: count() }).from(userReports).where(where),
  ]);
  return { items: await toAdminReports(db, rows), total: Number(total?.n ?? 0) };
}

/** Closes an open report (resolved or dismissed) with a note and an audit row; 409 once closed. */
export async function resolveReport(
  db: Db,
  adminId: string,
  reportId: string,
  { status, note }: z.output<typeof resolveReportRequest>,
): Promise<AdminReport> {
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(userReports)
      .set({ status, resolution_note: note, resolved_by: adminId, resolved_at: new Date() })
      .where(and(eq(userReports.id, reportId), eq(userReports.status, 'open')))
      .returning();
    if (!updated) {
      const [existing] = await tx
        .select({ id: userReports.id })
        .from(userReports)
        .where(eq(userReports.id, reportId));
      throw existing ? conflict(REPORT_TEXT.closed) : notFound(REPORT_TEXT.notFound);
    }
    await tx.insert(adminAuditLog).values({
      admin_id: adminId,
      action: status === 'resolved' ? 'report.resolve' : 'report.dismiss',
      target_type: 'user_report',
      target_id: updated.id,
      details: {
        status,
        note,
        reporter_id: updated.reporter_id,
        reported_id: updated.reported_id,
        conversation_id: updated.conversation_id,
      },
    });
    return updated;
  });
  const [report] = await toAdminReports(db, [row]);
  return report!;
}
