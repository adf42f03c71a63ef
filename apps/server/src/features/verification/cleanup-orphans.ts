import { documentPathOwner, parseDocumentUrl } from '@adwuma/shared';
import { documentVerifications, providerDocuments } from '../../db/schema.ts';
import type { Deps } from '../../types.ts';

export const ORPHANS_CLEANUP_QUEUE = 'storage-orphans-cleanup';
/** Hourly, on the hour (UTC). */
export const ORPHANS_CLEANUP_CRON = '0 * * * *';
/** Files younger than this are left alone: an upload stores its file before its row commits. */
export const ORPHAN_MIN_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes stored documents that no row refers to — no provider_documents.file_storage_path and no
 * document_verifications.document_url — and that are older than 24 hours: files left behind when
 * removing a replaced or deleted document failed, or a process died between storing a file and
 * saving its row. Only keys of the document path rule are considered, so other objects in a shared
 * S3 bucket are never touched. Returns the deleted keys.
 */
export async function removeOrphanedDocuments(
  deps: Pick<Deps, 'database' | 'storage' | 'log'>,
  now: Date = new Date(),
): Promise<string[]> {
  const { db } = deps.database;
  const cutoff = now.getTime() - ORPHAN_MIN_AGE_MS;
  const candidates = (await deps.storage.list()).filter(
    (object) => documentPathOwner(object.key) !== null && object.lastModified.getTime() < cutoff,
  );
  if (candidates.length === 0) return [];

  // Read after listing: a row saved meanwhile still protects its file.
  const [paths, urls] = await Promise.all([
    db.select({ path: providerDocuments.file_storage_path }).from(providerDocuments),
    db.select({ url: documentVerifications.document_url }).from(documentVerifications),
  ]);
  const referenced = new Set(paths.map((row) => row.path));
  for (const { url } of urls) {
    const parsed = parseDocumentUrl(url);
    if (parsed?.kind === 'path') referenced.add(parsed.key);
  }

  const deleted: string[] = [];
  for (const object of candidates) {
    if (referenced.has(object.key)) continue;
    try {
      await deps.storage.delete(object.key);
      deleted.push(object.key);
    } catch (error) {
      deps.log.error({ err: error, key: object.key }, 'could not delete an orphaned document');
    }
  }
  if (deleted.length > 0) deps.log.info({ count: deleted.length }, 'deleted orphaned documents');
  return deleted;
}
