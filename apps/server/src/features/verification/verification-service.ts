import { randomBytes } from 'node:crypto';
import {
  buildDocumentPath,
  DOCUMENT_MESSAGES,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  type DocumentStatus,
  type DocumentType,
  displayedVerificationStatus,
  documentMimeTypeForExtension,
  documentStatusFromUpload,
  documentTypeFromKind,
  type ProviderDocument,
  parseDocumentUrl,
  pickSession,
  SIGNED_URL_TTL_SECONDS,
  sanitizeDocumentFilename,
  type VerificationSessionView,
  type VerificationState,
  verificationEditBlock,
} from '@adwuma/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import {
  documentVerifications,
  idDocuments,
  profiles,
  providerDocuments,
  verificationSessions,
} from '../../db/schema.ts';
import type { UploadedFile } from '../../kernel/files/uploaded-file.ts';
import type { SignedInWithRole } from '../../kernel/http/session.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { FileStore } from '../../plugins/storage.ts';
import type { Deps } from '../../types.ts';
import { getOnboardingStatus } from '../onboarding/index.ts';
import { ownProfile } from '../profile/index.ts';
import { prepareDocument } from './document-file.ts';

export type DocumentRow = typeof providerDocuments.$inferSelect;
export type SessionRow = typeof verificationSessions.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a path parameter can be a row id at all (anything else is simply not found). */
export const isUuid = (value: string) => UUID.test(value);

