#!/usr/bin/env node
// Booking money benchmark, printed as JSON (issue 18). Run from the root: npm run bench:booking-money
//
// The real app (buildApp) runs in this process with the TEST MODE sandbox gateway (bench/lib/app.mjs,
// as bench/payments.mjs): embedded PGlite in a temporary DATA_DIR by default; with BENCH_DATABASE_URL
// (a Postgres server's admin URL) a database adwuma_bench_money_<time> is created there and dropped
// at the end. Every money step below is real HTTP to it (keep-alive, its own X-Forwarded-For address
// per request) and the sandbox's signed webhooks through the intake and the job queue.
//
// Seeded straight into the database (not measured): BENCH_PROVIDERS (bookings / 4, at most 250)
// providers on Starter with a sandbox mobile-money payout method (no hold), BENCH_CUSTOMERS
// (bookings / 2) customers, each with a signed session (bench/lib/users.mjs), and BENCH_BOOKINGS
// (1000) bookings as createBooking writes them: scheduled today, awaiting payment (due in 48 h),
// 50 to 500 cedis. Then, BENCH_CONCURRENCY (20) bookings at a time:
// 1. pay_checkout: the customer's POST /api/bookings/:id/pay (mobile money) opens a sandbox checkout;
// 2. sandbox_pay: POST /api/payments/sandbox/:reference/pay (approve): the sandbox signs a
//    charge.succeeded webhook and stores it through the intake before it answers; the job queue
//    applies it (payment succeeded, ledger booking_payment, booking 'held', notices). pay_to_held:
//    from the pay request to the event applied (payment_events.processed_at; one clock, this process),
//    waited for by polling the database;
// 3. complete: the provider's POST .../start and .../mark-done, the customer's .../confirm, which
//    releases the held money in its transaction (commission, pending earnings): 'released';
// 4. maturity: the payouts feature's matureEarnings(now + 8 days) in this process, as its cron runs it
//    (Starter's payout delay is 7 days; one transaction per booking, one after another, 1,000 a call):
//    seconds, bookings per second, and the time between consecutive maturity transactions;
// 5. payout: runPayouts(now + 8 days) in this process, as the cron: one payout per provider (available
//    → in flight), the sandbox takes each transfer and sends transfer.success by webhook, applied by
//    the job queue (in flight → paid). sent_to_paid: sandbox_transfers.created_at → processed_at.
// A warm-up of BENCH_WARMUP (20) bookings of other providers (no payout method) goes through 1-3
// first, not counted in 1-3 (their earnings mature in 4; they are never paid out).
// Then the ledger is checked: every transaction sums to zero; the held account of every booking,
// and every provider's pending and in-flight accounts, are back to zero; for every provider the
// paid payouts equal their earnings minus what is still available; the gateway account equals the
// payments taken minus the payouts paid, and commission revenue the bookings' commission.
// It exits non-zero when a request fails, a wait times out (BENCH_WAIT_TIMEOUT_MS, 300000 per wait)
// or the ledger does not balance. Runs under tsx (the root script passes --import tsx).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { ESCROW_ACCOUNTS, PAYOUT_DELAY_DAYS, paymentDueAt, toIsoDate } from '@adwuma/shared';
import { bookingEvents, bookings, payoutSettings } from '../apps/server/src/db/schema.ts';
import { matureEarnings, runPayouts } from '../apps/server/src/features/payouts/index.ts';
import { MOMO_BANK_CODES } from '../apps/server/src/kernel/payments/gateway.ts';
import { SANDBOX_ACCOUNTS, sandboxAccountName } from '../apps/server/src/kernel/payments/sandbox.ts';
import { databaseLabel, PUBLIC_URL, startBenchApp } from './lib/app.mjs';
import {
  cleanup,
  cleanupOnSignals,
  isInterrupted,
  latencySummary,
  log,
  MOMO_APPROVE,
  onCleanup,
  round,
  sleep,
  waitIfInterrupted,
} from './lib/common.mjs';
import { createHttpClient, pool } from './lib/http.mjs';
import { seedBenchUsers } from './lib/users.mjs';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 1000);
const PROVIDERS = Number(process.env.BENCH_PROVIDERS ?? Math.max(1, Math.min(250, Math.ceil(BOOKINGS / 4))));
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? Math.max(1, Math.ceil(BOOKINGS / 2)));
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const WAIT_TIMEOUT_MS = Number(process.env.BENCH_WAIT_TIMEOUT_MS ?? 300_000);
const adminUrl = process.env.BENCH_DATABASE_URL || null;
const DAY_MS = 86_400_000;

