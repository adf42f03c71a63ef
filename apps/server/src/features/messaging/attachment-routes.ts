import { randomUUID } from 'node:crypto';
import {
  CONVERSATION_CONTEXTS,
  controlCharacterMessage,
  IMAGE_MESSAGES,
  MAX_IMAGE_BYTES,
  MESSAGE_MAX_LENGTH,
  messageSchema,
  sniffImageType,
} from '@adwuma/shared';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { imageFailure, uprightImage } from '../../kernel/files/images.ts';
import { fileError } from '../../kernel/files/uploaded-file.ts';
import { requireUser, roleOf } from '../../kernel/http/session.ts';
import { AppError, errorResponses, notFound } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { checkSendLimit } from './send-limit.ts';
import { attachmentOf, memberConversation, sendMessage } from './service.ts';

/** Longest side of a message photo, in pixels (never enlarged). */
export const MESSAGE_IMAGE_SIDE = 1600;
export const MESSAGE_IMAGE_TYPE = 'image/webp';
/** How long a browser may keep a message photo (members only, so private). */
export const MESSAGE_IMAGE_MAX_AGE = 3600;

/** What a stored file may do once opened: show itself, nothing more. */
const FILE_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

const errors = errorResponses(400, 401, 403, 404, 413, 415, 429, 503);
const idParams = z.object({ id: z.uuid({ error: 'No such conversation.' }) });

/** The text fields that may come with the photo (all optional). */
const fieldsSchema = z
  .object({
    body: z
      .string()
      .max(MESSAGE_MAX_LENGTH * 4, 'Messages can be at most 5,000 characters.')
      // Multipart fields pass no JSON guard (plugins/input-guard.ts): the shared rule here.
      .superRefine((value, ctx) => {
        const message = controlCharacterMessage(value);
        if (message) ctx.addIssue({ code: 'custom', message });
      })
      .default(''),
    client_id: z
      .string()
      .regex(/^[\w-]{1,64}$/, 'client_id must be 1-64 letters, digits, _ or -.')
      .optional(),
    context_type: z
      .enum(CONVERSATION_CONTEXTS, { error: 'Choose a job, bid, quote request or booking.' })
      .optional(),
    context_id: z.uuid({ error: 'Choose a valid job, bid, quote request or booking.' }).optional(),
  })
  .refine((f) => (f.context_type === undefined) === (f.context_id === undefined), {
    message: 'Send context_type and context_id together.',
    path: ['context_id'],
  });
const FIELD_NAMES = new Set(['body', 'client_id', 'context_type', 'context_id']);

/**
 * Reads the multipart body: one file in the field `file` and the optional text fields. Every way a
 * body can be wrong answers a 4xx: not multipart 415, no file or an unknown field 400, too large 413.
 */
async function readImageMessage(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the photo as multipart/form-data in the field "file".',
    );
  }
  const raw: Record<string, string> = {};
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw fileError('Send the photo in the field "file".');
        bytes = await part.toBuffer();
      } else {
        if (!FIELD_NAMES.has(part.fieldname)) {
          throw new AppError(400, 'VALIDATION_ERROR', `Unknown field "${part.fieldname}".`);
        }
        if (part.valueTruncated) {
          throw new AppError(400, 'VALIDATION_ERROR', `The field "${part.fieldname}" is too long.`);
        }
        raw[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileError(IMAGE_MESSAGES.tooLarge, 413, 'PAYLOAD_TOO_LARGE');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(
        413,
        'PAYLOAD_TOO_LARGE',
        'Send one photo in the field "file" and at most the text fields.',
      );
    }
    throw new AppError(400, 'BAD_REQUEST', 'The upload could not be read. Please try again.');
  }
  if (!bytes) throw fileError('Choose a photo to send.');
  const parsed = fieldsSchema.safeParse(raw);
  if (!parsed.success) {
    const { fieldErrors } = z.flattenError(parsed.error);
    const first = Object.values(fieldErrors).flat()[0] ?? 'Check the fields of the message.';
    throw new AppError(400, 'VALIDATION_ERROR', first, { fieldErrors });
  }
  return { bytes, fields: parsed.data };
}

