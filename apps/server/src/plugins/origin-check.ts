import type { ApiErrorBody } from '@adwuma/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { originForm } from './request-target.ts';

export const FOREIGN_ORIGIN_MESSAGE = 'This request came from another site and was refused.';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A route's `config` opting out of the check: webhooks called by other services (payments).
 * Not a FastifyContextConfig augmentation: an all-optional one breaks @fastify/rate-limit's typings.
 */
export interface CrossOriginConfig {
  allowCrossOrigin?: boolean;
}

/** The origins our pages run on: PUBLIC_URL's, plus Vite's dev server in development. */
export function trustedOrigins(config: Pick<AppConfig, 'publicUrl' | 'env'>): string[] {
  return [
    new URL(config.publicUrl).origin,
    ...(config.env === 'development' ? ['http://localhost:5173', 'http://127.0.0.1:5173'] : []),
  ];
}

/** Whether a state-changing request's headers show it came from a page on another site. */
export function isForeignRequest(
  headers: { origin?: string | string[]; 'sec-fetch-site'?: string | string[] },
  trusted: readonly string[],
): boolean {
  const origin = headers.origin;
  if (origin !== undefined) {
    // `Origin: null` (sandboxed frames, file: pages, some redirects) is never one of ours.
    return typeof origin !== 'string' || !trusted.includes(origin.toLowerCase());
  }
  // No Origin: curl, server-to-server calls and app.inject in tests, none of which carry a victim's
  // cookies. Browsers send Origin on every cross-site POST/PUT/PATCH/DELETE; Sec-Fetch-Site covers
  // an old or odd browser that drops it.
  return headers['sec-fetch-site'] === 'cross-site';
}

/**
 * Cross-site request forgery guard (issue 15): a state-changing /api/ request (JSON, multipart or
 * form) whose Origin is not ours is refused before its body is read, so a form on another site
 * cannot post with a signed-in user's cookie. Runs in onRequest for every route, Better Auth's
 * included; a route sets `config: { allowCrossOrigin: true }` to opt out (webhooks).
 */
export const originCheckPlugin = fp(
  async (app: FastifyInstance, opts: { config: Pick<AppConfig, 'publicUrl' | 'env'> }) => {
    const trusted = trustedOrigins(opts.config);
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      // On the origin form: `PATCH http://host/api/profile` is an /api/ request too (issue 29).
      if (!STATE_CHANGING.has(request.method) || !originForm(request.url).startsWith('/api/')) return;
      if ((request.routeOptions.config as CrossOriginConfig | undefined)?.allowCrossOrigin === true) return;
      if (!isForeignRequest(request.headers, trusted)) return;
      request.log.warn({ origin: request.headers.origin ?? null }, 'cross-site request refused');
      return reply.status(403).send({
        error: { code: 'FORBIDDEN_ORIGIN', message: FOREIGN_ORIGIN_MESSAGE },
      } satisfies ApiErrorBody);
    });
  },
  { name: 'origin-check' },
);
