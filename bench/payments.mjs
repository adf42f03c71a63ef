#!/usr/bin/env node
// Payments benchmark, printed as JSON (issue 17). Run from the root: npm run bench:payments
//
// The real app (buildApp) runs in this process on a temporary DATA_DIR with the TEST MODE sandbox
// gateway on, listening on 127.0.0.1 (a free port); every call below is real HTTP to it (node:http,
// keep-alive), from the same process. Database: embedded PGlite in DATA_DIR by default; with
// BENCH_DATABASE_URL (a server's admin URL, as the other benches take) a fresh database
// adwuma_bench_pay_<time> is created there and dropped at the end.
//
// BENCH_PAYMENTS (200) providers are written directly with a signed session each (as
// bench/realtime.mjs does: no password hashing), then, at BENCH_CONCURRENCY (8) requests at a time:
// 1. checkout: POST /api/create-checkout-session {tier: pro, currency: ghs} for every provider;
// 2. pay: POST /api/payments/sandbox/:reference/pay (mobile money, approve): the sandbox marks its
//    transaction paid, signs a charge.succeeded webhook and delivers it into the intake (stored in
//    payment_events, queued on pg-boss) before it answers;
// 3. apply: the job queue applies each stored event (payment succeeded, ledger, subscription active,
//    notice); latency = payment_events.processed_at - received_at (both written by this process's
//    database, one clock), waited for by polling the database, and applied payments per second from
//    the first webhook stored to the last applied;
// 4. webhook intake alone: BENCH_WEBHOOKS (1000) pre-signed sandbox events with unique ids
//    (checkout.cancelled for references nobody has: applied later as no-ops) posted to
//    /api/payments/webhooks/sandbox, then the same bodies again (replays: the duplicate path).
// A warm-up of BENCH_WARMUP (16) more providers goes through 1-3 first, not counted; then
// BENCH_ONE_BY_ONE (20) providers buy one after another (apply_one_by_one: the apply latency with no
// backlog in the queue, before step 1). BENCH_APPLY_TIMEOUT_MS (300000) bounds the wait in step 3.
// It exits non-zero when any request fails or a payment is not applied in time.
//
// Limits: RATE_LIMIT_PER_MINUTE=0 lifts the overall limit; the per-route limits (checkout 20/min,
// sandbox pay 30/min, webhooks 1200/min per client address) stay on and are still counted (in the
// database, as in production without REDIS_URL), so TRUST_PROXY=true and every request carries its
// own X-Forwarded-For address. Runs under tsx (the root script passes --import tsx).
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { authSessions, authUsers, profiles, userRoles } from '../apps/server/src/db/schema.ts';
import { SANDBOX_SIGNATURE_HEADER } from '../apps/server/src/kernel/payments/sandbox.ts';
import { signTimestamped } from '../apps/server/src/kernel/payments/signature.ts';
import { resolveAuthSecret } from '../apps/server/src/plugins/auth.ts';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 1000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 16);
/** Providers who buy one after another (nothing queued): the apply latency without a backlog. */
const ONE_BY_ONE = Number(process.env.BENCH_ONE_BY_ONE ?? 20);
/** How long to wait for the job queue to apply every paid checkout before giving up. */
const APPLY_TIMEOUT_MS = Number(process.env.BENCH_APPLY_TIMEOUT_MS ?? 300_000);
const REQUEST_TIMEOUT_MS = 30_000;
const adminUrl = process.env.BENCH_DATABASE_URL || null;
const PUBLIC_URL = 'http://localhost:3000';
const MOMO_APPROVE = {
  method: 'mobile_money',
  network: 'mtn',
  phone: '024 412 3456',
  decision: 'approve',
  pin: '1234',
};
const log = (message) => process.stderr.write(`${message}\n`);

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;
const round = (n) => (n === null || n === undefined ? null : Math.round(n * 100) / 100);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/* ------------------------------------------------------------------ cleanup */

const cleanups = [];
let cleaning = null;
/** Set on Ctrl-C: the phases stop taking work while the app, folder and database are removed. */
let interrupted = false;
function cleanup() {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        log(`cleanup: ${error.message}`);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    log(`${signal}: cleaning up`);
    cleanup().finally(() => process.exit(130));
  });
}

/* ------------------------------------------------------------------ http */

