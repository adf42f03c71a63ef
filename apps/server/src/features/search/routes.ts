import {
  categoryProvidersResponseSchema,
  directoryCitiesResponseSchema,
  directoryQuerySchema,
  directoryResponseSchema,
  providerProfileResponseSchema,
  SEARCH_LIMITS,
  SEARCH_MESSAGES,
  type SearchQuery,
  type SearchResponse,
  searchQuerySchema,
  searchResponseSchema,
} from '@adwuma/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { getSignedIn } from '../../kernel/http/session.ts';
import { AppError, errorResponses, notFound } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { createCategoryCache } from './category-cache.ts';
import { listDirectoryCities } from './directory-cities.ts';
import { loadProviderProfile } from './provider-profile.ts';
import { recordSearchMiss } from './search-misses.ts';
import { runList, runSearch } from './search-service.ts';

const CITIES_TTL_MS = 5 * 60 * 1000;

/**
 * The list answers are built field by field (listPageFrom), so nothing unlisted can leak: they are
 * written with plain JSON.stringify instead of being validated again by zod on every request (a
 * measurable share of the API's CPU under load, decision 005). The schemas still document the
 * answers (OpenAPI) and the tests parse every answer with them.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

/** The signed-in caller's id, looked up only when a session cookie came (anonymous search: no query). */
async function viewerId(request: FastifyRequest): Promise<string | undefined> {
  return (await getSignedIn(request))?.user.id;
}

const unknownCategory = (slug: string) => {
  const message = `${SEARCH_MESSAGES.category}: ${slug}`;
  return new AppError(400, 'VALIDATION_ERROR', `category: ${message}`, {
    fields: [{ field: 'category', message }],
  });
};

/**
 * Finding providers: search (text, category, place and radius, rating, price, verified, day), the
 * public profile by slug, the directory by category and city, and a category's providers. All read
 * the provider_search read model (decision 005).
 */
export async function searchRoutes(app: App) {
  const { database } = app.deps;
  const { db } = database;
  const categories = createCategoryCache(db);

  async function search(query: SearchQuery, userId: string | undefined): Promise<SearchResponse> {
    const { page, sort } = await runSearch(database, query, userId);
    return { ...page, page: query.page, pageSize: SEARCH_LIMITS.pageSize, sort };
  }

  app.get(
    '/api/search',
    {
      config: { access: 'public' },
      schema: {
        tags: ['search'],
        summary:
          'Search providers: q (typo-tolerant), category, lat+lng+radius (km), min_rating, price_min/price_max (pesewas), verified, day, sort, page',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, ...errorResponses(400) },
      },
      serializerCompiler: plainJson,
    },
    async (request) => {
      const { query } = request;
      if (query.category && !(await categories.get(query.category))) throw unknownCategory(query.category);
      const result = await search(query, await viewerId(request));
      // Issue 19: what people looked for in vain. Counting must never fail the search.
      if (query.page === 1 && result.total === 0) {
        await recordSearchMiss(db, query).catch((error) =>
          request.log.warn({ err: error }, 'search miss not recorded'),
        );
      }
      return result;
    },
  );

  app.get(
    '/api/categories/:slug/providers',
    {
      config: { access: 'public' },
      schema: {
        tags: ['search'],
        summary: "A category's providers (the search's filters and sorts apply; default sort rating)",
        params: z.object({ slug: z.string().max(60) }),
        querystring: searchQuerySchema,
        response: { 200: categoryProvidersResponseSchema, ...errorResponses(400, 404) },
      },
      serializerCompiler: plainJson,
    },
    async (request) => {
      const category = await categories.get(request.params.slug);
      if (!category) throw notFound('No such category.');
      const result = await search({ ...request.query, category: category.slug }, await viewerId(request));
      const { sort_order: _order, ...info } = category;
      return { ...result, category: info };
    },
  );

  app.get(
    '/api/providers/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags: ['search'],
        summary: "A provider's public profile by slug (only the code at its end counts: old links work)",
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: { 200: providerProfileResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const profile = await loadProviderProfile(db, request.params.slug, await viewerId(request));
      if (!profile) throw notFound('No such provider.');
      return profile;
    },
  );

  app.get(
    '/api/directory',
    {
      config: { access: 'public' },
      schema: {
        tags: ['search'],
        summary: 'Browse providers by category and city, by name (A–Z) or rating',
        querystring: directoryQuerySchema,
        response: { 200: directoryResponseSchema, ...errorResponses(400) },
      },
      serializerCompiler: plainJson,
    },
    async (request) => {
      const { category, city, sort, page } = request.query;
      if (category && !(await categories.get(category))) throw unknownCategory(category);
      const result = await runList(database, {
        ...(category ? { category } : {}),
        ...(city ? { city } : {}),
        sort,
        page,
        pageSize: SEARCH_LIMITS.pageSize,
        ...(await viewerId(request).then((id) => (id ? { userId: id } : {}))),
      });
      return { ...result, page, pageSize: SEARCH_LIMITS.pageSize, sort };
    },
  );

  let cities: { at: number; value: z.infer<typeof directoryCitiesResponseSchema> } | null = null;
  app.get(
    '/api/directory/cities',
    {
      config: { access: 'public' },
      schema: {
        tags: ['search'],
        summary: 'Cities with listed providers, most providers first (counted every five minutes)',
        response: { 200: directoryCitiesResponseSchema },
      },
    },
    async (_request, reply) => {
      if (!cities || Date.now() - cities.at > CITIES_TTL_MS) {
        const value = await listDirectoryCities(database);
        cities = { at: Date.now(), value };
      }
      reply.header('cache-control', 'public, max-age=300');
      return cities.value;
    },
  );
}
