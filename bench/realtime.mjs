#!/usr/bin/env node
// Realtime messaging benchmark, printed as JSON (issue 9). Run from the root: npm run bench:realtime
//
// 1. Postgres server (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres): the
//    database adwuma_bench_rt is (re)created and migrated, then BENCH_USERS (1,000) users with a
//    valid session each and BENCH_USERS / 2 conversations (user 2i with user 2i+1) are written
//    directly (bench/lib/users.mjs: signing up 1,000 users through the API would spend a minute
//    hashing passwords).
//    Sessions are rows in auth_sessions; the cookie is the token signed with the server's auth secret
//    (app_settings), exactly what Better Auth sets at sign-in.
// 2. single: one server process; every user opens one WebSocket; messages are sent through
//    POST /api/conversations/:id/messages at a steady BENCH_RATE (200) a second for BENCH_SECONDS
//    (20), round-robin over the conversations and alternating sides (the per-user send limit is 30
//    per 10 s). Each body carries its send time; the recipient's socket records receive - send.
// 3. two_processes: the same with two server processes on the database, user i's socket on process
//    A (even i) or B (odd i), every send through A: half the recipients sit on B (LISTEN/NOTIFY).
//
// BENCH_ONLY=single or BENCH_ONLY=two runs one of the two phases (while developing).
// `server_cpu_ms_per_message` is the server processes' CPU time (user + system, from /proc) over the
// measured phase divided by the messages sent, `database_cpu_ms_per_message` the same for the
// Postgres backends of the bench database (same machine), `client_cpu_ms_per_message` this load
// generator's own: unlike latency they hardly move when other work shares the machine, so they show
// whether a change cut the per-message work.
//
// Latency is measured from just before the POST to the frame's arrival, in this one process (one
// clock). `received`, `lost`, `duplicated` count deliveries to the recipient (the other member);
// `echo_lost` counts the sender's own copy (every member's sockets get every message).
// Runs under tsx (the root script passes --import tsx) to share the server's schema.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import WebSocket from 'ws';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { conversationMembers, conversations } from '../apps/server/src/db/schema.ts';
import { seedReferenceData } from '../apps/server/src/db/seed.ts';
import { resolveAuthSecret } from '../apps/server/src/plugins/auth.ts';
import { log, percentile, round, sleep } from './lib/common.mjs';
import { benchSession, writeBenchUsers } from './lib/users.mjs';

const root = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS = Number(process.env.BENCH_USERS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** After the last send, how long to wait for stragglers before counting them lost. */
/** Sends at the same rate before measuring (JIT, pools, caches), not counted. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const DRAIN_MS = Number(process.env.BENCH_DRAIN_MS ?? 5000);
const ONLY = process.env.BENCH_ONLY ?? '';
const PUBLIC_URL = 'http://localhost:3000';
const DB_NAME = 'adwuma_bench_rt';

function freePort() {
  return new Promise((resolve, reject) => {
    import('node:net').then(({ default: net }) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address();
        server.close(() => resolve(port));
      });
    });
  });
}

/* ------------------------------------------------------------------ setup */

async function prepareDatabase() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

/** Users, sessions (cookies) and conversations written directly. */
async function seed(databaseUrl) {
  const started = performance.now();
  const database = await openPostgres(databaseUrl, 2);
  try {
    await database.migrate();
    await seedReferenceData(database);
    const secret = await resolveAuthSecret(database, undefined);
    const users = Array.from({ length: USERS }, (_, i) => {
      const provider = i % 2 === 1;
      return {
        id: `bench-rt-${String(i).padStart(5, '0')}`,
        provider,
        role: provider ? 'provider' : 'customer',
        ...benchSession(secret),
      };
    });
    const { db } = database;
    await db.transaction(async (tx) => {
      await writeBenchUsers(tx, users);
      const pairs = [];
      for (let i = 0; i + 1 < users.length; i += 2) pairs.push([users[i], users[i + 1]]);
      const rows = await tx
        .insert(conversations)
        .values(pairs.map(([c, p]) => ({ customer_id: c.id, provider_id: p.id })))
        .returning({ id: conversations.id, customer_id: conversations.customer_id });
      const byCustomer = new Map(rows.map((r) => [r.customer_id, r.id]));
      await tx.insert(conversationMembers).values(
        pairs.flatMap(([c, p]) => [
          { conversation_id: byCustomer.get(c.id), user_id: c.id, role: 'customer' },
          { conversation_id: byCustomer.get(c.id), user_id: p.id, role: 'provider' },
        ]),
      );
      for (const [c, p] of pairs) {
        c.conversationId = byCustomer.get(c.id);
        p.conversationId = c.conversationId;
        c.other = p;
        p.other = c;
      }
    });
    return { users, seconds: round((performance.now() - started) / 1000) };
  } finally {
    await database.close();
  }
}

/* ------------------------------------------------------------------ servers */

async function startServer(databaseUrl) {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": profile the servers.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
    {
      cwd: root,
      // BENCH_SERVER_LOG=<file>: the servers' logs (warnings and errors) are appended there.
      stdio: [
        'ignore',
        process.env.BENCH_SERVER_LOG ? fs.openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore',
        'inherit',
      ],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL,
        DATABASE_URL: databaseUrl,
        WEB_DIST_DIR: path.join(os.tmpdir(), 'adwuma-bench-no-web'),
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-bench-rt-')),
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        RATE_LIMIT_PER_MINUTE: '0',
      },
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    const res = await fetch(`${base}/api/health`).catch(() => null);
    if (res?.ok) break;
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not become healthy in 90 s');
    await sleep(150);
  }
  let maxRss = 0;
  const rss = () => {
    try {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
      maxRss = Math.max(maxRss, kb);
      return kb / 1024;
    } catch {
      return null;
    }
  };
  const sampler = setInterval(rss, 500);
  return {
    base,
    cpuMs: () => cpuMsOf(child.pid),
    ws: base.replace('http', 'ws'),
    rss,
    maxRssMb: () => round(maxRss / 1024),
    async stop() {
      clearInterval(sampler);
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** CPU milliseconds (user + system) of a process so far, from /proc; null when it is gone. */
function cpuMsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command), in clock ticks.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** The CPU the database's own backends (the servers' connections) have used so far, by pid. */
async function databaseCpu(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return new Map(rows.map((r) => [r.pid, cpuMsOf(r.pid)]));
  } finally {
    await client.end();
  }
}

