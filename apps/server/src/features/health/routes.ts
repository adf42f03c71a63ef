import { apiErrorSchema } from '@adwuma/shared';
import { z } from 'zod';
import type { App } from '../../types.ts';

const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});

export async function healthRoutes(app: App) {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: healthResponse, 503: apiErrorSchema },
      },
      config: { rateLimit: false },
    },
    async (request, reply) => {
      const { database } = app.deps;
      try {
        await database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({
          error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is not reachable.' },
        });
      }
      return { status: 'ok' as const, database: database.kind, uptimeSeconds: Math.round(process.uptime()) };
    },
  );
}
