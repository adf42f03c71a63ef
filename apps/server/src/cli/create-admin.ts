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
import { cliArgs, openCliDatabase, runCli } from './cli-support.ts';

const USAGE = 'Usage: npm run create-admin -- --email <email> --password <password> [--name <name>]';

async function main(): Promise<number> {
  const args = cliArgs(
    { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    USAGE,
  );
  if (!args) return 1;
  if (!args.email) {
    console.error(`--email is required.\n${USAGE}`);
    return 1;
  }
  const opened = await openCliDatabase(
    () => 'The server is probably running: stop it, run create-admin again, then start the server.',
  );
  if (!opened) return 1;
  const { config, database } = opened;

  const log = pino({ level: 'warn' }, pino.destination(2));
  try {
    const where = config.databaseUrl
      ? 'the Postgres database (DATABASE_URL)'
      : `the embedded database in ${config.dataDir}`;
    console.info(`Opening ${where}; applying migrations...`);
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
      console.info(`Created admin ${result.email} (user id ${result.userId}), email verified.`);
    } else if (result.action === 'promoted') {
      console.info(
        `Promoted the existing account ${result.email} (user id ${result.userId}) to admin; its password is unchanged.`,
      );
    } else {
      console.info(`${result.email} (user id ${result.userId}) is already an admin; nothing changed.`);
    }
    console.info(`Sign in at ${config.publicUrl}/auth and open ${config.publicUrl}/admin.`);
    return 0;
  } catch (error) {
    if (error instanceof CreateAdminError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

runCli(main);
