import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { seedBenchProviders } from '../db/bench-seed.ts';
import { type Database, openPglite, openPostgres } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { seedReferenceData } from '../db/seed.ts';

/**
 * `npm run seed:bench -- --providers 100000`: fills the database of DATABASE_URL (or the embedded one
 * in DATA_DIR, with the server stopped) with N benchmark providers and their search rows. Migrates
 * a fresh database first.
 */
async function main() {
  const { values } = parseArgs({
    options: { providers: { type: 'string', default: '100000' } },
    allowPositionals: false,
  });
  const count = Number(values.providers);
  if (!Number.isInteger(count) || count < 1 || count > 2_000_000) {
    console.error('--providers must be a whole number between 1 and 2000000');
    process.exit(1);
  }
  const config = loadConfig();
  let database: Database;
  try {
    // One connection: the seed works through temporary tables of its session.
    database = config.databaseUrl
      ? await openPostgres(config.databaseUrl, 1)
      : await openPglite({ dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  try {
    const started = Date.now();
    console.info(
      `Seeding ${count.toLocaleString('en')} benchmark providers into ${database.kind === 'postgres' ? 'the Postgres server' : config.dataDir}`,
    );
    await database.migrate();
    await seedReferenceData(database);
    const result = await seedBenchProviders(database, count, (m) => console.info(m));
    console.info(
      `Done in ${((Date.now() - started) / 1000).toFixed(1)} s (tables ${result.seconds.base.toFixed(1)} s, read model ${result.seconds.readModel.toFixed(1)} s, analyze ${result.seconds.analyze.toFixed(1)} s): ${result.listed.toLocaleString('en')} providers listed in search.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
