import { formatMoney, priceTable } from '@adwuma/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { ledgerTransactions, paymentEvents, payments, subscriptions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser, uniqueIp } from '../../test/auth.ts';
import { noticesOf } from '../../test/jobs.ts';
import { checkout, paymentReaders, waitForPayment } from '../../test/payments.ts';
import { call } from '../../test/providers.ts';
import {
  type DoubleSubscription,
  STRIPE_TEST_PRICES,
  STRIPE_TEST_SECRET_KEY,
  STRIPE_TEST_WEBHOOK_SECRET,
  type StripeDouble,
  signStripeEvent,
  startStripeDouble,
  stripeEvent,
  stripeTestConfig,
} from '../../test/stripe-double.ts';
import { processPaymentEvent } from './process.ts';
import { reconcilePayments } from './reconcile.ts';

const PUBLIC_URL = 'http://localhost:3000';
const DAY = 24 * 60 * 60 * 1000;
const USD = priceTable();
const PRO_MONTHLY = USD.pro.monthly.USD;
const PREMIUM_MONTHLY = USD.premium.monthly.USD;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const fromSeconds = (seconds: number) => new Date(seconds * 1000).toISOString();
const WAIT = { timeout: 15_000, interval: 50 };

/**
 * The Stripe path end to end through the real routes (issue 17): dollar checkouts open a
 * subscription-mode Checkout Session through the real `stripe` SDK at a local Stripe double, its
 * webhooks (signed with the endpoint secret, `stripe-signature: t=...,v1=...`) reach
 * POST /api/payments/webhooks/stripe and are applied on the job queue; Stripe renews by itself
 * (invoice.paid / invoice.payment_failed), plan changes go through the subscription API, lost
 * webhooks are found by reconciliation, a duplicate subscription is cancelled and refunded. Cedis stay
 * on the TEST MODE sandbox.
 */
