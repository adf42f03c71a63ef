import { trackEventSchema } from '@adwuma/shared';
import { z } from 'zod';
import { eventTracking } from '../../db/schema.ts';
import type { App } from '../../types.ts';

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
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const e = request.body;
      await app.deps.database.db.insert(eventTracking).values({
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
