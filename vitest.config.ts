import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: './apps/server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: db, NODE_ENV: 'test' },
    globalSetup: [`./src/test/global-setup-${db}.ts`],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// The API suite runs on the embedded database always, and on a Postgres server when
// TEST_DATABASE_URL is set (CI sets it).
export default defineConfig({
  test: {
    // Vitest's default on this 2-core machine is one worker; API files mostly wait on Postgres, child
    // processes and scrypt, so two overlap well (VITEST_MAX_WORKERS overrides).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Root scripts' pure rules (scripts/deps-rules.mjs behind check-deps.mjs).
        test: { name: 'scripts', root: '.', include: ['scripts/**/*.test.mjs'], environment: 'node' },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // Form journeys with user-event take a few seconds on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