cleanupOnSignals();
/** The HTTP client and the app, once it listens. */
let call;
let app;

const sql = (text, values) => app.deps.database.executeSql(text, values);
const headersOf = (user) => ({ cookie: user.cookie, origin: PUBLIC_URL });

/* ------------------------------------------------------------------ seeding */

/** Sandbox mobile-money payout methods, as a saved lookup leaves them, without the 24 h hold. */
async function seedPayoutMethods(providers) {
  const sandbox = app.deps.payments.sandbox;
  const rows = [];
  for (const [i, provider] of providers.entries()) {
    // Last four digits 1000-7999: never the sandbox's failing, reversed or unknown accounts.
    const accountNumber = `024${String(i % 1000).padStart(3, '0')}${1000 + (i % 7000)}`;
    if (Object.values(SANDBOX_ACCOUNTS).some((end) => accountNumber.endsWith(end)))
      throw new Error(`bench account ${accountNumber} is a special sandbox account`);
    const recipient = await sandbox.createRecipient({
      type: 'mobile_money',
      bankCode: MOMO_BANK_CODES.mtn,
      accountNumber,
    });
    rows.push({
      provider_id: provider.id,
      type: 'mobile_money',
      network: 'mtn',
      bank_code: MOMO_BANK_CODES.mtn,
      account_number: accountNumber,
      account_name: sandboxAccountName(accountNumber),
      gateway: 'sandbox',
      recipient_code: recipient,
    });
  }
  for (let i = 0; i < rows.length; i += 500) {
    await app.deps.database.db.insert(payoutSettings).values(rows.slice(i, i + 500));
  }
}

/**
 * `count` bookings as createBooking writes them (and its 'create' history row), round-robin over the
 * customers and providers, scheduled today (so start and mark done are allowed), awaiting payment.
 */
async function seedBookings(count, customers, providers, label) {
  const now = new Date();
  const today = toIsoDate(now);
  const specs = Array.from({ length: count }, (_, i) => ({
    customer: customers[i % customers.length],
    provider: providers[i % providers.length],
    // 50.00 to 500.00 cedis, in pesewas.
    price: 5_000 + ((i * 7_919) % 45_001),
  }));
  await app.deps.database.db.transaction(async (tx) => {
    for (let i = 0; i < specs.length; i += 500) {
      const batch = specs.slice(i, i + 500);
      const ids = await tx
        .insert(bookings)
        .values(
          batch.map((s, k) => ({
            customer_id: s.customer.id,
            provider_id: s.provider.id,
            source: 'quote',
            title: `Bench ${label} booking ${i + k}`,
            price_minor: s.price,
            scheduled_date: today,
            city: 'Accra',
            address: 'Bench Street 1',
            status: 'scheduled',
            payment_status: 'awaiting_payment',
            payment_due_at: paymentDueAt(now),
          })),
        )
        .returning({ id: bookings.id });
      ids.forEach((row, k) => {
        batch[k].id = row.id;
      });
      await tx.insert(bookingEvents).values(
        batch.map((s) => ({
          booking_id: s.id,
          actor_id: s.customer.id,
          actor_role: 'customer',
          action: 'create',
          from_status: null,
          to_status: 'scheduled',
        })),
      );
    }
  });
  return specs;
}

/* ------------------------------------------------------------------ waiting */

/** Polls `read()` until `done(value)` (or the timeout, or Ctrl-C); answers the last value. */
async function waitFor(label, read, done, pollMs = 50) {
  const deadline = Date.now() + WAIT_TIMEOUT_MS;
  let value;
  for (;;) {
    value = await read();
    if (done(value) || Date.now() > deadline || isInterrupted()) break;
    await sleep(pollMs);
  }
  const timedOut = !done(value);
  if (timedOut) log(`${label}: not done after ${WAIT_TIMEOUT_MS} ms (${JSON.stringify(value)})`);
  return { value, timed_out: timedOut };
}

