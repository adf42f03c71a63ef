#!/usr/bin/env node
// Payments benchmark, printed as JSON (issue 17). Run from the root: npm run bench:payments
//
// The real app (buildApp) runs in this process on a temporary DATA_DIR with the TEST MODE sandbox
// gateway on, listening on 127.0.0.1 (a free port); every call below is real HTTP to it (node:http,
// keep-alive), from the same process. Database: embedded PGlite in DATA_DIR by default; with
// BENCH_DATABASE_URL (a server's admin URL, as the other benches take) a fresh database
// adwuma_bench_pay_<time> is created there and dropped at the end.
//
// BENCH_PAYMENTS (200) providers are written directly with a signed session each (bench/lib/users.mjs:
// no password hashing), then, at BENCH_CONCURRENCY (8) requests at a time:
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
// own X-Forwarded-For address. Runs under tsx (the root script passes --import tsx). The app, the HTTP
// client, the pool and the cleanup are shared with bench/booking-money.mjs (bench/lib/).
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { SANDBOX_SIGNATURE_HEADER } from '../apps/server/src/kernel/payments/sandbox.ts';
import { signTimestamped } from '../apps/server/src/kernel/payments/signature.ts';
import { databaseLabel, PUBLIC_URL, startBenchApp } from './lib/app.mjs';
import {
  cleanup,
  cleanupOnSignals,
  isInterrupted,
  log,
  MOMO_APPROVE,
  onCleanup,
  percentile,
  round,
  sleep,
  waitIfInterrupted,
} from './lib/common.mjs';
import { createHttpClient, pool } from './lib/http.mjs';
import { seedBenchUsers } from './lib/users.mjs';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 1000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 16);
/** Providers who buy one after another (nothing queued): the apply latency without a backlog. */
const ONE_BY_ONE = Number(process.env.BENCH_ONE_BY_ONE ?? 20);
/** How long to wait for the job queue to apply every paid checkout before giving up. */
const APPLY_TIMEOUT_MS = Number(process.env.BENCH_APPLY_TIMEOUT_MS ?? 300_000);
const adminUrl = process.env.BENCH_DATABASE_URL || null;

cleanupOnSignals();
/** The HTTP client, once the app listens. */
let call;

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
    if (active >= paid.length || Date.now() > deadline || isInterrupted()) break;
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
  const { app, port, database } = await startBenchApp({ adminUrl, prefix: 'adwuma_bench_pay' });
  const client = createHttpClient({ port, concurrency: CONCURRENCY });
  onCleanup(async () => client.destroy());
  call = client.call;
  const sandbox = app.deps.payments.sandbox;
  if (!sandbox) throw new Error('the sandbox gateway is off');

  const seedStarted = performance.now();
  const warm = await seedBenchUsers(app, 'bench-pay-warm', WARMUP, 'provider');
  const oneByOne = await seedBenchUsers(app, 'bench-pay-one', ONE_BY_ONE, 'provider');
  const users = await seedBenchUsers(app, 'bench-pay', PAYMENTS, 'provider');
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
    database: databaseLabel(database),
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
await waitIfInterrupted();
console.log(JSON.stringify(result, null, 2));
const failed =
  result.checkout.failed ||
  result.pay.failed ||
  result.apply.timed_out ||
  result.apply_one_by_one?.timed_out ||
  result.webhook_intake.new_events.failed ||
  result.webhook_intake.replays.failed;
process.exit(failed ? 1 : 0);
