#!/usr/bin/env node
// Database fault drill (issues 15 and 29): a throwaway Postgres cluster of its own, one Adwuma server
// on it, waitlist sign-ups at ~40/s, and Postgres restarted (`pg_ctl restart -m fast`) and then
// stopped for 3 s, 10 s and 60 s (`stop -m fast`, wait, `start`) under that load, one phase each.
// Per phase: survived (the server process alive at its end), lost (a 2xx whose email is not
// stored), 5xx other than 503, 503s without Retry-After, unhandled rejections the server logged,
// and how soon after the database's return a sign-up got a 2xx. A server that crashed is counted and
// started again for the next phase. Prints JSON; exits non-zero unless every phase has 0 crashes,
// 0 lost, 0 other 5xx, 0 network errors and recovered. Never touches the machine's shared Postgres.
// Usage: npm run bench:db-fault   (FAULT_RATE, FAULT_OUTAGES="3,10,60", PG_BIN to override; runs as
// root or as the postgres user)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { register } from 'tsx/esm/api';

// The cluster helper is TypeScript, shared with the long-outage test (apps/server/src/test).
register();
const { freePort, startThrowawayCluster } = await import('../apps/server/src/test/throwaway-cluster.ts');

const root = path.resolve(import.meta.dirname, '..');
const rate = Number(process.env.FAULT_RATE ?? 40);
const outages = (process.env.FAULT_OUTAGES ?? '3,10,60').split(',').map(Number);
/** Load before each fault, and after the database is back. */
const BEFORE_SECONDS = 5;
const AFTER_SECONDS = 10;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-db-fault-'));
const webDist = path.join(tmp, 'web-dist');
const dataDir = path.join(tmp, 'data');
const serverLog = path.join(tmp, 'server.log');
fs.mkdirSync(webDist);
fs.mkdirSync(dataDir);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message) => process.stderr.write(`[db-fault] ${message}\n`);

let cluster;
let server;
let serverExit;
let port;

async function startServer() {
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
      DATABASE_URL: cluster.url(),
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
  fs.closeSync(out);
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

const serverAlive = () => server.exitCode === null && server.signalCode === null;
const logLines = () => (fs.existsSync(serverLog) ? fs.readFileSync(serverLog, 'utf8').split('\n') : []);

async function cleanup() {
  if (server && serverAlive()) {
    server.kill('SIGTERM');
    await Promise.race([serverExit, sleep(15_000)]);
    if (serverAlive()) server.kill('SIGKILL');
  }
  await cluster?.destroy().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
}

const addressOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255 || 1}`;
const runId = Date.now().toString(36);
let nextVisitor = 0;
/** Every sign-up answered 2xx, in every phase: each must get its welcome mail (a job) in the end. */
const okEmails = [];

/**
 * Waits until every 2xx sign-up's welcome mail job has run, as long as the queue keeps making progress
 * (a job that failed while the database was away is retried after its backoff, 30 s and more; and
 * the worker sends about 10 a second, fewer than the drill signs up). Answers how many never ran and
 * how long the queue took to drain.
 */
async function welcomeMails() {
  const db = new pg.Client({ connectionString: cluster.url() });
  await db.connect();
  const started = Date.now();
  let missing = Number.POSITIVE_INFINITY;
  let progressAt = Date.now();
  for (;;) {
    const { rows } = await db.query(
      'SELECT count(*)::int AS n FROM subscribers WHERE email = ANY($1) AND NOT welcome_email_sent',
      [okEmails],
    );
    if (rows[0].n < missing) progressAt = Date.now();
    missing = rows[0].n;
    // No progress for 45 s: longer than the first retry's delay, so what is left is stuck.
    if (missing === 0 || Date.now() - progressAt > 45_000 || Date.now() - started > 600_000) break;
    await sleep(1000);
  }
  await db.end();
  return {
    welcomeMailsMissing: missing,
    welcomeMailsDrainedSeconds: Math.round((Date.now() - started) / 1000),
  };
}

/** One phase: load for BEFORE_SECONDS, the fault, load until AFTER_SECONDS after it is over. */
async function phase(name, fault) {
  const base = `http://127.0.0.1:${port}`;
  const results = [];
  const inFlight = new Set();
  const started = Date.now();
  const at = () => (Date.now() - started) / 1000;
  const logBefore = logLines().length;

  const send = () => {
    const i = nextVisitor++;
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

  const timing = {};
  let faultError;
  let loadUntil = Number.POSITIVE_INFINITY;
  const faultDone = (async () => {
    await sleep(BEFORE_SECONDS * 1000);
    timing.at = at();
    await fault();
    timing.backAt = at();
  })()
    .catch((error) => {
      faultError = String(error);
      timing.backAt ??= at();
    })
    .finally(() => {
      loadUntil = Date.now() + AFTER_SECONDS * 1000;
    });

  // A steady rate, catching up after a slow tick rather than drifting.
  for (let i = 0; Date.now() < loadUntil; i++) {
    const wait = started + (i * 1000) / rate - Date.now();
    if (wait > 0) await sleep(wait);
    if (Date.now() >= loadUntil) break;
    send();
  }
  await faultDone;
  while (inFlight.size) await Promise.all([...inFlight]);

  const db = new pg.Client({ connectionString: cluster.url() });
  await db.connect();
  const emails = results.map((r) => r.email);
  const { rows } = await db.query('SELECT email FROM subscribers WHERE email = ANY($1)', [emails]);
  await db.end();
  const stored = new Set(rows.map((r) => r.email));

  const ok = results.filter((r) => r.status >= 200 && r.status < 300);
  const unavailable = results.filter((r) => r.status === 503);
  const serverErrors = results.filter((r) => r.status >= 500 && r.status !== 503);
  const okAfterBack = ok.filter((r) => r.doneAt >= timing.backAt).map((r) => r.doneAt - timing.backAt);
  const crashed = !serverAlive();
  const newLines = logLines().slice(logBefore);
  okEmails.push(...ok.map((r) => r.email));
  const report = {
    phase: name,
    sent: results.length,
    '2xx': ok.length,
    503: unavailable.length,
    '5xxOtherThan503': serverErrors.length,
    '4xx': results.filter((r) => r.status >= 400 && r.status < 500).length,
    networkErrors: results.filter((r) => r.status === 0).length,
    lost: ok.filter((r) => !stored.has(r.email)).length,
    storedAfterError: results.filter((r) => !(r.status >= 200 && r.status < 300) && stored.has(r.email))
      .length,
    '503WithoutRetryAfter': unavailable.filter((r) => !r.retryAfter).length,
    // Of the 503s, those that said "very busy" (the pool's 5 s wait ran out) rather than "can't reach".
    '503Busy': unavailable.filter((r) => r.body.includes('very busy')).length,
    survived: !crashed,
    crashes: crashed ? 1 : 0,
    unhandledRejections: newLines.filter((l) => l.includes('unhandled rejection')).length,
    faultAt: +(timing.at ?? 0).toFixed(1),
    databaseBackAt: +(timing.backAt ?? 0).toFixed(1),
    firstOkAfterBackSeconds: okAfterBack.length ? +Math.min(...okAfterBack).toFixed(2) : null,
    recovered: okAfterBack.length > 0,
  };
  if (faultError) report.faultError = faultError;
  if (serverErrors.length) report.sample5xx = serverErrors.slice(0, 3).map((r) => `${r.status} ${r.body}`);
  const other4xx = results.filter((r) => r.status >= 400 && r.status < 500);
  if (other4xx.length) report.sample4xx = other4xx.slice(0, 3).map((r) => `${r.status} ${r.body}`);
  if (report.networkErrors)
    report.sampleNetworkErrors = results
      .filter((r) => r.status === 0)
      .slice(0, 3)
      .map((r) => r.error);
  if (crashed) {
    report.exit = await serverExit;
    report.crashLog = newLines
      .filter((l) => l.trim())
      .slice(-5)
      .map((l) => l.slice(0, 400));
  }
  return report;
}