let port = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
let addressCounter = 0;
/** A client address of its own for every request (the per-route limits count per address). */
function nextAddress() {
  addressCounter++;
  const n = addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255 || 1}`;
}

/** One request to the app over HTTP; resolves { status, body } (body parsed when JSON). */
function call(method, url, { headers = {}, body } = {}) {
  const payload =
    body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        headers: {
          'x-forwarded-for': nextAddress(),
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: kept as text
          }
          resolve({ status: res.statusCode, body: parsed });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/**
 * Runs `fn` over `items` with `concurrency` requests in flight. `fn` resolves true when the answer
 * was the expected one, else a failure label. Latency, p50/p95/max and per second over the phase.
 */
async function pool(items, concurrency, fn) {
  const latencies = [];
  const failures = new Map();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length && !interrupted) {
        const item = items[next++];
        const t0 = performance.now();
        let outcome;
        try {
          outcome = await fn(item);
        } catch (error) {
          outcome = error.code ?? error.message;
        }
        if (outcome === true) latencies.push(performance.now() - t0);
        else failures.set(String(outcome), (failures.get(String(outcome)) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const failed = [...failures.values()].reduce((a, b) => a + b, 0);
  return {
    requests: items.length,
    ok: sorted.length,
    failed,
    ...(failed ? { failures: Object.fromEntries(failures) } : {}),
    p50_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    max_ms: round(sorted.at(-1) ?? null),
    per_s: round(sorted.length / seconds),
    seconds: round(seconds),
  };
}

/* ------------------------------------------------------------------ setup */

async function prepareDatabase() {
  if (!adminUrl) return null;
  const name = `adwuma_bench_pay_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    try {
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await dropper.end();
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** Providers with a session each, written directly; the cookie is what Better Auth sets at sign-in. */
async function seedProviders(app, prefix, count) {
  const { database } = app.deps;
  const secret = await resolveAuthSecret(database, app.deps.config.authSecret);
  const expires = new Date(Date.now() + 7 * 24 * 3600 * 1000);
  const users = Array.from({ length: count }, (_, i) => {
    const token = randomBytes(24).toString('base64url');
    const signature = createHmac('sha256', secret).update(token).digest('base64');
    return {
      id: `${prefix}-${String(i).padStart(5, '0')}`,
      token,
      cookie: `adwuma.session_token=${encodeURIComponent(`${token}.${signature}`)}`,
    };
  });
  await database.db.transaction(async (tx) => {
    for (let i = 0; i < users.length; i += 500) {
      const batch = users.slice(i, i + 500);
      await tx.insert(authUsers).values(
        batch.map((u) => ({
          id: u.id,
          name: `Bench ${u.id}`,
          email: `${u.id}@bench.example`,
          emailVerified: true,
          user_role: 'explorer',
        })),
      );
      await tx.insert(profiles).values(
        batch.map((u) => ({
          id: u.id,
          full_name: `Bench ${u.id}`,
          email: `${u.id}@bench.example`,
          role: 'service_provider',
          type: 'provider',
          intro_seen: true,
        })),
      );
      await tx.insert(userRoles).values(batch.map((u) => ({ user_id: u.id, role: 'service_provider' })));
      await tx.insert(authSessions).values(
        batch.map((u) => ({
          id: randomUUID(),
          token: u.token,
          userId: u.id,
          expiresAt: expires,
          ipAddress: '127.0.0.1',
          userAgent: 'bench',
        })),
      );
    }
  });
  return users;
}

/* ------------------------------------------------------------------ phases */

const userHeaders = (user) => ({ cookie: user.cookie, origin: PUBLIC_URL });

async function checkoutAll(users) {
  return pool(users, CONCURRENCY, async (user) => {
    const res = await call('POST', '/api/create-checkout-session', {
      headers: userHeaders(user),
      body: { tier: 'pro', currency: 'ghs' },
    });
    if (res.status !== 200 || !res.body?.url) return `HTTP ${res.status}`;
    user.paymentId = res.body.payment_id;
    user.reference = res.body.url.split('/').pop();
    return true;
  });
}

async function payAll(users) {
  return pool(
    users.filter((u) => u.reference),
    CONCURRENCY,
    async (user) => {
      const res = await call('POST', `/api/payments/sandbox/${user.reference}/pay`, {
        headers: userHeaders(user),
        body: MOMO_APPROVE,
      });
      if (res.status !== 200) return `HTTP ${res.status}`;
      if (res.body?.status !== 'succeeded') return String(res.body?.status);
      user.paid = true;
      return true;
    },
  );
}

/** Polls the database until every paid provider's subscription is active on Pro (or the timeout). */
async function waitForApplied(app, users, pollMs = 100) {
  const paid = users.filter((u) => u.paid);
  const ids = paid.map((u) => u.id);
  const deadline = Date.now() + APPLY_TIMEOUT_MS;
  let active = 0;
  for (;;) {
    const { rows } = await app.deps.database.executeSql(
      `select count(*)::int as n from subscriptions
        where user_id = any($1) and subscribed and status = 'active' and subscription_tier = 'pro'`,
      [ids],
    );
    active = rows[0].n;
    if (active >= paid.length || Date.now() > deadline || interrupted) break;
    await sleep(pollMs);
  }
  return { paid: paid.length, active, timedOut: active < paid.length };
}

/** Apply latency from the stored events: processed_at - received_at, and applied per second. */
async function applyFigures(app, users, waited) {
  const references = users.filter((u) => u.paid).map((u) => u.reference);
  const { rows } = await app.deps.database.executeSql(
    `select extract(epoch from received_at) * 1000 as received_ms,
            extract(epoch from processed_at) * 1000 as processed_ms,
            attempts
       from payment_events
      where gateway = 'sandbox' and type = 'charge.succeeded'
        and payload -> 'data' ->> 'reference' = any($1)`,
    [references],
  );
  const done = rows.filter((r) => r.processed_ms !== null);
  const latencies = done.map((r) => Number(r.processed_ms) - Number(r.received_ms)).sort((a, b) => a - b);
  const firstStored = Math.min(...rows.map((r) => Number(r.received_ms)));
  const lastApplied = Math.max(...done.map((r) => Number(r.processed_ms)));
  const { rows: payRows } = await app.deps.database.executeSql(
    `select status, count(*)::int as n from payments where reference = any($1) group by status`,
    [references],
  );
  return {
    events_stored: rows.length,
    applied: done.length,
    retried: rows.filter((r) => Number(r.attempts) > 1).length,
    subscriptions_active: waited.active,
    timed_out: waited.timedOut,
    payments_by_status: Object.fromEntries(payRows.map((r) => [r.status, r.n])),
    stored_to_applied_ms: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      max: round(latencies.at(-1) ?? null),
    },
    applied_per_s: round(done.length / ((lastApplied - firstStored) / 1000)),
    first_stored_to_last_applied_s: round((lastApplied - firstStored) / 1000),
  };
}