describe('Stripe: checkout, signed webhooks, plan changes, renewals and reconciliation', () => {
  let t: TestApp;
  const { subscriptionOf, paymentRow, subscriptionRow } = paymentReaders(() => t);
  let double: StripeDouble;
  let doubleClosed = false;

  beforeAll(async () => {
    double = await startStripeDouble();
    t = await createTestApp({
      payments: { ...loadConfig({ NODE_ENV: 'test' }).payments, stripe: stripeTestConfig(double.url) },
    });
  });
  afterAll(async () => {
    await t?.close();
    if (double && !doubleClosed) await double.close();
  });

  const provider = () => signUp(t, { role: 'explorer', name: 'Yaw Boateng' });
  const eventRows = (eventId: string) =>
    t.database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.gateway, 'stripe'), eq(paymentEvents.event_id, eventId)));
  const ledgerOf = (paymentId: string) =>
    t.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.payment_id, paymentId));
  /** A subscription object as Stripe holds it now (what its next event would carry). */
  const stripeSubscription = (id: string): DoubleSubscription =>
    structuredClone(double.subscriptions.get(id)!);
  const itemOf = (subscription: DoubleSubscription) => subscription.items.data[0]!;

  /** Posts a webhook as Stripe does: the raw JSON body, optional stripe-signature header. */
  const sendWebhook = (body: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      remoteAddress: uniqueIp(),
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
      payload: body,
    });

  /** Wraps, signs and posts one event; answers the intake's answer and the event's id. */
  async function deliver(
    type: string,
    object: object,
    options: { created?: number; id?: string } = {},
  ): Promise<{ id: string; duplicate: boolean }> {
    const event = stripeEvent(type, object, options);
    const { body, header } = signStripeEvent(event, STRIPE_TEST_WEBHOOK_SECRET);
    const res = await sendWebhook(body, header);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().received).toBe(true);
    return { id: event.id as string, duplicate: res.json().duplicate };
  }
  /** Waits until the job queue has applied a stored event. */
  const waitForEvent = (eventId: string) =>
    vi.waitFor(async () => {
      const [row] = await eventRows(eventId);
      expect(row?.processed_at, row?.last_error ?? 'not processed yet').toBeTruthy();
      return row!;
    }, WAIT);
  /** Delivers an event and waits until it has been applied. */
  async function deliverApplied(type: string, object: object, options: { created?: number } = {}) {
    const { id, duplicate } = await deliver(type, object, options);
    expect(duplicate).toBe(false);
    return waitForEvent(id);
  }

  /** A dollar checkout through the API: the payment row and the Checkout Session the double holds. */
  async function stripeCheckout(user: TestUser, body: Record<string, unknown> = {}) {
    const answer = await checkout(t, user, { tier: 'pro', currency: 'usd', cadence: 'monthly', ...body });
    const payment = await paymentRow(answer.payment_id);
    const session = double.sessions.get(payment.reference);
    expect(session, `the double has a session ${payment.reference}`).toBeDefined();
    return { answer, payment, session: session! };
  }

  /** Checkout, the payer pays on Stripe's page, checkout.session.completed applied: the plan runs. */
  async function buyWithStripe(user: TestUser, body: Record<string, unknown> = {}) {
    const bought = await stripeCheckout(user, body);
    const completed = double.completeSession(bought.session.id);
    await deliverApplied('checkout.session.completed', completed.session);
    const paid = await waitForPayment(t, bought.answer.payment_id, 'succeeded');
    return {
      ...bought,
      paid,
      session: completed.session,
      subscription: completed.subscription!,
      invoice: completed.invoice!,
    };
  }

  it('sells dollars through Stripe (cards) and cedis through the sandbox', async () => {
    const res = await call(t, 'GET', '/api/pricing');
    expect(res.statusCode).toBe(200);
    expect(res.json().currencies).toContainEqual({
      currency: 'USD',
      available: true,
      gateway: 'stripe',
      methods: ['card'],
    });
    expect(res.json().currencies).toContainEqual(
      expect.objectContaining({ currency: 'GHS', available: true, gateway: 'sandbox' }),
    );
    expect(res.json().test_mode).toBe(true);
  });

  it('a USD checkout creates a subscription-mode Checkout Session and answers its url', async () => {
    const user = await provider();
    const { answer, payment, session } = await stripeCheckout(user);
    // The payment's reference is the session id; the url the one Stripe answered.
    expect(payment).toMatchObject({
      gateway: 'stripe',
      purpose: 'subscription',
      status: 'pending',
      reference: session.id,
      amount_minor: PRO_MONTHLY,
      currency: 'USD',
      tier: 'pro',
      cadence: 'monthly',
      test_mode: true,
      checkout_url: answer.url,
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(answer.url).toBe(`${double.url}/c/pay/${session.id}`);

    const [created] = double
      .requestsTo('POST', '/v1/checkout/sessions')
      .filter((r) => (r.params.metadata as { payment_id?: string })?.payment_id === answer.payment_id);
    expect(created!.headers.authorization).toBe(`Bearer ${STRIPE_TEST_SECRET_KEY}`);
    expect(created!.headers['idempotency-key']).toBe(`adwuma-checkout-${answer.payment_id}`);
    const metadata = { payment_id: answer.payment_id, user_id: user.id, tier: 'pro', cadence: 'monthly' };
    expect(created!.params).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: STRIPE_TEST_PRICES.pro.monthly, quantity: '1' }],
      client_reference_id: user.id,
      customer_email: user.email,
      metadata,
      subscription_data: { metadata },
      success_url: `${PUBLIC_URL}/payment-success?payment=${answer.payment_id}`,
      cancel_url: `${PUBLIC_URL}/payment-cancelled?payment=${answer.payment_id}`,
    });
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: user.id,
      amount_total: PRO_MONTHLY,
    });

    // Nothing changes until Stripe says it is paid.
    const res = await call(t, 'GET', `/api/payments/${answer.payment_id}`, user.cookie);
    expect(res.json()).toMatchObject({ status: 'pending', tier_now: 'starter', gateway: 'stripe' });
    expect((await subscriptionOf(user)).pending_payment).toEqual({ id: answer.payment_id, url: answer.url });

    // Spec 7 (issue 30): dollars are monthly by card; a yearly dollar plan never reaches Stripe.
    const before = double.requestsTo('POST', '/v1/checkout/sessions').length;
    const annual = await call(t, 'POST', '/api/create-checkout-session', user.cookie, {
      tier: 'premium',
      currency: 'usd',
      cadence: 'annual',
    });
    expect(annual.statusCode, annual.body).toBe(400);
    expect(double.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(before);
  });

  it('checkout.session.completed, signed: the payment succeeds and the plan runs on Stripe; the portal opens', async () => {
    const user = await provider();
    const { answer, session } = await stripeCheckout(user);
    const completed = double.completeSession(session.id);
    const subscription = completed.subscription!;
    const item = itemOf(subscription);

    const { id, duplicate } = await deliver('checkout.session.completed', completed.session);
    expect(duplicate).toBe(false);
    const paid = await waitForPayment(t, answer.payment_id, 'succeeded');
    expect(paid.receipt_number).toMatch(/^ADW-\d{4}-\d{6}$/);
    expect(paid).toMatchObject({ method: 'card', amount_minor: PRO_MONTHLY, currency: 'USD' });
    expect(paid.gateway_data).toMatchObject({
      session_id: session.id,
      subscription_id: subscription.id,
      customer_id: subscription.customer,
      invoice_id: completed.invoice!.id,
    });
    expect((await waitForEvent(id)).attempts).toBe(1);

    let sub = await subscriptionOf(user);
    expect(sub).toMatchObject({
      tier: 'pro',
      status: 'active',
      subscribed: true,
      gateway: 'stripe',
      currency: 'USD',
      cadence: 'monthly',
      amount_minor: PRO_MONTHLY,
      payment_method: 'card',
      renewal: 'automatic',
      can_manage_card: true,
      cancel_at_period_end: false,
      pending_payment: null,
      test_mode: true,
    });
    expect(await subscriptionRow(user.id)).toMatchObject({
      gateway_subscription_id: subscription.id,
      stripe_customer_id: subscription.customer,
    });
    // The webhook's session does not expand its subscription: Adwuma counts a month from the time it
    // applied the payment, which is Stripe's period give or take the webhook's delay.
    expect(
      Math.abs(new Date(sub.current_period_start).getTime() - item.current_period_start * 1000),
    ).toBeLessThan(15_000);
    expect(
      Math.abs(new Date(sub.current_period_end).getTime() - item.current_period_end * 1000),
    ).toBeLessThan(15_000);
    // Stripe's own customer.subscription.created sets the period exactly.
    await deliverApplied('customer.subscription.created', stripeSubscription(subscription.id));
    sub = await subscriptionOf(user);
    expect(sub).toMatchObject({
      tier: 'pro',
      status: 'active',
      renewal: 'automatic',
      current_period_start: fromSeconds(item.current_period_start),
      current_period_end: fromSeconds(item.current_period_end),
    });
    expect(sub.payments[0]).toMatchObject({ id: answer.payment_id, status: 'succeeded', gateway: 'stripe' });
    expect((await noticesOf(t, user.id, 'billing'))[0]).toMatchObject({
      title: 'Your Pro plan is active',
      link: `/subscription/receipts/${answer.payment_id}`,
    });
    expect(await ledgerOf(answer.payment_id)).toHaveLength(1);

    // The card portal: a portal session for the customer, back to /subscription.
    const res = await call(t, 'POST', '/api/subscription/portal', user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(new RegExp(`^${double.url}/p/session/bps_`));
    const portal = [...double.portalSessions.values()].find((p) => p.url === url)!;
    expect(portal).toMatchObject({
      customer: subscription.customer,
      return_url: `${PUBLIC_URL}/subscription`,
    });
  });

  it('refuses a bad signature, a changed body, an expired timestamp and a missing header: 400, nothing stored', async () => {
    const user = await provider();
    const { answer, session } = await stripeCheckout(user);
    const completed = double.completeSession(session.id);
    const event = stripeEvent('checkout.session.completed', completed.session);
    const { body, header } = signStripeEvent(event, STRIPE_TEST_WEBHOOK_SECRET);
    const tampered = body.replace(`"amount_total": ${PRO_MONTHLY}`, '"amount_total": 1');
    expect(tampered).not.toBe(body);
    const sixMinutesAgo = nowSeconds() - 6 * 60;
    for (const [label, payload, signature, reason] of [
      ['signed with another secret', body, signStripeEvent(event, 'whsec_not_ours').header, 'does not match'],
      ['body changed after signing', tampered, header, 'does not match'],
      [
        'timestamp older than 5 minutes',
        body,
        signStripeEvent(event, STRIPE_TEST_WEBHOOK_SECRET, sixMinutesAgo).header,
        'tolerance',
      ],
      ['no signature', body, undefined, 'missing'],
      ['an empty signature', body, '', 'missing'],
      ['a garbled signature', body, 'not-a-signature', 'does not match'],
    ] as const) {
      const res = await sendWebhook(payload, signature);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().error.code, label).toBe('BAD_REQUEST');
      expect(res.json().error.message, label).toContain(reason);
    }
    expect(await eventRows(event.id as string)).toHaveLength(0);
    expect(await paymentRow(answer.payment_id)).toMatchObject({ status: 'pending', receipt_number: null });
    expect((await subscriptionOf(user)).tier).toBe('starter');
    expect(await ledgerOf(answer.payment_id)).toHaveLength(0);

    // Just inside the tolerance, the same event is taken: only the signatures were wrong.
    const fresh = signStripeEvent(event, STRIPE_TEST_WEBHOOK_SECRET, nowSeconds() - 4 * 60);
    const res = await sendWebhook(fresh.body, fresh.header);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    await waitForPayment(t, answer.payment_id, 'succeeded');
    expect((await subscriptionOf(user)).tier).toBe('pro');
  });

  it('a replayed event (same id, signed again later) is a duplicate and changes nothing', async () => {
    const user = await provider();
    const { answer, subscription } = await buyWithStripe(user);
    const before = { payment: await paymentRow(answer.payment_id), sub: await subscriptionRow(user.id) };
    const notices = (await noticesOf(t, user.id, 'billing')).length;
    const [applied] = await t.database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.gateway, 'stripe'), eq(paymentEvents.type, 'checkout.session.completed')))
      .then((rows) => rows.filter((r) => JSON.stringify(r.payload).includes(answer.payment_id)));
    expect(applied).toBeDefined();

    // Stripe retries the very same event (its id and body) with a new signature.
    const { body, header } = signStripeEvent(applied!.payload, STRIPE_TEST_WEBHOOK_SECRET, nowSeconds() + 1);
    const res = await sendWebhook(body, header);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: true });
    // The event id decides: the same id with another body, signed properly, is the stored event.
    const session = (applied!.payload.data as { object: Record<string, unknown> }).object;
    const again = await deliver(
      'checkout.session.completed',
      { ...session, amount_total: 1 },
      { id: applied!.event_id },
    );
    expect(again.duplicate).toBe(true);

    const [row] = await eventRows(applied!.event_id);
    expect(row).toEqual(applied);
    expect(await paymentRow(answer.payment_id)).toEqual(before.payment);
    expect(await subscriptionRow(user.id)).toEqual(before.sub);
    expect(await ledgerOf(answer.payment_id)).toHaveLength(1);
    expect(await noticesOf(t, user.id, 'billing')).toHaveLength(notices);
    expect(double.subscriptions.get(subscription.id)!.status).toBe('active');
  });

  it('the same event delivered twice at once is stored and applied once', async () => {
    const user = await provider();
    const { answer, session } = await stripeCheckout(user);
    const completed = double.completeSession(session.id);
    const event = stripeEvent('checkout.session.completed', completed.session);
    const { body, header } = signStripeEvent(event, STRIPE_TEST_WEBHOOK_SECRET);
    const answers = await Promise.all([sendWebhook(body, header), sendWebhook(body, header)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers.map((r) => r.json().duplicate).sort()).toEqual([false, true]);

    const row = await waitForEvent(event.id as string);
    expect(row.attempts).toBe(1);
    expect(await eventRows(event.id as string)).toHaveLength(1);
    const paid = await waitForPayment(t, answer.payment_id, 'succeeded');
    expect(paid.receipt_number).toMatch(/^ADW-\d{4}-\d{6}$/);
    expect(await ledgerOf(answer.payment_id)).toHaveLength(1);
    expect(
      (await noticesOf(t, user.id, 'billing')).filter((n) => n.title === 'Your Pro plan is active'),
    ).toHaveLength(1);
  });

  it('out of order: customer.subscription.updated before checkout.session.completed waits, then applies; an older one changes nothing', async () => {
    const user = await provider();
    const { answer, session } = await stripeCheckout(user);
    const completed = double.completeSession(session.id);
    const subscription = completed.subscription!;
    const item = itemOf(subscription);
    const checkoutAt = nowSeconds() - 30;

    // The payer cancelled in the portal right away; Stripe's update overtakes the checkout event.
    const cancelled = {
      ...stripeSubscription(subscription.id),
      cancel_at_period_end: true,
      cancel_at: item.current_period_end,
    };
    const early = await deliver('customer.subscription.updated', cancelled, { created: checkoutAt + 10 });
    expect(early.duplicate).toBe(false);
    const failed = await vi.waitFor(async () => {
      const [row] = await eventRows(early.id);
      expect(row?.last_error).toBeTruthy();
      return row!;
    }, WAIT);
    expect(failed.last_error).toContain(`No subscription ${subscription.id} yet`);
    expect(failed.processed_at).toBeNull();
    expect(failed.attempts).toBeGreaterThanOrEqual(1);
    expect((await subscriptionOf(user)).tier).toBe('starter');

    await deliverApplied('checkout.session.completed', completed.session, { created: checkoutAt });
    await waitForPayment(t, answer.payment_id, 'succeeded');
    expect(await subscriptionOf(user)).toMatchObject({ tier: 'pro', cancel_at_period_end: false });

    // The job queue retries it (after pg-boss's 30 s delay); the test runs the retry itself.
    await processPaymentEvent(t.app.deps, failed.id);
    const [retried] = await eventRows(early.id);
    expect(retried!.processed_at).not.toBeNull();
    expect(retried!.last_error).toBeNull();
    let sub = await subscriptionOf(user);
    expect(sub).toMatchObject({
      tier: 'pro',
      status: 'active',
      cancel_at_period_end: true,
      renewal: 'none',
      current_period_start: fromSeconds(item.current_period_start),
      current_period_end: fromSeconds(item.current_period_end),
    });
    expect((await subscriptionRow(user.id))!.gateway_state_at!.getTime()).toBe((checkoutAt + 10) * 1000);

    // An update Stripe made before the one applied (created earlier) arrives late: nothing changes.
    const before = await subscriptionRow(user.id);
    const stale = { ...stripeSubscription(subscription.id), cancel_at_period_end: false, cancel_at: null };
    await deliverApplied('customer.subscription.updated', stale, { created: checkoutAt + 5 });
    expect(await subscriptionRow(user.id)).toEqual(before);
    sub = await subscriptionOf(user);
    expect(sub).toMatchObject({ cancel_at_period_end: true, renewal: 'none' });
  });

  it('Stripe renews: invoice.paid moves the period on with a receipt; a failed one is past due; deleted is Starter', async () => {
    const user = await provider();
    const { subscription } = await buyWithStripe(user);
    await deliverApplied('customer.subscription.created', stripeSubscription(subscription.id));
    const first = itemOf(subscription);

    // The period ends; Stripe charges the card and says so.
    const renewed = double.renewSubscription(subscription.id);
    const invoice = renewed.invoice!;
    expect(invoice.billing_reason).toBe('subscription_cycle');
    await deliverApplied('invoice.paid', invoice);
    let sub = await subscriptionOf(user);
    const renewal = sub.payments[0];
    expect(renewal).toMatchObject({
      purpose: 'renewal',
      status: 'succeeded',
      gateway: 'stripe',
      tier: 'pro',
      amount_minor: PRO_MONTHLY,
      currency: 'USD',
      period_start: fromSeconds(first.current_period_end),
      period_end: fromSeconds(itemOf(renewed.subscription).current_period_end),
    });
    expect(renewal.receipt_number).toMatch(/^ADW-\d{4}-\d{6}$/);
    expect((await paymentRow(renewal.id)).reference).toBe(invoice.id);
    expect(sub).toMatchObject({
      tier: 'pro',
      status: 'active',
      renewal: 'automatic',
      current_period_start: fromSeconds(first.current_period_end),
      current_period_end: fromSeconds(itemOf(renewed.subscription).current_period_end),
    });
    expect(await ledgerOf(renewal.id)).toHaveLength(1);
    expect((await noticesOf(t, user.id, 'billing'))[0]).toMatchObject({
      title: 'Pro renewed',
      link: `/subscription/receipts/${renewal.id}`,
    });
    // Stripe's retry of invoice.paid records no second renewal.
    const renewalsBefore = (await subscriptionOf(user)).payments.length;
    await deliverApplied('invoice.paid', invoice);
    expect((await subscriptionOf(user)).payments).toHaveLength(renewalsBefore);

    // The next period's charge is declined: past due, a week of grace from the period end, a notice.
    const periodEnd = new Date(sub.current_period_end);
    const declined = double.renewSubscription(subscription.id, { paid: false });
    await deliverApplied('invoice.payment_failed', declined.invoice!);
    sub = await subscriptionOf(user);
    expect(sub).toMatchObject({ tier: 'pro', status: 'past_due', subscribed: true });
    expect(new Date(sub.grace_until).getTime()).toBe(periodEnd.getTime() + 7 * DAY);
    const notices = (await noticesOf(t, user.id, 'billing')).filter(
      (n) => n.title === 'Your renewal was not paid',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toMatch(/^The renewal payment failed\. Pro stays active until /);
    expect(notices[0]!.link).toBe('/subscription');

    // Stripe gives up and deletes the subscription: back to Starter.
    double.subscriptions.get(subscription.id)!.status = 'canceled';
    await deliverApplied('customer.subscription.deleted', stripeSubscription(subscription.id));
    sub = await subscriptionOf(user);
    expect(sub).toMatchObject({
      tier: 'starter',
      status: 'active',
      subscribed: false,
      gateway: null,
      renewal: 'none',
      can_manage_card: false,
      current_period_end: null,
    });
    expect((await subscriptionRow(user.id))!.gateway_subscription_id).toBeNull();
    expect((await noticesOf(t, user.id, 'billing'))[0]!.title).toBe('Your Pro plan has ended');
  });

  it('an upgrade updates the Stripe subscription with proration; the tier follows the signed update', async () => {
    const user = await provider();
    const { subscription } = await buyWithStripe(user);
    const itemId = itemOf(subscription).id;

    // The card declines the prorated charge (error_if_incomplete): a clear 502, nothing moves.
    double.failNext('POST', `/v1/subscriptions/${subscription.id}`, {
      status: 402,
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    let res = await call(t, 'POST', '/api/subscription/change', user.cookie, { tier: 'premium' });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().error).toEqual({
      code: 'GATEWAY_ERROR',
      message: 'Your card was declined. Please try again.',
    });
    expect(itemOf(stripeSubscription(subscription.id)).price.id).toBe(STRIPE_TEST_PRICES.pro.monthly);
    expect(await subscriptionOf(user)).toMatchObject({ tier: 'pro', pending_tier: null });

    const updatesBefore = double.requestsTo('POST', `/v1/subscriptions/${subscription.id}`).length;
    res = await call(t, 'POST', '/api/subscription/change', user.cookie, { tier: 'premium' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'upgrade', due_minor: 0 });
    const updates = double.requestsTo('POST', `/v1/subscriptions/${subscription.id}`).slice(updatesBefore);
    expect(updates).toHaveLength(1);
    expect(updates[0]!.params).toEqual({
      items: [{ id: itemId, price: STRIPE_TEST_PRICES.premium.monthly }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
    });
    // Stripe holds Premium now and invoiced the prorated difference; Adwuma waits for its events.
    const atStripe = stripeSubscription(subscription.id);
    expect(itemOf(atStripe).price.id).toBe(STRIPE_TEST_PRICES.premium.monthly);
    expect(await subscriptionOf(user)).toMatchObject({ tier: 'pro', amount_minor: PRO_MONTHLY });

    await deliverApplied('customer.subscription.updated', atStripe);
    let sub = await subscriptionOf(user);
    expect(sub).toMatchObject({
      tier: 'premium',
      status: 'active',
      cadence: 'monthly',
      amount_minor: PREMIUM_MONTHLY,
      renewal: 'automatic',
      current_period_start: fromSeconds(itemOf(atStripe).current_period_start),
      current_period_end: fromSeconds(itemOf(atStripe).current_period_end),
    });

    // The prorated invoice, paid: a receipt for the difference; the plan's price is Premium's.
    const prorated = double.invoices.get(atStripe.latest_invoice!)!;
    expect(prorated.billing_reason).toBe('subscription_update');
    expect(prorated.amount_paid).toBeGreaterThan(0);
    expect(prorated.amount_paid).toBeLessThan(PREMIUM_MONTHLY);
    await deliverApplied('invoice.paid', prorated);
    sub = await subscriptionOf(user);
    expect(sub.payments[0]).toMatchObject({
      status: 'succeeded',
      gateway: 'stripe',
      tier: 'premium',
      amount_minor: prorated.amount_paid,
    });
    expect(sub.payments[0].receipt_number).toMatch(/^ADW-\d{4}-\d{6}$/);
    expect(await ledgerOf(sub.payments[0].id)).toHaveLength(1);
    expect((await noticesOf(t, user.id, 'billing'))[0]).toMatchObject({
      title: 'Your plan change is paid',
      link: `/subscription/receipts/${sub.payments[0].id}`,
    });
    // The difference paid moves neither the plan's price nor its period.
    expect(sub).toMatchObject({
      tier: 'premium',
      status: 'active',
      amount_minor: PREMIUM_MONTHLY,
      current_period_start: fromSeconds(itemOf(atStripe).current_period_start),
      current_period_end: fromSeconds(itemOf(atStripe).current_period_end),
    });
  });

  it('an upgrade whose prorated invoice.paid overtakes customer.subscription.updated ends the same', async () => {
    const user = await provider();
    const { subscription } = await buyWithStripe(user);
    await deliverApplied('customer.subscription.created', stripeSubscription(subscription.id));
    const res = await call(t, 'POST', '/api/subscription/change', user.cookie, { tier: 'premium' });
    expect(res.statusCode, res.body).toBe(200);
    const atStripe = stripeSubscription(subscription.id);
    const prorated = double.invoices.get(atStripe.latest_invoice!)!;
    expect(prorated.billing_reason).toBe('subscription_update');

    await deliverApplied('invoice.paid', prorated);
    let sub = await subscriptionOf(user);
    // Paid, but the tier waits for Stripe's subscription event; the period and price are untouched.
    expect(sub.payments[0]).toMatchObject({ status: 'succeeded', amount_minor: prorated.amount_paid });
    expect(sub).toMatchObject({
      tier: 'pro',
      amount_minor: PRO_MONTHLY,
      current_period_start: fromSeconds(itemOf(subscription).current_period_start),
      current_period_end: fromSeconds(itemOf(subscription).current_period_end),
    });

    await deliverApplied('customer.subscription.updated', atStripe);
    sub = await subscriptionOf(user);
    expect(sub).toMatchObject({
      tier: 'premium',
      status: 'active',
      amount_minor: PREMIUM_MONTHLY,
      current_period_start: fromSeconds(itemOf(atStripe).current_period_start),
      current_period_end: fromSeconds(itemOf(atStripe).current_period_end),
    });
  });

  it('a downgrade is scheduled at Stripe for the period end; cancel and resume reach Stripe and Adwuma', async () => {
    const user = await provider();
    const { subscription } = await buyWithStripe(user, { tier: 'premium' });
    await deliverApplied('customer.subscription.created', stripeSubscription(subscription.id));
    const item = itemOf(subscription);

    let res = await call(t, 'POST', '/api/subscription/change', user.cookie, { tier: 'pro' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ kind: 'downgrade', effective_at: fromSeconds(item.current_period_end) });
    let atStripe = stripeSubscription(subscription.id);
    expect(atStripe.schedule).toMatch(/^sub_sched_/);
    const schedule = double.schedules.get(atStripe.schedule!)!;
    expect(schedule).toMatchObject({ status: 'active', end_behavior: 'release' });
    expect(schedule.phases).toEqual([
      {
        start_date: item.current_period_start,
        end_date: item.current_period_end,
        items: [{ price: STRIPE_TEST_PRICES.premium.monthly, quantity: 1 }],
      },
      expect.objectContaining({
        start_date: item.current_period_end,
        items: [{ price: STRIPE_TEST_PRICES.pro.monthly, quantity: 1 }],
      }),
    ]);
    // Premium runs until the period ends; the price at Stripe has not changed.
    expect(itemOf(atStripe).price.id).toBe(STRIPE_TEST_PRICES.premium.monthly);
    expect(await subscriptionOf(user)).toMatchObject({
      tier: 'premium',
      pending_tier: 'pro',
      renewal: 'automatic',
    });

    // Cancel: Stripe's schedule is released first (it refuses cancellations on a schedule), then
    // cancel_at_period_end is set there and here.
    res = await call(t, 'POST', '/api/subscription/cancel', user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscription).toMatchObject({
      tier: 'premium',
      cancel_at_period_end: true,
      pending_tier: null,
      renewal: 'none',
    });
    expect(double.schedules.get(schedule.id)!.status).toBe('released');
    atStripe = stripeSubscription(subscription.id);
    expect(atStripe).toMatchObject({ cancel_at_period_end: true, schedule: null });
    const cancelCall = double.requestsTo('POST', `/v1/subscriptions/${subscription.id}`).at(-1)!;
    expect(cancelCall.params).toEqual({ cancel_at_period_end: 'true' });
    // Stripe's own event about it agrees.
    await deliverApplied('customer.subscription.updated', atStripe);
    expect(await subscriptionOf(user)).toMatchObject({ tier: 'premium', cancel_at_period_end: true });

    // Resume: undone at Stripe and here.
    res = await call(t, 'POST', '/api/subscription/resume', user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscription).toMatchObject({ cancel_at_period_end: false, renewal: 'automatic' });
    atStripe = stripeSubscription(subscription.id);
    expect(atStripe.cancel_at_period_end).toBe(false);
    expect(double.requestsTo('POST', `/v1/subscriptions/${subscription.id}`).at(-1)!.params).toEqual({
      cancel_at_period_end: 'false',
    });
    await deliverApplied('customer.subscription.updated', atStripe);
    expect(await subscriptionOf(user)).toMatchObject({ tier: 'premium', cancel_at_period_end: false });

    // Downgrade again, and the period ends: Stripe moves to Pro by the schedule and says so.
    res = await call(t, 'POST', '/api/subscription/change', user.cookie, { tier: 'pro' });
    expect(res.statusCode, res.body).toBe(200);
    const renewed = double.renewSubscription(subscription.id);
    expect(itemOf(renewed.subscription).price.id).toBe(STRIPE_TEST_PRICES.pro.monthly);
    await deliverApplied('customer.subscription.updated', renewed.subscription);
    await deliverApplied('invoice.paid', renewed.invoice!);
    const sub = await subscriptionOf(user);
    expect(sub).toMatchObject({
      tier: 'pro',
      pending_tier: null,
      amount_minor: PRO_MONTHLY,
      current_period_start: fromSeconds(item.current_period_end),
      current_period_end: fromSeconds(itemOf(renewed.subscription).current_period_end),
    });
    expect(sub.payments[0]).toMatchObject({ purpose: 'renewal', tier: 'pro', amount_minor: PRO_MONTHLY });
  });

  it('a lost webhook: reconciliation verifies the completed session with Stripe and the plan runs', async () => {
    const user = await provider();
    const { answer, session } = await stripeCheckout(user);
    // The payer paid on Stripe's page; its webhook never arrived.
    const { subscription } = double.completeSession(session.id);
    const item = itemOf(subscription!);
    const retrievePath = `/v1/checkout/sessions/${session.id}`;

    // Too soon: a payment younger than five minutes is left to its webhook.
    await reconcilePayments(t.app.deps);
    expect((await paymentRow(answer.payment_id)).status).toBe('pending');
    expect(double.requestsTo('GET', retrievePath)).toHaveLength(0);

    const result = await reconcilePayments(t.app.deps, new Date(Date.now() + 6 * 60_000));
    expect(result.verified).toBeGreaterThanOrEqual(1);
    const retrieved = double.requestsTo('GET', retrievePath);
    expect(retrieved).toHaveLength(1);
    expect(retrieved[0]!.params.expand).toEqual(['subscription']);
    const paid = await paymentRow(answer.payment_id);
    expect(paid.status).toBe('succeeded');
    expect(paid.receipt_number).toMatch(/^ADW-\d{4}-\d{6}$/);
    // Verified through the expanded session, the period is Stripe's exactly.
    expect(await subscriptionOf(user)).toMatchObject({
      tier: 'pro',
      status: 'active',
      gateway: 'stripe',
      renewal: 'automatic',
      can_manage_card: true,
      current_period_start: fromSeconds(item.current_period_start),
      current_period_end: fromSeconds(item.current_period_end),
    });
    expect(await ledgerOf(answer.payment_id)).toHaveLength(1);

    // The webhook turns up late after all: it changes nothing.
    const before = await subscriptionRow(user.id);
    await deliverApplied('checkout.session.completed', double.sessions.get(session.id)!);
    expect(await paymentRow(answer.payment_id)).toEqual(paid);
    expect(await subscriptionRow(user.id)).toEqual(before);
  });

  it('two checkouts both completed: one plan; the second subscription cancelled at Stripe and its payment refunded', async () => {
    const user = await provider();
    const first = await stripeCheckout(user);
    const second = await stripeCheckout(user);
    expect((await paymentRow(first.answer.payment_id)).status).toBe('superseded');
    // Two tabs: the payer finishes both of Stripe's pages anyway.
    const paidFirst = double.completeSession(first.session.id);
    const paidSecond = double.completeSession(second.session.id);
    expect(paidFirst.subscription!.id).not.toBe(paidSecond.subscription!.id);

    await deliverApplied('checkout.session.completed', paidFirst.session);
    await waitForPayment(t, first.answer.payment_id, 'succeeded');
    await deliverApplied('checkout.session.completed', paidSecond.session);
    const refunded = await waitForPayment(t, second.answer.payment_id, 'refunded');
    expect(refunded.failure_reason).toMatch(/duplicate/i);
    expect(refunded.receipt_number).toMatch(/^ADW-\d{4}-\d{6}$/);

    // After the commit: the second Stripe subscription cancelled at once, its first invoice refunded.
    const secondIntent = [...double.paymentIntents.values()].find(
      (pi) => pi.customer === paidSecond.subscription!.customer && pi.amount === PRO_MONTHLY,
    )!;
    await vi.waitFor(() => {
      expect([...double.refunds.values()]).toContainEqual(
        expect.objectContaining({ payment_intent: secondIntent.id, amount: PRO_MONTHLY }),
      );
    }, WAIT);
    expect(double.subscriptions.get(paidSecond.subscription!.id)!.status).toBe('canceled');
    expect(double.requestsTo('DELETE', `/v1/subscriptions/${paidSecond.subscription!.id}`)).toHaveLength(1);
    expect(double.subscriptions.get(paidFirst.subscription!.id)!.status).toBe('active');
    expect(
      [...double.refunds.values()].filter((r) =>
        [...double.paymentIntents.values()].some(
          (pi) => pi.id === r.payment_intent && pi.customer === paidFirst.subscription!.customer,
        ),
      ),
    ).toHaveLength(0);

    const rows = await t.database.db.select().from(subscriptions).where(eq(subscriptions.user_id, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      subscription_tier: 'pro',
      subscribed: true,
      gateway: 'stripe',
      gateway_subscription_id: paidFirst.subscription!.id,
    });
    expect((await ledgerOf(second.answer.payment_id)).map((l) => l.kind).sort()).toEqual([
      'subscription_payment',
      'subscription_refund',
    ]);
    expect((await noticesOf(t, user.id, 'billing')).map((n) => n.title)).toContain(
      'Duplicate payment refunded',
    );

    // Stripe then tells that the second subscription is gone: the running plan is not touched.
    const before = await subscriptionRow(user.id);
    await deliverApplied('customer.subscription.deleted', stripeSubscription(paidSecond.subscription!.id));
    expect(await subscriptionRow(user.id)).toEqual(before);
    expect((await subscriptionOf(user)).tier).toBe('pro');
  });

  it('a failed renewal whose customer.subscription.updated (past_due) overtakes invoice.payment_failed: grace and one notice', async () => {
    const user = await provider();
    const { subscription } = await buyWithStripe(user);
    await deliverApplied('customer.subscription.created', stripeSubscription(subscription.id));
    const periodEnd = new Date(itemOf(subscription).current_period_end * 1000);
    const declined = double.renewSubscription(subscription.id, { paid: false });
    expect(declined.subscription.status).toBe('past_due');

    await deliverApplied('customer.subscription.updated', declined.subscription);
    let sub = await subscriptionOf(user);
    expect(sub).toMatchObject({ tier: 'pro', status: 'past_due', subscribed: true });
    expect(new Date(sub.grace_until).getTime()).toBe(periodEnd.getTime() + 7 * DAY);
    await deliverApplied('invoice.payment_failed', declined.invoice!);
    sub = await subscriptionOf(user);
    expect(sub).toMatchObject({ tier: 'pro', status: 'past_due' });
    expect(new Date(sub.grace_until).getTime()).toBe(periodEnd.getTime() + 7 * DAY);
    // The provider is told once, whichever event came first.
    const notices = (await noticesOf(t, user.id, 'billing')).filter(
      (n) => n.title === 'Your renewal was not paid',
    );
    expect(notices).toHaveLength(1);

    // Stripe's retry succeeds: the invoice is paid, the plan active again, the grace gone.
    const invoice = double.invoices.get(declined.invoice!.id)!;
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0 });
    double.subscriptions.get(subscription.id)!.status = 'active';
    await deliverApplied('invoice.paid', invoice);
    await deliverApplied('customer.subscription.updated', stripeSubscription(subscription.id));
    sub = await subscriptionOf(user);
    expect(sub).toMatchObject({ tier: 'pro', status: 'active', grace_until: null, renewal: 'automatic' });
    expect(sub.current_period_start).toBe(periodEnd.toISOString());
    expect(sub.payments[0]).toMatchObject({
      purpose: 'renewal',
      status: 'succeeded',
      amount_minor: PRO_MONTHLY,
    });
  });

  it('two checkouts for different plans both completed: the running plan stays, the other subscription cancelled and refunded', async () => {
    const user = await provider();
    const pro = await stripeCheckout(user);
    const premium = await stripeCheckout(user, { tier: 'premium' });
    const paidPro = double.completeSession(pro.session.id);
    const paidPremium = double.completeSession(premium.session.id);
    const premiumSubscription = paidPremium.subscription!;

    await deliverApplied('checkout.session.completed', paidPro.session);
    await waitForPayment(t, pro.answer.payment_id, 'succeeded');
    await deliverApplied('checkout.session.completed', paidPremium.session);
    const refunded = await waitForPayment(t, premium.answer.payment_id, 'refunded');
    expect(refunded.failure_reason).toMatch(/duplicate/i);

    // Not two subscriptions charging the card: Premium's is cancelled at Stripe and its invoice refunded.
    const premiumIntent = [...double.paymentIntents.values()].find(
      (pi) => pi.customer === premiumSubscription.customer && pi.amount === PREMIUM_MONTHLY,
    )!;
    await vi.waitFor(() => {
      expect([...double.refunds.values()]).toContainEqual(
        expect.objectContaining({ payment_intent: premiumIntent.id, amount: PREMIUM_MONTHLY }),
      );
    }, WAIT);
    expect(double.subscriptions.get(premiumSubscription.id)!.status).toBe('canceled');
    expect(double.subscriptions.get(paidPro.subscription!.id)!.status).toBe('active');
    expect(await subscriptionRow(user.id)).toMatchObject({
      subscription_tier: 'pro',
      gateway_subscription_id: paidPro.subscription!.id,
      amount_minor: PRO_MONTHLY,
    });
    const [notice] = (await noticesOf(t, user.id, 'billing')).filter(
      (n) => n.title === 'Duplicate payment refunded',
    );
    expect(notice!.body).toBe(
      `Your Pro plan is already active, so we are refunding the ${formatMoney(PREMIUM_MONTHLY, 'USD')} paid for Premium. To move to Premium, use Change plan on your subscription page.`,
    );
  });

  it('Stripe failing at checkout: 502 GATEWAY_ERROR, the payment failed, never a 500', async () => {
    const user = await provider();
    const sessionsBefore = double.requestsTo('POST', '/v1/checkout/sessions').length;
    // The SDK retries a 500 twice (same idempotency key): all three attempts fail.
    for (let i = 0; i < 3; i++) {
      double.failNext('POST', '/v1/checkout/sessions', {
        status: 500,
        type: 'api_error',
        message: 'An unknown error occurred',
      });
    }
    const res = await call(t, 'POST', '/api/create-checkout-session', user.cookie, {
      tier: 'pro',
      currency: 'usd',
    });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().error.code).toBe('GATEWAY_ERROR');
    expect(res.json().error.message).toMatch(/Stripe/);
    expect(double.requestsTo('POST', '/v1/checkout/sessions').length - sessionsBefore).toBe(3);
    const [failed] = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.user_id, user.id), eq(payments.status, 'failed')));
    expect(failed).toMatchObject({ gateway: 'stripe', checkout_url: null });
    expect(failed!.failure_reason).toMatch(/Stripe/);
    expect(await subscriptionOf(user)).toMatchObject({ tier: 'starter', pending_payment: null });

    // Stripe answers again: the provider can try again at once.
    const answer = await checkout(t, user, { tier: 'pro', currency: 'usd' });
    expect(answer.url).toMatch(new RegExp(`^${double.url}/c/pay/cs_test_`));
  });

  // Last: it closes the double.
  it('Stripe unreachable at checkout: 502 GATEWAY_ERROR with a clear message, the payment failed', async () => {
    const user = await provider();
    await double.close();
    doubleClosed = true;
    const res = await call(t, 'POST', '/api/create-checkout-session', user.cookie, {
      tier: 'premium',
      currency: 'usd',
      cadence: 'monthly',
    });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().error).toMatchObject({
      code: 'GATEWAY_ERROR',
      message: 'Stripe could not be reached. Please try again.',
    });
    const [failed] = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.user_id, user.id), eq(payments.status, 'failed')));
    expect(failed).toMatchObject({
      gateway: 'stripe',
      failure_reason: 'Stripe could not be reached',
      checkout_url: null,
    });
    expect(await subscriptionOf(user)).toMatchObject({ tier: 'starter', pending_payment: null });
  });
});
