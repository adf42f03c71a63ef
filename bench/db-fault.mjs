#!/usr/bin/env node
// Database fault drill (issue 15): a throwaway Postgres cluster of its own, one Adwuma server on it,
// waitlist sign-ups at ~40/s for ~40 s, and Postgres restarted under that load (`pg_ctl restart -m
// fast`, then stopped for ~3 s and started again). Then every 2xx must be stored (lost 0), no 5xx
// other than 503, every 503 with Retry-After, and the server answering 2xx again afterwards.
// Prints JSON; exits non-zero when the drill fails. Never touches the machine's shared Postgres.
// Usage: npm run bench:db-fault   (FAULT_RATE, FAULT_SECONDS, PG_BIN to override; runs as root
// or as the postgres user)
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const rate = Number(process.env.FAULT_RATE ?? 40);
const seconds = Number(process.env.FAULT_SECONDS ?? 40);
const asRoot = process.getuid?.() === 0;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-db-fault-'));
const pgData = path.join(tmp, 'pgdata');
const webDist = path.join(tmp, 'web-dist');
const dataDir = path.join(tmp, 'data');
const serverLog = path.join(tmp, 'server.log');
fs.mkdirSync(webDist);
fs.mkdirSync(dataDir);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message) => process.stderr.write(`[db-fault] ${message}\n`);

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * initdb and pg_ctl refuse to run as root: run them as the postgres OS user. Their output goes to a
 * file, not a pipe: the postmaster pg_ctl starts would inherit a pipe and hold it open forever.
 */
function pgTool(tool, args) {
  const file = path.join(pgBin, tool);
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  const out = fs.openSync(path.join(tmp, 'pg-tools.log'), 'a');
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd: tmp, stdio: ['ignore', out, out] });
    child.on('error', reject);
    child.on('exit', (code) => {
      fs.closeSync(out);
      if (code === 0) resolve();
      else reject(new Error(`${tool} ${args.join(' ')} exited with ${code}`));
    });
  });
}

let pgPort;
let server;
let serverExit;
let clusterStarted = false;

const pgCtl = (...args) => pgTool('pg_ctl', ['-D', pgData, ...args]);

