import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idDocuments } from '../../db/schema.ts';

/** The status of each identity document the provider has uploaded. */
export function loadIdDocumentStatuses(db: Db, providerId: string) {
  return db
    .select({ status: idDocuments.doc_status })
    .from(idDocuments)
    .where(eq(idDocuments.provider_id, providerId));
}
