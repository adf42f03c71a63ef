import {
  LOCATION_MESSAGES,
  locationResponseSchema,
  locationSaveRequestSchema,
  locationSaveResponseSchema,
} from '@adwuma/shared';
import type { FastifyRequest } from 'fastify';
import { requireProvider } from '../../kernel/http/guards.ts';
import { requireUser } from '../../kernel/http/session.ts';
import { AppError, errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { findLocation, getOnboardingStatus, saveLocation, toProviderLocation } from '../onboarding/index.ts';

const errors = errorResponses(400, 401, 403);

/** Spec 8's words for a missing or dead session on a location save. */
async function requireProviderToSave(request: FastifyRequest) {
  try {
    return await requireProvider(request, 'Only providers can save a location. Join as a provider first.');
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHORIZED') {
      throw new AppError(401, 'UNAUTHORIZED', LOCATION_MESSAGES.authRequiredToSave);
    }
    if (error instanceof AppError && error.code === 'SESSION_EXPIRED') {
      throw new AppError(401, 'SESSION_EXPIRED', LOCATION_MESSAGES.authError);
    }
    throw error;
  }
}

/** The provider's operational location (spec 3 provider_locations): own row only, by the session. */
export async function locationRoutes(app: App) {
  const { db } = app.deps.database;

  app.get(
    '/api/onboarding/location',
    {
      config: { access: 'user' },
      schema: {
        tags: ['onboarding'],
        summary: 'Your saved location (null when none)',
        response: { 200: locationResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const row = await findLocation(db, user.id);
      return { location: row ? toProviderLocation(row) : null };
    },
  );

  app.put(
    '/api/onboarding/location',
    {
      schema: {
        tags: ['onboarding'],
        summary:
          'Save your location (providers): city, country, point, address, radius, areas, digital address',
        body: locationSaveRequestSchema,
        response: { 200: locationSaveResponseSchema, ...errors },
      },
      config: {
        access: 'provider',
        accessMessages: {
          unauthorized: LOCATION_MESSAGES.authRequiredToSave,
          sessionExpired: LOCATION_MESSAGES.authError,
          forbidden: 'Only providers can save a location. Join as a provider first.',
        },
        rateLimit: { max: 30, timeWindow: '1 minute' },
      },
    },
    async (request) => {
      const { user, role } = await requireProviderToSave(request);
      const { row, warnings } = await saveLocation(db, user, request.body);
      const status = await getOnboardingStatus(db, user, request.log, role);
      return { location: toProviderLocation(row), warnings, status };
    },
  );
}