async function drill() {
  port = await freePort();
  cluster = await startThrowawayCluster({ maxConnections: 50 });
  log(`cluster on port ${cluster.port}, server on port ${port}, ${rate}/s; outages ${outages.join(', ')} s`);
  await startServer();
  const phases = [['restart -m fast', () => cluster.restart('fast')]];
  for (const seconds of outages) {
    phases.push([
      `stop -m fast, ${seconds} s, start`,
      async () => {
        await cluster.stop('fast');
        await sleep(seconds * 1000);
        await cluster.start();
      },
    ]);
  }
  const reports = [];
  for (const [name, fault] of phases) {
    log(`phase: ${name}`);
    const report = await phase(name, fault);
    reports.push(report);
    log(
      JSON.stringify({
        phase: name,
        survived: report.survived,
        lost: report.lost,
        other5xx: report['5xxOtherThan503'],
      }),
    );
    // A crashed server is started again, so the next phase still measures something.
    if (!serverAlive()) await startServer();
  }
  const health = await fetch(`http://127.0.0.1:${port}/api/health`)
    .then((r) => r.status)
    .catch(() => 0);
  log('waiting for the welcome mails (jobs) of every 2xx sign-up');
  const mails = await welcomeMails();
  return { rate, healthAfter: health, ...mails, phases: reports };
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
    report.healthAfter === 200 &&
    report.welcomeMailsMissing === 0 &&
    report.phases.every(
      (p) =>
        p.lost === 0 &&
        p['5xxOtherThan503'] === 0 &&
        p.networkErrors === 0 &&
        p['503WithoutRetryAfter'] === 0 &&
        p.recovered &&
        p.survived &&
        !p.faultError,
    );
  if (!passed) {
    log('FAILED; server log errors:');
    for (const line of logLines()
      .filter((l) => /"level":(50|60)/.test(l))
      .slice(0, 10))
      log(line.slice(0, 600));
  }
  exitCode = passed ? 0 : 1;
} catch (error) {
  log(`drill failed: ${error?.stack ?? error}`);
  if (fs.existsSync(serverLog)) log(fs.readFileSync(serverLog, 'utf8').slice(-3000));
} finally {
  await cleanup();
}
process.exit(exitCode);