async function startCluster() {
  if (asRoot) await run('chown', ['-R', 'postgres:postgres', tmp]);
  await pgTool('initdb', ['-D', pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  // In the config file, so a plain `pg_ctl start` after a stop keeps them.
  fs.appendFileSync(
    path.join(pgData, 'postgresql.conf'),
    `\nport = ${pgPort}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${tmp}'\nmax_connections = 50\n`,
  );
  await pgCtl('-l', path.join(tmp, 'postgres.log'), '-w', 'start');
  clusterStarted = true;
  const admin = new pg.Client({ host: '127.0.0.1', port: pgPort, user: 'postgres', database: 'postgres' });
  await admin.connect();
  await admin.query('CREATE DATABASE adwuma');
  await admin.end();
  const db = new pg.Client({ host: '127.0.0.1', port: pgPort, user: 'postgres', database: 'adwuma' });
  await db.connect();
  for (const extension of ['pg_trgm', 'cube', 'earthdistance']) {
    await db.query(`CREATE EXTENSION IF NOT EXISTS ${extension}`);
  }
  await db.end();
}

async function startServer(port) {
  const out = fs.openSync(serverLog, 'a');
  server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/adwuma`,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      SEED_DEMO: 'false',
      RATE_LIMIT_PER_MINUTE: '0',
      // The waitlist allows 10 sign-ups a minute per address: each simulated visitor has its own
      // address, sent as X-Forwarded-For and trusted as if a proxy had set it.
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  serverExit = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
    if (res?.ok) return;
    if (server.exitCode !== null) throw new Error(`the server exited early (see ${serverLog})`);
    await sleep(250);
  }
  throw new Error('the server did not become healthy within 120 s');
}

async function cleanup() {
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill('SIGTERM');
    await Promise.race([serverExit, sleep(15_000)]);
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  }
  if (clusterStarted) await pgCtl('-m', 'immediate', '-w', 'stop').catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
}

const addressOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255 || 1}`;

async function drill() {
  pgPort = await freePort();
  const port = await freePort();
  log(`cluster on port ${pgPort}, server on port ${port}, ${rate}/s for ${seconds} s`);
  await startCluster();
  await startServer(port);
  const base = `http://127.0.0.1:${port}`;
  const runId = Date.now().toString(36);
  const results = [];
  const inFlight = new Set();
  const started = Date.now();
  const at = () => (Date.now() - started) / 1000;

  const send = (i) => {
    const email = `fault-${runId}-${i}@example.com`;
    const sentAt = at();
    const request = fetch(`${base}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf(i + 1) },
      body: JSON.stringify({ email }),
      signal: AbortSignal.timeout(30_000),
    })
      .then(async (res) => {
        const body = await res.text();
        results.push({
          email,
          sentAt,
          doneAt: at(),
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
          body,
        });
      })
      .catch((error) => results.push({ email, sentAt, doneAt: at(), status: 0, error: String(error) }))
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };

  // The faults, while the load runs.
  const faults = [];
  const faultLog = [];
  const faultsDone = (async () => {
    await sleep(seconds * 250);
    faultLog.push({ fault: 'restart -m fast', at: at() });
    await pgCtl('-m', 'fast', '-w', 'restart');
    faultLog.at(-1).backAt = at();
    await sleep(seconds * 250);
    faultLog.push({ fault: 'stop -m fast, 3 s, start', at: at() });
    await pgCtl('-m', 'fast', '-w', 'stop');
    await sleep(3000);
    await pgCtl('-l', path.join(tmp, 'postgres.log'), '-w', 'start');
    faultLog.at(-1).backAt = at();
  })();
  // A failed fault step must not crash the drill before cleanup: it fails the run instead.
  faults.push(
    faultsDone.catch((error) => {
      faultLog.push({ fault: 'error', error: String(error), at: at(), backAt: at() });
    }),
  );

  // A steady rate, catching up after a slow tick rather than drifting.
  const total = rate * seconds;
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    send(i);
  }
  await Promise.all(faults);
  while (inFlight.size) await Promise.all([...inFlight]);

  // After the last fault: does the server answer 2xx by itself?
  const lastBack = faultLog.at(-1).backAt;
  let recovered = results.some((r) => r.status >= 200 && r.status < 300 && r.sentAt > lastBack);
  if (!recovered) {
    const deadline = Date.now() + 15_000;
    for (let i = total; !recovered && Date.now() < deadline; i++) {
      const res = await fetch(`${base}/api/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf(i + 1) },
        body: JSON.stringify({ email: `fault-${runId}-after-${i}@example.com` }),
      }).catch(() => null);
      recovered = !!res && res.status >= 200 && res.status < 300;
      if (!recovered) await sleep(250);
    }
  }
  const health = await fetch(`${base}/api/health`)
    .then((r) => r.status)
    .catch(() => 0);

  // Every 2xx must be stored; count what else got stored too (a 503 after the commit, for instance).
  const db = new pg.Client({ host: '127.0.0.1', port: pgPort, user: 'postgres', database: 'adwuma' });
  await db.connect();
  const { rows } = await db.query('SELECT email FROM subscribers WHERE email LIKE $1', [`fault-${runId}-%`]);
  await db.end();
  const stored = new Set(rows.map((r) => r.email));

  const ok = results.filter((r) => r.status >= 200 && r.status < 300);
  const unavailable = results.filter((r) => r.status === 503);
  const serverErrors = results.filter((r) => r.status >= 500 && r.status !== 503);
  const buckets = new Set(unavailable.map((r) => Math.floor(r.sentAt)));
  const report = {
    sent: results.length,
    '2xx': ok.length,
    '4xx': results.filter((r) => r.status >= 400 && r.status < 500).length,
    '5xx': serverErrors.length,
    503: unavailable.length,
    networkErrors: results.filter((r) => r.status === 0).length,
    lost: ok.filter((r) => !stored.has(r.email)).length,
    storedAfterError: results.filter((r) => !(r.status >= 200 && r.status < 300) && stored.has(r.email))
      .length,
    '503WithoutRetryAfter': unavailable.filter((r) => !r.retryAfter).length,
    secondsOf503: buckets.size,
    recovered,
    healthAfter: health,
    serverCrashed: server.exitCode !== null || server.signalCode !== null,
    faultsFailed: faultLog.some((f) => f.fault === 'error'),
    // Each fault with the 503s of requests sent from its start until 5 s after the server was back.
    faults: faultLog.map((f) => ({
      ...f,
      at: +f.at.toFixed(1),
      backAt: +f.backAt.toFixed(1),
      503: unavailable.filter((r) => r.sentAt >= f.at - 1 && r.sentAt <= f.backAt + 5).length,
    })),
  };
  if (serverErrors.length) report.sample5xx = serverErrors.slice(0, 3).map((r) => `${r.status} ${r.body}`);
  const other4xx = results.filter((r) => r.status >= 400 && r.status < 500);
  if (other4xx.length) report.sample4xx = other4xx.slice(0, 3).map((r) => `${r.status} ${r.body}`);
  if (report.networkErrors)
    report.sampleNetworkErrors = results
      .filter((r) => r.status === 0)
      .slice(0, 3)
      .map((r) => r.error);
  return report;
}

// Ctrl-C still leaves no cluster or temp folder behind.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    log(`${signal}: cleaning up`);
    cleanup().finally(() => process.exit(130));
  });
}

let exitCode = 1;
try {
  const report = await drill();
  console.log(JSON.stringify(report, null, 2));
  const passed =
    report.lost === 0 &&
    report['5xx'] === 0 &&
    report.networkErrors === 0 &&
    report['503WithoutRetryAfter'] === 0 &&
    report.recovered &&
    !report.faultsFailed &&
    report.healthAfter === 200 &&
    !report.serverCrashed;
  if (!passed) {
    log('FAILED; server log errors:');
    const lines = fs.existsSync(serverLog) ? fs.readFileSync(serverLog, 'utf8').split('\n') : [];
    for (const line of lines.filter((l) => /"level":(50|60)/.test(l)).slice(0, 10)) log(line.slice(0, 600));
  }
  exitCode = passed ? 0 : 1;
} catch (error) {
  log(`drill failed: ${error?.stack ?? error}`);
  if (fs.existsSync(serverLog)) log(fs.readFileSync(serverLog, 'utf8').slice(-3000));
} finally {
  await cleanup();
}
process.exit(exitCode);
