#!/usr/bin/env node
// Starts the real server for the browser tests: builds the web app (with the test-only routes)
// unless E2E_SKIP_BUILD=1, starts a local OpenID provider for "Continue with Google", creates the
// e2e admin with the create-admin command, then runs the server on a fresh embedded database.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { E2E_OIDC_CLIENT, startIdp } from './e2e-idp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = process.env.E2E_DIST_DIR ?? path.join(root, '.tmp/e2e-dist');
const port = process.env.E2E_PORT ?? '3210';
const appUrl = `http://127.0.0.1:${port}`;

if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@adwuma/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST_DIR: dist, VITE_ENABLE_TEST_ROUTES: 'true' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const idp = await startIdp({ port: Number(process.env.E2E_IDP_PORT ?? Number(port) + 1), appUrl });

const env = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: process.env.E2E_DATA_DIR,
  WEB_DIST_DIR: dist,
  PUBLIC_URL: appUrl,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  SEED_DEMO: 'true',
  // e2e/support.ts reads reset and verification links at /api/dev/outbox (from 127.0.0.1 only).
  DEV_OUTBOX: 'true',
  // e2e/booking-money.mobile.spec.ts runs the money jobs past a payout delay (127.0.0.1 only).
  DEV_CLOCK: 'true',
  // The browser tests give each test its own client address (X-Forwarded-For), as real phones have.
  TRUST_PROXY: 'true',
  // No load shedding (issue 29): two browsers and a server on two cores run behind on purpose; a 503
  // there would be a flaky test, not a protected server (plugins/load-shedding.test.ts covers it).
  SHED_EVENT_LOOP_DELAY_MS: '0',
  SHED_POOL_WAITING: '0',
  OIDC_ISSUER: idp.issuer,
  OIDC_CLIENT_ID: E2E_OIDC_CLIENT.id,
  OIDC_CLIENT_SECRET: E2E_OIDC_CLIENT.secret,
};

const tsx = ['--import', 'tsx'];
const admin = spawnSync(
  process.execPath,
  [
    ...tsx,
    path.join(root, 'apps/server/src/cli/create-admin.ts'),
    '--email',
    process.env.E2E_ADMIN_EMAIL,
    '--password',
    process.env.E2E_ADMIN_PASSWORD,
    '--name',
    'Efua Admin',
  ],
  // Without the OIDC settings: this process's own IdP cannot answer while spawnSync waits.
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, OIDC_ISSUER: '', OIDC_CLIENT_ID: '', OIDC_CLIENT_SECRET: '' },
  },
);
if (admin.status !== 0) process.exit(admin.status ?? 1);

const server = spawn(process.execPath, [...tsx, path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', async (code) => {
  await idp.close();
  process.exit(code ?? 0);
});
