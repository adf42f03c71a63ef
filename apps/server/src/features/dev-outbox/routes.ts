import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { mailOutbox } from '../../db/schema.ts';
import type { App } from '../../types.ts';

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
 * The dev outbox: mails the product "sent" without SMTP, readable outside production so a developer
 * (and the browser tests) can follow links in them. Not registered in production or with SMTP.
 */
export async function devOutboxRoutes(app: App) {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Mails stored in the dev outbox, newest first',
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: { 200: z.object({ mails: z.array(mail) }) },
      },
    },
    async (request) => {
      const { db } = app.deps.database;
      const to = request.query.to?.trim().toLowerCase();
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(to ? eq(mailOutbox.to_address, to) : undefined)
        .orderBy(desc(mailOutbox.created_at))
        .limit(50);
      return {
        mails: rows.map((r) => ({
          id: r.id,
          to: r.to_address,
          subject: r.subject,
          text: r.text_body,
          html: r.html_body,
          template: r.template,
          createdAt: r.created_at.toISOString(),
        })),
      };
    },
  );
}
