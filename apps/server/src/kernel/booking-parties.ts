import type { bidderSchema, personSchema } from '@adwuma/shared';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { profiles, providerSearch } from '../db/schema.ts';

export type Person = z.infer<typeof personSchema>;
export type Bidder = z.infer<typeof bidderSchema>;

/** One user as either side of a request or booking shows them. */
export interface Party {
  person: Person;
  /** The same user as a provider card: public slug (listed only), verified, rating, city. */
  bidder: Bidder;
}

const displayName = (name: string | null, fallback: string) => name?.trim() || fallback;

/**
 * The people of some requests or bookings, by id, in one query: profiles for name and picture, the
 * search read model for the provider card (slug only while listed; profile values when the provider
 * has no read-model row). Unknown ids are absent from the map.
 */
export async function loadParties(db: Db | Tx, ids: Iterable<string>): Promise<Map<string, Party>> {
  const unique = [...new Set(ids)];
  const parties = new Map<string, Party>();
  if (unique.length === 0) return parties;
  const rows = await db
    .select({
      id: profiles.id,
      full_name: profiles.full_name,
      avatar_url: profiles.avatar_url,
      verified: profiles.verified,
      id_verified: profiles.id_verified,
      rating: profiles.rating,
      total_reviews: profiles.total_reviews,
      city: profiles.city,
      listed: providerSearch.listed,
      slug: providerSearch.slug,
      search_verified: providerSearch.verified,
      search_rating: providerSearch.rating,
      search_total_reviews: providerSearch.total_reviews,
      search_city: providerSearch.city,
    })
    .from(profiles)
    .leftJoin(providerSearch, eq(providerSearch.provider_id, profiles.id))
    .where(inArray(profiles.id, unique));
  for (const r of rows) {
    const person = { id: r.id, name: displayName(r.full_name, 'Adwuma user'), avatar_url: r.avatar_url };
    parties.set(r.id, {
      person,
      bidder: {
        ...person,
        name: displayName(r.full_name, 'Provider'),
        slug: r.listed ? (r.slug ?? null) : null,
        verified: r.search_verified ?? (r.verified || r.id_verified),
        rating: Number(r.search_rating ?? r.rating),
        total_reviews: r.search_total_reviews ?? r.total_reviews,
        city: r.search_city ?? r.city,
      },
    });
  }
  return parties;
}

/** A party whose profile is gone (deleted accounts cascade, so only in a race): a neutral card. */
export function partyOf(parties: Map<string, Party>, id: string): Party {
  const found = parties.get(id);
  if (found) return found;
  const person = { id, name: 'Adwuma user', avatar_url: null };
  return {
    person,
    bidder: { ...person, slug: null, verified: false, rating: 0, total_reviews: 0, city: null },
  };
}
