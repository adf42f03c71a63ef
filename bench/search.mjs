#!/usr/bin/env node
// Search benchmark, printed as JSON (issue 6, decision 005). Run from the root: npm run bench:search
//
// 1. Postgres server (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres): a
//    fresh database adwuma_bench_<time> is created, migrated and seeded with BENCH_PROVIDERS
//    (100,000) providers, and dropped at the end.
// 2. For each query shape (category + radius, text + category, text + radius + min rating) at
//    concurrency 1 and 50: p50/p95/p99 latency and requests/second through the API (one server
//    process, autocannon), then the same SQL issued directly with a pg Pool of the server's size at
//    the same concurrency, and the throughput ratio API / direct.
// 3. The same on PGlite (embedded) with BENCH_PGLITE_PROVIDERS (default: as many) providers: one
//    connection in WebAssembly, in-process for the direct runs.
//
// BENCH_SECONDS (4) per measurement after BENCH_WARMUP_SECONDS (1); BENCH_SKIP_PGLITE=1 skips step 3,
// BENCH_SKIP_POSTGRES=1 steps 1-2. BENCH_PGLITE_DATA_DIR=<folder> starts PGlite from a copy of a DATA_DIR
// seeded before (`DATA_DIR=<folder> npm run seed:bench -- --providers N`) instead of seeding it again.
// The server's resident memory (RSS) is printed idle after start and after the load.
// Runs under tsx (the root script passes --import tsx) to share the server's SQL builders.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { searchQuerySchema, searchToParams } from '@adwuma/shared';
import autocannon from 'autocannon';
import pg from 'pg';
import { seedBenchProviders } from '../apps/server/src/db/bench-seed.ts';
import { openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { runSearch } from '../apps/server/src/features/search/search-service.ts';
import { spawnServer, waitForHealth } from './lib/server.mjs';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const providers = Number(process.env.BENCH_PROVIDERS ?? 100_000);
const pgliteProviders = Number(process.env.BENCH_PGLITE_PROVIDERS ?? providers);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const port = Number(process.env.BENCH_PORT ?? 3291);
const pgliteSeeded = process.env.BENCH_PGLITE_DATA_DIR;
const CONCURRENCY = [1, 50];
/** The server's pool (openPostgres default): the direct baseline gets the same number of connections. */
const POOL_SIZE = 10;
const log = (message) => process.stderr.write(`${message}\n`);

const KUMASI = { lat: 6.6885, lng: -1.6244 };
const ACCRA = { lat: 5.556, lng: -0.1969 };
const TEMA = { lat: 5.6698, lng: -0.0166 };
const TAMALE = { lat: 9.4008, lng: -0.8393 };
const TAKORADI = { lat: 4.8982, lng: -1.7603 };

/** Each shape rotates through a few real searches (typos included), so caches do not flatter it. */
const SCENARIOS = {
  'category + radius': [
    { category: 'plumbing', ...KUMASI, radius: 25 },
    { category: 'electrical', ...ACCRA, radius: 25 },
    { category: 'hair-braiding', ...ACCRA, radius: 25 },
    { category: 'barbering', ...KUMASI, radius: 25 },
    { category: 'house-cleaning', ...TEMA, radius: 25 },
    { category: 'tailoring', ...TAMALE, radius: 25 },
    { category: 'catering', ...TAKORADI, radius: 25 },
    { category: 'phone-repair', ...ACCRA, radius: 25 },
  ],
  'text + category': [
    { q: 'plumbr', category: 'plumbing' },
    { q: 'electrican', category: 'electrical' },
    { q: 'knotless braids', category: 'hair-braiding' },
    { q: 'fade', category: 'barbering' },
    { q: 'deep cleanin', category: 'house-cleaning' },
    { q: 'kaba', category: 'tailoring' },
    { q: 'jollof', category: 'catering' },
    { q: 'screen', category: 'phone-repair' },
  ],
  'text + radius + min rating': [
    { q: 'braids', ...ACCRA, radius: 20, min_rating: 4 },
    { q: 'plumber', ...KUMASI, radius: 20, min_rating: 4 },
    { q: 'makeup', ...ACCRA, radius: 20, min_rating: 4 },
    { q: 'haircut', ...KUMASI, radius: 20, min_rating: 4 },
    { q: 'cleaning', ...TEMA, radius: 20, min_rating: 4 },
    { q: 'ac servicing', ...ACCRA, radius: 20, min_rating: 4.5 },
    { q: 'wiring', ...TAMALE, radius: 20, min_rating: 4 },
    { q: 'tutor', ...TAKORADI, radius: 20, min_rating: 4 },
  ],
};

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;
const round = (n) => (n === null ? null : Math.round(n * 100) / 100);

function summary(latencies, durationSeconds, errors = 0) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    p99_ms: round(percentile(sorted, 99)),
    rps: Math.round(latencies.length / durationSeconds),
    requests: latencies.length,
    errors,
  };
}

