// The real app (buildApp) in the benchmark's own process: a temporary DATA_DIR (embedded PGlite) or,
// with an admin URL, a throwaway database on that Postgres server; both removed by the cleanup.
// Runs under tsx (imports the server's TypeScript).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { log, onCleanup } from './common.mjs';

export const PUBLIC_URL = 'http://localhost:3000';

/**
 * Creates the database `<prefix>_<time>` on the server `adminUrl` names and answers its URL; the
 * cleanup drops it (WITH (FORCE)).
 */
export async function throwawayDatabase(adminUrl, prefix) {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  onCleanup(async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    try {
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await dropper.end();
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/**
 * Builds and starts the app on 127.0.0.1 (a free port) in production mode with the TEST MODE sandbox
 * gateway on, no overall rate limit and TRUST_PROXY=true (the per-route limits stay on and count per
 * X-Forwarded-For address). `adminUrl` (a Postgres server's admin URL) or null for PGlite;
 * `prefix` names the temporary folder and database; `env` adds or overrides settings.
 * Answers { app, port, database } (database null on PGlite); the cleanup closes and removes it all.
 */
export async function startBenchApp({ adminUrl, prefix, env = {} }) {
  const database = adminUrl ? await throwawayDatabase(adminUrl, prefix) : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix.replaceAll('_', '-')}-`));
  onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_URL,
    DATA_DIR: dataDir,
    ...(database ? { DATABASE_URL: database.url } : {}),
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '0',
    // Latency benchmarks measure the server, not its refusals (bench/overload.mjs turns it on).
    SHED_EVENT_LOOP_DELAY_MS: '0',
    SHED_POOL_WAITING: '0',
    TRUST_PROXY: 'true',
    PAYMENTS_SANDBOX: 'true',
    ...env,
  });
  log(`starting the app on ${database ? `Postgres (${database.name})` : 'PGlite'}`);
  const app = await buildApp(config, { logger: { level: 'warn', stream: process.stderr } });
  onCleanup(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, port: app.server.address().port, database };
}

/** Where the app runs, for the printed JSON. */
export const databaseLabel = (database) =>
  database ? { kind: 'postgres', name: database.name } : { kind: 'pglite' };
