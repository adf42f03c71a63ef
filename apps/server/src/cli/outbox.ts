/**
 * npm run outbox -- --to <email> [--all]
 *
 * Prints the latest mail stored for an address (its subject, date and text with the links), or
 * with --all every stored mail for it, newest first. Without SMTP_URL this is how an operator finds
 * a reset or verification link. Same database rules as create-admin: with the embedded database the
 * server must be stopped (it holds the data folder's lock); with DATABASE_URL it runs at any time.
 */
import { normalizeGhanaPhone } from '@adwuma/shared';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { mailOutbox, smsOutbox } from '../db/schema.ts';
import { type CliIo, cliArgs, openCliDatabase, processIo, runCli } from './cli-support.ts';

const USAGE = 'Usage: npm run outbox -- --to <email or Ghana phone number> [--all]';

/** The command; its arguments, environment and output are the process's unless a test passes its own. */
export async function main(io: CliIo = processIo()): Promise<number> {
  const args = cliArgs({ to: { type: 'string' }, all: { type: 'boolean' } }, USAGE, io);
  if (!args) return 1;
  const to = args.to?.trim().toLowerCase();
  if (!to) {
    io.err(`--to is required.\n${USAGE}`);
    return 1;
  }
  const opened = await openCliDatabase(
    (config) =>
      `The server is probably running: stop it and run outbox again, or sign in as an admin and open ${config.publicUrl}/admin/outbox.`,
    io,
  );
  if (!opened) return 1;
  const { database } = opened;

  try {
    // A fresh data folder has no tables yet: migrate (as the server would) so the answer is "no mail".
    await database.migrate();
    // Issue 21: a phone number shows the SMS kept for it (sign-in codes, notifications).
    const phone = normalizeGhanaPhone(to);
    if (phone) return printSms(database, phone, args.all === true, io);
    const mails = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, to))
      .orderBy(desc(mailOutbox.created_at), desc(mailOutbox.id))
      .limit(args.all ? 1000 : 1);
    if (mails.length === 0) {
      io.out(`No mail stored for ${to}.`);
      return 0;
    }
    const out = mails.map((mail) =>
      [
        `To:       ${mail.to_address}`,
        `Subject:  ${mail.subject}`,
        `Date:     ${mail.created_at.toISOString()}`,
        `Template: ${mail.template}`,
        '',
        mail.text_body ??
          `(sent through SMTP: the text is not kept; message id ${mail.message_id ?? 'unknown'})`,
      ].join('\n'),
    );
    io.out(out.join(`\n\n${'-'.repeat(72)}\n\n`));
    return 0;
  } finally {
    await database.close();
  }
}

async function printSms(database: Database, to: string, all: boolean, io: CliIo): Promise<number> {
  const messages = await database.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.to_number, to))
    .orderBy(desc(smsOutbox.created_at), desc(smsOutbox.id))
    .limit(all ? 1000 : 1);
  if (messages.length === 0) {
    io.out(`No SMS stored for ${to}.`);
    return 0;
  }
  const out = messages.map((sms) =>
    [
      `To:       ${sms.to_number}`,
      `Date:     ${sms.created_at.toISOString()}`,
      `Template: ${sms.template}`,
      `Status:   ${sms.status} (${sms.transport})${sms.error ? `: ${sms.error}` : ''}`,
      '',
      sms.body,
    ].join('\n'),
  );
  io.out(out.join(`\n\n${'-'.repeat(72)}\n\n`));
  return 0;
}

runCli(main, import.meta.url);
