import { randomUUID } from 'node:crypto';
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

/** The real app on a fresh database of its own, without a port (use app.inject). */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', WEB_DIST_DIR: '/nonexistent' }),
    ...overrides,
  };
  const app = await buildApp(config, { database, logger: false });
  return { app, database, close: () => app.close() };
}

/** A unique email, so tests never collide on shared data. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.com`;
}