const countBookings = async (ids, column, value) =>
  (
    await sql(`select count(*)::int as n from bookings where id = any($1::uuid[]) and ${column} = $2`, [
      ids,
      value,
    ])
  ).rows[0].n;

/* ------------------------------------------------------------------ steps */

/** Step 1: every customer opens the booking's checkout. */
function payCheckout(items) {
  return pool(items, CONCURRENCY, async (b) => {
    const res = await call('POST', `/api/bookings/${b.id}/pay`, {
      headers: headersOf(b.customer),
      body: { method: 'mobile_money' },
    });
    if (res.status !== 200 || !res.body?.url) return `HTTP ${res.status} ${res.body?.code ?? ''}`.trim();
    b.paymentId = res.body.payment_id;
    b.reference = res.body.url.split('/').pop();
    return true;
  });
}

/** Step 2: every customer approves the sandbox prompt (the webhook is stored before the answer). */
function sandboxPay(items) {
  return pool(
    items.filter((b) => b.reference),
    CONCURRENCY,
    async (b) => {
      b.payStartedMs = Date.now();
      const res = await call('POST', `/api/payments/sandbox/${b.reference}/pay`, {
        headers: headersOf(b.customer),
        body: MOMO_APPROVE,
      });
      if (res.status !== 200) return `HTTP ${res.status} ${res.body?.code ?? ''}`.trim();
      if (res.body?.status !== 'succeeded') return String(res.body?.status);
      b.paid = true;
      return true;
    },
  );
}

/** Step 2, after the answers: waits until every paid booking is held, then the apply figures. */
async function heldFigures(items, payEndedMs) {
  const paid = items.filter((b) => b.paid);
  const waited = await waitFor(
    'held',
    () =>
      countBookings(
        paid.map((b) => b.id),
        'payment_status',
        'held',
      ),
    (n) => n >= paid.length,
  );
  const afterLastPay = (Date.now() - payEndedMs) / 1000;
  const { rows } = await sql(
    `select payload -> 'data' ->> 'reference' as reference,
            extract(epoch from received_at) * 1000 as received_ms,
            extract(epoch from processed_at) * 1000 as processed_ms
       from payment_events
      where gateway = 'sandbox' and type = 'charge.succeeded' and payload -> 'data' ->> 'reference' = any($1)`,
    [paid.map((b) => b.reference)],
  );
  const byReference = new Map(rows.map((r) => [r.reference, r]));
  const payToHeld = [];
  const storedToApplied = [];
  let lastApplied = 0;
  for (const b of paid) {
    const r = byReference.get(b.reference);
    if (!r || r.processed_ms === null) continue;
    payToHeld.push(Number(r.processed_ms) - b.payStartedMs);
    storedToApplied.push(Number(r.processed_ms) - Number(r.received_ms));
    lastApplied = Math.max(lastApplied, Number(r.processed_ms));
  }
  const firstPay = Math.min(...paid.map((b) => b.payStartedMs));
  return {
    held: waited.value,
    timed_out: waited.timed_out,
    pay_to_held_ms: latencySummary(payToHeld),
    webhook_stored_to_applied_ms: latencySummary(storedToApplied),
    held_per_s: round(payToHeld.length / ((lastApplied - firstPay) / 1000)),
    last_held_after_last_pay_answer_s: round(afterLastPay),
  };
}

const ACTIONS = [
  ['start', 'start', 'provider'],
  ['mark_done', 'mark-done', 'provider'],
  ['confirm', 'confirm', 'customer'],
];

/** Step 3: start and mark done (provider), confirm (customer): the held money is released. */
async function complete(items) {
  const latencies = { start: [], mark_done: [], confirm: [] };
  const all = await pool(
    items.filter((b) => b.paid),
    CONCURRENCY,
    async (b) => {
      for (const [key, path, side] of ACTIONS) {
        const t0 = performance.now();
        const res = await call('POST', `/api/bookings/${b.id}/${path}`, {
          headers: headersOf(b[side]),
          body: {},
        });
        if (res.status !== 200) return `${path}: HTTP ${res.status} ${res.body?.code ?? ''}`.trim();
        latencies[key].push(performance.now() - t0);
      }
      b.completed = true;
      return true;
    },
  );
  const ids = items.filter((b) => b.completed).map((b) => b.id);
  return {
    all_three: all,
    start_ms: latencySummary(latencies.start),
    mark_done_ms: latencySummary(latencies.mark_done),
    confirm_ms: latencySummary(latencies.confirm),
    released: await countBookings(ids, 'payment_status', 'released'),
  };
}

