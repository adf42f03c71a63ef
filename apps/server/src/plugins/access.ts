import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { requireOnboardedProvider } from '../features/onboarding/index.ts';
import { requireProvider } from '../kernel/http/guards.ts';
import { requireAdmin, requireUser } from '../kernel/http/session.ts';
import { AppError } from '../lib/errors.ts';

/**
 * Who may call a route, declared in its options (`config: { access }`) and enforced before the
 * body is parsed or validated:
 * - public: anyone (the handler may still look at an optional session);
 * - user: any signed-in user (requireUser);
 * - provider: a provider-like user (requireProvider);
 * - onboarded-provider: a provider past the provider gate (requireOnboardedProvider);
 * - admin: the admin flag (requireAdmin).
 * Ownership (whose booking, whose job) stays with the handler.
 */
export const ACCESS_LEVELS = ['public', 'user', 'provider', 'onboarded-provider', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/** A route's own wording for the refusals, where its spec gives one. */
export interface AccessMessages {
  unauthorized?: string;
  sessionExpired?: string;
  forbidden?: string;
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  /** The route's request schemas (zod), for the matrix and fuzz tests. */
  schema: FastifySchema | undefined;
}

function methodsOf(options: RouteOptions): string[] {
  return (Array.isArray(options.method) ? options.method : [options.method]).map((m) => m.toUpperCase());
}

const GUARDS: Record<Exclude<Access, 'public'>, (request: FastifyRequest) => Promise<unknown>> = {
  user: requireUser,
  provider: (request) => requireProvider(request),
  'onboarded-provider': requireOnboardedProvider,
  admin: requireAdmin,
};

function reworded(error: unknown, messages: AccessMessages | undefined): unknown {
  if (!messages || !(error instanceof AppError)) return error;
  const message =
    error.code === 'UNAUTHORIZED'
      ? messages.unauthorized
      : error.code === 'SESSION_EXPIRED'
        ? messages.sessionExpired
        : error.code === 'FORBIDDEN' && !error.details
          ? messages.forbidden
          : undefined;
  return message ? new AppError(error.statusCode, error.code, message, error.details) : error;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its declared access, in registration order (the authorization matrix test). */
    routeTable: RouteAccess[];
  }
}

/**
 * Registered before any route: refuses to start when an /api/ route declares no access, and checks
 * the declared access before parsing and validation, so a caller without the right learns nothing
 * about the body a route expects (401/403 before 400).
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  const table: RouteAccess[] = [];
  app.decorate('routeTable', table);

  app.addHook('onRoute', (options) => {
    const access = options.config?.access;
    const path = options.url ?? options.path;
    if (access !== undefined && !ACCESS_LEVELS.includes(access)) {
      throw new Error(`Route ${methodsOf(options).join(',')} ${path} declares unknown access "${access}"`);
    }
    if (!path.startsWith('/api/')) return;
    if (access === undefined) {
      throw new Error(
        `Route ${methodsOf(options).join(',')} ${path} declares no access: add config: { access: ${ACCESS_LEVELS.map((a) => `'${a}'`).join(' | ')} }`,
      );
    }
    for (const method of methodsOf(options))
      table.push({ method, url: path, access, schema: options.schema });
  });

  app.addHook('preParsing', async (request, _reply, payload) => {
    const { access, accessMessages } = request.routeOptions.config;
    if (access && access !== 'public') {
      try {
        await GUARDS[access](request);
      } catch (error) {
        throw reworded(error, accessMessages);
      }
    }
    return payload;
  });
});
