import { type ApiErrorBody, authProvidersSchema } from '@adwuma/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../types.ts';
import { CLIENT_IP_HEADER } from './policy.ts';

const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'BAD_REQUEST',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'RATE_LIMITED',
};

/** Better Auth's code for a taken email differs by path; the client sees one. */
const CODE_ALIASES: Record<string, string> = {
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'USER_ALREADY_EXISTS',
};

const DROPPED_REQUEST_HEADERS = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  CLIENT_IP_HEADER,
]);
const DROPPED_RESPONSE_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'set-cookie',
]);

/**
 * Better Auth answers errors as `{ code, message }`; ours is `{ error: { code, message, details? } }`.
 * Internal failures keep no detail beyond our generic message.
 */
export function toErrorBody(status: number, text: string): ApiErrorBody {
  let parsed: { code?: unknown; message?: unknown; details?: unknown } | null = null;
  try {
    const value = JSON.parse(text);
    if (value && typeof value === 'object') parsed = value;
  } catch {
    parsed = null;
  }
  // Issue 21: the SMS gateway refused a sign-in code: our own message, not an internal error.
  if (status === 502 && parsed?.code === 'SMS_NOT_SENT' && typeof parsed.message === 'string') {
    return { error: { code: 'SMS_NOT_SENT', message: parsed.message } };
  }
  // SMS are off on this server (production without Africa's Talking): say so, not "an error".
  if (status === 503 && parsed?.code === 'SMS_UNAVAILABLE' && typeof parsed.message === 'string') {
    return { error: { code: 'SMS_UNAVAILABLE', message: parsed.message } };
  }
  if (status >= 500) {
    return { error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred. Please try again.' } };
  }
  const rawCode = typeof parsed?.code === 'string' && parsed.code ? parsed.code : STATUS_CODES[status];
  const code = CODE_ALIASES[rawCode ?? ''] ?? rawCode ?? 'BAD_REQUEST';
  const message =
    typeof parsed?.message === 'string' && parsed.message
      ? parsed.message
      : 'The request could not be completed.';
  return { error: { code, message, ...(parsed?.details ? { details: parsed.details } : {}) } };
}

function webRequestFrom(request: FastifyRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || DROPPED_REQUEST_HEADERS.has(key)) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  if (hasBody) headers.set('content-type', 'application/json');
  // Routed by our configured origin, never by the Host header the client sent.
  return new Request(new URL(request.url, publicUrl), {
    method: request.method,
    headers,
    ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
  });
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (!DROPPED_RESPONSE_HEADERS.has(key)) reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status >= 400) {
    if (response.status >= 500)
      reply.request.log.error({ status: response.status, body: text }, 'auth failed');
    reply.header('content-type', 'application/json; charset=utf-8');
    return reply.send(toErrorBody(response.status, text));
  }
  return text.length ? reply.send(text) : reply.send();
}

/**
 * Better Auth's endpoints at /api/auth/* (sign-up, sign-in, sign-out, sessions, verification,
 * password reset, two-factor, JWKS, Google/OIDC), plus GET /api/auth/providers.
 */
export async function authRoutes(app: App) {
  const { auth, config } = app.deps;

  app.get(
    '/api/auth/providers',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Which sign-in methods are on',
        response: { 200: authProvidersSchema },
      },
    },
    async () => ({ google: config.oidc !== null, requireEmailVerification: config.requireEmailVerification }),
  );

  // The JSON parser of this scope also accepts an empty body (Better Auth's client posts none for
  // sign-out); anything else goes through Fastify's own safe parser.
  await app.register(async (scope) => {
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (body === '' || body === undefined) return done(null, undefined);
      return parseJson(request, body as string, done);
    });

    scope.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      bodyLimit: 32 * 1024,
      // Better Auth checks its own sessions.
      config: { access: 'public' },
      schema: { hide: true },
      handler: async (request, reply) => {
        const response = await auth.handler(webRequestFrom(request, config.publicUrl));
        // Better Auth turns some driver failures into its own 500 or 422 ("Failed to create user"),
        // hiding the cause: if the database is away, the ping's error answers 503 instead.
        if (response.status >= 500 || response.status === 422) await app.deps.database.ping();
        return sendWebResponse(reply, response);
      },
    });
  });
}
