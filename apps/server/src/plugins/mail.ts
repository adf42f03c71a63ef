import { isPhoneAccountEmail } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Which template produced it, for the outbox and tests. */
  template: string;
  /** A key that makes a retried send a no-op: stored with the mail, checked by `alreadySent`. */
  dedupeKey?: string;
}

export interface Mailer {
  transport: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<{ messageId: string }>;
  /** Whether a mail with this dedupe key was sent (and recorded) already. */
  alreadySent(dedupeKey: string): Promise<boolean>;
  close(): void;
}

/**
 * Mail goes through SMTP when `SMTP_URL` is set; otherwise to the outbox (stored in the database,
 * printed to the log with its links, read by admins at /admin/outbox or with `npm run outbox`).
 * Every mail leaves a row in mail_outbox; with SMTP the bodies are not kept.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  database: Database;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, database, log } = options;
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });
  const kind = smtpUrl ? 'smtp' : 'outbox';
  return {
    transport: kind,
    async send(message) {
      // Issue 21: a phone-only account's placeholder address (*.invalid) is never mailed.
      if (isPhoneAccountEmail(message.to)) {
        log.debug({ template: message.template }, 'mail to a phone-only account skipped');
        return { messageId: '' };
      }
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await database.db.insert(mailOutbox).values({
        to_address: message.to,
        subject: message.subject,
        text_body: kind === 'outbox' ? message.text : null,
        html_body: kind === 'outbox' ? message.html : null,
        template: message.template,
        transport: kind,
        message_id: info.messageId,
        dedupe_key: message.dedupeKey ?? null,
      });
      if (kind === 'outbox') {
        const links = message.text.match(/https?:\/\/\S+/g) ?? [];
        log.info({ to: message.to, subject: message.subject, links }, 'mail stored in the dev outbox');
      } else {
        log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
      }
      return { messageId: info.messageId };
    },
    async alreadySent(dedupeKey) {
      const rows = await database.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(eq(mailOutbox.dedupe_key, dedupeKey))
        .limit(1);
      return rows.length > 0;
    },
    close() {
      transport.close();
    },
  };
}