export function toSessionView(row: SessionRow): VerificationSessionView {
  return {
    id: row.id,
    verification_type: row.verification_type,
    status: row.status,
    ghana_card_number: row.ghana_card_number,
    submitted_at: row.submitted_at?.toISOString() ?? null,
    reviewed_at: row.reviewed_at?.toISOString() ?? null,
    review_note: row.review_note,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

async function signed(storage: FileStore, key: string, log: FastifyBaseLogger) {
  try {
    const { url, expiresAt } = await storage.signedUrl(key, SIGNED_URL_TTL_SECONDS);
    return { url, url_expires_at: expiresAt.toISOString() };
  } catch (error) {
    // A stored path that is not a key of ours (imported data): shown without a link, not a 500.
    log.error({ err: error, key }, 'could not sign a document URL');
    return { url: '', url_expires_at: new Date().toISOString() };
  }
}

export async function toProviderDocument(
  storage: FileStore,
  row: DocumentRow,
  log: FastifyBaseLogger,
): Promise<ProviderDocument> {
  return {
    id: row.id,
    document_type: row.document_type,
    filename: row.filename,
    file_size: row.file_size,
    mime_type: row.mime_type,
    upload_status: row.upload_status,
    status: documentStatusFromUpload(row.upload_status),
    created_at: row.created_at.toISOString(),
    ...(await signed(storage, row.file_storage_path, log)),
  };
}

/** Spec 7 fallback: the document_verifications rows, shaped like provider documents. */
async function fallbackDocuments(
  deps: Pick<Deps, 'database' | 'storage'>,
  providerId: string,
  log: FastifyBaseLogger,
): Promise<ProviderDocument[]> {
  const rows = await deps.database.db
    .select()
    .from(documentVerifications)
    .where(eq(documentVerifications.provider_id, providerId))
    .orderBy(desc(documentVerifications.created_at));
  const out: ProviderDocument[] = [];
  for (const row of rows) {
    const type = documentTypeFromKind(row.doc_kind);
    const location = parseDocumentUrl(row.document_url);
    if (!type || !location) continue;
    const link =
      location.kind === 'path'
        ? await signed(deps.storage, location.key, log)
        : {
            url: location.url,
            url_expires_at: new Date(Date.now() + SIGNED_URL_TTL_SECONDS * 1000).toISOString(),
          };
    const name = (location.kind === 'path' ? location.key : new URL(location.url).pathname).split('/').pop();
    const extension = name?.split('.').pop() ?? '';
    const status = (DOCUMENT_STATUSES as readonly string[]).includes(row.doc_status)
      ? (row.doc_status as DocumentStatus)
      : documentStatusFromUpload(row.doc_status);
    out.push({
      id: row.id,
      document_type: type,
      filename: sanitizeDocumentFilename(name, type),
      file_size: 0,
      mime_type: documentMimeTypeForExtension(extension) ?? 'application/octet-stream',
      upload_status: row.doc_status,
      status,
      created_at: row.created_at.toISOString(),
      ...link,
    });
  }
  return out;
}

/**
 * A provider's documents (spec 7: provider_documents newest first, else the fallback
 * document_verifications rows), with fresh signed URLs.
 */
export async function documentsOf(
  deps: Pick<Deps, 'database' | 'storage'>,
  providerId: string,
  log: FastifyBaseLogger,
): Promise<{ documents: ProviderDocument[]; rows: DocumentRow[]; fallback: boolean }> {
  const rows = await deps.database.db
    .select()
    .from(providerDocuments)
    .where(eq(providerDocuments.provider_id, providerId))
    .orderBy(desc(providerDocuments.created_at));
  if (rows.length > 0) {
    const documents = await Promise.all(rows.map((row) => toProviderDocument(deps.storage, row, log)));
    return { documents, rows, fallback: false };
  }
  const documents = await fallbackDocuments(deps, providerId, log);
  return { documents, rows, fallback: documents.length > 0 };
}

/** Spec 7: verification_sessions by provider, latest update first; spec 4 picks the one that counts. */
async function sessionsOf(db: Db | Tx, providerId: string, lock = false): Promise<SessionRow[]> {
  const query = db
    .select()
    .from(verificationSessions)
    .where(eq(verificationSessions.provider_id, providerId))
    .orderBy(desc(verificationSessions.updated_at));
  return lock ? query.for('update') : query;
}

/** 409 with the spec's wording while the documents are in review or once they are approved. */
function assertEditable(sessions: SessionRow[]): SessionRow | null {
  const current = pickSession(sessions);
  const block = verificationEditBlock(current);
  if (block) throw conflict(DOCUMENT_MESSAGES[block], { reason: block });
  return current;
}

/** GET /api/verification: everything the id step shows. */
export async function loadVerificationState(
  deps: Pick<Deps, 'database' | 'storage'>,
  providerId: string,
  log: FastifyBaseLogger,
): Promise<VerificationState> {
  const { db } = deps.database;
  const [[profile], sessions, docs] = await Promise.all([
    db.select({ verified: profiles.verified }).from(profiles).where(eq(profiles.id, providerId)),
    sessionsOf(db, providerId),
    documentsOf(deps, providerId, log),
  ]);
  const session = pickSession(sessions);
  const canEdit = verificationEditBlock(session) === null;
  const types = new Set(docs.rows.map((row) => row.document_type));
  return {
    documents: docs.documents,
    session: session ? toSessionView(session) : null,
    displayedStatus: displayedVerificationStatus(
      session?.status,
      docs.documents.map((d) => d.upload_status),
    ),
    verified: profile?.verified ?? false,
    canEdit,
    canSubmit: canEdit && DOCUMENT_TYPES.every((type) => types.has(type)),
    fallback: docs.fallback,
  };
}

/** After a change to the documents: the id step's progress is written back the normal way. */
async function refreshOnboarding(db: Db, signedIn: SignedInWithRole, log: FastifyBaseLogger) {
  try {
    await getOnboardingStatus(db, signedIn.user, log, signedIn.role);
  } catch (error) {
    log.error({ err: error, userId: signedIn.user.id }, 'onboarding status refresh failed');
  }
}

/**
 * Stores one document of a type, replacing the current one (one current document per type).
 * The file is stored first; the rows (provider_documents and its id_documents mirror) are written
 * in one transaction; if that fails the new file is removed again (spec 7). The replaced file is
 * removed after the commit; if that fails the hourly clean-up removes it.
 */
export async function uploadDocument(
  deps: Deps,
  signedIn: SignedInWithRole,
  type: DocumentType,
  file: UploadedFile,
  log: FastifyBaseLogger,
): Promise<ProviderDocument> {
  const { db } = deps.database;
  const userId = signedIn.user.id;
  await ownProfile(db, signedIn.user);
  assertEditable(await sessionsOf(db, userId));

  const prepared = await prepareDocument(file.bytes);
  const key = buildDocumentPath({
    userId,
    kind: type,
    timestamp: Date.now(),
    randomId: randomBytes(12).toString('base64url'),
    extension: prepared.extension,
  });
  try {
    await deps.storage.put(key, prepared.bytes, prepared.mimeType);
  } catch (error) {
    log.error({ err: error, key }, 'storing an uploaded document failed');
    throw new AppError(503, 'SERVICE_UNAVAILABLE', DOCUMENT_MESSAGES.uploadFailed);
  }

  let saved: { row: DocumentRow; previousPath: string | null };
  try {
    saved = await db.transaction(async (tx) => {
      assertEditable(await sessionsOf(tx, userId, true));
      const [previous] = await tx
        .delete(providerDocuments)
        .where(and(eq(providerDocuments.provider_id, userId), eq(providerDocuments.document_type, type)))
        .returning({ path: providerDocuments.file_storage_path });
      const [row] = await tx
        .insert(providerDocuments)
        .values({
          provider_id: userId,
          document_type: type,
          file_storage_path: key,
          filename: sanitizeDocumentFilename(file.filename, `${type}.${prepared.extension}`),
          file_size: prepared.bytes.length,
          mime_type: prepared.mimeType,
          upload_status: 'uploaded',
        })
        .returning();
      await tx.insert(idDocuments).values({
        provider_id: userId,
        doc_status: documentStatusFromUpload(row!.upload_status),
        provider_document_id: row!.id,
      });
      return { row: row!, previousPath: previous?.path ?? null };
    });
  } catch (error) {
    await deps.storage
      .delete(key)
      .catch((err) => log.error({ err, key }, 'could not remove the file of a failed upload'));
    if (error instanceof AppError) throw error;
    if (isUniqueViolation(error)) {
      throw conflict('Another upload of this document finished at the same time. Please try again.');
    }
    log.error({ err: error, userId }, 'saving an uploaded document failed; its file was removed');
    throw new AppError(500, 'INTERNAL_ERROR', DOCUMENT_MESSAGES.uploadFailed);
  }

  if (saved.previousPath && saved.previousPath !== key) {
    const old = saved.previousPath;
    await deps.storage
      .delete(old)
      .catch((err) => log.warn({ err, key: old }, 'could not remove a replaced document; clean-up will'));
  }
  await refreshOnboarding(db, signedIn, log);
  return toProviderDocument(deps.storage, saved.row, log);
}

/** Removes one of the caller's documents (and its id_documents row), then its file. */
export async function removeDocument(
  deps: Deps,
  signedIn: SignedInWithRole,
  documentId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const { db } = deps.database;
  const userId = signedIn.user.id;
  if (!isUuid(documentId)) throw notFound(DOCUMENT_MESSAGES.notFound);
  const path = await db.transaction(async (tx) => {
    const [doc] = await tx
      .select({ id: providerDocuments.id, path: providerDocuments.file_storage_path })
      .from(providerDocuments)
      .where(and(eq(providerDocuments.id, documentId), eq(providerDocuments.provider_id, userId)))
      .for('update');
    // Another provider's document is "not found" too: its existence is not for the caller to learn.
    if (!doc) throw notFound(DOCUMENT_MESSAGES.notFound);
    assertEditable(await sessionsOf(tx, userId, true));
    await tx.delete(providerDocuments).where(eq(providerDocuments.id, doc.id)); // id_documents cascade
    return doc.path;
  });
  await deps.storage
    .delete(path)
    .catch((err) => log.warn({ err, key: path }, 'could not remove a deleted document; clean-up will'));
  await refreshOnboarding(db, signedIn, log);
}

/**
 * POST /api/verification/submit: all three types present, documents to processing (id_documents
 * submitted), and spec 4 "sets an existing session to pending, or creates one of type manual with
 * status pending" — the session reset is the one that counts (spec 4 ranking), its review cleared.
 */
export async function submitVerification(
  deps: Deps,
  signedIn: SignedInWithRole,
  ghanaCardNumber: string,
  log: FastifyBaseLogger,
): Promise<VerificationState> {
  const { db } = deps.database;
  const userId = signedIn.user.id;
  await ownProfile(db, signedIn.user);
  await db.transaction(async (tx) => {
    const current = assertEditable(await sessionsOf(tx, userId, true));
    const docs = await tx
      .select({ id: providerDocuments.id, document_type: providerDocuments.document_type })
      .from(providerDocuments)
      .where(eq(providerDocuments.provider_id, userId))
      .for('update');
    const missing = DOCUMENT_TYPES.filter((type) => !docs.some((d) => d.document_type === type));
    if (missing.length > 0) {
      throw new AppError(400, 'VALIDATION_ERROR', DOCUMENT_MESSAGES.missingDocuments, {
        missing,
        fields: [{ field: 'documents', message: DOCUMENT_MESSAGES.missingDocuments }],
      });
    }
    const now = new Date();
    await tx
      .update(providerDocuments)
      .set({ upload_status: 'processing', updated_at: now })
      .where(eq(providerDocuments.provider_id, userId));
    await tx
      .update(idDocuments)
      .set({ doc_status: documentStatusFromUpload('processing'), updated_at: now })
      .where(
        inArray(
          idDocuments.provider_document_id,
          docs.map((d) => d.id),
        ),
      );
    const review = {
      status: 'pending',
      ghana_card_number: ghanaCardNumber,
      submitted_at: now,
      reviewer_id: null,
      reviewed_at: null,
      review_note: null,
      updated_at: now,
    } satisfies Partial<typeof verificationSessions.$inferInsert>;
    if (current) {
      await tx.update(verificationSessions).set(review).where(eq(verificationSessions.id, current.id));
    } else {
      await tx
        .insert(verificationSessions)
        .values({ provider_id: userId, verification_type: 'manual', ...review });
    }
  });
  await refreshOnboarding(db, signedIn, log);
  return loadVerificationState(deps, userId, log);
}
