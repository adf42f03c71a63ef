import { PAGE_PATH_MAX, sessionIdField, waitlistJoinResponse, waitlistJoinSchema } from '@adwuma/shared';
import { z } from 'zod';
import type { App } from '../../types.ts';
import { joinWaitlist } from './join-waitlist.ts';

const body = waitlistJoinSchema.extend({
  page_path: z.string().max(PAGE_PATH_MAX).startsWith('/').optional(),
  session_id: sessionIdField,
});

export async function waitlistRoutes(app: App) {
  app.post(
    '/api/waitlist',
    {
      schema: {
        tags: ['public'],
        summary: 'Join the waitlist',
        body,
        response: { 200: waitlistJoinResponse, 201: waitlistJoinResponse },
      },
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const result = await joinWaitlist(app.deps, request.body);
      return reply.status(result.status === 'joined' ? 201 : 200).send(result);
    },
  );
}
