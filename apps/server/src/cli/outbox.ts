/**
 * npm run outbox -- --to <email> [--all]
 *
 * Prints the latest mail stored for an address (its subject, date and text with the links), or
 * with --all every stored mail for it, newest first. Without SMTP_URL this is how an operator finds
 * a reset or verification link. Same database rules as create-admin: with the embedded database the
 * server must be stopped (it holds the data folder's lock); with DATABASE_URL it runs at any time.
 */
import { parseArgs } from 'node:util';
import { desc, eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { mailOutbox } from '../db/schema.ts';

const USAGE = 'Usage: npm run outbox -- --to <email> [--all]';

async function main(): Promise<number> {
  let args: { to?: string | undefined; all?: boolean | undefined };
  try {
    args = parseArgs({
      options: { to: { type: 'string' }, all: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  const to = args.to?.trim().toLowerCase();
  if (!to) {
    console.error(`--to is required.\n${USAGE}`);
    return 1;
  }

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }

  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(
        `${error.message}\nThe server is probably running: stop it and run outbox again, or sign in as an admin and open ${config.publicUrl}/admin/outbox.`,
      );
      return 1;
    }
    throw error;
  }

  try {
    // A fresh data folder has no tables yet: migrate (as the server would) so the answer is "no mail".
    await database.migrate();
    const mails = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, to))
      .orderBy(desc(mailOutbox.created_at), desc(mailOutbox.id))
      .limit(args.all ? 1000 : 1);
    if (mails.length === 0) {
      console.info(`No mail stored for ${to}.`);
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
    console.info(out.join(`\n\n${'-'.repeat(72)}\n\n`));
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
