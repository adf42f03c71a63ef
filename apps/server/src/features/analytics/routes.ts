import { trackEventSchema } from '@adwuma/shared';
import { z } from 'zod';
import { eventTracking } from '../../db/schema.ts';
import type { App } from '../../types.ts';
import { getSignedIn } from '../auth/session.ts';

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
      await app.deps.database.db.insert(eventTracking).values({
        user_id: signedIn?.user.id ?? null,
        event_type: e.event_type,
        event_data: e.event_data ?? null,
        page_path: e.page_path,
        session_id: e.session_id ?? null,
        utm_source: e.utm_source ?? null,
        utm_medium: e.utm_medium ?? null,
        utm_campaign: e.utm_campaign ?? null,
        utm_content: e.utm_content ?? null,
        utm_term: e.utm_term ?? null,
      });
      return reply.status(202).send({ ok: true as const });
    },
  );
}
