import {
  DOCUMENT_TYPES,
  MAX_DOCUMENT_BYTES,
  providerDocumentSchema,
  submitVerificationSchema,
  verificationStateSchema,
} from '@adwuma/shared';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readUploadedFile } from '../../kernel/files/uploaded-file.ts';
import { requireProvider } from '../../kernel/http/guards.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import {
  loadVerificationState,
  removeDocument,
  submitVerification,
  uploadDocument,
} from './verification-service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const writeLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/**
 * The provider's identity verification (onboarding's id step): documents front, back and selfie in
 * the private bucket, and submitting them for an admin's review. Provider-like users only (403
 * otherwise), not only onboarded ones: this is onboarding. Everything is the caller's own.
 */
export async function verificationRoutes(app: App) {
  const deps = app.deps;

  app.get(
    '/api/verification',
    {
      config: { access: 'provider' },
      schema: {
        tags: ['verification'],
        summary: 'Your identity documents (with signed URLs valid 3600 s), review session and status',
        response: { 200: verificationStateSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { user } = await requireProvider(request);
      return loadVerificationState(deps, user.id, request.log);
    },
  );

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, {
      limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    });

    scope.post(
      '/api/verification/documents/:type',
      {
        schema: {
          tags: ['verification'],
          summary:
            'Upload a document (multipart field "file": JPEG, PNG, WebP or PDF, at most 10 MB); replaces the current one of that type',
          consumes: ['multipart/form-data'],
          params: z.object({
            type: z.enum(DOCUMENT_TYPES, { error: 'Choose front, back or selfie' }),
          }),
          response: { 201: providerDocumentSchema, ...errors, ...errorResponses(413, 415) },
        },
        config: { ...writeLimit, access: 'provider' },
      },
      async (request, reply) => {
        const signedIn = await requireProvider(request);
        const file = await readUploadedFile(request);
        const document = await uploadDocument(deps, signedIn, request.params.type, file, request.log);
        return reply.status(201).send(document);
      },
    );
  });

  app.delete(
    '/api/verification/documents/:id',
    {
      schema: {
        tags: ['verification'],
        summary: 'Remove one of your documents (not while in review, not once verified)',
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 204: z.null().describe('Removed'), ...errors },
      },
      config: { ...writeLimit, access: 'provider' },
    },
    async (request, reply) => {
      const signedIn = await requireProvider(request);
      await removeDocument(deps, signedIn, request.params.id, request.log);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/verification/submit',
    {
      schema: {
        tags: ['verification'],
        summary: 'Submit your three documents and Ghana Card number for review',
        body: submitVerificationSchema,
        response: { 200: verificationStateSchema, ...errors },
      },
      config: { ...writeLimit, access: 'provider' },
    },
    async (request) => {
      const signedIn = await requireProvider(request);
      return submitVerification(deps, signedIn, request.body.ghana_card_number, request.log);
    },
  );
}
