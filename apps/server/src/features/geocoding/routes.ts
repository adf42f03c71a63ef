import {
  currentLocationSchema,
  geocodeSearchQuerySchema,
  geocodeSearchResponseSchema,
  LOCATION_MESSAGES,
  reverseGeocodeQuerySchema,
} from '@adwuma/shared';
import type { FastifyRequest } from 'fastify';
import { getSignedIn, requireUser } from '../../kernel/http/session.ts';
import { AppError, errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { createGeocoder } from './geocoder.ts';

/** Per client address: a pin dragged around a map asks often, but not this often. */
export const GEOCODE_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

async function requireLocationUser(request: FastifyRequest) {
  try {
    return await requireUser(request);
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHORIZED') {
      throw new AppError(401, 'UNAUTHORIZED', LOCATION_MESSAGES.authRequiredForServices);
    }
    throw error;
  }
}

/**
 * Spec 7 "secure-reverse-geocoding" as our endpoint (signed-in users only), and the forward search
 * behind the location search boxes: everyone gets the offline gazetteer (the search page's "Near" box
 * is public), only signed-in users reach GEOCODER_URL, so an outside service's quota is never spent
 * on anonymous traffic. Both rate-limited per address.
 */
export async function geocodingRoutes(app: App) {
  const { config } = app.deps;
  const geocoder = createGeocoder({
    geocoderUrl: config.geocoderUrl,
    userAgent: `Adwuma/0.1 (+${config.publicUrl})`,
    log: app.log,
  });

  app.get(
    '/api/geocode/reverse',
    {
      schema: {
        tags: ['geocoding'],
        summary:
          'The place at a point (spec "Current location"): nearest Ghanaian town and region, or GEOCODER_URL',
        querystring: reverseGeocodeQuerySchema,
        response: {
          200: currentLocationSchema,
          ...errorResponses(400, 401, 404, 429),
        },
      },
      config: {
        access: 'user',
        accessMessages: { unauthorized: LOCATION_MESSAGES.authRequiredForServices },
        rateLimit: GEOCODE_RATE_LIMIT,
      },
    },
    async (request, reply) => {
      await requireLocationUser(request);
      const found = await geocoder.reverse(request.query.lat, request.query.lng);
      if (!found) throw new AppError(404, 'NOT_FOUND', LOCATION_MESSAGES.undetermined);
      reply.header('cache-control', 'private, max-age=3600');
      return found;
    },
  );

  app.get(
    '/api/geocode/search',
    {
      schema: {
        tags: ['geocoding'],
        summary:
          'Places matching a name, for the location search boxes (signed out: the offline gazetteer only)',
        querystring: geocodeSearchQuerySchema,
        response: {
          200: geocodeSearchResponseSchema,
          ...errorResponses(400, 429),
        },
      },
      config: { access: 'public', rateLimit: GEOCODE_RATE_LIMIT },
    },
    async (request, reply) => {
      const signedIn = await getSignedIn(request);
      // Who asks decides the source: a signed-in browser must not reuse the anonymous answer.
      reply.header('cache-control', 'private, max-age=3600').header('vary', 'cookie');
      return signedIn ? geocoder.search(request.query.q) : geocoder.searchOffline(request.query.q);
    },
  );
}
