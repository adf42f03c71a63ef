import {
  ADMIN_PAGE_SIZE,
  AWAITING_REVIEW_STATUSES,
  displayedVerificationStatus,
  documentStatusFromUpload,
  type ReviewDetail,
  type ReviewQueue,
  type ReviewQueueItem,
  type reviewQueueQuerySchema,
} from '@adwuma/shared';
import { and, asc, count, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  adminAuditLog,
  idDocuments,
  profiles,
  providerDocuments,
  verificationSessions,
} from '../../db/schema.ts';
import { refreshProfileScores } from '../../kernel/profile-scores.ts';
import { refreshProviderSearch } from '../../kernel/provider-search.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';
import { insertNotices, sendNoticeMails } from '../notifications/index.ts';
import { decisionMailKey, VERIFICATION_MAIL_QUEUE } from './send-decision-mail.ts';
import { documentsOf, isUuid } from './verification-service.ts';

export const ALREADY_DECIDED_MESSAGE = 'This verification was already decided.';
export const SESSION_NOT_FOUND_MESSAGE = 'No verification with this id.';
export const VERIFICATION_LINK = '/onboarding/verification';

const s = verificationSessions;
const awaiting = inArray(s.status, [...AWAITING_REVIEW_STATUSES]);

/** Documents count: provider_documents, or the fallback rows when there are none. */
const documentCount = sql<number>`coalesce(
  nullif((select count(*) from provider_documents d where d.provider_id = ${s.provider_id}), 0),
  (select count(*) from document_verifications v where v.provider_id = ${s.provider_id})
)::int`;

const itemColumns = {
  session: s,
  provider: {
    id: profiles.id,
    full_name: profiles.full_name,
    email: profiles.email,
    phone: profiles.phone,
    city: profiles.city,
    verified: profiles.verified,
  },
  document_count: documentCount,
};

type ItemRow = {
  session: typeof s.$inferSelect;
  provider: ReviewQueueItem['provider'];
  document_count: number;
};

function toItem(row: ItemRow): ReviewQueueItem {
  const session = row.session;
  return {
    id: session.id,
    status: session.status,
    displayedStatus: displayedVerificationStatus(session.status, []),
    provider: row.provider,
    ghana_card_number: session.ghana_card_number,
    document_count: Number(row.document_count),
    submitted_at: session.submitted_at?.toISOString() ?? null,
    created_at: session.created_at.toISOString(),
    updated_at: session.updated_at.toISOString(),
    reviewer_id: session.reviewer_id,
  };
}

/**
 * The review queue, oldest first (submitted_at, then created_at): 'awaiting' = every status still
 * waiting for a decision, 'all', or one status. ADMIN_PAGE_SIZE a page.
 */
export async function reviewQueue(
  db: Db,
  query: z.output<typeof reviewQueueQuerySchema>,
): Promise<ReviewQueue> {
  const filter: SQL | undefined =
    query.status === 'all' ? undefined : query.status === 'awaiting' ? awaiting : eq(s.status, query.status);
  const [rows, [total]] = await Promise.all([
    db
      .select(itemColumns)
      .from(s)
      .innerJoin(profiles, eq(profiles.id, s.provider_id))
      .where(filter)
      .orderBy(sql`${s.submitted_at} asc nulls last`, asc(s.created_at), asc(s.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(s).innerJoin(profiles, eq(profiles.id, s.provider_id)).where(filter),
  ]);
  return { items: rows.map(toItem), total: total?.n ?? 0, page: query.page, pageSize: ADMIN_PAGE_SIZE };
}

/** One session with the provider's documents (fresh signed URLs); 404 when there is none. */
export async function reviewDetail(
  deps: Pick<Deps, 'database' | 'storage'>,
  id: string,
  log: FastifyBaseLogger,
): Promise<ReviewDetail> {
  if (!isUuid(id)) throw notFound(SESSION_NOT_FOUND_MESSAGE);
  const [row] = await deps.database.db
    .select(itemColumns)
    .from(s)
    .innerJoin(profiles, eq(profiles.id, s.provider_id))
    .where(eq(s.id, id));
  if (!row) throw notFound(SESSION_NOT_FOUND_MESSAGE);
  const { documents } = await documentsOf(deps, row.session.provider_id, log);
  return {
    ...toItem(row),
    documents,
    review_note: row.session.review_note,
    reviewed_at: row.session.reviewed_at?.toISOString() ?? null,
  };
}

/** 404 for a missing session, 409 for a decided one. */
async function refuseUndecidable(db: Db, id: string): Promise<never> {
  const [exists] = await db.select({ id: s.id }).from(s).where(eq(s.id, id));
  throw exists ? conflict(ALREADY_DECIDED_MESSAGE) : notFound(SESSION_NOT_FOUND_MESSAGE);
}

/** An admin takes a waiting session into review (status in_review, reviewer = them). */
export async function claimReview(
  deps: Deps,
  adminId: string,
  id: string,
  log: FastifyBaseLogger,
): Promise<ReviewDetail> {
  const { db } = deps.database;
  if (!isUuid(id)) throw notFound(SESSION_NOT_FOUND_MESSAGE);
  const claimed = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: s.status, provider_id: s.provider_id })
      .from(s)
      .where(eq(s.id, id));
    const [row] = await tx
      .update(s)
      .set({ status: 'in_review', reviewer_id: adminId, updated_at: new Date() })
      .where(and(eq(s.id, id), awaiting))
      .returning({ id: s.id });
    if (!row || !before) return false;
    await tx.insert(adminAuditLog).values({
      admin_id: adminId,
      action: 'verification.claim',
      target_type: 'verification_session',
      target_id: id,
      details: { provider_id: before.provider_id, previous_status: before.status },
    });
    return true;
  });
  if (!claimed) await refuseUndecidable(db, id);
  return reviewDetail(deps, id, log);
}

