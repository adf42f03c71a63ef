import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config.ts';
import { type Database, openPostgres } from '../db/client.ts';
import type { App } from '../types.ts';
import { createTestDatabase } from './database.ts';

export interface TestApp {
  app: App;
  database: Database;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database of its own, without a port (use app.inject). Its DATA_DIR (the
 * local file store) is a temporary folder of its own, removed on close.
 */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-test-'));
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' }),
    dataDir,
    // No web app: a folder of the test's own that never exists (a shared path could get a build).
    webDistDir: path.join(dataDir, 'no-web-dist'),
    // The demo providers would slow every test file; tests that want them pass seedDemo: true.
    seedDemo: false,
    // No load shedding: test files run side by side on two cores and fall behind on purpose
    // (plugins/load-shedding.test.ts turns it on).
    shedding: { maxDelayMs: 0, maxPoolWaiting: 0 },
    ...overrides,
  };
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  let app: App;
  try {
    app = await buildApp(config, { database, logger: false });
  } catch (error) {
    removeDataDir();
    throw error;
  }
  return {
    app,
    database,
    close: async () => {
      try {
        await app.close();
      } finally {
        removeDataDir();
      }
    },
  };
}

/** A unique email, so tests never collide on shared data. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.com`;
}

/** The connection string of a test database on a Postgres server (api-postgres only). */
export function databaseUrlOf(database: Database): string {
  if (!database.pool) throw new Error('not a Postgres server database');
  return (database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
}

/**
 * A second app instance on the same Postgres database as `first` (another server process in
 * production): its own pool, job queue and realtime listener. Close it before `first`, which drops
 * the database.
 */
export async function createSecondApp(first: TestApp, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const database = await openPostgres(databaseUrlOf(first.database), 5);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-test-'));
  const config: AppConfig = {
    ...first.app.deps.config,
    dataDir,
    ...overrides,
  };
  const app = await buildApp(config, { database, logger: false });
  return {
    app,
    database,
    close: async () => {
      try {
        await app.close();
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
