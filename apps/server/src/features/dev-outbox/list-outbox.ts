import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox, smsOutbox } from '../../db/schema.ts';

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

/** Issue 21: the newest 50 stored SMS, to one number (E.164) if given. */
export async function listOutboxSms(db: Db, to: string | undefined) {
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(to ? eq(smsOutbox.to_number, to) : undefined)
    .orderBy(desc(smsOutbox.created_at), desc(smsOutbox.id))
    .limit(50);
  return {
    messages: rows.map((r) => ({
      id: r.id,
      to: r.to_number,
      body: r.body,
      template: r.template,
      status: r.status,
      createdAt: r.created_at.toISOString(),
    })),
  };
}