/** Through the API: autocannon with `connections` keep-alive connections, paths in rotation. */
function apiLoad(paths, connections, duration) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    let next = 0;
    let bad = 0;
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        duration,
        requests: [
          { method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) },
        ],
      },
      (error, result) => {
        if (error) reject(error);
        else resolve(summary(latencies, duration, bad + result.errors + result.timeouts));
      },
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      if (status === 200) latencies.push(responseTime);
      else bad++;
    });
  });
}

/** The same SQL directly: `concurrency` loops, each running one search after another. */
async function directLoad(runner, queries, concurrency, duration) {
  const latencies = [];
  let next = 0;
  let errors = 0;
  const end = performance.now() + duration * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const query = queries[next++ % queries.length];
        const started = performance.now();
        try {
          await runSearch(runner, query);
          latencies.push(performance.now() - started);
        } catch {
          errors++;
        }
      }
    }),
  );
  return summary(latencies, duration, errors);
}

function startServer(env) {
  return spawnServer(port, {
    WEB_DIST_DIR: path.join(os.tmpdir(), 'adwuma-bench-no-web'),
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    RATE_LIMIT_PER_MINUTE: '0',
    DATABASE_URL: '',
    ...env,
  });
}

/** Resident memory of the server process in MB (Linux), or null. */
function rssMb(server) {
  try {
    const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024) || null;
  } catch {
    return null;
  }
}

async function stopServer(server) {
  if (server.exitCode !== null) return;
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
}

/**
 * Every shape at every concurrency, through the API and directly. On the Postgres server the two
 * alternate (the server idles meanwhile), so both see the same machine load; PGlite allows one
 * process on its folder, so there every API run comes first, then every direct run.
 */
async function measure(label, runner, startApi, { interleave }) {
  const shapes = Object.entries(SCENARIOS).map(([name, searches]) => ({
    name,
    queries: searches.map((s) => searchQuerySchema.parse(s)),
    paths: searches.map((s) => `/api/search?${searchToParams(s).toString()}`),
  }));
  const results = {};
  for (const shape of shapes) results[shape.name] = {};

  const api = async (shape, c) => {
    log(`${label}: ${shape.name}, API, concurrency ${c}`);
    await apiLoad(shape.paths, c, warmup);
    // The warm-up's last requests are still in the server when autocannon lets go of them: wait until
    // it has answered them (the health check's ping queues behind them on PGlite's one connection).
    await fetch(`http://127.0.0.1:${port}/api/health`);
    results[shape.name][`concurrency_${c}`] = { api: await apiLoad(shape.paths, c, seconds) };
  };
  const direct = async (db, shape, c) => {
    log(`${label}: ${shape.name}, direct SQL, concurrency ${c}`);
    await directLoad(db, shape.queries, c, warmup);
    const entry = results[shape.name][`concurrency_${c}`];
    entry.direct_sql = await directLoad(db, shape.queries, c, seconds);
    entry.api_throughput_vs_direct = round(entry.api.rps / entry.direct_sql.rps);
  };

  const server = await startApi();
  // Idle: started, migrated, its job queue polling, no search yet.
  await new Promise((r) => setTimeout(r, 5000));
  const memory = { server_rss_mb_idle: rssMb(server), server_rss_mb_after_load: null };
  let db = null;
  try {
    // Every search must answer 200 with results before anything is timed.
    for (const shape of shapes) {
      for (const p of shape.paths) {
        const res = await fetch(`http://127.0.0.1:${port}${p}`);
        const body = await res.json();
        if (res.status !== 200 || body.items.length === 0) {
          throw new Error(`${label}: ${p} answered ${res.status} with ${body.items?.length} items`);
        }
      }
    }
    if (interleave) db = await runner.open();
    for (const shape of shapes) {
      for (const c of CONCURRENCY) {
        await api(shape, c);
        if (interleave) await direct(db, shape, c);
      }
    }
    memory.server_rss_mb_after_load = rssMb(server);
  } finally {
    await stopServer(server);
    if (db) await runner.close();
  }
  if (!interleave) {
    db = await runner.open();
    try {
      for (const shape of shapes) for (const c of CONCURRENCY) await direct(db, shape, c);
    } finally {
      await runner.close();
    }
  }
  return { memory, results };
}

