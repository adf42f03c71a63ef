import { SEARCH_LIMITS } from '@adwuma/shared';
import { and, eq, sql } from 'drizzle-orm';
import { favorites, providerSearch } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';
import { listPageFrom } from '../search/index.ts';

/** Saves a listed provider to the user's favorites (idempotent); not oneself, not an unlisted one. */
export async function addFavorite(deps: Deps, userId: string, providerId: string) {
  const { db } = deps.database;
  if (providerId === userId) {
    throw new AppError(400, 'VALIDATION_ERROR', 'You cannot add yourself to your favorites.');
  }
  const [listed] = await db
    .select({ id: providerSearch.provider_id })
    .from(providerSearch)
    .where(and(eq(providerSearch.provider_id, providerId), eq(providerSearch.listed, true)));
  if (!listed) throw notFound('No such provider.');
  await db.insert(favorites).values({ user_id: userId, provider_id: providerId }).onConflictDoNothing();
  return { provider_id: providerId, favorited: true };
}

/** Removes a provider from the user's favorites (idempotent). */
export async function removeFavorite(deps: Deps, userId: string, providerId: string) {
  await deps.database.db
    .delete(favorites)
    .where(and(eq(favorites.user_id, userId), eq(favorites.provider_id, providerId)));
  return { provider_id: providerId, favorited: false };
}

/** The user's favorite listed providers as cards, most recently saved first. */
export async function listFavorites(deps: Deps, userId: string, page: number) {
  const { database } = deps;
  const { db } = database;
  const pageSize = SEARCH_LIMITS.pageSize;
  const { rows } = await database.executeSql(
    `select count(*) over ()::int as total, ps.provider_id, ps.slug, ps.name, ps.avatar_url, ps.city,
       ps.region, ps.verified, ps.rating::float8 as rating, ps.total_reviews, ps.min_price_minor,
       ps.price_type, null::float8 as distance_m, ps.category_slugs, ps.response_time_minutes,
       ps.latitude, ps.longitude, true as favorited, f.created_at as favorited_at
     from favorites f
     join provider_search ps on ps.provider_id = f.provider_id and ps.listed
     where f.user_id = $1
     order by f.created_at desc, f.provider_id
     offset $2 limit $3`,
    [userId, (page - 1) * pageSize, pageSize],
  );
  const cards = listPageFrom(rows, true).items;
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(favorites)
      .innerJoin(
        providerSearch,
        and(eq(providerSearch.provider_id, favorites.provider_id), eq(providerSearch.listed, true)),
      )
      .where(eq(favorites.user_id, userId));
    total = Number(count?.n ?? 0);
  }
  return {
    items: cards.map((card, i) => ({
      ...card,
      favorited_at: new Date(rows[i]!.favorited_at as string | Date).toISOString(),
    })),
    total,
    page,
    pageSize,
  };
}

/** The ids of the user's favorite providers (at most 1000, newest first). */
export async function listFavoriteIds(deps: Deps, userId: string) {
  const rows = await deps.database.db
    .select({ id: favorites.provider_id })
    .from(favorites)
    .where(eq(favorites.user_id, userId))
    .orderBy(sql`${favorites.created_at} desc`)
    .limit(1000);
  return { provider_ids: rows.map((r) => r.id) };
}
