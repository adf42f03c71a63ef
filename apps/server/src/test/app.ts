import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
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
    ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', WEB_DIST_DIR: '/nonexistent' }),
    dataDir,
    // The demo providers would slow every test file; tests that want them pass seedDemo: true.
    seedDemo: false,
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
