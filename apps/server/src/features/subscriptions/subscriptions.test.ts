import { addPeriod, CHECKOUT_MESSAGES, SANDBOX_MESSAGES } from '@adwuma/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import {
  ledgerEntries,
  paymentEvents,
  payments,
  sandboxTransactions,
  subscriptions,
} from '../../db/schema.ts';
import { ledgerBalances } from '../../kernel/payments/ledger.ts';
import { signTimestamped } from '../../kernel/payments/signature.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeAdmin, signUp } from '../../test/auth.ts';
import { noticesOf } from '../../test/jobs.ts';
import {
  buyPlan,
  CARD_APPROVE,
  CARD_DECLINE,
  checkout,
  paymentReaders,
  referenceOf,
  sandboxPay,
  waitForPayment,
} from '../../test/payments.ts';
import { call } from '../../test/providers.ts';
import { reconcilePayments } from '../payments/reconcile.ts';
import { runRenewals } from './renewals.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('subscriptions through the embedded sandbox gateway', () => {
  let t: TestApp;
  const { subscriptionOf } = paymentReaders(() => t);
  const provider = () => signUp(t, { role: 'explorer', name: 'Efua Asante' });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('publishes prices in cedis and dollars, both payable in TEST MODE', async () => {
    const res = await call(t, 'GET', '/api/pricing');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.prices.pro.monthly).toEqual({ GHS: 15_000, USD: 1_200 });
    expect(body.prices.premium.annual).toEqual({ GHS: 600_000, USD: 49_000 });
    expect(body.test_mode).toBe(true);
    expect(body.currencies).toContainEqual({
      currency: 'GHS',
      available: true,
      gateway: 'sandbox',
      methods: ['mobile_money', 'card'],
    });
  });

  it("answers the spec's words to a visitor and a customer", async () => {
    let res = await call(t, 'POST', '/api/create-checkout-session', undefined, { tier: 'pro' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(CHECKOUT_MESSAGES.authRequired);
    const customer = await signUp(t);
    res = await call(t, 'POST', '/api/create-checkout-session', customer.cookie, { tier: 'pro' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(CHECKOUT_MESSAGES.providersOnly);
  });

  it('refuses a bad body naming the field', async () => {
    const user = await provider();
    for (const [body, field] of [
      [{ tier: 'starter' }, 'tier'],
      [{ tier: 'pro', cadence: 'weekly' }, 'cadence'],
      [{ tier: 'pro', currency: 'eur' }, 'currency'],
      [{ tier: 'pro', return_to: 'https://evil.example/' }, 'return_to'],
    ] as const) {
      const res = await call(t, 'POST', '/api/create-checkout-session', user.cookie, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(field);
    }
  });

  it('sells Pro in cedis by mobile money: the tier changes only when the signed webhook is applied', async () => {
    const user = await provider();
    const answer = await checkout(t, user, { tier: 'pro', currency: 'ghs', cadence: 'monthly' });
    expect(answer.url).toMatch(/^\/pay\/test\/adw_[0-9a-f]{24}$/);

    // Coming back to /payment-success changes nothing: the payment is pending, the tier Starter.
    let res = await call(t, 'GET', `/api/payments/${answer.payment_id}`, user.cookie);
    expect(res.json()).toMatchObject({
      status: 'pending',
      tier_now: 'starter',
      amount_minor: 15_000,
      currency: 'GHS',
    });
    expect((await subscriptionOf(user)).pending_payment).toEqual({ id: answer.payment_id, url: answer.url });

    res = await call(t, 'GET', `/api/payments/sandbox/${referenceOf(answer)}`, user.cookie);
    expect(res.json()).toMatchObject({
      status: 'pending',
      amount_minor: 15_000,
      methods: ['mobile_money', 'card'],
    });

    res = await sandboxPay(t, user, answer, {
      method: 'mobile_money',
      network: 'mtn',
      phone: '0244123456',
      decision: 'approve',
      pin: '12',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0]).toEqual({
      field: 'pin',
      message: SANDBOX_MESSAGES.pinInvalid,
    });

    res = await sandboxPay(t, user, answer);
    expect(res.json()).toEqual({
      status: 'succeeded',
      redirect: `/payment-success?payment=${answer.payment_id}`,
    });
    const paid = await waitForPayment(t, answer.payment_id, 'succeeded');
    expect(paid.receipt_number).toMatch(/^ADW-\d{4}-\d{6}$/);
    expect(paid.method_label).toBe('MTN MoMo ••• 3456');

    const sub = await subscriptionOf(user);
    expect(sub).toMatchObject({
      tier: 'pro',
      status: 'active',
      subscribed: true,
      currency: 'GHS',
      cadence: 'monthly',
      amount_minor: 15_000,
      gateway: 'sandbox',
      payment_method: 'mobile_money',
      renewal: 'pay_link',
      pending_payment: null,
      test_mode: true,
    });
    const start = new Date(sub.current_period_start);
    expect(new Date(sub.current_period_end).getTime()).toBe(addPeriod(start, 'monthly').getTime());
    expect(sub.payments[0]).toMatchObject({ id: answer.payment_id, status: 'succeeded' });

    const [notice] = await noticesOf(t, user.id, 'billing');
    expect(notice).toMatchObject({
      title: 'Your Pro plan is active',
      link: `/subscription/receipts/${answer.payment_id}`,
    });

    // The ledger holds the payment once, balanced.
    const balances = await ledgerBalances(t.database.db);
    expect(balances.get('GHS:gateway:sandbox')! + balances.get('GHS:revenue:subscriptions')!).toBe(0);
    const rows = await t.database.db
      .select({ sum: sql<string>`sum(${ledgerEntries.amount_minor})` })
      .from(ledgerEntries);
    expect(Number(rows[0]!.sum)).toBe(0);

    // The checkout is closed now.
    res = await sandboxPay(t, user, answer);
    expect(res.statusCode).toBe(409);
  });

  it('takes a declined test card, then an approved one, in dollars', async () => {
    const user = await provider();
    const answer = await checkout(t, user, { tier: 'premium', currency: 'usd', cadence: 'monthly' });
    let res = await sandboxPay(t, user, answer, CARD_DECLINE);
    expect(res.json()).toEqual({ status: 'declined', message: SANDBOX_MESSAGES.cardDeclined });
    res = await call(t, 'GET', `/api/payments/${answer.payment_id}`, user.cookie);
    expect(res.json()).toMatchObject({ status: 'pending', tier_now: 'starter' });
    res = await sandboxPay(t, user, answer, {
      method: 'card',
      number: '4111 1111 1111 1111',
      expiry: '12/30',
      cvc: '123',
    });
    expect(res.statusCode).toBe(400);
    res = await sandboxPay(t, user, answer, CARD_APPROVE);
    expect(res.json().status).toBe('succeeded');
    await waitForPayment(t, answer.payment_id, 'succeeded');
    const sub = await subscriptionOf(user);
    expect(sub).toMatchObject({
      tier: 'premium',
      currency: 'USD',
      amount_minor: 4_900,
      renewal: 'automatic',
    });
  });

  it('refuses a yearly plan in dollars (spec 7: dollars monthly by card), naming the cadence', async () => {
    const user = await provider();
    const res = await call(t, 'POST', '/api/create-checkout-session', user.cookie, {
      tier: 'pro',
      currency: 'usd',
      cadence: 'annual',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: `cadence: ${CHECKOUT_MESSAGES.dollarsMonthly}`,
    });
  });

  it('keeps a payment and its test checkout from anyone but the payer', async () => {
    const user = await provider();
    const other = await provider();
    const answer = await checkout(t, user);
    for (const [method, url, body] of [
      ['GET', `/api/payments/${answer.payment_id}`, undefined],
      ['GET', `/api/payments/sandbox/${referenceOf(answer)}`, undefined],
      ['POST', `/api/payments/sandbox/${referenceOf(answer)}/pay`, CARD_APPROVE],
      ['POST', `/api/payments/sandbox/${referenceOf(answer)}/cancel`, undefined],
    ] as const) {
      const res = await call(t, method, url, other.cookie, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const admin = await signUp(t, { name: 'Chief Admin' });
    await makeAdmin(t, admin.id);
    const res = await call(t, 'GET', `/api/payments/${answer.payment_id}`, admin.cookie);
    expect(res.statusCode).toBe(200);
    // The receipt names the payer, also when an admin reads it.
    expect(res.json().payer).toEqual({ name: 'Efua Asante', email: user.email });
  });

  it('refuses a webhook with a bad signature, an old one, and changes nothing on a replay', async () => {
    const user = await provider();
    const answer = await checkout(t, user);
    const secret = t.app.deps.payments.sandbox!.webhookSecret;
    const event = {
      id: `evt_test_${answer.payment_id}`,
      type: 'charge.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: {
        reference: referenceOf(answer),
        amount_minor: 15_000,
        currency: 'GHS',
        method: 'mobile_money',
        method_label: 'Telecel Cash ••• 9876',
        authorization_code: null,
        metadata: { payment_id: answer.payment_id },
      },
    };
    const body = JSON.stringify(event);
    const send = (signature: string, payload = body) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/sandbox',
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
        payload,
      });
    let res = await send(signTimestamped(body, 'not-the-secret'));
    expect(res.statusCode).toBe(400);
    res = await send(signTimestamped(body, secret, Math.floor(Date.now() / 1000) - 301));
    expect(res.statusCode).toBe(400);
    res = await send(signTimestamped(body, secret), body.replace('15000', '1'));
    expect(res.statusCode).toBe(400);
    res = await send('');
    expect(res.statusCode).toBe(400);
    expect(
      await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.event_id, event.id)),
    ).toHaveLength(0);

    res = await send(signTimestamped(body, secret));
    expect(res.json()).toEqual({ received: true, duplicate: false });
    const paid = await waitForPayment(t, answer.payment_id, 'succeeded');
    res = await send(signTimestamped(body, secret));
    expect(res.json()).toEqual({ received: true, duplicate: true });
    const [again] = await t.database.db.select().from(payments).where(eq(payments.id, answer.payment_id));
    expect(again!.receipt_number).toBe(paid.receipt_number);
    const movements = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(
        sql`${ledgerEntries.transaction_id} in (select id from ledger_transactions where payment_id = ${answer.payment_id})`,
      );
    expect(movements).toHaveLength(2);
  });

  it('two checkouts at once leave one open; both paid anyway give one plan and a refund', async () => {
    const user = await provider();
    const [a, b] = await Promise.all([checkout(t, user), checkout(t, user)]);
    const open = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.user_id, user.id), eq(payments.status, 'pending')));
    expect(open).toHaveLength(1);
    // The payer pays both test checkouts (two tabs): the first to arrive gives Pro, the other is refunded.
    const [ra, rb] = await Promise.all([sandboxPay(t, user, a), sandboxPay(t, user, b)]);
    expect([ra.json().status, rb.json().status]).toEqual(['succeeded', 'succeeded']);
    const outcomes = await Promise.all([
      waitForOneOf(a.payment_id, ['succeeded', 'refunded']),
      waitForOneOf(b.payment_id, ['succeeded', 'refunded']),
    ]);
    expect(outcomes.sort()).toEqual(['refunded', 'succeeded']);
    const rows = await t.database.db.select().from(subscriptions).where(eq(subscriptions.user_id, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subscription_tier: 'pro', subscribed: true });
    const balances = await ledgerBalances(t.database.db);
    expect(balances.get('GHS:refunds:subscriptions')).toBeGreaterThanOrEqual(15_000);
  });

  async function waitForOneOf(paymentId: string, statuses: string[]) {
    const { vi } = await import('vitest');
    return vi.waitFor(
      async () => {
        const [row] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
        expect(statuses).toContain(row!.status);
        return row!.status;
      },
      { timeout: 15_000, interval: 50 },
    );
  }

  it('the reconciliation job verifies a payment whose webhook was lost', async () => {
    const user = await provider();
    const answer = await checkout(t, user);
    // The gateway took the money, but its webhook never arrived.
    await t.database.db
      .update(sandboxTransactions)
      .set({
        status: 'succeeded',
        method: 'mobile_money',
        method_label: 'AirtelTigo Money ••• 1111',
        paid_at: new Date(),
      })
      .where(eq(sandboxTransactions.reference, referenceOf(answer)));
    let result = await reconcilePayments(t.app.deps);
    expect((await subscriptionOf(user)).tier).toBe('starter');
    result = await reconcilePayments(t.app.deps, new Date(Date.now() + 6 * 60_000));
    expect(result.verified).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, answer.payment_id));
    expect(row!.status).toBe('succeeded');
    expect((await subscriptionOf(user)).tier).toBe('pro');
  });

  it('cancel keeps the plan to the period end, then Starter; resume undoes it', async () => {
    const user = await provider();
    await buyPlan(t, user);
    let res = await call(t, 'POST', '/api/subscription/cancel', user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const sub = res.json().subscription;
    expect(sub).toMatchObject({ tier: 'pro', cancel_at_period_end: true, renewal: 'none' });
    res = await call(t, 'POST', '/api/subscription/resume', user.cookie);
    expect(res.json().subscription).toMatchObject({ cancel_at_period_end: false, renewal: 'pay_link' });
    await call(t, 'POST', '/api/subscription/cancel', user.cookie);
    const end = new Date(sub.current_period_end);
    await runRenewals(t.app.deps, new Date(end.getTime() - 60_000));
    expect((await subscriptionOf(user)).tier).toBe('pro');
    await runRenewals(t.app.deps, new Date(end.getTime() + 60_000));
    expect(await subscriptionOf(user)).toMatchObject({
      tier: 'starter',
      subscribed: false,
      current_period_end: null,
    });
    const [notice] = await noticesOf(t, user.id, 'billing');
    expect(notice!.title).toBe('Your Pro plan has ended');
  });

  it('an upgrade charges the prorated difference and starts a new period; a downgrade waits for the period end', async () => {
    const user = await provider();
    await buyPlan(t, user);
    let res = await call(t, 'POST', '/api/subscription/change', user.cookie, { tier: 'premium' });
    expect(res.statusCode, res.body).toBe(200);
    const upgrade = res.json();
    expect(upgrade.kind).toBe('upgrade');
    // Premium GH₵ 600 less (almost) a whole unused month of Pro (GH₵ 150).
    expect(upgrade.due_minor).toBeGreaterThanOrEqual(45_000);
    expect(upgrade.due_minor).toBeLessThan(45_100);
    expect((await subscriptionOf(user)).tier).toBe('pro');
    res = await sandboxPay(t, user, upgrade);
    await waitForPayment(t, upgrade.payment_id, 'succeeded');
    let sub = await subscriptionOf(user);
    expect(sub).toMatchObject({ tier: 'premium', amount_minor: 60_000 });

    res = await call(t, 'POST', '/api/subscription/change', user.cookie, { tier: 'pro' });
    expect(res.json()).toEqual({ kind: 'downgrade', effective_at: sub.current_period_end });
    sub = await subscriptionOf(user);
    expect(sub).toMatchObject({ tier: 'premium', pending_tier: 'pro' });
    const end = new Date(sub.current_period_end);
    await runRenewals(t.app.deps, new Date(end.getTime() + 60_000));
    // The period ended unpaid (mobile money): Pro now, past due, with a week of grace.
    sub = await subscriptionOf(user);
    expect(sub).toMatchObject({ tier: 'pro', status: 'past_due', pending_tier: null, amount_minor: 15_000 });
    expect(new Date(sub.grace_until).getTime()).toBe(end.getTime() + 7 * DAY);
  });

  it('mobile money: a pay link three days before; unpaid, a week of grace, then Starter', async () => {
    const user = await provider();
    await buyPlan(t, user);
    const end = new Date((await subscriptionOf(user)).current_period_end);
    await runRenewals(t.app.deps, new Date(end.getTime() - 4 * DAY));
    expect((await subscriptionOf(user)).pending_payment).toBeNull();
    const done = await runRenewals(t.app.deps, new Date(end.getTime() - 3 * DAY + 60_000));
    expect(done.reminded).toBeGreaterThanOrEqual(1);
    let sub = await subscriptionOf(user);
    expect(sub.pending_payment?.url).toMatch(/^\/pay\/test\//);
    expect((await noticesOf(t, user.id, 'billing'))[0]!.title).toMatch(/^Renew Pro by /);
    // Run again: no second link.
    await runRenewals(t.app.deps, new Date(end.getTime() - 2 * DAY));
    const renewals = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.user_id, user.id), eq(payments.purpose, 'renewal')));
    expect(renewals).toHaveLength(1);

    await runRenewals(t.app.deps, new Date(end.getTime() + 60_000));
    sub = await subscriptionOf(user);
    expect(sub).toMatchObject({ tier: 'pro', status: 'past_due' });
    await runRenewals(t.app.deps, new Date(end.getTime() + 7 * DAY + 60_000));
    sub = await subscriptionOf(user);
    expect(sub).toMatchObject({ tier: 'starter', status: 'active' });
  });

  it('paying the pay link during the grace continues the plan from the old period end', async () => {
    const user = await provider();
    await buyPlan(t, user);
    const end = new Date((await subscriptionOf(user)).current_period_end);
    await runRenewals(t.app.deps, new Date(end.getTime() + 60_000));
    expect((await subscriptionOf(user)).status).toBe('past_due');
    const res = await call(t, 'POST', '/api/subscription/renew', user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const renewal = res.json();
    await sandboxPay(t, user, renewal);
    await waitForPayment(t, renewal.payment_id, 'succeeded');
    const sub = await subscriptionOf(user);
    expect(sub).toMatchObject({ tier: 'pro', status: 'active', grace_until: null });
    expect(sub.current_period_start).toBe(end.toISOString());
    expect(sub.current_period_end).toBe(addPeriod(end, 'monthly').toISOString());
  });

  it('a saved card is charged at the period end', async () => {
    const user = await provider();
    await buyPlan(t, user, { tier: 'pro', currency: 'usd' }, CARD_APPROVE);
    const end = new Date((await subscriptionOf(user)).current_period_end);
    const done = await runRenewals(t.app.deps, new Date(end.getTime() + 60_000));
    expect(done.charged).toBeGreaterThanOrEqual(1);
    const sub = await subscriptionOf(user);
    expect(sub).toMatchObject({ tier: 'pro', status: 'active', renewal: 'automatic' });
    expect(sub.current_period_end).toBe(addPeriod(end, 'monthly').toISOString());
    expect(sub.payments[0]).toMatchObject({ purpose: 'renewal', status: 'succeeded', amount_minor: 1_200 });
  });

  it('the admin list shows the plan and the counts per tier', async () => {
    const user = await provider();
    await buyPlan(t, user, { tier: 'premium', currency: 'ghs' });
    const admin = await signUp(t, { name: 'Chief Admin' });
    await makeAdmin(t, admin.id);
    let res = await call(
      t,
      'GET',
      `/api/admin/subscriptions?tier=premium&q=${encodeURIComponent(user.email)}`,
      admin.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscriptions).toEqual([
      expect.objectContaining({ user_id: user.id, tier: 'premium', gateway: 'sandbox', status: 'active' }),
    ]);
    expect(res.json().counts.premium).toBeGreaterThanOrEqual(1);
    res = await call(t, 'GET', '/api/admin/subscriptions', user.cookie);
    expect(res.statusCode).toBe(403);
  });
});

describe('a server without payment keys and without the sandbox (production mode by default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'production' });
    expect(config.payments.sandbox).toBe(false);
    t = await createTestApp({ payments: config.payments });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows the prices, sells nothing, and says so', async () => {
    let res = await call(t, 'GET', '/api/pricing');
    expect(res.json()).toMatchObject({
      test_mode: false,
      currencies: [
        { currency: 'GHS', available: false, gateway: null, methods: [] },
        { currency: 'USD', available: false, gateway: null, methods: [] },
      ],
    });
    expect(res.json().prices.pro.monthly.GHS).toBe(15_000);
    const user = await signUp(t, { role: 'explorer' });
    res = await call(t, 'POST', '/api/create-checkout-session', user.cookie, {
      tier: 'pro',
      currency: 'ghs',
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({
      code: 'PAYMENTS_UNAVAILABLE',
      message: CHECKOUT_MESSAGES.notConfigured,
    });
    res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });
});
