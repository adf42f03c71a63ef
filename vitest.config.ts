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
    // One worker process runs file after file, keeping the modules it imported: every file builds its
    // own app on its own database and closes it, and no server module keeps state per process, so a
    // fresh process per file only cost the import of the whole server again (1.5–3 s a file, twice
    // per file with Postgres).
    isolate: false,
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
          // Pure rules: nothing to isolate, and a process per file costs more than the tests.
          isolate: false,
        },
      },
      {
        // Root scripts' pure rules (scripts/deps-rules.mjs behind check-deps.mjs).
        test: {
          name: 'scripts',
          root: '.',
          include: ['scripts/**/*.test.mjs'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // One worker runs file after file in one jsdom window, with React, jsdom and the other
          // packages loaded once (a process, a window and those imports per file were half of this
          // project's time); src/test/setup.ts evaluates our modules again and resets the window
          // before each file. The packages that keep state of their own (sonner's toasts, TanStack
          // Query's online and focus managers) go through Vite, so they are evaluated again too.
          isolate: false,
          server: { deps: { inline: ['sonner', /@tanstack\/(react-)?query/] } },
          // Form journeys with user-event take a few seconds on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