/** Step 4: the maturity cron's function with the clock moved past Starter's payout delay. */
async function maturity(at) {
  const started = performance.now();
  let matured = 0;
  let calls = 0;
  for (;;) {
    const n = await matureEarnings(app.deps, at);
    calls++;
    matured += n;
    if (n === 0 || isInterrupted()) break;
  }
  const seconds = (performance.now() - started) / 1000;
  // One transaction per booking, one after another: the gaps between their start times.
  const { rows } = await sql(
    `select extract(epoch from created_at) * 1000 as at_ms from ledger_transactions
      where kind = 'earnings_available' order by created_at`,
  );
  const gaps = rows.slice(1).map((r, i) => Number(r.at_ms) - Number(rows[i].at_ms));
  return {
    matured,
    calls,
    seconds: round(seconds),
    per_s: round(matured / seconds),
    between_transactions_ms: latencySummary(gaps),
  };
}

/** Step 5: the payout cron's run, then every payout's transfer webhook applied. */
async function payout(at, providers) {
  const started = performance.now();
  const startedIds = await runPayouts(app.deps, at);
  const runSeconds = (performance.now() - started) / 1000;
  const runEndedMs = Date.now();
  const ids = providers.map((p) => p.id);
  // Every payout of these providers (the cron may have started some too) until none is pending.
  const statuses = async () =>
    (
      await sql(
        `select count(*)::int as total, (count(*) filter (where status = 'pending'))::int as pending,
                (count(*) filter (where status = 'paid'))::int as paid
           from payouts where provider_id = any($1)`,
        [ids],
      )
    ).rows[0];
  const waited = await waitFor('payouts settled', statuses, (s) => s.pending === 0);
  const { total, paid } = waited.value;
  const afterRun = (Date.now() - runEndedMs) / 1000;
  const { rows } = await sql(
    `select p.status,
            extract(epoch from t.created_at) * 1000 as sent_ms,
            extract(epoch from e.received_at) * 1000 as stored_ms,
            extract(epoch from e.processed_at) * 1000 as applied_ms
       from payouts p
       join sandbox_transfers t on t.reference = p.reference
       left join payment_events e
         on e.gateway = 'sandbox' and e.type = 'transfer.success' and e.payload -> 'data' ->> 'reference' = p.reference
      where p.provider_id = any($1)`,
    [ids],
  );
  const done = rows.filter((r) => r.applied_ms !== null);
  const sentToPaid = done.map((r) => Number(r.applied_ms) - Number(r.sent_ms));
  const storedToApplied = done.map((r) => Number(r.applied_ms) - Number(r.stored_ms));
  const firstSent = Math.min(...rows.map((r) => Number(r.sent_ms)));
  const lastApplied = Math.max(...done.map((r) => Number(r.applied_ms)));
  return {
    payouts: total,
    started_by_this_run: startedIds.length,
    paid,
    timed_out: waited.timed_out || paid < total,
    run_seconds: round(runSeconds),
    run_payouts_per_s: round(startedIds.length / runSeconds),
    sent_to_paid_ms: latencySummary(sentToPaid),
    webhook_stored_to_applied_ms: latencySummary(storedToApplied),
    paid_per_s: round(done.length / ((lastApplied - firstSent) / 1000)),
    last_paid_after_run_s: round(afterRun),
  };
}

/* ------------------------------------------------------------------ the ledger */

/**
 * The books after the run: balanced transactions, emptied held / pending / in-flight accounts, and
 * for every provider paid payouts = earnings − still available (the database holds only this run).
 */
