#!/usr/bin/env node
// Funnel analytics benchmark, printed as JSON (issue 19). Run from the root: npm run bench:funnel
//
// 1. Postgres server (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres): a
//    database adwuma_bench_funnel_<time> is created, migrated and seeded with one year of events
//    (BENCH_EVENTS, default 2,100,000 rows), and dropped at the end.
// 2. PGlite (embedded, in memory) with BENCH_PGLITE_EVENTS rows (default 500,000: one WebAssembly
//    process holding the database in memory; pass more if the machine has the memory and patience).
//    BENCH_SKIP_PGLITE=1 skips it, BENCH_SKIP_POSTGRES=1 the server. BENCH_KEEP_DATABASE=1 keeps the
//    server's database (seeded, for EXPLAIN by hand).
//
// The funnel reads event_sessions (one row per session, kept by the trigger adwuma_event_sessions on
// event_tracking, migration 0011). The bulk load runs with that trigger disabled, then
// adwuma_rebuild_event_sessions() builds the table in one set-based pass (timed), and the trigger is
// enabled again.
//
// The seed is set-based SQL (generate_series, INSERT … SELECT, a batch of sessions per statement):
// sessions spread over the last 365 days, growing towards today; 1–6 page views each (≈ 85 % of the
// rows), ~55 % see the landing hero experiment (an ab_test event, control or local), ~3 % sign up
// and a third of those convert (~1 % of sessions; local converts a little better); utm sources
// weighted (direct 35 %, google 25 %, facebook 12 %, whatsapp 10 %, instagram 8 %, tiktok 5 %,
// twitter 3 %, newsletter 2 %). The secondary indexes of event_tracking are dropped during the seed
// and built again from their own definitions afterwards (faster than maintaining them row by row),
// then VACUUM ANALYZE of both tables (what autovacuum does on a live table: statistics and the
// visibility map that lets the (day, utm_source) INCLUDE index of event_sessions answer alone).
//
// Then, for the last 30 and 365 days: BENCH_RUNS (20) timed calls of the funnel endpoint's query
// function (funnelAnalytics: the one statement and the shaping of the answer; BENCH_WARMUP (2) calls
// first), and of the experiments query; p50/p95/max in ms, and the EXPLAIN (ANALYZE, BUFFERS) lines
// of the funnel statement naming the scans (index use: Index Only Scan using event_sessions_day_idx),
// heap fetches, any spill to disk and the time; the load average at the start and end of the timing.
//
// Then the cost of the trigger on the write path: BENCH_INSERTS (20,000; PGlite BENCH_PGLITE_INSERTS,
// 5,000) single-row inserts as the /api/events handler makes them (4 events per session, 2 % without
// a session), BENCH_INSERT_CONCURRENCY (10) connections at once on the server (sessions split between
// them, each session's events in order; PGlite has one connection), first with the trigger disabled
// (those rows are deleted again), then with it: events/s and per-insert p50/p95, and a check that
// event_sessions still sums to the events. Last, the 30-day funnel again on the freshly written rows
// (before any vacuum: some index entries then need a heap visit).
// Goal (issue 19): p95 under 150 ms for 30 days on the Postgres server. Runs under tsx.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { resolveRange, toDay } from '@adwuma/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import {
  ANALYTICS_SETTINGS,
  experimentResults,
  experimentsStatement,
  funnelAnalytics,
  funnelStatement,
} from '../apps/server/src/features/admin-analytics/index.ts';
import { cleanup, cleanupOnSignals, latencySummary, log, onCleanup, round } from './lib/common.mjs';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const EVENTS = Number(process.env.BENCH_EVENTS ?? 2_100_000);
const PGLITE_EVENTS = Number(process.env.BENCH_PGLITE_EVENTS ?? 500_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const INSERTS = Number(process.env.BENCH_INSERTS ?? 20_000);
const PGLITE_INSERTS = Number(process.env.BENCH_PGLITE_INSERTS ?? 5_000);
const INSERT_CONCURRENCY = Number(process.env.BENCH_INSERT_CONCURRENCY ?? 10);
const TRIGGER = 'adwuma_event_sessions';
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const PERIODS = [30, 365];
const GOAL_P95_MS = 150;
/** Rows per session on average: 3.5 page views + 0.55 ab_test + 0.03 sign-ups + 0.01 conversions. */
const EVENTS_PER_SESSION = 4.09;
const SESSIONS_PER_BATCH = 100_000;

const PAGES = [
  '/',
  '/',
  '/landing',
  '/search',
  '/search',
  '/categories/plumbing',
  '/categories/hair-braiding',
  '/categories/electrical',
  '/providers/kwame-mensah-k7q2',
  '/providers/ama-owusu-p3x9',
  '/pricing',
  '/jobs',
  '/post-job',
  '/auth',
  '/how-it-works',
  '/help',
];

/** One batch of sessions [lo, hi] and their events, in one statement. */
function seedSql(lo, hi, now) {
  const pages = `array[${PAGES.map((p) => `'${p}'`).join(',')}]`;
  return `
    with s as materialized (
      select i, md5('bench' || i)::uuid::text as sid,
        '${now.toISOString()}'::timestamptz - interval '365 days'
          + (power(random(), 0.8) * (365 * 86400 - 3600)) * interval '1 second' as t0,
        1 + floor(random() * 6)::int as pvs,
        case
          when r < 0.35 then null when r < 0.60 then 'google' when r < 0.72 then 'facebook'
          when r < 0.82 then 'whatsapp' when r < 0.90 then 'instagram' when r < 0.95 then 'tiktok'
          when r < 0.98 then 'twitter' else 'newsletter' end as source,
        random() as r_su, random() as r_cv, random() as r_ab
      from (select i, random() as r from generate_series(${lo}, ${hi}) i) g
    )
    insert into event_tracking
      (event_type, event_data, page_path, utm_source, utm_medium, utm_campaign, session_id, created_at)
    select 'page_view', null, (${pages})[1 + floor(random() * ${PAGES.length})::int], source,
      case when source is null then null else 'social' end, null, sid, t0 + k * interval '45 seconds'
    from s cross join generate_series(1, s.pvs) k
    union all
    select 'ab_test', jsonb_build_object('experiment', 'landing_hero',
        'variant', case when i % 2 = 0 then 'control' else 'local' end),
      '/', source, null, null, sid, t0
    from s where r_ab < 0.55
    union all
    select 'user_signup', '{"method":"email"}'::jsonb, '/auth', source, null, null, sid,
      t0 + (pvs * 45 + 10) * interval '1 second'
    from s where r_su < 0.03
    union all
    select 'conversion', '{"type":"signup"}'::jsonb, '/auth', source, null, null, sid,
      t0 + (pvs * 45 + 11) * interval '1 second'
    from s where r_su < 0.03 and r_cv < case when i % 2 = 0 then 0.30 else 0.37 end`;
}

/**
 * Creates the database `adwuma_bench_funnel_<time>` on the server and answers its URL; the cleanup
 * drops it (as bench/lib/app.mjs's throwawayDatabase, without loading the whole app).
 */
async function scratchDatabase() {
  const name = `adwuma_bench_funnel_${Date.now()}`;
  const run = async (text) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  // BENCH_KEEP_DATABASE=1 leaves it seeded, to look at plans by hand (drop it yourself after).
  if (process.env.BENCH_KEEP_DATABASE === '1') log(`keeping database ${name}`);
  else onCleanup(() => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

async function seed(database, events) {
  const started = performance.now();
  const now = new Date();
  const indexes = (
    await database.executeSql(
      `select indexname, indexdef from pg_indexes where tablename = 'event_tracking' and indexname <> 'event_tracking_pkey'`,
    )
  ).rows;
  for (const { indexname } of indexes) await database.executeSql(`drop index ${indexname}`);
  const sessions = Math.ceil(events / EVENTS_PER_SESSION);
  await database.executeSql(`alter table event_tracking disable trigger ${TRIGGER}`);
  let rebuildSeconds;
  try {
    for (let lo = 1; lo <= sessions; lo += SESSIONS_PER_BATCH) {
      const hi = Math.min(sessions, lo + SESSIONS_PER_BATCH - 1);
      await database.executeSql(seedSql(lo, hi, now));
      log(`  sessions ${hi} / ${sessions}`);
    }
    for (const { indexname, indexdef } of indexes) {
      log(`  building ${indexname}`);
      await database.executeSql(indexdef);
    }
    log('  adwuma_rebuild_event_sessions()');
    const rebuildStarted = performance.now();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('work_mem', '256MB', true)`);
      await tx.execute(sql`select adwuma_rebuild_event_sessions()`);
    });
    rebuildSeconds = round((performance.now() - rebuildStarted) / 1000);
  } finally {
    await database.executeSql(`alter table event_tracking enable trigger ${TRIGGER}`);
  }
  await database.executeSql('vacuum analyze event_tracking');
  await database.executeSql('vacuum analyze event_sessions');
  const [mix] = (
    await database.executeSql(`
      select count(*)::int as rows,
        count(*) filter (where event_type = 'page_view')::int as page_views,
        count(*) filter (where event_type = 'ab_test')::int as ab_tests,
        count(*) filter (where event_type = 'user_signup')::int as signups,
        count(*) filter (where event_type = 'conversion')::int as conversions,
        count(distinct session_id)::int as sessions,
        min(created_at) as first, max(created_at) as last
      from event_tracking`)
  ).rows;
  const [rollup] = (
    await database.executeSql(`
      select count(*)::int as rows, count(*) filter (where anonymous)::int as anonymous_rows,
        count(*) filter (where day >= current_date - 29)::int as last_30_days,
        pg_total_relation_size('event_sessions')::bigint as bytes
      from event_sessions`)
  ).rows;
  return {
    rows: mix.rows,
    sessions: mix.sessions,
    page_view_share_percent: round((mix.page_views / mix.rows) * 100),
    ab_tests: mix.ab_tests,
    signups: mix.signups,
    conversions: mix.conversions,
    first_day: toDay(new Date(mix.first)),
    last_day: toDay(new Date(mix.last)),
    seed_seconds: round((performance.now() - started) / 1000),
    event_sessions: {
      rows: rollup.rows,
      anonymous_rows: rollup.anonymous_rows,
      rows_last_30_days: rollup.last_30_days,
      megabytes: round(Number(rollup.bytes) / 2 ** 20),
      rebuild_seconds: rebuildSeconds,
    },
  };
}

const INSERT_SQL = `insert into event_tracking (event_type, event_data, page_path, utm_source, session_id)
  values ($1, $2, $3, $4, $5)`;

/**
 * `count` single-row inserts (what POST /api/events does per event) on `connections` connections
 * at once: sessions of 4 events (3 page views, then a sign-up for one in 20, else a page view), each
 * session on one connection in order; every 50th event has no session. The rows are marked by their
 * page path (/bench-insert/<mode>) so the run without the trigger can be deleted again.
 */
async function insertRun(connections, count, mode) {
  const sessions = Math.ceil(count / 4);
  const latencies = [];
  const started = performance.now();
  let n = 0;
  await Promise.all(
    connections.map(async (insert, w) => {
      for (let s = w; s < sessions; s += connections.length) {
        for (let k = 0; k < 4 && s * 4 + k < count; k++) {
          const type = k === 3 && s % 20 === 0 ? 'user_signup' : 'page_view';
          const session = n++ % 50 === 49 ? null : `bench-insert-${mode}-${s}`;
          const source = s % 3 === 0 ? null : ['google', 'facebook', 'whatsapp'][s % 3];
          const t0 = performance.now();
          await insert([type, null, `/bench-insert/${mode}`, source, session]);
          latencies.push(performance.now() - t0);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    inserts: latencies.length,
    events_per_second: round(latencies.length / seconds),
    ...latencySummary(latencies),
  };
}

/** The insert cost with and without the trigger (see the header). */
async function measureInserts(database, url, count) {
  const pool = url ? new pg.Pool({ connectionString: url, max: INSERT_CONCURRENCY }) : null;
  const clients = pool
    ? await Promise.all(Array.from({ length: INSERT_CONCURRENCY }, () => pool.connect()))
    : [];
  const connections = pool
    ? clients.map((c) => (values) => c.query(INSERT_SQL, values))
    : [(values) => database.executeSql(INSERT_SQL, values)];
  const result = { connections: connections.length };
  try {
    await database.executeSql(`alter table event_tracking disable trigger ${TRIGGER}`);
    try {
      result.without_trigger = await insertRun(connections, count, 'off');
    } finally {
      await database.executeSql(`alter table event_tracking enable trigger ${TRIGGER}`);
    }
    await database.executeSql(`delete from event_tracking where page_path = '/bench-insert/off'`);
    result.with_trigger = await insertRun(connections, count, 'on');
  } finally {
    for (const client of clients) client.release();
    await pool?.end();
  }
  result.trigger_cost_percent = round(
    (result.without_trigger.events_per_second / result.with_trigger.events_per_second - 1) * 100,
  );
  const [check] = (
    await database.executeSql(`
      select (select sum(page_views + signups + conversions) from event_sessions)::bigint as rolled_up,
        (select count(*) from event_tracking where event_type in ('page_view', 'user_signup', 'conversion'))::bigint
          as events`)
  ).rows;
  result.event_sessions_sums_to_events = Number(check.rolled_up) === Number(check.events);
  return result;
}

async function time(fn) {
  for (let i = 0; i < WARMUP; i++) await fn();
  const ms = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await fn();
    ms.push(performance.now() - started);
  }
  return latencySummary(ms);
}

/** The plan lines that show how the rows are read and grouped (with the endpoint's settings). */
async function planLines(database, statement) {
  const rows = await database.db.transaction(async (tx) => {
    await tx.execute(ANALYTICS_SETTINGS);
    return (await tx.execute(sql`explain (analyze, buffers) ${statement}`)).rows;
  });
  // The reads (which index, index only or not, heap visits), any spill to disk, and the time.
  return rows
    .map((r) => String(r['QUERY PLAN']).replace(/ {2}\(cost=[^)]*\)/, ''))
    .filter((line) =>
      /Index Only Scan|Index Scan|Seq Scan|Bitmap|Heap Fetches|Disk|Batches: [^1]|Execution Time|Planning Time/.test(
        line,
      ),
    );
}

async function measure(label, database, events, { url = null, inserts }) {
  log(`${label}: migrating`);
  await database.migrate();
  log(`${label}: seeding ${events} events`);
  const seeded = await seed(database, events);
  log(`${label}: ${seeded.rows} rows in ${seeded.seed_seconds} s`);
  // The machine's load when the timing starts (other work on a shared machine moves the p95).
  const load = () => os.loadavg().map((n) => round(n));
  const result = {
    database: label,
    events: seeded,
    load_average: { timing_start: load() },
    funnel: {},
    experiments: {},
    plans: {},
  };
  for (const days of PERIODS) {
    const range = resolveRange({ start: toDay(new Date(Date.now() - (days - 1) * 86_400_000)) }, new Date());
    if ('field' in range) throw new Error(range.message);
    log(`${label}: ${days} days, ${RUNS} runs`);
    const answer = await funnelAnalytics(database.db, range);
    result.funnel[`${days}d`] = {
      ...(await time(() => funnelAnalytics(database.db, range))),
      visitors: answer.total_visitors,
      page_views: answer.page_views,
      conversion_rate: answer.conversion_rate,
    };
    result.experiments[`${days}d`] = await time(() => experimentResults(database.db, range));
    result.plans[`funnel_${days}d`] = await planLines(database, funnelStatement(range));
    if (days === 30) result.plans.experiments_30d = await planLines(database, experimentsStatement(range));
  }
  result.load_average.timing_end = load();
  log(`${label}: ${inserts} inserts without and with the trigger`);
  result.inserts = await measureInserts(database, url, inserts);
  const range = resolveRange({}, new Date());
  if ('field' in range) throw new Error(range.message);
  log(`${label}: 30 days again, after the inserts (no vacuum)`);
  result.funnel['30d_after_inserts'] = await time(() => funnelAnalytics(database.db, range));
  result.plans.funnel_30d_after_inserts = await planLines(database, funnelStatement(range));
  return result;
}

async function main() {
  cleanupOnSignals();
  const results = [];
  if (process.env.BENCH_SKIP_POSTGRES !== '1') {
    const { name, url } = await scratchDatabase();
    const database = await openPostgres(url, 2);
    onCleanup(() => database.close());
    const result = await measure(`postgres (${name})`, database, EVENTS, { url, inserts: INSERTS });
    const p95 = result.funnel['30d'].p95;
    result.goal = { funnel_30d_p95_under_ms: GOAL_P95_MS, met: p95 !== null && p95 < GOAL_P95_MS };
    results.push(result);
    await database.close();
  }
  if (process.env.BENCH_SKIP_PGLITE !== '1') {
    const database = await openPglite();
    onCleanup(() => database.close());
    results.push(await measure('pglite (in memory)', database, PGLITE_EVENTS, { inserts: PGLITE_INSERTS }));
    await database.close();
  }
  const machine = { cpus: os.cpus().length };
  process.stdout.write(`${JSON.stringify({ runs: RUNS, warmup: WARMUP, machine, results }, null, 2)}\n`);
}

try {
  await main();
} finally {
  await cleanup();
}
