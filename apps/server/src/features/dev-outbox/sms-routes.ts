import { normalizeGhanaPhone } from '@adwuma/shared';
import { z } from 'zod';
import type { App } from '../../types.ts';
import { listOutboxSms } from './list-outbox.ts';
import { isLoopback } from './routes.ts';

const sms = z.object({
  id: z.string(),
  to: z.string(),
  body: z.string(),
  template: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

/**
 * Issue 21: the SMS the dev outbox kept (sign-in codes, notifications), newest first, for the browser
 * tests on this machine. Registered like GET /api/dev/outbox: DEV_OUTBOX=true, never in production,
 * only while SMS go to the outbox; answers loopback callers only.
 */
export async function devSmsOutboxRoutes(app: App) {
  app.get(
    '/api/dev/sms-outbox',
    {
      config: { access: 'public' },
      schema: {
        tags: ['development'],
        summary: 'SMS stored in the dev outbox, newest first (DEV_OUTBOX=true, loopback only)',
        querystring: z.object({ to: z.string().max(40).optional() }),
        response: { 200: z.object({ messages: z.array(sms) }) },
      },
      onRequest: async (request, reply) => {
        if (isLoopback(request.socket.remoteAddress)) return;
        reply.callNotFound();
        return reply;
      },
    },
    async (request) => {
      const given = request.query.to?.trim();
      const to = given ? (normalizeGhanaPhone(given) ?? given) : undefined;
      return listOutboxSms(app.deps.database.db, to);
    },
  );
}