async function ledgerCheck(bookingIds, providerIds) {
  const one = async (text, values) => (await sql(text, values)).rows[0];
  const unbalanced = await one(
    `select count(*)::int as n from (
       select transaction_id from ledger_entries group by transaction_id, currency having sum(amount_minor) <> 0
     ) x`,
  );
  const transactions = await one(`select count(*)::int as n from ledger_transactions`);
  const held = await one(
    `select count(*)::int as n, coalesce(sum(abs(s)), 0)::bigint as total from (
       select b.id, coalesce(sum(e.amount_minor), 0) as s
         from bookings b left join ledger_entries e on e.account = 'held:booking:' || b.id
        where b.id = any($1::uuid[]) group by b.id
     ) x where s <> 0`,
    [bookingIds],
  );
  const { rows: balances } = await sql(
    `select account, sum(amount_minor)::bigint as balance from ledger_entries
      where account like 'provider:%' group by account`,
  );
  const balance = new Map(balances.map((r) => [r.account, Number(r.balance)]));
  const owed = (account) => -(balance.get(account) ?? 0);
  const { rows: earnings } = await sql(
    `select provider_id, sum(earnings_minor)::bigint as earnings from bookings
      where provider_id = any($1) group by provider_id`,
    [providerIds],
  );
  const earned = new Map(earnings.map((r) => [r.provider_id, Number(r.earnings)]));
  const { rows: paidRows } = await sql(
    `select provider_id, sum(amount_minor)::bigint as paid from payouts
      where status = 'paid' and provider_id = any($1) group by provider_id`,
    [providerIds],
  );
  const paidOut = new Map(paidRows.map((r) => [r.provider_id, Number(r.paid)]));
  let pendingLeft = 0;
  let inFlightLeft = 0;
  let mismatched = 0;
  const totals = { earnings: 0, available: 0, paid: 0 };
  for (const id of providerIds) {
    if (owed(ESCROW_ACCOUNTS.pending(id)) !== 0) pendingLeft++;
    if (owed(ESCROW_ACCOUNTS.inFlight(id)) !== 0) inFlightLeft++;
    const e = earned.get(id) ?? 0;
    const available = owed(ESCROW_ACCOUNTS.available(id));
    const paid = paidOut.get(id) ?? 0;
    if (paid !== e - available) mismatched++;
    totals.earnings += e;
    totals.available += available;
    totals.paid += paid;
  }
  const gateway = await one(
    `select
       coalesce((select sum(amount_minor) from ledger_entries where account = $1), 0)::bigint as balance,
       coalesce((select sum(amount_minor) from payments where purpose = 'booking' and status = 'succeeded'), 0)::bigint as taken,
       coalesce((select sum(amount_minor) from payouts where status = 'paid'), 0)::bigint as paid_out`,
    [ESCROW_ACCOUNTS.gateway('sandbox')],
  );
  const commission = await one(
    `select
       coalesce((select -sum(amount_minor) from ledger_entries where account = $1), 0)::bigint as revenue,
       coalesce((select sum(commission_minor) from bookings), 0)::bigint as bookings`,
    [ESCROW_ACCOUNTS.commission],
  );
  const gatewayOk = Number(gateway.balance) === Number(gateway.taken) - Number(gateway.paid_out);
  const commissionOk = Number(commission.revenue) === Number(commission.bookings);
  const balanced =
    unbalanced.n === 0 &&
    held.n === 0 &&
    pendingLeft === 0 &&
    inFlightLeft === 0 &&
    mismatched === 0 &&
    gatewayOk &&
    commissionOk;
  return {
    balanced,
    transactions: transactions.n,
    unbalanced_transactions: unbalanced.n,
    bookings_with_money_held: held.n,
    providers_with_pending_left: pendingLeft,
    providers_with_money_in_flight: inFlightLeft,
    providers_paid_not_earnings_minus_available: mismatched,
    providers_earnings_minor: totals.earnings,
    providers_available_minor: totals.available,
    payouts_paid_minor: totals.paid,
    gateway: {
      ok: gatewayOk,
      balance_minor: Number(gateway.balance),
      booking_payments_minor: Number(gateway.taken),
      payouts_paid_minor: Number(gateway.paid_out),
    },
    commission: {
      ok: commissionOk,
      revenue_minor: Number(commission.revenue),
      bookings_minor: Number(commission.bookings),
    },
  };
}

/* ------------------------------------------------------------------ main */

