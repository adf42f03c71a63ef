import { z } from 'zod';
import type { App } from '../../types.ts';
import { listOutboxMails } from './list-outbox.ts';

const mail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  template: z.string(),
  createdAt: z.string(),
});

/**
 * Whether the TCP peer is this machine. Judged from the socket, never from `request.ip`, which
 * X-Forwarded-For sets when TRUST_PROXY is on.
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * The dev outbox: mails the product "stored" without SMTP, for the browser tests on this machine.
 * Registered only with DEV_OUTBOX=true outside production (app.ts), and answers loopback callers
 * only. Admins read the same mails at /api/admin/outbox.
 */
export async function devOutboxRoutes(app: App) {
  app.get(
    '/api/dev/outbox',
    {
      config: { access: 'public' },
      schema: {
        tags: ['development'],
        summary: 'Mails stored in the dev outbox, newest first (DEV_OUTBOX=true, loopback only)',
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: { 200: z.object({ mails: z.array(mail) }) },
      },
      // As if the route did not exist: the app's own 404, so a remote caller learns nothing.
      onRequest: async (request, reply) => {
        if (isLoopback(request.socket.remoteAddress)) return;
        reply.callNotFound();
        return reply;
      },
    },
    async (request) => {
      const { db } = app.deps.database;
      const to = request.query.to?.trim().toLowerCase();
      return listOutboxMails(db, to);
    },
  );
}
