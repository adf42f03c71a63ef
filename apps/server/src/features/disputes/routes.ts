import { disputeInputSchema, disputeResponseSchema, MAX_DOCUMENT_BYTES } from '@adwuma/shared';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readUploadedFile } from '../../kernel/files/uploaded-file.ts';
import { requireUser, roleOf } from '../../kernel/http/session.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { addDisputePhoto, assertDisputePhotoRoom, disputeDetail, openDispute } from './dispute-service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const writeLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };
const disputeParams = z.object({ id: z.uuid({ error: 'Not a dispute id' }) });

/**
 * Disputes as the parties see them (issue 8): either side of a booking opens one, which freezes the
 * booking; both add evidence while it is open; both (and admins) read it. Others get 404.
 */
export async function disputeRoutes(app: App) {
  const deps = app.deps;

  app.post(
    '/api/bookings/:id/disputes',
    {
      schema: {
        tags: ['disputes'],
        summary:
          'Open a dispute on your booking (in progress, awaiting confirmation, or up to 14 days after completion); freezes it; 409 when one is open',
        params: z.object({ id: z.uuid({ error: 'Not a booking id' }) }),
        body: disputeInputSchema,
        response: { 201: disputeResponseSchema, ...errors },
      },
      config: { ...writeLimit, access: 'user' },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const dispute = await openDispute(deps, user.id, request.params.id, request.body, request.log);
      return reply.code(201).send({ dispute });
    },
  );

  app.get(
    '/api/disputes/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['disputes'],
        summary:
          'A dispute of your booking (or any, for admins) with its evidence (signed URLs, 1 h) and history',
        params: disputeParams,
        response: { 200: disputeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const admin = (await roleOf(deps.database.db, user.id)) === 'admin';
      return { dispute: await disputeDetail(deps, { id: user.id, admin }, request.params.id, request.log) };
    },
  );

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, {
      limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    });

    scope.post(
      '/api/disputes/:id/photos',
      {
        schema: {
          tags: ['disputes'],
          summary:
            'Add evidence to an open dispute of your booking (multipart field "file": JPEG, PNG, WebP or PDF, at most 10 MB; 6 at most)',
          consumes: ['multipart/form-data'],
          params: disputeParams,
          response: { 201: disputeResponseSchema, ...errors, ...errorResponses(413, 415) },
        },
        config: { ...writeLimit, access: 'user' },
      },
      async (request, reply) => {
        const { user } = await requireUser(request);
        await assertDisputePhotoRoom(deps.database.db, user.id, request.params.id);
        const file = await readUploadedFile(request, { noun: 'photo' });
        const dispute = await addDisputePhoto(deps, user.id, request.params.id, file, request.log);
        return reply.code(201).send({ dispute });
      },
    );
  });
}