const startedAll = Date.now();
const loadBefore = os.loadavg().map(round);
let result;
try {
  const started = await startBenchApp({ adminUrl, prefix: 'adwuma_bench_money' });
  app = started.app;
  const client = createHttpClient({ port: started.port, concurrency: CONCURRENCY });
  onCleanup(async () => client.destroy());
  call = client.call;
  if (!app.deps.payments.sandbox) throw new Error('the sandbox gateway is off');

  log(`seeding ${PROVIDERS} providers, ${CUSTOMERS} customers, ${BOOKINGS} bookings (+${WARMUP} warm-up)`);
  const seedStarted = performance.now();
  const providers = await seedBenchUsers(app, 'bench-money-p', PROVIDERS, 'provider');
  const customers = await seedBenchUsers(app, 'bench-money-c', CUSTOMERS, 'customer');
  await seedPayoutMethods(providers);
  const warmProviders = WARMUP ? await seedBenchUsers(app, 'bench-money-wp', 2, 'provider') : [];
  const warm = WARMUP ? await seedBookings(WARMUP, customers, warmProviders, 'warm-up') : [];
  const items = await seedBookings(BOOKINGS, customers, providers, 'run');
  const seedSeconds = round((performance.now() - seedStarted) / 1000);
  // A signed session must be accepted before anything is timed.
  const check = await call('GET', `/api/bookings/${items[0].id}`, { headers: headersOf(items[0].customer) });
  if (check.status !== 200)
    throw new Error(`bench session refused: ${check.status} ${JSON.stringify(check.body)}`);

  if (warm.length) {
    log(`warm-up: ${warm.length} bookings paid and completed`);
    const w = [await payCheckout(warm), await sandboxPay(warm)];
    const held = await heldFigures(warm, Date.now());
    const c = await complete(warm);
    if (w.some((s) => s.failed) || held.timed_out || c.all_three.failed)
      throw new Error(`warm-up failed: ${JSON.stringify({ w, held, c })}`);
  }

  const moneyStarted = performance.now();
  log(`pay checkout: ${items.length} bookings at concurrency ${CONCURRENCY}`);
  const checkout = await payCheckout(items);
  log('sandbox pay: approving every checkout');
  const pay = await sandboxPay(items);
  const payEnded = Date.now();
  log('held: waiting for the job queue to apply every payment');
  const held = await heldFigures(items, payEnded);
  log('complete: start, mark done, confirm');
  const completed = await complete(items);
  const clock = new Date(Date.now() + (PAYOUT_DELAY_DAYS.starter + 1) * DAY_MS);
  log(`maturity: matureEarnings at ${clock.toISOString()}`);
  const matured = await maturity(clock);
  log('payout: runPayouts, then waiting for every transfer webhook');
  const paidOut = await payout(clock, providers);
  const moneySeconds = (performance.now() - moneyStarted) / 1000;

  log('ledger: checking the books');
  const ledger = await ledgerCheck(
    [...warm, ...items].map((b) => b.id),
    [...warmProviders, ...providers].map((p) => p.id),
  );

  result = {
    machine: { cpus: os.cpus().length, node: process.version, load_average_before: loadBefore },
    database: databaseLabel(started.database),
    transport: 'real HTTP on 127.0.0.1 (node:http keep-alive); app and client in this one process',
    settings: {
      bookings: BOOKINGS,
      providers: PROVIDERS,
      customers: CUSTOMERS,
      concurrency: CONCURRENCY,
      warmup_bookings: WARMUP,
      tier: 'starter (7-day payout delay, clock moved 8 days for maturity and payouts)',
    },
    seed_seconds: seedSeconds,
    throughput: {
      bookings: BOOKINGS,
      seconds: round(moneySeconds),
      bookings_per_s: round(BOOKINGS / moneySeconds),
      note: 'first pay checkout to last payout paid, all five steps',
    },
    steps: {
      pay_checkout: checkout,
      sandbox_pay: pay,
      held,
      complete: completed,
      maturity: matured,
      payout: paidOut,
    },
    ledger,
    load_average_after: os.loadavg().map(round),
    total_seconds: Math.round((Date.now() - startedAll) / 1000),
  };
} finally {
  await cleanup();
}
await waitIfInterrupted();
console.log(JSON.stringify(result, null, 2));
const { steps } = result;
const failed =
  steps.pay_checkout.failed ||
  steps.sandbox_pay.failed ||
  steps.held.timed_out ||
  steps.complete.all_three.failed ||
  steps.complete.released !== BOOKINGS ||
  steps.payout.timed_out ||
  !result.ledger.balanced;
process.exit(failed ? 1 : 0);
