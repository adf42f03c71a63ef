import {
  apiErrorSchema,
  favoriteIdsResponseSchema,
  favoriteStateSchema,
  favoritesResponseSchema,
  SEARCH_LIMITS,
  SEARCH_MESSAGES,
} from '@adwuma/shared';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { favorites, providerSearch } from '../../db/schema.ts';
import { AppError, errorResponses, notFound } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { requireUser } from '../auth/session.ts';
import { listPageFrom } from '../search/search-sql.ts';

const params = z.object({ providerId: z.string().min(1).max(100) });
const pageQuery = z.object({
  page: z.coerce
    .number({ error: SEARCH_MESSAGES.page })
    .int({ error: SEARCH_MESSAGES.page })
    .min(1, { error: SEARCH_MESSAGES.page })
    .max(SEARCH_LIMITS.pageMax, { error: SEARCH_MESSAGES.page })
    .default(1),
});
const writeLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };
const errors = errorResponses(400, 401, 404);

/**
 * Favorites (the heart on cards and profiles): stored on the server per user, so they follow the
 * user across devices. Every route works on the caller's own list only; no route takes a user id.
 */
export async function favoriteRoutes(app: App) {
  const { database } = app.deps;
  const { db } = database;

  app.put(
    '/api/favorites/:providerId',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Save a listed provider to your favorites (idempotent)',
        params,
        response: { 200: favoriteStateSchema, ...errors },
      },
      config: { ...writeLimit, access: 'user' },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const { providerId } = request.params;
      if (providerId === user.id) {
        throw new AppError(400, 'VALIDATION_ERROR', 'You cannot add yourself to your favorites.');
      }
      const [listed] = await db
        .select({ id: providerSearch.provider_id })
        .from(providerSearch)
        .where(and(eq(providerSearch.provider_id, providerId), eq(providerSearch.listed, true)));
      if (!listed) throw notFound('No such provider.');
      await db.insert(favorites).values({ user_id: user.id, provider_id: providerId }).onConflictDoNothing();
      return { provider_id: providerId, favorited: true };
    },
  );

  app.delete(
    '/api/favorites/:providerId',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Remove a provider from your favorites (idempotent)',
        params,
        response: { 200: favoriteStateSchema, ...errors },
      },
      config: { ...writeLimit, access: 'user' },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const { providerId } = request.params;
      await db
        .delete(favorites)
        .where(and(eq(favorites.user_id, user.id), eq(favorites.provider_id, providerId)));
      return { provider_id: providerId, favorited: false };
    },
  );

  app.get(
    '/api/favorites',
    {
      config: { access: 'user' },
      schema: {
        tags: ['favorites'],
        summary: 'Your favorite providers as cards, most recently saved first (20 a page)',
        querystring: pageQuery,
        response: { 200: favoritesResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const { page } = request.query;
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
        [user.id, (page - 1) * pageSize, pageSize],
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
          .where(eq(favorites.user_id, user.id));
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
    },
  );

  app.get(
    '/api/favorites/ids',
    {
      config: { access: 'user' },
      schema: {
        tags: ['favorites'],
        summary: 'The ids of your favorite providers (to draw hearts on any list)',
        response: { 200: favoriteIdsResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const rows = await db
        .select({ id: favorites.provider_id })
        .from(favorites)
        .where(eq(favorites.user_id, user.id))
        .orderBy(sql`${favorites.created_at} desc`)
        .limit(1000);
      return { provider_ids: rows.map((r) => r.id) };
    },
  );
}
