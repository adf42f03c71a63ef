import {
  IMAGE_MESSAGES,
  MAX_IMAGE_BYTES,
  myServicesResponseSchema,
  publicServiceResponseSchema,
  SERVICE_LIMITS,
  SERVICE_MESSAGES,
  serviceInputSchema,
  servicePhotoOrderSchema,
  serviceResponseSchema,
  serviceUpdateSchema,
} from '@adwuma/shared';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readUploadedFile } from '../../kernel/files/uploaded-file.ts';
import { requireProvider } from '../../kernel/http/guards.ts';
import { getSignedIn } from '../../kernel/http/session.ts';
import { AppError, errorResponses, notFound } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { requireOnboardedProvider } from '../onboarding/index.ts';
import { ownProfile } from '../profile/index.ts';
import { findListedSlug } from './listing-slug.ts';
import {
  addServicePhoto,
  assertPhotoRoom,
  removeServicePhoto,
  reorderServicePhotos,
} from './service-photos.ts';
import {
  createService,
  deleteService,
  findVisibleService,
  listOwnServices,
  SERVICE_NOT_FOUND,
  serviceStatus,
  updateService,
} from './service-store.ts';

const errors = errorResponses(400, 401, 403, 404);
const writeLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
const idParams = z.object({ id: z.uuid({ error: 'Not a service id' }) });
const photoParams = idParams.extend({ photoId: z.uuid({ error: 'Not a photo id' }) });

/**
 * Publishing needs a provider who passes the provider gate (requireOnboardedProvider); the refusal
 * keeps its details (reason, redirect) with the services wording.
 */
async function requirePublisher(request: FastifyRequest) {
  try {
    return await requireOnboardedProvider(request);
  } catch (error) {
    if (error instanceof AppError && error.code === 'FORBIDDEN' && error.details) {
      throw new AppError(403, 'FORBIDDEN', SERVICE_MESSAGES.publishNeedsVerified, error.details);
    }
    throw error;
  }
}

/**
 * A provider's services (`/post-service` and the dashboard): drafts by any provider, publishing by
 * an onboarded one. Everything is the caller's own; another provider's service answers 404.
 */
export async function serviceRoutes(app: App) {
  const { db } = app.deps.database;

  app.post(
    '/api/services',
    {
      schema: {
        tags: ['services'],
        summary: 'Add a service (draft by default; status "published" needs finished onboarding)',
        body: serviceInputSchema,
        response: { 201: serviceResponseSchema, ...errorResponses(409), ...errors },
      },
      config: { ...writeLimit, access: 'provider' },
    },
    async (request, reply) => {
      const { user } =
        request.body.status === 'published'
          ? await requirePublisher(request)
          : await requireProvider(request);
      await ownProfile(db, user);
      const service = await createService(db, user.id, request.body);
      return reply.status(201).send({ service });
    },
  );

  app.get(
    '/api/services/mine',
    {
      config: { access: 'provider' },
      schema: {
        tags: ['services'],
        summary: 'Your services, drafts and paused ones included, newest first',
        response: { 200: myServicesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { user } = await requireProvider(request);
      const [items, profileSlug] = await Promise.all([
        listOwnServices(db, user.id),
        findListedSlug(db, user.id),
      ]);
      return { items, max: SERVICE_LIMITS.perProviderMax, profile_slug: profileSlug };
    },
  );

  app.get(
    '/api/services/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['services'],
        summary: 'A published service (drafts and paused ones only to their owner)',
        params: idParams,
        response: { 200: publicServiceResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const viewer = await getSignedIn(request);
      const found = await findVisibleService(db, request.params.id, viewer?.user.id);
      if (!found) throw notFound(SERVICE_NOT_FOUND);
      return found;
    },
  );

  app.patch(
    '/api/services/:id',
    {
      schema: {
        tags: ['services'],
        summary: 'Edit your service; status: draft → published, published ⇄ paused, any → draft',
        params: idParams,
        body: serviceUpdateSchema,
        response: { 200: serviceResponseSchema, ...errors },
      },
      config: { ...writeLimit, access: 'provider' },
    },
    async (request) => {
      const { user } = await requireProvider(request);
      const { id } = request.params;
      if (request.body.status === 'published' && (await serviceStatus(db, user.id, id)) !== 'published') {
        await requirePublisher(request);
      }
      return { service: await updateService(db, user.id, id, request.body) };
    },
  );

  app.delete(
    '/api/services/:id',
    {
      schema: {
        tags: ['services'],
        summary: 'Delete your service',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
      config: { ...writeLimit, access: 'provider' },
    },
    async (request, reply) => {
      const { user } = await requireProvider(request);
      await deleteService(app.deps, user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ---- photos (owner only; each answers the service with its photos) -------------------------------

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, {
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    });

    scope.post(
      '/api/services/:id/photos',
      {
        schema: {
          tags: ['services'],
          summary: `Add a photo to your service (multipart field "file": JPEG, PNG or WebP, at most 10 MB; at most ${SERVICE_LIMITS.photosMax} a service). Stored as public WebP: url (≤ 1200 px) and thumb_url (≤ 400 px), without metadata`,
          consumes: ['multipart/form-data'],
          params: idParams,
          response: {
            201: serviceResponseSchema,
            ...errors,
            ...errorResponses(409, 413, 415),
          },
        },
        config: { access: 'provider', rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const { user } = await requireProvider(request);
        const { id } = request.params;
        // Refused before the upload is read and resized.
        await assertPhotoRoom(db, user.id, id);
        const file = await readUploadedFile(request, { noun: 'photo', tooLarge: IMAGE_MESSAGES.tooLarge });
        const service = await addServicePhoto(app.deps, user.id, id, file.bytes);
        return reply.status(201).send({ service });
      },
    );
  });

  app.delete(
    '/api/services/:id/photos/:photoId',
    {
      schema: {
        tags: ['services'],
        summary: 'Remove a photo of your service (its files too); the others close the gap',
        params: photoParams,
        response: { 200: serviceResponseSchema, ...errors },
      },
      config: { ...writeLimit, access: 'provider' },
    },
    async (request) => {
      const { user } = await requireProvider(request);
      const { id, photoId } = request.params;
      return { service: await removeServicePhoto(app.deps, user.id, id, photoId) };
    },
  );

  app.put(
    '/api/services/:id/photos/order',
    {
      schema: {
        tags: ['services'],
        summary: 'Order the photos of your service: every photo id exactly once, first shown first',
        params: idParams,
        body: servicePhotoOrderSchema,
        response: { 200: serviceResponseSchema, ...errors },
      },
      config: { ...writeLimit, access: 'provider' },
    },
    async (request) => {
      const { user } = await requireProvider(request);
      const service = await reorderServicePhotos(db, user.id, request.params.id, request.body.photo_ids);
      return { service };
    },
  );
}
