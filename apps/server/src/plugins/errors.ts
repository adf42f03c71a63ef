import type { ApiErrorBody, FieldIssue } from '@adwuma/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  BUSY_MESSAGE,
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  isPoolExhausted,
} from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { sendRefusal } from './refusal.ts';

function fieldOf(instancePath: string | undefined, fallback: string): string {
  const trimmed = (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  return trimmed || fallback;
}

const FASTIFY_CODES: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the request body as application/json.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'BAD_REQUEST',
    message: 'The request body is empty but JSON was declared.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'BAD_REQUEST',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'BAD_REQUEST',
    message: 'The Content-Length header does not match the body.',
  },
};

/** One error body for every failure: `{ error: { code, message, details? } }`. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, body: ApiErrorBody) => reply.status(status).send(body);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const issues: FieldIssue[] = error.validation.map((issue) => ({
        field: fieldOf(issue.instancePath, where),
        message: issue.message ?? 'Invalid value',
      }));
      const unknownKeys = error.validation.flatMap((issue) =>
        issue.keyword === 'unrecognized_keys' ? ((issue.params as { keys?: string[] }).keys ?? []) : [],
      );
      const fields = unknownKeys.length
        ? issues.map((i) =>
            i.message.startsWith('Unrecognized key')
              ? { field: unknownKeys.join(', '), message: `Unknown field: ${unknownKeys.join(', ')}` }
              : i,
          )
        : issues;
      const first = fields[0];
      return send(400, {
        error: {
          code: 'VALIDATION_ERROR',
          message: first ? `${first.field}: ${first.message}` : 'The request is not valid.',
          details: { fields },
        },
      });
    }
    if (error instanceof AppError) {
      return send(error.statusCode, {
        error: {
          code: error.code,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
        },
      });
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return send(known.status, { error: { code: known.code, message: known.message } });
    if (error.statusCode === 429) {
      // The limit's own words (with its wait) when it gave them; a page opened gets them as a page.
      const given = (error as { error?: { code?: unknown; message?: unknown } }).error;
      const message =
        typeof given?.message === 'string' ? given.message : 'Too many requests. Please try again later.';
      return sendRefusal(request, reply, 429, { error: { code: 'RATE_LIMITED', message } });
    }
    if (
      error.statusCode &&
      error.statusCode >= 400 &&
      error.statusCode < 500 &&
      !isResponseSerializationError(error)
    ) {
      return send(error.statusCode, { error: { code: 'BAD_REQUEST', message: error.message } });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is away (restart, network) or every connection stayed busy: the client may
      // retry shortly, so say so with 503 + Retry-After, never "unexpected".
      const exhausted = isPoolExhausted(error);
      request.log.warn({ err: error }, exhausted ? 'database pool exhausted' : 'database unavailable');
      reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS);
      return send(503, {
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: exhausted ? BUSY_MESSAGE : DATABASE_UNAVAILABLE_MESSAGE,
        },
      });
    }
    request.log.error({ err: error }, 'request failed');
    return send(500, {
      error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred. Please try again.' },
    });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]}` },
    } satisfies ApiErrorBody);
  });
});