/* ------------------------------------------------------------------ clients */

/** One socket per user; `onMessage(user, message, now)` for every message event. */
async function openClients(users, serverFor, onMessage) {
  const sockets = [];
  const open = (user) =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(`${serverFor(user).ws}/api/realtime`, { headers: { cookie: user.cookie } });
      ws.on('message', (data) => {
        const now = performance.now();
        const frame = JSON.parse(data.toString());
        if (frame.type === 'ready') resolve(ws);
        else if (frame.type === 'event' && frame.event.type === 'message')
          onMessage(user, frame.event.message, now);
      });
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      ws.once('error', reject);
    });
  for (let i = 0; i < users.length; i += 100) {
    sockets.push(...(await Promise.all(users.slice(i, i + 100).map(open))));
  }
  return sockets;
}

async function run(label, users, servers, serverFor, databaseUrl) {
  const conversationsCount = users.length / 2;
  const sendTo = servers[0];
  /** Send key → { sentAt, recipient, sender, seen: Map<userId, count> } */
  const sends = new Map();
  const latencies = [];
  let duplicated = 0;
  let unknown = 0;
  const onMessage = (user, message, now) => {
    const key = message.client_id;
    const entry = key ? sends.get(key) : undefined;
    if (!entry) {
      if (!key?.startsWith(`${label}warm`)) unknown++;
      return;
    }
    const count = (entry.seen.get(user.id) ?? 0) + 1;
    entry.seen.set(user.id, count);
    if (count > 1) duplicated++;
    else if (user.id === entry.recipient) latencies.push(now - entry.sentAt);
  };
  log(`${label}: opening ${users.length} sockets`);
  const openStarted = performance.now();
  const sockets = await openClients(users, serverFor, onMessage);
  const openSeconds = round((performance.now() - openStarted) / 1000);

  let failed = 0;
  const failures = new Map();
  const post = (sender, key, text) =>
    fetch(`${sendTo.base}/api/conversations/${sender.conversationId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: sender.cookie, origin: PUBLIC_URL },
      body: JSON.stringify({ body: text, client_id: key }),
    }).then(async (res) => {
      await res.arrayBuffer();
      return res.status;
    });
  /** Sends `count` messages at RATE, open loop (a slow answer never delays the next send). */
  const sendAtRate = async (count, offset, prefix, track) => {
    const interval = 1000 / RATE;
    const inflight = [];
    const begun = performance.now();
    for (let k = 0; k < count; k++) {
      const wait = begun + k * interval - performance.now();
      if (wait > 1) await sleep(wait);
      // Conversation n mod N; the sending side alternates each round.
      const n = offset + k;
      const sender = users[(n % conversationsCount) * 2 + (Math.floor(n / conversationsCount) % 2)];
      const key = `${prefix}-${n}`;
      const sentAt = performance.now();
      if (track)
        sends.set(key, { sentAt, sender: sender.id, recipient: sender.other.id, seen: new Map(), ok: false });
      inflight.push(
        post(sender, key, `bench message ${n} sent at ${sentAt.toFixed(3)}`).then(
          (status) => {
            if (!track) return;
            if (status === 201) sends.get(key).ok = true;
            else {
              failed++;
              failures.set(status, (failures.get(status) ?? 0) + 1);
            }
          },
          (error) => {
            if (!track) return;
            failed++;
            failures.set(error.code ?? 'error', (failures.get(error.code ?? 'error') ?? 0) + 1);
          },
        ),
      );
    }
    const seconds_ = (performance.now() - begun) / 1000;
    await Promise.all(inflight);
    return seconds_;
  };

  const warmup = Math.round(RATE * WARMUP_SECONDS);
  if (warmup > 0) {
    log(`${label}: warming up with ${warmup} messages`);
    await sendAtRate(warmup, 0, `${label}warm`, false);
    await sleep(1000);
  }
  const total = RATE * SECONDS;
  log(`${label}: sending ${total} messages at ${RATE}/s`);
  const cpuBefore = servers.map((s) => s.cpuMs());
  const clientCpuBefore = process.cpuUsage();
  const dbCpuBefore = await databaseCpu(databaseUrl);
  const started = performance.now();
  const sendSeconds = await sendAtRate(total, warmup, label, true);
  // Wait until everything accepted has arrived (or the drain time passes).
  const accepted = [...sends.values()].filter((e) => e.ok);
  const drainDeadline = performance.now() + DRAIN_MS;
  // The recipient's copy and the sender's own (echo_lost counts the second; it may come later when
  // the two sockets sit on different processes).
  const arrived = (e) => e.seen.has(e.recipient) && e.seen.has(e.sender);
  let lastArrival = performance.now();
  while (performance.now() < drainDeadline && accepted.some((e) => !e.seen.has(e.recipient))) await sleep(50);
  lastArrival = performance.now();
  while (performance.now() < drainDeadline && accepted.some((e) => !arrived(e))) await sleep(50);
  const cpuUsed = servers.map((s, i) => (s.cpuMs() ?? 0) - (cpuBefore[i] ?? 0));
  const clientCpu = process.cpuUsage(clientCpuBefore);
  // Backends that were there at the start (the pools are warm by then) and still are.
  let dbCpuUsed = 0;
  for (const [pid, before] of dbCpuBefore) {
    const now = cpuMsOf(pid);
    if (before !== null && now !== null) dbCpuUsed += now - before;
  }
  const rssNow = servers.map((s) => round(s.rss()));

  const received = accepted.filter((e) => e.seen.has(e.recipient)).length;
  const echoLost = accepted.filter((e) => !e.seen.has(e.sender)).length;
  const sorted = latencies.sort((a, b) => a - b);
  for (const ws of sockets) ws.terminate();
  return {
    clients: users.length,
    conversations: conversationsCount,
    rate: RATE,
    seconds: SECONDS,
    sent: accepted.length,
    send_failed: failed,
    ...(failures.size ? { send_failures: Object.fromEntries(failures) } : {}),
    received,
    lost: accepted.length - received,
    duplicated,
    echo_lost: echoLost,
    unknown_frames: unknown,
    latency_ms: {
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.at(-1) ?? null),
    },
    achieved_send_rate: round(total / sendSeconds),
    msgs_per_s: round(received / ((lastArrival - started) / 1000)),
    server_cpu_ms_per_message:
      servers.length === 1
        ? round(cpuUsed[0] / Math.max(1, accepted.length))
        : cpuUsed.map((ms) => round(ms / Math.max(1, accepted.length))),
    database_cpu_ms_per_message: round(dbCpuUsed / Math.max(1, accepted.length)),
    // This load generator's own share of the 2 cores (its sockets, its requests).
    client_cpu_ms_per_message: round(
      (clientCpu.user + clientCpu.system) / 1000 / Math.max(1, accepted.length),
    ),
    sockets_open_seconds: openSeconds,
    server_rss_mb: servers.length === 1 ? rssNow[0] : rssNow,
    server_max_rss_mb: servers.length === 1 ? servers[0].maxRssMb() : servers.map((s) => s.maxRssMb()),
  };
}

/* ------------------------------------------------------------------ main */

const startedAll = Date.now();
const databaseUrl = await prepareDatabase();
log(`seeding ${USERS} users, ${USERS / 2} conversations into ${DB_NAME}`);
const { users, seconds: seedSeconds } = await seed(databaseUrl);

let single;
if (ONLY !== 'two') {
  const server = await startServer(databaseUrl);
  try {
    // A signed session must be accepted before anything is timed.
    const check = await fetch(`${server.base}/api/realtime/events?since=0`, {
      headers: { cookie: users[0].cookie },
    });
    if (check.status !== 200) throw new Error(`bench session refused: ${check.status} ${await check.text()}`);
    single = await run('single', users, [server], () => server, databaseUrl);
  } finally {
    await server.stop();
  }
}

let twoProcesses;
if (ONLY !== 'single') {
  const a = await startServer(databaseUrl);
  const b = await startServer(databaseUrl);
  try {
    const byIndex = new Map(users.map((u, i) => [u.id, i]));
    twoProcesses = await run(
      'two',
      users,
      [a, b],
      (user) => (byIndex.get(user.id) % 2 === 0 ? a : b),
      databaseUrl,
    );
    twoProcesses.note =
      'sends through A; customers (even users) on A, providers (odd) on B: half the recipients are on B';
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
}

console.log(
  JSON.stringify(
    {
      machine: {
        cpus: os.cpus().length,
        node: process.version,
        load_average: os.loadavg().map((l) => round(l)),
      },
      database: DB_NAME,
      seed_seconds: seedSeconds,
      single,
      two_processes: twoProcesses,
      total_seconds: Math.round((Date.now() - startedAll) / 1000),
    },
    null,
    2,
  ),
);
