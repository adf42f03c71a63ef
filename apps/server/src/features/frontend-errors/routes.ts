import { frontendErrorSchema } from '@adwuma/shared';
import { z } from 'zod';
import { frontendErrors } from '../../db/schema.ts';
import type { App } from '../../types.ts';
import { getSignedIn } from '../auth/session.ts';

/** Spec 7 log_frontend_error: the browser's boundaries and global handlers report here. */
export async function frontendErrorRoutes(app: App) {
  app.post(
    '/api/frontend-errors',
    {
      schema: {
        tags: ['public'],
        summary: 'Report an error seen in the browser',
        body: frontendErrorSchema,
        response: { 202: z.object({ ok: z.literal(true) }) },
      },
      bodyLimit: 64 * 1024,
      // A broken page can loop; each client gets a small budget (spec 9 "5 per 15 minutes" is the
      // client's own limiter; this is the server's guard).
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '5 minutes' } },
    },
    async (request, reply) => {
      const e = request.body;
      // Whose error it is comes from the session only: a sent user_id is ignored (issue 15).
      const signedIn = await getSignedIn(request);
      await app.deps.database.db.insert(frontendErrors).values({
        error_type: e.error_type,
        message: e.message,
        stack: e.stack ?? null,
        component_name: e.component_name ?? null,
        route_path: e.route_path ?? null,
        user_agent: e.user_agent ?? request.headers['user-agent'] ?? null,
        user_id: signedIn?.user.id ?? null,
        session_id: e.session_id ?? null,
        additional_context: e.additional_context ?? null,
        severity: e.severity,
      });
      return reply.status(202).send({ ok: true as const });
    },
  );
}
