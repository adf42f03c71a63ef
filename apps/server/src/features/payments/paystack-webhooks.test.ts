import { randomUUID } from 'node:crypto';
import { addPeriod, type CheckoutAnswer } from '@adwuma/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { ledgerTransactions, paymentEvents, payments, subscriptions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser, uniqueIp } from '../../test/auth.ts';
import { noticesOf } from '../../test/jobs.ts';
import { checkout, paymentReaders, waitForPayment } from '../../test/payments.ts';
import {
  chargeSuccessEvent,
  type PayOptions,
  type PaystackDouble,
  type PaystackDoubleTransaction,
  signPaystackEvent,
  startPaystackDouble,
} from '../../test/paystack-double.ts';
import { call } from '../../test/providers.ts';
import { runRenewals } from '../subscriptions/renewals.ts';
import { reconcilePayments } from './reconcile.ts';

const SECRET = 'sk_test_adwuma_paystack_webhooks_0001';
const PUBLIC_URL = 'http://localhost:3000';
const DAY = 24 * 60 * 60 * 1000;
const PRO_MONTHLY_GHS = 15_000;

/**
 * The Paystack path end to end through the real routes (issue 17): cedi checkouts initialize a
 * transaction at a local Paystack double, its signed charge.success webhooks (HMAC-SHA512 with the
 * secret key) reach POST /api/payments/webhooks/paystack and are applied on the job queue; lost
 * webhooks are found by reconciliation; saved cards renew through charge_authorization; duplicates
 * are refunded at the double. Dollars stay on the TEST MODE sandbox.
 */
