import { frontendErrorSchema } from '@adwuma/shared';
import { z } from 'zod';
import { getSignedIn } from '../../kernel/http/session.ts';
import type { App } from '../../types.ts';
import { recordFrontendError } from './record-frontend-error.ts';

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
      await recordFrontendError(
        app.deps.database.db,
        signedIn?.user.id ?? null,
        e,
        request.headers['user-agent'],
      );
      return reply.status(202).send({ ok: true as const });
    },
  );
}