export interface Decision {
  decision: 'approve' | 'reject';
  note?: string | undefined;
}

/**
 * Approves or rejects a waiting session. One transaction: the session (a conditional UPDATE on the
 * waiting statuses, so of two admins deciding at once only one succeeds; the other gets 409), the
 * documents and their id_documents mirror, the profile's verified flags, an audit row and an in-app
 * notification. The mail is queued after the commit (retried, sent once).
 */
export async function decideReview(
  deps: Deps,
  adminId: string,
  id: string,
  input: Decision,
  log: FastifyBaseLogger,
): Promise<ReviewDetail> {
  const { db } = deps.database;
  if (!isUuid(id)) throw notFound(SESSION_NOT_FOUND_MESSAGE);
  const approve = input.decision === 'approve';
  const note = input.note?.trim() ? input.note.trim() : null;

  let decisionNoticeIds: string[] = [];
  const auditId = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: s.status, provider_id: s.provider_id })
      .from(s)
      .where(eq(s.id, id))
      .for('update');
    if (!before) return null;
    const now = new Date();
    const [decided] = await tx
      .update(s)
      .set({
        status: approve ? 'admin_approved' : 'admin_rejected',
        reviewer_id: adminId,
        reviewed_at: now,
        review_note: note,
        updated_at: now,
      })
      .where(and(eq(s.id, id), awaiting))
      .returning({ id: s.id });
    if (!decided) return null;

    const providerId = before.provider_id;
    const uploadStatus = approve ? 'verified' : 'rejected';
    await tx
      .update(providerDocuments)
      .set({ upload_status: uploadStatus, updated_at: now })
      .where(eq(providerDocuments.provider_id, providerId));
    await tx
      .update(idDocuments)
      .set({ doc_status: documentStatusFromUpload(uploadStatus), updated_at: now })
      .where(and(eq(idDocuments.provider_id, providerId), isNotNull(idDocuments.provider_document_id)));
    await tx
      .update(profiles)
      .set({ verified: approve, id_verified: approve, kyc_completed: approve, updated_at: now })
      .where(eq(profiles.id, providerId));
    // The verified badge in search and on the public profile follows the decision at once.
    await refreshProviderSearch(tx, providerId);
    await refreshProfileScores(tx, providerId);
    const [audit] = await tx
      .insert(adminAuditLog)
      .values({
        admin_id: adminId,
        action: approve ? 'verification.approve' : 'verification.reject',
        target_type: 'verification_session',
        target_id: id,
        details: { provider_id: providerId, note, previous_status: before.status },
      })
      .returning({ id: adminAuditLog.id });
    // In-app (live) and push per the provider's preferences; the decision mail has its own queue.
    const noticeIds = await insertNotices(tx, [
      {
        userId: providerId,
        kind: 'verification',
        title: approve ? 'Identity verified' : 'Verification needs attention',
        body: approve
          ? `Your identity documents were approved: your profile now shows the verified badge.${note ? ` Note: ${note}` : ''}`
          : `Your documents were not accepted. Reason: ${note} — please upload new documents and submit them again.`,
        link: VERIFICATION_LINK,
        mail: false,
      },
    ]);
    decisionNoticeIds = noticeIds;
    return audit!.id;
  });
  if (!auditId) await refuseUndecidable(db, id);
  await sendNoticeMails(deps, decisionNoticeIds, log);

  try {
    await deps.jobs.send(VERIFICATION_MAIL_QUEUE, { auditId }, { singletonKey: decisionMailKey(auditId!) });
  } catch (error) {
    log.error({ err: error, auditId }, 'could not queue the verification decision mail');
  }
  return reviewDetail(deps, id, log);
}