describe('Paystack: checkout, signed webhooks, reconciliation and renewals', () => {
  let t: TestApp;
  const { subscriptionOf, paymentRow, subscriptionRow } = paymentReaders(() => t);
  let double: PaystackDouble;
  let doubleClosed = false;

  beforeAll(async () => {
    double = await startPaystackDouble({ secretKey: SECRET });
    t = await createTestApp({
      payments: {
        ...loadConfig({ NODE_ENV: 'test' }).payments,
        paystack: { secretKey: SECRET, baseUrl: double.url },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    if (double && !doubleClosed) await double.close();
  });

  const provider = () => signUp(t, { role: 'explorer', name: 'Kwabena Owusu' });

  /** A cedi checkout through the API: the payment row and the transaction the double holds for it. */
  async function paystackCheckout(user: TestUser, body: Record<string, unknown> = {}) {
    const answer = await checkout(t, user, { tier: 'pro', currency: 'ghs', cadence: 'monthly', ...body });
    const payment = await paymentRow(answer.payment_id);
    const transaction = double.transactions.get(payment.reference);
    expect(transaction, `the double has a transaction ${payment.reference}`).toBeDefined();
    return { answer, payment, transaction: transaction! };
  }

  /** Posts a webhook as Paystack does: JSON body, optional x-paystack-signature header. */
  const sendWebhook = (body: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/paystack',
      remoteAddress: uniqueIp(),
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'x-paystack-signature': signature }),
      },
      payload: body,
    });

  /** Paystack sends charge.success for a transaction the double has marked paid. */
  async function deliverChargeSuccess(transaction: PaystackDoubleTransaction) {
    const { body, header } = signPaystackEvent(chargeSuccessEvent(transaction), SECRET);
    const res = await sendWebhook(body, header);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { received: true; duplicate: boolean };
  }

  /** Checkout, the payer pays at the double, the webhook applied: the plan is active. */
  async function buyWithPaystack(user: TestUser, pay: PayOptions, body: Record<string, unknown> = {}) {
    const bought = await paystackCheckout(user, body);
    const transaction = double.pay(bought.payment.reference, pay);
    expect(await deliverChargeSuccess(transaction)).toEqual({ received: true, duplicate: false });
    const paid = await waitForPayment(t, bought.answer.payment_id, 'succeeded');
    return { ...bought, transaction, paid };
  }

  const eventRows = (eventId: string) =>
    t.database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.gateway, 'paystack'), eq(paymentEvents.event_id, eventId)));

  const ledgerOf = (paymentId: string) =>
    t.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.payment_id, paymentId));

  const requestsTo = (path: string) => double.requests.filter((r) => r.path === path);

  it('sells cedis through Paystack (card and mobile money) and dollars through the sandbox', async () => {
    const res = await call(t, 'GET', '/api/pricing');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.currencies).toContainEqual({
      currency: 'GHS',
      available: true,
      gateway: 'paystack',
      methods: ['card', 'mobile_money'],
    });
    expect(body.currencies).toContainEqual(
      expect.objectContaining({ currency: 'USD', available: true, gateway: 'sandbox' }),
    );
    expect(body.test_mode).toBe(true);
  });

  it('a GHS checkout initializes a Paystack transaction and answers its authorization_url', async () => {
    const user = await provider();
    const { answer, payment, transaction } = await paystackCheckout(user);

    expect(payment).toMatchObject({
      gateway: 'paystack',
      status: 'pending',
      amount_minor: PRO_MONTHLY_GHS,
      currency: 'GHS',
      test_mode: true,
      checkout_url: answer.url,
    });
    expect(payment.reference).toMatch(/^adw_[0-9a-f]{24}$/);
    expect(answer.url).toBe(`${double.url}/checkout/${transaction.access_code}`);

    const [init] = requestsTo('/transaction/initialize').filter(
      (r) => (r.body as { reference?: string }).reference === payment.reference,
    );
    expect(init!.method).toBe('POST');
    expect(init!.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(init!.body).toMatchObject({
      email: user.email,
      amount: PRO_MONTHLY_GHS, // pesewas
      currency: 'GHS',
      reference: payment.reference,
      callback_url: `${PUBLIC_URL}/payment-success?payment=${answer.payment_id}`,
      channels: ['card', 'mobile_money'],
      metadata: {
        payment_id: answer.payment_id,
        user_id: user.id,
        tier: 'pro',
        cadence: 'monthly',
        purpose: 'subscription',
        cancel_action: `${PUBLIC_URL}/payment-cancelled?payment=${answer.payment_id}`,
      },
    });

    // Nothing changes until Paystack says it is paid.
    const res = await call(t, 'GET', `/api/payments/${answer.payment_id}`, user.cookie);
    expect(res.json()).toMatchObject({ status: 'pending', tier_now: 'starter', gateway: 'paystack' });
    expect((await subscriptionOf(user)).pending_payment).toEqual({ id: answer.payment_id, url: answer.url });

    // A method chosen up front narrows Paystack's channels; dollars still go to the sandbox.
    const momo = await paystackCheckout(user, { method: 'mobile_money' });
    expect(momo.transaction.channels).toEqual(['mobile_money']);
    const dollars: CheckoutAnswer = await checkout(t, user, { tier: 'pro', currency: 'usd' });
    expect(dollars.url).toMatch(/^\/pay\/test\/adw_[0-9a-f]{24}$/);
    expect((await paymentRow(dollars.payment_id)).gateway).toBe('sandbox');
  });

  it('a signed charge.success by mobile money activates Pro once; the same webhook again changes nothing', async () => {
    const user = await provider();
    const { answer, payment } = await paystackCheckout(user);
    const transaction = double.pay(payment.reference, {
      channel: 'mobile_money',
      network: 'mtn',
      phone: '0244123456',
    });
    const { body, header } = signPaystackEvent(chargeSuccessEvent(transaction), SECRET);

    let res = await sendWebhook(body, header);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });

    const paid = await waitForPayment(t, answer.payment_id, 'succeeded');
    expect(paid.receipt_number).toMatch(/^ADW-\d{4}-\d{6}$/);
    expect(paid).toMatchObject({ method: 'mobile_money', method_label: 'MTN MoMo ••• 3456' });
    expect(paid.gateway_data).toMatchObject({ transaction_id: transaction.id });

    const sub = await subscriptionOf(user);
    expect(sub).toMatchObject({
      tier: 'pro',
      status: 'active',
      subscribed: true,
      gateway: 'paystack',
      currency: 'GHS',
      cadence: 'monthly',
      amount_minor: PRO_MONTHLY_GHS,
      payment_method: 'mobile_money',
      renewal: 'pay_link',
      pending_payment: null,
      test_mode: true,
    });
    expect(new Date(sub.current_period_end).getTime()).toBe(
      addPeriod(new Date(sub.current_period_start), 'monthly').getTime(),
    );
    expect(sub.payments[0]).toMatchObject({
      id: answer.payment_id,
      status: 'succeeded',
      receipt_number: paid.receipt_number,
      method_label: 'MTN MoMo ••• 3456',
    });
    // Mobile money asks for a PIN every time: nothing to charge without the payer.
    expect((await subscriptionRow(user.id))!.authorization_code).toBeNull();
    expect((await noticesOf(t, user.id, 'billing'))[0]).toMatchObject({
      title: 'Your Pro plan is active',
      link: `/subscription/receipts/${answer.payment_id}`,
    });

    const subBefore = await subscriptionRow(user.id);
    res = await sendWebhook(body, header);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: true });
    expect(await eventRows(`charge.success:${transaction.id}`)).toHaveLength(1);
    const again = await paymentRow(answer.payment_id);
    expect(again).toEqual(paid);
    expect(await subscriptionRow(user.id)).toEqual(subBefore);
    expect(await ledgerOf(answer.payment_id)).toHaveLength(1);
  });

  it('refuses a bad signature, a body changed after signing and a missing signature: 400, nothing stored', async () => {
    const user = await provider();
    const { answer, payment } = await paystackCheckout(user);
    const transaction = double.pay(payment.reference, { channel: 'mobile_money' });
    const { body, header } = signPaystackEvent(chargeSuccessEvent(transaction), SECRET);
    const tampered = body.replace(`"amount":${PRO_MONTHLY_GHS}`, '"amount":100');
    expect(tampered).not.toBe(body);

    for (const [label, payload, signature] of [
      [
        'signed with another key',
        body,
        signPaystackEvent(chargeSuccessEvent(transaction), 'sk_test_not_ours').header,
      ],
      ['body changed after signing', tampered, header],
      ['no signature', body, undefined],
      ['an empty signature', body, ''],
      ['a signature that is not hex', body, `zz${header.slice(2)}`],
      ['a truncated signature', body, header.slice(0, 64)],
    ] as const) {
      const res = await sendWebhook(payload, signature);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().error.code, label).toBe('BAD_REQUEST');
    }
    expect(await eventRows(`charge.success:${transaction.id}`)).toHaveLength(0);
    expect(await paymentRow(answer.payment_id)).toMatchObject({ status: 'pending', receipt_number: null });
    expect((await subscriptionOf(user)).tier).toBe('starter');
    expect(await ledgerOf(answer.payment_id)).toHaveLength(0);

    // The very same event, signed properly, is taken: only the signatures were wrong.
    expect(await deliverChargeSuccess(transaction)).toEqual({ received: true, duplicate: false });
    await waitForPayment(t, answer.payment_id, 'succeeded');
  });

  it("a webhook for an unknown reference is stored, fails to apply (retried later) and touches nobody's plan", async () => {
    const user = await provider();
    await buyWithPaystack(user, { channel: 'mobile_money' });
    const before = await t.database.db.select().from(subscriptions);

    const reference = `adw_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
    const transactionId = 3_000_000_000 + Math.floor(Math.random() * 1_000_000);
    const now = new Date().toISOString();
    const event = {
      event: 'charge.success',
      data: {
        id: transactionId,
        status: 'success',
        reference,
        amount: PRO_MONTHLY_GHS,
        currency: 'GHS',
        channel: 'mobile_money',
        paid_at: now,
        created_at: now,
        gateway_response: 'Approved',
        metadata: { payment_id: randomUUID() },
        authorization: {
          channel: 'mobile_money',
          bank: 'MTN',
          mobile_money_number: '0240000000',
          reusable: false,
        },
        customer: { email: user.email, customer_code: 'CUS_unknown' },
      },
    };
    const { body, header } = signPaystackEvent(event, SECRET);
    const res = await sendWebhook(body, header);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });

    const row = await vi.waitFor(
      async () => {
        const [stored] = await eventRows(`charge.success:${transactionId}`);
        expect(stored?.last_error).toBeTruthy();
        return stored!;
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(row.last_error).toContain(reference);
    expect(row.processed_at).toBeNull();
    expect(row.attempts).toBeGreaterThanOrEqual(1);
    expect(row.type).toBe('charge.success');

    const after = await t.database.db.select().from(subscriptions);
    const byId = (rows: typeof before) => new Map(rows.map((r) => [r.id, r]));
    expect(byId(after)).toEqual(byId(before));
    expect(await t.database.db.select().from(payments).where(eq(payments.reference, reference))).toHaveLength(
      0,
    );
  });

  it('a lost webhook: reconciliation verifies the payment through transaction/verify', async () => {
    const user = await provider();
    const { answer, payment } = await paystackCheckout(user);
    // The payer approved the MoMo prompt, Paystack took the money, its webhook never came.
    double.pay(payment.reference, { channel: 'mobile_money', network: 'vod', phone: '0201234567' });

    // Too soon: reconciliation leaves a payment younger than five minutes to its webhook.
    await reconcilePayments(t.app.deps);
    expect((await paymentRow(answer.payment_id)).status).toBe('pending');
    expect(requestsTo(`/transaction/verify/${payment.reference}`)).toHaveLength(0);

    const result = await reconcilePayments(t.app.deps, new Date(Date.now() + 6 * 60_000));
    expect(result.verified).toBeGreaterThanOrEqual(1);
    expect(requestsTo(`/transaction/verify/${payment.reference}`).length).toBeGreaterThanOrEqual(1);
    const paid = await paymentRow(answer.payment_id);
    expect(paid).toMatchObject({
      status: 'succeeded',
      method: 'mobile_money',
      method_label: 'Telecel Cash ••• 4567',
    });
    expect(paid.receipt_number).toMatch(/^ADW-\d{4}-\d{6}$/);
    expect(await subscriptionOf(user)).toMatchObject({
      tier: 'pro',
      status: 'active',
      gateway: 'paystack',
      payment_method: 'mobile_money',
    });
    expect(await ledgerOf(answer.payment_id)).toHaveLength(1);
  });

  it('/payment-success asks Paystack itself about a payment pending for more than 8 seconds', async () => {
    const user = await provider();
    const { answer, payment } = await paystackCheckout(user);
    double.pay(payment.reference, { channel: 'mobile_money', network: 'atl', phone: '0271112222' });
    const verifyPath = `/transaction/verify/${payment.reference}`;

    // Just opened: the webhook is given its time, the gateway not asked.
    let res = await call(t, 'GET', `/api/payments/${answer.payment_id}`, user.cookie);
    expect(res.json()).toMatchObject({ status: 'pending', tier_now: 'starter' });
    expect(requestsTo(verifyPath)).toHaveLength(0);

    await t.database.db
      .update(payments)
      .set({ updated_at: new Date(Date.now() - 10_000) })
      .where(eq(payments.id, answer.payment_id));
    res = await call(t, 'GET', `/api/payments/${answer.payment_id}`, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'succeeded',
      tier_now: 'pro',
      gateway: 'paystack',
      method_label: 'AirtelTigo Money ••• 2222',
    });
    expect(res.json().receipt_number).toMatch(/^ADW-\d{4}-\d{6}$/);
    expect(requestsTo(verifyPath)).toHaveLength(1);
  });

  it('a card with a reusable authorization renews by itself through charge_authorization', async () => {
    const user = await provider();
    const { transaction } = await buyWithPaystack(
      user,
      { channel: 'card', brand: 'visa', last4: '4081' },
      { method: 'card' },
    );
    expect(transaction.channels).toEqual(['card']);
    const code = transaction.authorization!.authorization_code;
    expect((await subscriptionRow(user.id))!.authorization_code).toBe(code);
    let sub = await subscriptionOf(user);
    expect(sub).toMatchObject({
      tier: 'pro',
      payment_method: 'card',
      renewal: 'automatic',
      gateway: 'paystack',
    });
    const end = new Date(sub.current_period_end);

    // Not yet due: nothing is charged.
    await runRenewals(t.app.deps, new Date(end.getTime() - 60_000));
    expect(
      requestsTo('/transaction/charge_authorization').filter(
        (r) => (r.body as { authorization_code?: string }).authorization_code === code,
      ),
    ).toHaveLength(0);

    const done = await runRenewals(t.app.deps, new Date(end.getTime() + 60_000));
    expect(done.charged).toBeGreaterThanOrEqual(1);
    const charges = requestsTo('/transaction/charge_authorization').filter(
      (r) => (r.body as { authorization_code?: string }).authorization_code === code,
    );
    expect(charges).toHaveLength(1);
    expect(charges[0]!.body).toMatchObject({ email: user.email, amount: PRO_MONTHLY_GHS, currency: 'GHS' });

    sub = await subscriptionOf(user);
    expect(sub).toMatchObject({ tier: 'pro', status: 'active', renewal: 'automatic', grace_until: null });
    expect(sub.current_period_start).toBe(end.toISOString());
    expect(sub.current_period_end).toBe(addPeriod(end, 'monthly').toISOString());
    expect(sub.payments[0]).toMatchObject({
      purpose: 'renewal',
      status: 'succeeded',
      gateway: 'paystack',
      amount_minor: PRO_MONTHLY_GHS,
      method_label: 'Visa ••• 4081',
    });
    expect(sub.payments[0].receipt_number).toMatch(/^ADW-\d{4}-\d{6}$/);
    expect(double.transactions.get((charges[0]!.body as { reference: string }).reference)?.status).toBe(
      'success',
    );
    expect(await ledgerOf(sub.payments[0].id)).toHaveLength(1);
    expect((await noticesOf(t, user.id, 'billing'))[0]!.title).toBe('Pro renewed');

    // The same run again charges nothing more.
    await runRenewals(t.app.deps, new Date(end.getTime() + 2 * 60_000));
    expect(
      requestsTo('/transaction/charge_authorization').filter(
        (r) => (r.body as { authorization_code?: string }).authorization_code === code,
      ),
    ).toHaveLength(1);
  });

  it('a declined renewal charge leaves the plan past due for a week of grace, with a billing notice', async () => {
    const user = await provider();
    const { transaction } = await buyWithPaystack(
      user,
      { channel: 'card', last4: '1111' },
      { method: 'card' },
    );
    const code = transaction.authorization!.authorization_code;
    double.chargeOutcome(code, 'failed', 'Insufficient Funds');
    const end = new Date((await subscriptionOf(user)).current_period_end);

    await runRenewals(t.app.deps, new Date(end.getTime() + 60_000));
    const sub = await subscriptionOf(user);
    expect(sub).toMatchObject({ tier: 'pro', status: 'past_due', subscribed: true });
    expect(new Date(sub.grace_until).getTime()).toBe(end.getTime() + 7 * DAY);
    expect(sub.current_period_end).toBe(end.toISOString());
    expect(sub.payments[0]).toMatchObject({
      purpose: 'renewal',
      status: 'failed',
      failure_reason: 'Insufficient Funds',
    });
    const notices = (await noticesOf(t, user.id, 'billing')).filter(
      (n) => n.title === 'Your renewal was not paid',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toContain('Insufficient Funds');
  });

  it('two checkouts both paid: one plan, the second payment refunded through Paystack', async () => {
    const user = await provider();
    const first = await paystackCheckout(user);
    const second = await paystackCheckout(user);
    // The first tab's payment is superseded by the second, but the payer pays both anyway.
    expect((await paymentRow(first.answer.payment_id)).status).toBe('superseded');
    const paidFirst = double.pay(first.payment.reference, { channel: 'mobile_money' });
    const paidSecond = double.pay(second.payment.reference, { channel: 'mobile_money', phone: '0249998888' });

    expect(await deliverChargeSuccess(paidFirst)).toEqual({ received: true, duplicate: false });
    await waitForPayment(t, first.answer.payment_id, 'succeeded');
    expect(await deliverChargeSuccess(paidSecond)).toEqual({ received: true, duplicate: false });
    const refunded = await waitForPayment(t, second.answer.payment_id, 'refunded');
    expect(refunded.failure_reason).toMatch(/duplicate/i);

    await vi.waitFor(
      () => {
        expect(double.refunds).toContainEqual(
          expect.objectContaining({ reference: second.payment.reference, amount: PRO_MONTHLY_GHS }),
        );
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(double.refunds.filter((r) => r.reference === first.payment.reference)).toHaveLength(0);
    expect(double.transactions.get(second.payment.reference)!.status).toBe('reversed');

    const rows = await t.database.db.select().from(subscriptions).where(eq(subscriptions.user_id, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subscription_tier: 'pro', subscribed: true, gateway: 'paystack' });
    expect((await ledgerOf(second.answer.payment_id)).map((l) => l.kind).sort()).toEqual([
      'subscription_payment',
      'subscription_refund',
    ]);
    expect((await ledgerOf(first.answer.payment_id)).map((l) => l.kind)).toEqual(['subscription_payment']);
    expect((await noticesOf(t, user.id, 'billing')).map((n) => n.title)).toContain(
      'Duplicate payment refunded',
    );
  });

  // Last: it closes the double.
  it('Paystack down at checkout: 502 GATEWAY_ERROR with a clear message, the payment failed', async () => {
    const user = await provider();
    const open = await paystackCheckout(user);
    await double.close();
    doubleClosed = true;

    // /payment-success while Paystack cannot be asked: still pending, not a 500.
    await t.database.db
      .update(payments)
      .set({ updated_at: new Date(Date.now() - 10_000) })
      .where(eq(payments.id, open.answer.payment_id));
    let res = await call(t, 'GET', `/api/payments/${open.answer.payment_id}`, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('pending');

    res = await call(t, 'POST', '/api/create-checkout-session', user.cookie, {
      tier: 'pro',
      currency: 'ghs',
    });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().error).toMatchObject({
      code: 'GATEWAY_ERROR',
      message: 'Paystack could not be reached. Please try again.',
    });
    const [failed] = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.user_id, user.id), eq(payments.status, 'failed')));
    expect(failed).toMatchObject({
      gateway: 'paystack',
      failure_reason: 'Paystack could not be reached',
      checkout_url: null,
    });
    const sub = await subscriptionOf(user);
    expect(sub).toMatchObject({ tier: 'starter', pending_payment: null });
  });
});
