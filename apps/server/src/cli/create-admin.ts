/**
 * npm run create-admin -- --email <email> --password <password> [--name <name>]
 *
 * Creates an admin account (email verified) or promotes an existing one. Migrates a fresh database
 * first, so it works before the first start. With the embedded database the server must be stopped
 * (it holds the data folder's lock); with DATABASE_URL it runs at any time.
 */
import pino from 'pino';
import { seedReferenceData } from '../db/seed.ts';
import { CreateAdminError, createOrPromoteAdmin } from '../features/admin/create-admin.ts';
import { createAuth, resolveAuthSecret } from '../plugins/auth.ts';
import { createJobQueue } from '../plugins/jobs.ts';
import { type CliIo, cliArgs, openCliDatabase, processIo, runCli } from './cli-support.ts';

const USAGE = 'Usage: npm run create-admin -- --email <email> --password <password> [--name <name>]';

/** The command; its arguments, environment and output are the process's unless a test passes its own. */
export async function main(io: CliIo = processIo()): Promise<number> {
  const args = cliArgs(
    { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    USAGE,
    io,
  );
  if (!args) return 1;
  if (!args.email) {
    io.err(`--email is required.\n${USAGE}`);
    return 1;
  }
  const opened = await openCliDatabase(
    () => 'The server is probably running: stop it, run create-admin again, then start the server.',
    io,
  );
  if (!opened) return 1;
  const { config, database } = opened;

  const log = pino({ level: 'warn' }, pino.destination(2));
  try {
    const where = config.databaseUrl
      ? 'the Postgres database (DATABASE_URL)'
      : `the embedded database in ${config.dataDir}`;
    io.out(`Opening ${where}; applying migrations...`);
    await database.migrate();
    await seedReferenceData(database);
    const secret = await resolveAuthSecret(database, config.authSecret);
    // No job runs here: the admin's email is verified, so no mail is queued.
    const jobs = createJobQueue({ database, log, runWorkers: false });
    const auth = createAuth({ config: { ...config, runJobs: false }, database, jobs, log, secret });
    const result = await createOrPromoteAdmin(
      { auth, database },
      { email: args.email, password: args.password, name: args.name },
    );
    if (result.action === 'created') {
      io.out(`Created admin ${result.email} (user id ${result.userId}), email verified.`);
    } else if (result.action === 'promoted') {
      io.out(
        `Promoted the existing account ${result.email} (user id ${result.userId}) to admin; its password is unchanged.`,
      );
    } else {
      io.out(`${result.email} (user id ${result.userId}) is already an admin; nothing changed.`);
    }
    io.out(`Sign in at ${config.publicUrl}/auth and open ${config.publicUrl}/admin.`);
    return 0;
  } catch (error) {
    if (error instanceof CreateAdminError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

runCli(main, import.meta.url);