async function benchPostgres() {
  const name = `adwuma_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  try {
    log(`postgres: seeding ${providers.toLocaleString('en')} providers into ${name}`);
    const seeding = await openPostgres(databaseUrl, 1);
    let seed;
    try {
      await seeding.migrate();
      const { seedReferenceData } = await import('../apps/server/src/db/seed.ts');
      await seedReferenceData(seeding);
      seed = await seedBenchProviders(seeding, providers, log);
    } finally {
      await seeding.close();
    }
    let pool;
    const runner = {
      open: async () => {
        pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
        // Dropping the database at the end ends any connection still open: not an error here.
        pool.on('error', () => {});
        return { executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }) };
      },
      close: async () => pool?.end(),
    };
    const { memory, results } = await measure(
      'postgres',
      runner,
      async () => {
        const server = startServer({ DATABASE_URL: databaseUrl });
        await waitForHealth(`http://127.0.0.1:${port}`, server, 90);
        return server;
      },
      { interleave: true },
    );
    return { providers, seed_seconds: seed.seconds, pool_size: POOL_SIZE, ...memory, shapes: results };
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function benchPglite() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-bench-pglite-'));
  try {
    let database;
    let seed = { seconds: null };
    if (pgliteSeeded) {
      log(`pglite: copying ${pgliteSeeded} into ${dataDir}`);
      fs.cpSync(path.join(pgliteSeeded, 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
    } else {
      log(`pglite: seeding ${pgliteProviders.toLocaleString('en')} providers into ${dataDir}`);
      database = await openPglite({ dataDir });
      try {
        await database.migrate();
        const { seedReferenceData } = await import('../apps/server/src/db/seed.ts');
        await seedReferenceData(database);
        seed = await seedBenchProviders(database, pgliteProviders, log);
      } finally {
        await database.close();
      }
    }
    const runner = {
      open: async () => {
        database = await openPglite({ dataDir });
        return database;
      },
      close: async () => database.close(),
    };
    const { memory, results } = await measure(
      'pglite',
      runner,
      async () => {
        const server = startServer({ DATA_DIR: dataDir });
        await waitForHealth(`http://127.0.0.1:${port}`, server, 90);
        return server;
      },
      { interleave: false },
    );
    return {
      providers: pgliteSeeded ? `as seeded in ${pgliteSeeded}` : pgliteProviders,
      note:
        !pgliteSeeded && pgliteProviders < providers
          ? `PGlite seeded with ${pgliteProviders.toLocaleString('en')} providers, not ${providers.toLocaleString('en')}: it builds and answers in WebAssembly on one connection, so seeding the full set alone would take minutes. Set BENCH_PGLITE_PROVIDERS to change it.`
          : undefined,
      seed_seconds: seed.seconds,
      ...memory,
      shapes: results,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function targets(postgres) {
  const out = {};
  for (const [name, shape] of Object.entries(postgres.shapes)) {
    out[name] = {
      p95_under_15ms_at_concurrency_1: shape.concurrency_1.api.p95_ms < 15,
      api_at_least_70pct_of_direct: Object.fromEntries(
        CONCURRENCY.map((c) => [
          `concurrency_${c}`,
          shape[`concurrency_${c}`].api_throughput_vs_direct >= 0.7,
        ]),
      ),
    };
  }
  return out;
}

const started = Date.now();
const postgres = process.env.BENCH_SKIP_POSTGRES === '1' ? null : await benchPostgres();
const pglite = process.env.BENCH_SKIP_PGLITE === '1' ? null : await benchPglite();
console.log(
  JSON.stringify(
    {
      machine: {
        cpus: os.cpus().length,
        node: process.version,
        load_average: os.loadavg().map((l) => round(l)),
      },
      settings: { seconds, warmup_seconds: warmup, concurrency: CONCURRENCY, page_size: 20 },
      ...(postgres ? { postgres } : {}),
      ...(pglite ? { pglite } : {}),
      ...(postgres ? { targets: targets(postgres) } : {}),
      total_seconds: Math.round((Date.now() - started) / 1000),
    },
    null,
    2,
  ),
);