/** Checks the bytes are a JPEG, PNG or WebP photo and re-encodes them: upright, no metadata, WebP. */
async function prepareMessageImage(input: Buffer) {
  if (input.length === 0) throw fileError(IMAGE_MESSAGES.empty);
  if (input.length > MAX_IMAGE_BYTES) throw fileError(IMAGE_MESSAGES.tooLarge, 413, 'PAYLOAD_TOO_LARGE');
  if (!sniffImageType(input)) throw fileError(IMAGE_MESSAGES.wrongType);
  try {
    const { data, info } = await uprightImage(input)
      .resize({
        width: MESSAGE_IMAGE_SIDE,
        height: MESSAGE_IMAGE_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    throw imageFailure(error, IMAGE_MESSAGES);
  }
}

/**
 * Photos in messages (issue 9): sent as multipart, re-encoded and stored privately under
 * `messages/<conversationId>/<uuid>.webp`; served only to the two members (404 to anyone else).
 */
export async function attachmentRoutes(app: App): Promise<void> {
  const deps = app.deps;
  const { db } = deps.database;

  app.get(
    '/api/conversations/:id/attachments/:messageId',
    {
      config: { access: 'user' },
      schema: {
        params: idParams.extend({ messageId: z.uuid({ error: 'No such photo.' }) }),
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const admin = (await roleOf(db, user.id)) === 'admin';
      const { key, contentType } = await attachmentOf(
        db,
        request.params.id,
        request.params.messageId,
        user.id,
        admin,
      );
      const file = await deps.storage.get(key);
      if (!file) throw notFound('No such photo.');
      return reply
        .header('content-type', contentType)
        .header('cache-control', `private, max-age=${MESSAGE_IMAGE_MAX_AGE}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('content-security-policy', FILE_CSP)
        .header('cross-origin-resource-policy', 'same-origin')
        .send(file.bytes);
    },
  );

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(multipart, {
      limits: {
        fileSize: MAX_IMAGE_BYTES,
        files: 1,
        fields: FIELD_NAMES.size,
        parts: FIELD_NAMES.size + 1,
        fieldSize: MESSAGE_MAX_LENGTH * 4 + 64,
      },
    });

    scope.post(
      '/api/conversations/:id/messages/image',
      {
        config: { access: 'user' },
        schema: {
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 200: messageSchema, 201: messageSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = await requireUser(request);
        const conversationId = request.params.id;
        // Outsiders are refused before anything is read or stored.
        await memberConversation(db, conversationId, user.id);
        await checkSendLimit(app.deps.limits, user.id);
        const { bytes, fields } = await readImageMessage(request);
        const image = await prepareMessageImage(bytes);

        const key = `messages/${conversationId}/${randomUUID()}.webp`;
        try {
          await deps.storage.put(key, image.data, MESSAGE_IMAGE_TYPE);
        } catch (error) {
          request.log.error({ err: error, key }, 'storing a message photo failed');
          throw new AppError(503, 'SERVICE_UNAVAILABLE', IMAGE_MESSAGES.uploadFailed);
        }
        const removeFile = () =>
          deps.storage
            .delete(key)
            .catch((err) => request.log.warn({ err, key }, 'could not remove an unused message photo'));
        try {
          const { message, created } = await sendMessage(deps, request.log, conversationId, user.id, {
            body: fields.body,
            clientId: fields.client_id,
            context:
              fields.context_type && fields.context_id
                ? { type: fields.context_type, id: fields.context_id }
                : undefined,
            attachment: { key, contentType: MESSAGE_IMAGE_TYPE, width: image.width, height: image.height },
          });
          // A retried send answers the first message: this upload's copy is not needed.
          if (!created) await removeFile();
          return reply.code(created ? 201 : 200).send(message);
        } catch (error) {
          await removeFile();
          throw error;
        }
      },
    );
  });
}
