#!/usr/bin/env node
// Benchmarks, printed as JSON: the landing page's bytes (JS, CSS, HTML; raw and gzip) and the
// requests per second of GET /api/health and of a static page (/landing), against one server
// process on a fresh embedded database (or BENCH_DATABASE_URL for a Postgres server).
// Usage: npm run bench   (builds the web app first unless BENCH_SKIP_BUILD=1)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { measureLanding } from '../scripts/check-bundle-size.mjs';
import { spawnServer, waitForHealth } from './lib/server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, '.tmp/bench-dist');
const port = Number(process.env.BENCH_PORT ?? 3290);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

if (process.env.BENCH_SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@adwuma/web'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, WEB_DIST_DIR: dist },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-bench-'));
const server = spawnServer(port, {
  DATA_DIR: dataDir,
  WEB_DIST_DIR: dist,
  LOG_LEVEL: 'warn',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});

function load(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers }, (error, result) => {
      if (error) reject(error);
      else
        resolve({
          requestsPerSecond: Math.round(result.requests.average),
          latencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99 },
          non2xx: result.non2xx,
          errors: result.errors,
        });
    });
  });
}

try {
  await waitForHealth(`http://127.0.0.1:${port}`, server);
  const landing = measureLanding(dist);
  const health = await load(`http://127.0.0.1:${port}/api/health`);
  const staticPage = await load(`http://127.0.0.1:${port}/landing`, { 'accept-encoding': 'gzip, br' });
  console.log(
    JSON.stringify(
      {
        machine: { cpus: os.cpus().length, node: process.version },
        database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
        settings: { seconds, connections },
        landing,
        'GET /api/health': health,
        'GET /landing (static, precompressed)': staticPage,
      },
      null,
      2,
    ),
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
