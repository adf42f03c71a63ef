import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// One server for the run, on a fresh embedded database of its own. Computed once in the main
// process; workers inherit the same values through the environment.
process.env.E2E_PORT ??= '3210';
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `adwuma-e2e-${Date.now()}`);
// Each port gets its own build folder, so two runs side by side don't overwrite each other's build.
process.env.E2E_DIST_DIR ??= path.resolve(
  import.meta.dirname,
  process.env.E2E_PORT === '3210' ? '.tmp/e2e-dist' : `.tmp/e2e-dist-${process.env.E2E_PORT}`,
);
// The admin the e2e server creates with `create-admin` before it starts.
process.env.E2E_ADMIN_EMAIL ??= 'admin-e2e@example.com';
process.env.E2E_ADMIN_PASSWORD ??= 'Adwuma-e2e-Admin-2026!';
const port = Number(process.env.E2E_PORT);
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // The service worker (issue 21) precaches the app in every new browser context: only the specs
    // about it (e2e/offline-profile.spec.ts) allow it, the others run as a first visit does.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: /.*\.mobile\.spec\.ts/,
    },
    {
      name: 'phone',
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
      testMatch: /.*\.mobile\.spec\.ts/,
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
