#!/usr/bin/env node
// Overload benchmark (issue 29), printed as JSON: 50 connections on the server-rendered /search
// (the demo's 400 providers), against one server process on the embedded database (or
// BENCH_DATABASE_URL for a Postgres server). Three phases, each on a fresh start of the server:
// - many clients, shedding off: every request from its own address (X-Forwarded-For, TRUST_PROXY),
//   so no per-address limit applies, and SHED_EVENT_LOOP_DELAY_MS=0 SHED_POOL_WAITING=0 — the
//   server as it was before issue 29;
// - many clients, shedding on (the defaults): a saturated server answers 503 + Retry-After;
// - one client: the same 50 connections from one address under a per-address limit of 60 a minute
//   (the default 300 is more than 2 cores render in 20 s): pages are counted, the rest is 429.
// Each phase prints req/s, latency p50/p99, timeouts, 2xx/429/503 counts, and /api/health asked
// every 500 ms meanwhile (its worst latency and any failure).
// Usage: node bench/overload.mjs   (builds the web app first unless BENCH_SKIP_BUILD=1)
// BENCH_SECONDS (20), BENCH_CONNECTIONS (50), BENCH_PORT (3291), BENCH_PHASES (all: shed-off,shed-on,one-client).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildWebApp } from './lib/build.mjs';
import { log, sleep } from './lib/common.mjs';
import { spawnServer, waitForHealth } from './lib/server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, '.tmp/bench-dist');
const port = Number(process.env.BENCH_PORT ?? 3291);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const origin = `http://127.0.0.1:${port}`;
const phases = (process.env.BENCH_PHASES ?? 'shed-off,shed-on,one-client').split(',');

const PHASES = {
  'shed-off': {
    label: 'many clients, shedding off (as before issue 29)',
    manyClients: true,
    env: { RATE_LIMIT_PER_MINUTE: '0', SHED_EVENT_LOOP_DELAY_MS: '0', SHED_POOL_WAITING: '0' },
  },
  'shed-on': {
    label: 'many clients, shedding on (defaults)',
    manyClients: true,
    env: { RATE_LIMIT_PER_MINUTE: '0' },
  },
  'one-client': {
    label: 'one client, RATE_LIMIT_PER_MINUTE=60',
    manyClients: false,
    env: { RATE_LIMIT_PER_MINUTE: '60' },
  },
};

/** The searches asked in rotation: a page of the demo's providers, by category and city. */
const SEARCHES = [
  '/search',
  '/search?category=plumbing',
  '/search?category=electrical&city=Accra',
  '/search?q=repair',
  '/search?city=Kumasi',
];

let address = 0;
/** A new client address for each request (10.x.y.z). */
const nextAddress = () => {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

function load(manyClients) {
  return new Promise((resolve, reject) => {
    let next = 0;
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration: seconds,
        timeout: 10,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              path: SEARCHES[next++ % SEARCHES.length],
              headers: {
                ...request.headers,
                accept: 'text/html',
                ...(manyClients ? { 'x-forwarded-for': nextAddress() } : {}),
              },
            }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('error', reject);
  });
}

/** /api/health every 500 ms until `stop()`: its worst latency and the failures. */
function watchHealth() {
  const latencies = [];
  const failures = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        if (!res.ok) failures.push(res.status);
      } catch (error) {
        failures.push(error.name);
      }
      latencies.push(performance.now() - started);
      await sleep(500);
    }
  })();
  return async () => {
    running = false;
    await done;
    const sorted = latencies.sort((a, b) => a - b);
    return {
      asked: latencies.length,
      failures: failures.length,
      p50Ms: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
      maxMs: Math.round(sorted.at(-1) ?? 0),
    };
  };
}

async function runPhase(name, dataDir) {
  const phase = PHASES[name];
  if (!phase) throw new Error(`unknown phase ${name}`);
  const server = spawnServer(port, {
    DATA_DIR: dataDir,
    WEB_DIST_DIR: dist,
    LOG_LEVEL: 'error',
    SEED_DEMO: 'true',
    TRUST_PROXY: 'true',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    ...phase.env,
  });
  try {
    await waitForHealth(origin, server, 180);
    // Warm: the renderer's code and the database's caches.
    for (const search of SEARCHES) await (await fetch(`${origin}${search}`)).arrayBuffer();
    log(`${phase.label}: ${connections} connections for ${seconds} s`);
    const stopHealth = watchHealth();
    const result = await load(phase.manyClients);
    const health = await stopHealth();
    const count = (status) => result.statusCodeStats?.[status]?.count ?? 0;
    return {
      phase: phase.label,
      requestsPerSecond: Math.round(result.requests.average),
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      answered: {
        '2xx': result['2xx'],
        429: count(429),
        503: count(503),
        other: result.non2xx - count(429) - count(503),
      },
      timeouts: result.timeouts,
      errors: result.errors,
      health,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode === null ? server.on('exit', resolve) : resolve()));
  }
}

buildWebApp(dist, 'BENCH_SKIP_BUILD');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-overload-'));
try {
  const results = [];
  for (const name of phases) results.push(await runPhase(name, dataDir));
  console.log(
    JSON.stringify(
      {
        machine: { cpus: os.cpus().length, node: process.version },
        database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
        settings: { seconds, connections, paths: SEARCHES },
        results,
      },
      null,
      2,
    ),
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