/** Buys Pro for `users` end to end: checkout, pay, wait until applied. */
async function buyAll(app, users) {
  const checkout = await checkoutAll(users);
  const pay = await payAll(users);
  const payEnded = Date.now();
  const waited = await waitForApplied(app, users);
  const drainSeconds = (Date.now() - payEnded) / 1000;
  return { checkout, pay, waited, drainSeconds };
}

/** One provider at a time: checkout, pay, wait until active; then the stored-to-applied figures. */
async function buyOneByOne(app, users) {
  for (const user of users) {
    // A random pause, so the payments do not land in step with the queue's polling (every 0.5 s).
    await sleep(Math.random() * 500);
    await checkoutAll([user]);
    await payAll([user]);
    await waitForApplied(app, [user], 20);
  }
  const waited = await waitForApplied(app, users);
  const { stored_to_applied_ms, applied, timed_out } = await applyFigures(app, users, waited);
  return { payments: users.length, applied, timed_out, stored_to_applied_ms };
}

function signedEvents(secret, count, prefix) {
  const created = Math.floor(Date.now() / 1000);
  return Array.from({ length: count }, (_, i) => {
    const body = JSON.stringify({
      id: `evt_bench_${prefix}_${randomUUID()}`,
      type: 'checkout.cancelled',
      created,
      data: { reference: `adw_bench_${prefix}_${i}`, metadata: { payment_id: randomUUID() } },
    });
    return {
      body: Buffer.from(body),
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signTimestamped(body, secret),
      },
    };
  });
}

async function postWebhooks(events, expectDuplicate) {
  return pool(events, CONCURRENCY, async (event) => {
    const res = await call('POST', '/api/payments/webhooks/sandbox', {
      headers: event.headers,
      body: event.body,
    });
    if (res.status !== 200) return `HTTP ${res.status}`;
    if (res.body?.duplicate !== expectDuplicate) return `duplicate ${res.body?.duplicate}`;
    return true;
  });
}

