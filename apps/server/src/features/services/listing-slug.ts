import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { providerSearch } from '../../db/schema.ts';

/** The provider's public profile slug while they are listed, else null. */
export async function findListedSlug(db: Db, providerId: string): Promise<string | null> {
  const [listing] = await db
    .select({ slug: providerSearch.slug })
    .from(providerSearch)
    .where(and(eq(providerSearch.provider_id, providerId), eq(providerSearch.listed, true)));
  return listing?.slug ?? null;
}
