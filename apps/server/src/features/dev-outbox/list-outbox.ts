import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

/** The newest 50 stored mails, to one address if given. */
export async function listOutboxMails(db: Db, to: string | undefined) {
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
}
