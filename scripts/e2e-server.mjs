#!/usr/bin/env node
// Starts the real server for the browser tests: builds the web app (with the test-only crash route)
// unless E2E_SKIP_BUILD=1, then runs the server on a fresh embedded database.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = process.env.E2E_DIST_DIR ?? path.join(root, '.tmp/e2e-dist');

if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@adwuma/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST_DIR: dist, VITE_ENABLE_TEST_ROUTES: 'true' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: process.env.E2E_PORT ?? '3210',
    HOST: '127.0.0.1',
    DATA_DIR: process.env.E2E_DATA_DIR,
    WEB_DIST_DIR: dist,
    PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '3210'}`,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    SEED_DEMO: 'true',
  },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