/* ------------------------------------------------------------------ main */

const startedAll = Date.now();
const loadBefore = os.loadavg().map(round);
let result;
try {
  const database = await prepareDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-bench-pay-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_URL,
    DATA_DIR: dataDir,
    ...(database ? { DATABASE_URL: database.url } : {}),
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '0',
    TRUST_PROXY: 'true',
    PAYMENTS_SANDBOX: 'true',
  });
  log(`starting the app on ${database ? `Postgres (${database.name})` : 'PGlite'}`);
  const app = await buildApp(config, { logger: { level: 'warn', stream: process.stderr } });
  cleanups.push(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = app.server.address().port;
  cleanups.push(async () => agent.destroy());
  const sandbox = app.deps.payments.sandbox;
  if (!sandbox) throw new Error('the sandbox gateway is off');

  const seedStarted = performance.now();
  const warm = await seedProviders(app, 'bench-pay-warm', WARMUP);
  const oneByOne = await seedProviders(app, 'bench-pay-one', ONE_BY_ONE);
  const users = await seedProviders(app, 'bench-pay', PAYMENTS);
  const seedSeconds = round((performance.now() - seedStarted) / 1000);
  // A signed session must be accepted before anything is timed.
  const check = await call('GET', '/api/subscription', { headers: userHeaders(users[0]) });
  if (check.status !== 200)
    throw new Error(`bench session refused: ${check.status} ${JSON.stringify(check.body)}`);

  if (warm.length) {
    log(`warm-up: ${warm.length} providers buy Pro`);
    const w = await buyAll(app, warm);
    if (w.waited.timedOut || w.checkout.failed || w.pay.failed)
      throw new Error(`warm-up failed: ${JSON.stringify(w)}`);
  }

  let applyOneByOne = null;
  if (oneByOne.length) {
    log(`apply without a backlog: ${oneByOne.length} providers buy Pro one after another`);
    applyOneByOne = await buyOneByOne(app, oneByOne);
  }

  log(`checkout: ${PAYMENTS} providers at concurrency ${CONCURRENCY}`);
  const checkout = await checkoutAll(users);
  log('pay: approving every sandbox checkout');
  const pay = await payAll(users);
  const payEnded = Date.now();
  log('apply: waiting for the job queue to make every subscription active');
  const waited = await waitForApplied(app, users);
  const drainSeconds = round((Date.now() - payEnded) / 1000);
  const apply = { ...(await applyFigures(app, users, waited)), after_last_pay_s: drainSeconds };

  log(`webhook intake: ${WEBHOOKS} pre-signed events, then their replays`);
  // The warm-up of the intake path (route, signature, insert), not counted.
  await postWebhooks(signedEvents(sandbox.webhookSecret, Math.min(50, WEBHOOKS), 'warm'), false);
  const events = signedEvents(sandbox.webhookSecret, WEBHOOKS, 'run');
  const fresh = await postWebhooks(events, false);
  const replays = await postWebhooks(events, true);

  result = {
    machine: { cpus: os.cpus().length, node: process.version, load_average_before: loadBefore },
    database: database ? { kind: 'postgres', name: database.name } : { kind: 'pglite' },
    transport: 'real HTTP on 127.0.0.1 (node:http keep-alive); app and client in this one process',
    settings: {
      payments: PAYMENTS,
      concurrency: CONCURRENCY,
      webhooks: WEBHOOKS,
      warmup_providers: WARMUP,
      one_by_one_providers: ONE_BY_ONE,
      plan: 'pro monthly, GHS, sandbox mobile money',
    },
    seed_seconds: seedSeconds,
    checkout,
    pay,
    apply,
    apply_one_by_one: applyOneByOne,
    webhook_intake: { new_events: fresh, replays },
    load_average_after: os.loadavg().map(round),
    total_seconds: Math.round((Date.now() - startedAll) / 1000),
  };
} finally {
  await cleanup();
}
// Ctrl-C: the signal handler exits once the cleanup is done.
if (interrupted) await new Promise(() => {});
console.log(JSON.stringify(result, null, 2));
const failed =
  result.checkout.failed ||
  result.pay.failed ||
  result.apply.timed_out ||
  result.apply_one_by_one?.timed_out ||
  result.webhook_intake.new_events.failed ||
  result.webhook_intake.replays.failed;
process.exit(failed ? 1 : 0);
