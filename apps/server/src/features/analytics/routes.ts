import { trackEventSchema } from '@adwuma/shared';
import { z } from 'zod';
import { getSignedIn } from '../../kernel/http/session.ts';
import type { App } from '../../types.ts';
import { recordEvent } from './record-event.ts';

export async function analyticsRoutes(app: App) {
  app.post(
    '/api/events',
    {
      schema: {
        tags: ['public'],
        summary: 'Record an analytics event (page view, conversion, ...)',
        body: trackEventSchema,
        response: { 202: z.object({ ok: z.literal(true) }) },
      },
      config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const e = request.body;
      // The user, if any, comes from the session; the body has no field naming one (issue 15).
      const signedIn = await getSignedIn(request);
      await recordEvent(app.deps.database.db, signedIn?.user.id ?? null, e);
      return reply.status(202).send({ ok: true as const });
    },
  );
}
