import {
  favoriteIdsResponseSchema,
  favoriteStateSchema,
  favoritesResponseSchema,
  SEARCH_LIMITS,
  SEARCH_MESSAGES,
} from '@adwuma/shared';
import { z } from 'zod';
import { requireUser } from '../../kernel/http/session.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { addFavorite, listFavoriteIds, listFavorites, removeFavorite } from './favorite-store.ts';

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
      return addFavorite(app.deps, user.id, request.params.providerId);
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
      return removeFavorite(app.deps, user.id, request.params.providerId);
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
        response: { 200: favoritesResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return listFavorites(app.deps, user.id, request.query.page);
    },
  );

  app.get(
    '/api/favorites/ids',
    {
      config: { access: 'user' },
      schema: {
        tags: ['favorites'],
        summary: 'The ids of your favorite providers (to draw hearts on any list)',
        response: { 200: favoriteIdsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return listFavoriteIds(app.deps, user.id);
    },
  );
}
