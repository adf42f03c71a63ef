import { z } from 'zod';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/db-errors.ts';
import type { App } from '../../types.ts';

const check = z.enum(['ok', 'unreachable']);

const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
  checks: z.object({ database: check }),
});

/** Degraded: still the one error body (`error.code`), plus which dependency failed. */
const degradedResponse = z.object({
  status: z.literal('degraded'),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
  checks: z.object({ database: check }),
  error: z.object({ code: z.literal('SERVICE_UNAVAILABLE'), message: z.string() }),
});

export async function healthRoutes(app: App) {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: healthResponse, 503: degradedResponse },
      },
      config: { access: 'public', rateLimit: false },
    },
    async (request, reply) => {
      const { database } = app.deps;
      const uptimeSeconds = Math.round(process.uptime());
      try {
        await database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS);
        return reply.status(503).send({
          status: 'degraded' as const,
          database: database.kind,
          uptimeSeconds,
          checks: { database: 'unreachable' as const },
          error: { code: 'SERVICE_UNAVAILABLE' as const, message: 'The database is not reachable.' },
        });
      }
      return {
        status: 'ok' as const,
        database: database.kind,
        uptimeSeconds,
        checks: { database: 'ok' as const },
      };
    },
  );
}
