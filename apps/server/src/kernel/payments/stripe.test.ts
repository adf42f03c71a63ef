import { randomUUID } from 'node:crypto';
import { priceTable } from '@adwuma/shared';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseStripeForm,
  STRIPE_TEST_PRICES,
  STRIPE_TEST_SECRET_KEY,
  STRIPE_TEST_WEBHOOK_SECRET,
  type StripeDouble,
  signStripeEvent,
  startStripeDouble,
  stripeEvent,
  stripeTestConfig,
} from '../../test/stripe-double.ts';
import {
  type CheckoutRequest as GatewayCheckoutRequest,
  GatewayError,
  type NormalizedEvent,
  type PaymentGateway,
  type PaymentRef,
  type VerifiedEvent,
  WebhookSignatureError,
} from './gateway.ts';
import { createStripeGateway } from './stripe.ts';

const PUBLIC_URL = 'https://adwuma.test';
const USD = priceTable();
const nowSeconds = () => Math.floor(Date.now() / 1000);

let double: StripeDouble;
let gateway: PaymentGateway;

beforeAll(async () => {
  double = await startStripeDouble();
  gateway = createStripeGateway(stripeTestConfig(double.url), PUBLIC_URL);
});
afterAll(() => double.close());

function checkoutRequest(overrides: Partial<GatewayCheckoutRequest> = {}): GatewayCheckoutRequest {
  const paymentId = randomUUID();
  return {
    paymentId,
    reference: `adw_${paymentId}`,
    userId: randomUUID(),
    email: `provider-${paymentId.slice(0, 8)}@example.com`,
    tier: 'pro',
    cadence: 'monthly',
    currency: 'USD',
    amountMinor: USD.pro.monthly.USD,
    description: 'Adwuma Pro, monthly',
    method: 'card',
    successUrl: `${PUBLIC_URL}/payment-success?payment=${paymentId}`,
    cancelUrl: `${PUBLIC_URL}/payment-cancelled?payment=${paymentId}`,
    customerId: null,
    purpose: 'subscription',
    ...overrides,
  };
}

/** Verifies a signed event through the gateway, as the webhook route will. */
function deliver(type: string, object: object, options: { created?: number } = {}): VerifiedEvent {
  const { body, header } = signStripeEvent(stripeEvent(type, object, options), STRIPE_TEST_WEBHOOK_SECRET);
  return gateway.verifyWebhook(Buffer.from(body), { 'stripe-signature': header });
}
const normalized = (type: string, object: object, options: { created?: number } = {}): NormalizedEvent[] =>
  gateway.normalize(deliver(type, object, options));

/** A checkout opened through the gateway and paid on the double. */
async function paidCheckout(overrides: Partial<GatewayCheckoutRequest> = {}) {
  const request = checkoutRequest(overrides);
  const checkout = await gateway.createCheckout(request);
  const paid = double.completeSession(checkout.reference);
  return { request, checkout, ...paid, subscription: paid.subscription!, invoice: paid.invoice! };
}

const paymentRef = (reference: string, gatewayData: Record<string, unknown> = {}): PaymentRef => ({
  id: randomUUID(),
  reference,
  amountMinor: USD.pro.monthly.USD,
  currency: 'USD',
  gatewayData,
});

async function gatewayError(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

describe('the Stripe gateway', () => {
  it('sells USD by card, in test mode with a test key', () => {
    expect(gateway.id).toBe('stripe');
    expect(gateway.currencies).toEqual(['USD']);
    expect(gateway.methods('USD')).toEqual(['card']);
    expect(gateway.methods('GHS')).toEqual([]);
    expect(gateway.testMode).toBe(true);
    const restricted = createStripeGateway(
      { ...stripeTestConfig(double.url), secretKey: 'rk_test_abc' },
      PUBLIC_URL,
    );
    expect(restricted.testMode).toBe(true);
    const live = createStripeGateway(
      { ...stripeTestConfig(double.url), secretKey: 'sk_live_abc' },
      PUBLIC_URL,
    );
    expect(live.testMode).toBe(false);
  });
});

describe('createCheckout', () => {
  it('opens a subscription-mode session with the price, metadata and email', async () => {
    const request = checkoutRequest();
    const before = double.requests.length;
    const answer = await gateway.createCheckout(request);

    const sent = double.requests.slice(before).filter((r) => r.path === '/v1/checkout/sessions');
    expect(sent).toHaveLength(1);
    const metadata = {
      payment_id: request.paymentId,
      user_id: request.userId,
      tier: 'pro',
      cadence: 'monthly',
    };
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.params).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_pro_monthly', quantity: '1' }],
      allowed_payment_method_types: ['card'],
      client_reference_id: request.userId,
      customer_email: request.email,
      metadata,
      subscription_data: { metadata },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
    expect(sent[0]!.headers['idempotency-key']).toBe(`adwuma-checkout-${request.paymentId}`);
    expect(sent[0]!.headers['stripe-version']).toBe(Stripe.API_VERSION);

    const session = double.sessions.get(answer.reference)!;
    expect(answer).toEqual({ reference: session.id, url: session.url });
    expect(answer.reference).toMatch(/^cs_test_/);
    expect(answer.url).toBe(`${double.url}/c/pay/${session.id}`);
    expect(session.amount_total).toBe(USD.pro.monthly.USD);
  });

  it('reuses a known customer instead of the email, and picks the annual Premium price', async () => {
    const customer = double.addCustomer('known@example.com');
    const request = checkoutRequest({ tier: 'premium', cadence: 'annual', customerId: customer.id });
    const answer = await gateway.createCheckout(request);
    const sent = double.requestsTo('POST', '/v1/checkout/sessions').at(-1)!;
    expect(sent.params.customer).toBe(customer.id);
    expect(sent.params).not.toHaveProperty('customer_email');
    expect(sent.params.line_items).toEqual([{ price: 'price_premium_annual', quantity: '1' }]);
    expect(sent.params.metadata).toMatchObject({ tier: 'premium', cadence: 'annual' });
    expect(answer.customerId).toBe(customer.id);
    expect(double.sessions.get(answer.reference)!.amount_total).toBe(USD.premium.annual.USD);
  });

  it('makes relative return URLs absolute with the public URL', async () => {
    const request = checkoutRequest({
      successUrl: '/payment-success?payment=1',
      cancelUrl: '/payment-cancelled',
    });
    const answer = await gateway.createCheckout(request);
    const session = double.sessions.get(answer.reference)!;
    expect(session.success_url).toBe(`${PUBLIC_URL}/payment-success?payment=1`);
    expect(session.cancel_url).toBe(`${PUBLIC_URL}/payment-cancelled`);
  });

  it('asks Stripe once per payment: a retried checkout answers the same session', async () => {
    const request = checkoutRequest();
    const first = await gateway.createCheckout(request);
    const second = await gateway.createCheckout(request);
    expect(second.reference).toBe(first.reference);
    expect(
      [...double.sessions.values()].filter((s) => s.metadata.payment_id === request.paymentId),
    ).toHaveLength(1);
  });

  it("throws 'No checkout URL received' when Stripe answers without a URL", async () => {
    double.answerNext('POST', '/v1/checkout/sessions', {
      id: 'cs_test_nourl',
      object: 'checkout.session',
      url: null,
    });
    const error = await gatewayError(gateway.createCheckout(checkoutRequest()));
    expect(error.message).toBe('No checkout URL received');
    expect(error.gateway).toBe('stripe');
  });

  it("turns Stripe's refusal into a GatewayError (an unknown price id)", async () => {
    const misconfigured = createStripeGateway(
      {
        ...stripeTestConfig(double.url),
        prices: { ...STRIPE_TEST_PRICES, pro: { monthly: 'price_missing', annual: 'price_pro_annual' } },
      },
      PUBLIC_URL,
    );
    const error = await gatewayError(misconfigured.createCheckout(checkoutRequest()));
    expect(error.status).toBe(404);
    expect(error.message).toContain("No such price: 'price_missing'");
  });

  it('refuses cedis without calling Stripe', async () => {
    const before = double.requests.length;
    const error = await gatewayError(gateway.createCheckout(checkoutRequest({ currency: 'GHS' })));
    expect(error.message).toMatch(/USD only/);
    expect(double.requests.length).toBe(before);
  });

  it('refuses a booking payment (no plan) without calling Stripe', async () => {
    const before = double.requests.length;
    const error = await gatewayError(
      gateway.createCheckout(checkoutRequest({ purpose: 'booking', tier: null, cadence: null })),
    );
    expect(error.message).toBe('Stripe takes plan payments only');
    expect(double.requests.length).toBe(before);
  });
});

describe('verifyWebhook', () => {
  const event = () => stripeEvent('customer.subscription.deleted', { id: 'sub_123', object: 'subscription' });

  it('accepts a good signature and answers the event', () => {
    const payload = event();
    const { body, header } = signStripeEvent(payload, STRIPE_TEST_WEBHOOK_SECRET);
    const verified = gateway.verifyWebhook(Buffer.from(body), { 'stripe-signature': header });
    expect(verified.id).toBe(payload.id);
    expect(verified.type).toBe('customer.subscription.deleted');
    expect(verified.createdAt).toEqual(new Date((payload.created as number) * 1000));
    expect(verified.payload).toEqual(payload);
  });

  it('takes the first value of a repeated header', () => {
    const { body, header } = signStripeEvent(event(), STRIPE_TEST_WEBHOOK_SECRET);
    expect(gateway.verifyWebhook(Buffer.from(body), { 'stripe-signature': [header] }).type).toBe(
      'customer.subscription.deleted',
    );
  });

  it('refuses a signature made with another secret', () => {
    const { body, header } = signStripeEvent(event(), 'whsec_someone_else');
    expect(() => gateway.verifyWebhook(Buffer.from(body), { 'stripe-signature': header })).toThrow(
      new WebhookSignatureError('The Stripe signature does not match the body'),
    );
  });

  it('refuses a body changed after signing', () => {
    const { body, header } = signStripeEvent(event(), STRIPE_TEST_WEBHOOK_SECRET);
    const tampered = body.replace('sub_123', 'sub_456');
    expect(() => gateway.verifyWebhook(Buffer.from(tampered), { 'stripe-signature': header })).toThrow(
      WebhookSignatureError,
    );
  });

  it('refuses a timestamp older than 5 minutes, accepts one just inside', () => {
    const expired = signStripeEvent(event(), STRIPE_TEST_WEBHOOK_SECRET, nowSeconds() - 301);
    expect(() =>
      gateway.verifyWebhook(Buffer.from(expired.body), { 'stripe-signature': expired.header }),
    ).toThrow(
      new WebhookSignatureError('The Stripe signature timestamp is older than the 5-minute tolerance'),
    );
    const recent = signStripeEvent(event(), STRIPE_TEST_WEBHOOK_SECRET, nowSeconds() - 290);
    expect(gateway.verifyWebhook(Buffer.from(recent.body), { 'stripe-signature': recent.header }).type).toBe(
      'customer.subscription.deleted',
    );
  });

  it('refuses a missing or garbled header', () => {
    const { body } = signStripeEvent(event(), STRIPE_TEST_WEBHOOK_SECRET);
    expect(() => gateway.verifyWebhook(Buffer.from(body), {})).toThrow(
      new WebhookSignatureError('The stripe-signature header is missing'),
    );
    expect(() => gateway.verifyWebhook(Buffer.from(body), { 'stripe-signature': 'nonsense' })).toThrow(
      WebhookSignatureError,
    );
  });

  it('refuses a signed body that is not an event', () => {
    const notJson = 'not json';
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: notJson,
      secret: STRIPE_TEST_WEBHOOK_SECRET,
    });
    expect(() => gateway.verifyWebhook(Buffer.from(notJson), { 'stripe-signature': header })).toThrow(
      new WebhookSignatureError('The Stripe webhook body is not JSON'),
    );
    const noType = signStripeEvent({ id: 'evt_1', created: nowSeconds() }, STRIPE_TEST_WEBHOOK_SECRET);
    expect(() =>
      gateway.verifyWebhook(Buffer.from(noType.body), { 'stripe-signature': noType.header }),
    ).toThrow(new WebhookSignatureError('The Stripe webhook body is not an event'));
  });
});

describe('normalize', () => {
  it('checkout.session.completed, paid: the payment succeeded, with our payment id and the subscription', async () => {
    const { request, session, subscription, invoice } = await paidCheckout();
    const created = nowSeconds() - 10;
    const events = normalized('checkout.session.completed', session, { created });
    expect(events).toEqual([
      {
        kind: 'payment.succeeded',
        reference: session.id,
        paymentId: request.paymentId,
        amountMinor: USD.pro.monthly.USD,
        currency: 'USD',
        method: 'card',
        methodLabel: null,
        authorizationCode: null,
        customerId: subscription.customer,
        gatewaySubscriptionId: subscription.id,
        periodStart: null,
        periodEnd: null,
        renewal: false,
        occurredAt: new Date(created * 1000),
        gatewayData: {
          session_id: session.id,
          subscription_id: subscription.id,
          customer_id: subscription.customer,
          invoice_id: invoice.id,
        },
      },
    ]);
    // The email checkout made a customer; the session now names it.
    expect(double.customers.get(subscription.customer)!.email).toBe(request.email);
  });

  it('checkout.session.completed, not paid yet: pending', async () => {
    const request = checkoutRequest();
    const { reference } = await gateway.createCheckout(request);
    const { session } = double.completeSession(reference, { paid: false });
    expect(session.payment_status).toBe('unpaid');
    const [event] = normalized('checkout.session.completed', session);
    expect(event).toMatchObject({ kind: 'payment.pending', reference, paymentId: request.paymentId });
    const free = normalized('checkout.session.completed', {
      ...session,
      payment_status: 'no_payment_required',
    });
    expect(free[0]!.kind).toBe('payment.pending');
  });

  it('checkout.session.expired and async_payment_failed: the payment failed', async () => {
    const request = checkoutRequest();
    const { reference } = await gateway.createCheckout(request);
    const session = double.expireSession(reference);
    expect(normalized('checkout.session.expired', session)).toEqual([
      expect.objectContaining({
        kind: 'payment.failed',
        reference,
        paymentId: request.paymentId,
        gatewaySubscriptionId: null,
        reason: 'The checkout expired',
        cancelled: true,
      }),
    ]);
    expect(normalized('checkout.session.async_payment_failed', session)).toEqual([
      expect.objectContaining({ kind: 'payment.failed', reference, reason: 'The payment failed' }),
    ]);
    expect(normalized('checkout.session.async_payment_failed', session)[0]).not.toHaveProperty('cancelled');
  });

  it('invoice.paid for the first invoice is left to the checkout session', async () => {
    const { invoice } = await paidCheckout();
    expect(invoice.billing_reason).toBe('subscription_create');
    expect(normalized('invoice.paid', invoice)).toEqual([]);
    expect(normalized('invoice.payment_failed', invoice)).toEqual([]);
  });

  it('invoice.paid for a renewal: succeeded, renewal, with the period it pays', async () => {
    const { subscription } = await paidCheckout({ tier: 'premium' });
    const renewed = double.renewSubscription(subscription.id);
    const invoice = renewed.invoice!;
    const item = renewed.subscription.items.data[0]!;
    const created = nowSeconds();
    const [event] = normalized('invoice.paid', invoice, { created });
    expect(event).toEqual({
      kind: 'payment.succeeded',
      reference: invoice.id,
      paymentId: null,
      amountMinor: USD.premium.monthly.USD,
      currency: 'USD',
      method: 'card',
      methodLabel: null,
      authorizationCode: null,
      customerId: subscription.customer,
      gatewaySubscriptionId: subscription.id,
      periodStart: new Date(item.current_period_start * 1000),
      periodEnd: new Date(item.current_period_end * 1000),
      renewal: true,
      occurredAt: new Date(created * 1000),
      gatewayData: {
        invoice_id: invoice.id,
        subscription_id: subscription.id,
        customer_id: subscription.customer,
        billing_reason: 'subscription_cycle',
      },
    });
    // The renewal starts where the first period ended.
    expect(item.current_period_start).toBe(subscription.items.data[0]!.current_period_end);
  });

  it('invoice.paid for a plan change (subscription_update): succeeded, up to the period end', async () => {
    const { subscription } = await paidCheckout();
    await gateway.changeSubscription!({
      gatewaySubscriptionId: subscription.id,
      priceTier: 'premium',
      cadence: 'monthly',
      immediately: true,
    });
    const invoice = [...double.invoices.values()].find(
      (i) =>
        i.parent.subscription_details.subscription === subscription.id &&
        i.billing_reason === 'subscription_update',
    )!;
    const [event] = normalized('invoice.paid', invoice);
    expect(event).toMatchObject({
      kind: 'payment.succeeded',
      reference: invoice.id,
      renewal: true,
      amountMinor: invoice.amount_paid,
      gatewaySubscriptionId: subscription.id,
      periodEnd: new Date(subscription.items.data[0]!.current_period_end * 1000),
    });
    expect(invoice.amount_paid).toBeGreaterThan(0);
  });

  it('reads invoices in older API shapes (invoice.subscription, line proration flags, payment_intent)', () => {
    const legacy = {
      id: 'in_legacy',
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      subscription: 'sub_legacy',
      customer: 'cus_legacy',
      amount_paid: 1200,
      currency: 'usd',
      payment_intent: 'pi_legacy',
      lines: {
        object: 'list',
        data: [
          { id: 'il_old', proration: true, period: { start: 1_000, end: 2_000 }, subscription: 'sub_legacy' },
          {
            id: 'il_new',
            proration: false,
            period: { start: 2_000, end: 3_000 },
            subscription: 'sub_legacy',
          },
        ],
      },
    };
    const [event] = normalized('invoice.paid', legacy);
    expect(event).toMatchObject({
      kind: 'payment.succeeded',
      gatewaySubscriptionId: 'sub_legacy',
      periodStart: new Date(2_000_000),
      periodEnd: new Date(3_000_000),
      gatewayData: { payment_intent: 'pi_legacy' },
    });
  });

  it('invoice.payment_failed for a renewal: failed, naming the subscription', async () => {
    const { subscription } = await paidCheckout();
    const { invoice, subscription: after } = double.renewSubscription(subscription.id, { paid: false });
    expect(after.status).toBe('past_due');
    expect(normalized('invoice.payment_failed', invoice!)).toEqual([
      expect.objectContaining({
        kind: 'payment.failed',
        reference: invoice!.id,
        paymentId: null,
        gatewaySubscriptionId: subscription.id,
        reason: 'The renewal payment failed',
      }),
    ]);
  });

  it('customer.subscription.created/updated: tier and cadence from the price, period from the item', async () => {
    const { subscription } = await paidCheckout({ tier: 'premium', cadence: 'annual' });
    const item = subscription.items.data[0]!;
    const created = nowSeconds();
    for (const type of ['customer.subscription.created', 'customer.subscription.updated']) {
      expect(normalized(type, subscription, { created })).toEqual([
        {
          kind: 'subscription.updated',
          gatewaySubscriptionId: subscription.id,
          customerId: subscription.customer,
          tier: 'premium',
          cadence: 'annual',
          status: 'active',
          periodStart: new Date(item.current_period_start * 1000),
          periodEnd: new Date(item.current_period_end * 1000),
          cancelAtPeriodEnd: false,
          occurredAt: new Date(created * 1000),
        },
      ]);
    }
  });

  it('maps Stripe statuses onto active, past_due, canceled or other', async () => {
    const { subscription } = await paidCheckout();
    const statusOf = (status: string) => {
      const [event] = normalized('customer.subscription.updated', { ...subscription, status });
      return event?.kind === 'subscription.updated' ? event.status : null;
    };
    expect(statusOf('active')).toBe('active');
    expect(statusOf('trialing')).toBe('active');
    expect(statusOf('past_due')).toBe('past_due');
    expect(statusOf('unpaid')).toBe('past_due');
    expect(statusOf('canceled')).toBe('canceled');
    expect(statusOf('incomplete')).toBe('other');
    expect(statusOf('paused')).toBe('other');
  });

  it('reads cancel at period end from the flag or from a cancel_at within the period', async () => {
    const { subscription } = await paidCheckout();
    const end = subscription.items.data[0]!.current_period_end;
    const cancelOf = (patch: object) => {
      const [event] = normalized('customer.subscription.updated', { ...subscription, ...patch });
      return event?.kind === 'subscription.updated' ? event.cancelAtPeriodEnd : null;
    };
    expect(cancelOf({ cancel_at_period_end: true, cancel_at: end })).toBe(true);
    expect(cancelOf({ cancel_at_period_end: false, cancel_at: end })).toBe(true);
    expect(cancelOf({ cancel_at_period_end: false, cancel_at: end + 400 * 24 * 3600 })).toBe(false);
    expect(cancelOf({ cancel_at_period_end: false, cancel_at: null })).toBe(false);
  });

  it('reads older subscriptions (period on the subscription, plan instead of price); unknown prices give no tier', () => {
    const legacy = {
      id: 'sub_legacy',
      object: 'subscription',
      customer: { id: 'cus_legacy', object: 'customer' },
      status: 'active',
      cancel_at_period_end: false,
      current_period_start: 1_000,
      current_period_end: 2_000,
      items: { object: 'list', data: [{ id: 'si_1', plan: { id: 'price_pro_annual' } }] },
    };
    expect(normalized('customer.subscription.updated', legacy)[0]).toMatchObject({
      customerId: 'cus_legacy',
      tier: 'pro',
      cadence: 'annual',
      periodStart: new Date(1_000_000),
      periodEnd: new Date(2_000_000),
    });
    const foreign = {
      ...legacy,
      items: { object: 'list', data: [{ id: 'si_2', price: { id: 'price_other' } }] },
    };
    expect(normalized('customer.subscription.updated', foreign)[0]).toMatchObject({
      tier: null,
      cadence: null,
    });
  });

  it('normalizes out-of-order events each with its own time (ordering is the processor’s job)', async () => {
    const { subscription } = await paidCheckout();
    const t = nowSeconds();
    const updated = normalized(
      'customer.subscription.updated',
      { ...subscription, cancel_at_period_end: true },
      {
        created: t - 5,
      },
    );
    const created = normalized('customer.subscription.created', subscription, { created: t - 60 });
    expect(updated[0]).toMatchObject({ kind: 'subscription.updated', cancelAtPeriodEnd: true });
    expect(updated[0]!.occurredAt).toEqual(new Date((t - 5) * 1000));
    expect(created[0]).toMatchObject({ kind: 'subscription.updated', cancelAtPeriodEnd: false });
    expect(created[0]!.occurredAt).toEqual(new Date((t - 60) * 1000));
  });

  it('customer.subscription.deleted: the subscription is gone', async () => {
    const { subscription } = await paidCheckout();
    const created = nowSeconds();
    expect(
      normalized('customer.subscription.deleted', { ...subscription, status: 'canceled' }, { created }),
    ).toEqual([
      {
        kind: 'subscription.deleted',
        gatewaySubscriptionId: subscription.id,
        occurredAt: new Date(created * 1000),
      },
    ]);
  });

  it('ignores every other event', async () => {
    expect(normalized('charge.succeeded', { id: 'ch_1', object: 'charge' })).toEqual([]);
    expect(normalized('invoice.created', { id: 'in_1', billing_reason: 'subscription_cycle' })).toEqual([]);
    expect(normalized('customer.created', { id: 'cus_1' })).toEqual([]);
    const noObject = signStripeEvent(
      { id: 'evt_empty', type: 'checkout.session.completed', created: nowSeconds(), data: {} },
      STRIPE_TEST_WEBHOOK_SECRET,
    );
    const verified = gateway.verifyWebhook(Buffer.from(noObject.body), {
      'stripe-signature': noObject.header,
    });
    expect(gateway.normalize(verified)).toEqual([]);
  });
});

describe('verifyPayment', () => {
  it('an open session: nothing yet', async () => {
    const { reference } = await gateway.createCheckout(checkoutRequest());
    expect(await gateway.verifyPayment(paymentRef(reference))).toBeNull();
  });

  it('a paid session: succeeded, with the period of the expanded subscription', async () => {
    const { request, checkout, subscription } = await paidCheckout({ cadence: 'annual' });
    const item = subscription.items.data[0]!;
    const event = await gateway.verifyPayment(paymentRef(checkout.reference));
    expect(event).toMatchObject({
      kind: 'payment.succeeded',
      reference: checkout.reference,
      paymentId: request.paymentId,
      amountMinor: USD.pro.annual.USD,
      currency: 'USD',
      gatewaySubscriptionId: subscription.id,
      customerId: subscription.customer,
      periodStart: new Date(item.current_period_start * 1000),
      periodEnd: new Date(item.current_period_end * 1000),
      renewal: false,
    });
    const retrieve = double.requestsTo('GET', `/v1/checkout/sessions/${checkout.reference}`).at(-1)!;
    expect(retrieve.params.expand).toEqual(['subscription']);
  });

  it("an expired session: failed, 'The checkout expired'", async () => {
    const request = checkoutRequest();
    const { reference } = await gateway.createCheckout(request);
    double.expireSession(reference);
    expect(await gateway.verifyPayment(paymentRef(reference))).toMatchObject({
      kind: 'payment.failed',
      reference,
      paymentId: request.paymentId,
      reason: 'The checkout expired',
      cancelled: true,
    });
  });

  it('a completed but unpaid session: pending', async () => {
    const { reference } = await gateway.createCheckout(checkoutRequest());
    double.completeSession(reference, { paid: false });
    expect(await gateway.verifyPayment(paymentRef(reference))).toMatchObject({
      kind: 'payment.pending',
      reference,
    });
  });

  it('a renewal invoice: paid is a succeeded renewal, open is nothing yet', async () => {
    const { subscription } = await paidCheckout();
    const paid = double.renewSubscription(subscription.id).invoice!;
    expect(await gateway.verifyPayment(paymentRef(paid.id))).toMatchObject({
      kind: 'payment.succeeded',
      reference: paid.id,
      renewal: true,
      gatewaySubscriptionId: subscription.id,
    });
    const open = double.renewSubscription(subscription.id, { paid: false }).invoice!;
    expect(await gateway.verifyPayment(paymentRef(open.id))).toBeNull();
  });

  it('an unknown session: a GatewayError', async () => {
    const error = await gatewayError(gateway.verifyPayment(paymentRef('cs_test_unknown')));
    expect(error.status).toBe(404);
  });
});

describe('changeSubscription', () => {
  it('upgrades at once: the price changes, prorated and invoiced, refused if the card is', async () => {
    const { subscription } = await paidCheckout();
    await gateway.changeSubscription!({
      gatewaySubscriptionId: subscription.id,
      priceTier: 'premium',
      cadence: 'monthly',
      immediately: true,
    });
    const update = double.requestsTo('POST', `/v1/subscriptions/${subscription.id}`).at(-1)!;
    expect(update.params).toEqual({
      items: [{ id: subscription.items.data[0]!.id, price: 'price_premium_monthly' }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
    });
    expect(double.subscriptions.get(subscription.id)!.items.data[0]!.price.id).toBe('price_premium_monthly');

    const other = (await paidCheckout()).subscription;
    double.failNext('POST', `/v1/subscriptions/${other.id}`, {
      status: 402,
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    const error = await gatewayError(
      gateway.changeSubscription!({
        gatewaySubscriptionId: other.id,
        priceTier: 'premium',
        cadence: 'monthly',
        immediately: true,
      }),
    );
    expect(error.message).toBe('Your card has insufficient funds.');
    expect(error.status).toBe(402);
    expect(double.subscriptions.get(other.id)!.items.data[0]!.price.id).toBe('price_pro_monthly');
  });

  it('downgrades at the period end through a schedule: the tier stays until the renewal', async () => {
    const { subscription } = await paidCheckout({ tier: 'premium' });
    const item = subscription.items.data[0]!;
    await gateway.changeSubscription!({
      gatewaySubscriptionId: subscription.id,
      priceTier: 'pro',
      cadence: 'monthly',
      immediately: false,
    });
    const live = double.subscriptions.get(subscription.id)!;
    expect(live.items.data[0]!.price.id).toBe('price_premium_monthly');
    const schedule = double.schedules.get(live.schedule!)!;
    expect(double.requestsTo('POST', '/v1/subscription_schedules').at(-1)!.params).toEqual({
      from_subscription: subscription.id,
    });
    expect(double.requestsTo('POST', `/v1/subscription_schedules/${schedule.id}`).at(-1)!.params).toEqual({
      end_behavior: 'release',
      proration_behavior: 'none',
      phases: [
        {
          items: [{ price: 'price_premium_monthly', quantity: '1' }],
          start_date: String(item.current_period_start),
          end_date: String(item.current_period_end),
        },
        { items: [{ price: 'price_pro_monthly', quantity: '1' }] },
      ],
    });
    // Still Premium now; Pro from the renewal on, and Stripe's event says so then.
    expect(normalized('customer.subscription.updated', live)[0]).toMatchObject({ tier: 'premium' });
    const renewed = double.renewSubscription(subscription.id);
    expect(renewed.invoice!.amount_paid).toBe(USD.pro.monthly.USD);
    expect(renewed.subscription.schedule).toBeNull();
    expect(normalized('customer.subscription.updated', renewed.subscription)[0]).toMatchObject({
      tier: 'pro',
    });
  });

  it('a second downgrade replaces the pending one; choosing the running plan drops it', async () => {
    const { subscription } = await paidCheckout({ tier: 'premium', cadence: 'annual' });
    const change = (tier: 'pro' | 'premium', cadence: 'monthly' | 'annual') =>
      gateway.changeSubscription!({
        gatewaySubscriptionId: subscription.id,
        priceTier: tier,
        cadence,
        immediately: false,
      });
    await change('pro', 'annual');
    const scheduleId = double.subscriptions.get(subscription.id)!.schedule!;
    await change('pro', 'monthly');
    expect(double.subscriptions.get(subscription.id)!.schedule).toBe(scheduleId);
    expect(double.schedules.get(scheduleId)!.phases[1]!.items).toEqual([
      { price: 'price_pro_monthly', quantity: 1 },
    ]);
    await change('premium', 'annual');
    expect(double.subscriptions.get(subscription.id)!.schedule).toBeNull();
    expect(double.schedules.get(scheduleId)!.status).toBe('released');
    expect(double.subscriptions.get(subscription.id)!.items.data[0]!.price.id).toBe('price_premium_annual');
  });

  it('an upgrade after a pending downgrade releases the schedule first', async () => {
    const { subscription } = await paidCheckout({ tier: 'premium' });
    await gateway.changeSubscription!({
      gatewaySubscriptionId: subscription.id,
      priceTier: 'pro',
      cadence: 'monthly',
      immediately: false,
    });
    const scheduleId = double.subscriptions.get(subscription.id)!.schedule!;
    await gateway.changeSubscription!({
      gatewaySubscriptionId: subscription.id,
      priceTier: 'premium',
      cadence: 'annual',
      immediately: true,
    });
    expect(double.schedules.get(scheduleId)!.status).toBe('released');
    expect(double.subscriptions.get(subscription.id)!.items.data[0]!.price.id).toBe('price_premium_annual');
  });
});

describe('setCancelAtPeriodEnd, cancelNow, refund, portalUrl', () => {
  it('cancels at the period end and resumes', async () => {
    const { subscription } = await paidCheckout();
    await gateway.setCancelAtPeriodEnd!(subscription.id, true);
    const live = double.subscriptions.get(subscription.id)!;
    expect(live.cancel_at_period_end).toBe(true);
    expect(double.requestsTo('POST', `/v1/subscriptions/${subscription.id}`).at(-1)!.params).toEqual({
      cancel_at_period_end: 'true',
    });
    expect(normalized('customer.subscription.updated', live)[0]).toMatchObject({ cancelAtPeriodEnd: true });
    await gateway.setCancelAtPeriodEnd!(subscription.id, false);
    expect(double.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(false);
  });

  it('cancelling drops a pending downgrade (Stripe refuses cancellation changes on a schedule)', async () => {
    const { subscription } = await paidCheckout({ tier: 'premium' });
    await gateway.changeSubscription!({
      gatewaySubscriptionId: subscription.id,
      priceTier: 'pro',
      cadence: 'monthly',
      immediately: false,
    });
    const scheduleId = double.subscriptions.get(subscription.id)!.schedule!;
    await gateway.setCancelAtPeriodEnd!(subscription.id, true);
    expect(double.schedules.get(scheduleId)!.status).toBe('released');
    expect(double.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(true);
    const renewed = double.renewSubscription(subscription.id);
    expect(renewed.subscription.status).toBe('canceled');
    expect(renewed.invoice).toBeNull();
  });

  it('cancels a subscription at once', async () => {
    const { subscription } = await paidCheckout();
    await gateway.cancelNow!(subscription.id);
    expect(double.requestsTo('DELETE', `/v1/subscriptions/${subscription.id}`)).toHaveLength(1);
    expect(double.subscriptions.get(subscription.id)!.status).toBe('canceled');
  });

  it('refunds the card payment of a checkout, once, from its gatewayData or its reference alone', async () => {
    const first = await paidCheckout();
    const [succeeded] = normalized('checkout.session.completed', first.session);
    if (succeeded?.kind !== 'payment.succeeded') throw new Error('expected a succeeded payment');
    const payment = paymentRef(first.checkout.reference, succeeded.gatewayData);
    const refundId = await gateway.refund!(payment);
    const refund = double.refunds.get(refundId)!;
    const intent = double.paymentIntents.get(refund.payment_intent)!;
    expect(refund.amount).toBe(USD.pro.monthly.USD);
    expect(intent.amount_refunded).toBe(USD.pro.monthly.USD);
    expect(double.requestsTo('GET', `/v1/invoices/${first.invoice.id}`).at(-1)!.params.expand).toEqual([
      'payments',
    ]);
    // Asked again for the same payment: the same refund, not a second one.
    expect(await gateway.refund!(payment)).toBe(refundId);
    expect([...double.refunds.values()].filter((r) => r.payment_intent === intent.id)).toHaveLength(1);

    const second = await paidCheckout();
    const viaReference = await gateway.refund!(paymentRef(second.checkout.reference));
    expect(double.requestsTo('GET', `/v1/checkout/sessions/${second.checkout.reference}`)).toHaveLength(1);
    expect(double.refunds.get(viaReference)!.amount).toBe(USD.pro.monthly.USD);
  });

  it('refunds a renewal by its invoice; a second refund of the same charge is refused', async () => {
    const { subscription } = await paidCheckout();
    const invoice = double.renewSubscription(subscription.id).invoice!;
    const refundId = await gateway.refund!(paymentRef(invoice.id));
    expect(double.refunds.get(refundId)!.amount).toBe(invoice.amount_paid);
    const error = await gatewayError(gateway.refund!(paymentRef(invoice.id)));
    expect(error.message).toContain('has already been refunded');
  });

  it('opens the customer portal and answers its URL', async () => {
    const { subscription } = await paidCheckout();
    const url = await gateway.portalUrl!(subscription.customer, '/subscription');
    const portal = [...double.portalSessions.values()].find((s) => s.url === url)!;
    expect(portal.customer).toBe(subscription.customer);
    expect(portal.return_url).toBe(`${PUBLIC_URL}/subscription`);
    const error = await gatewayError(gateway.portalUrl!('cus_unknown', '/subscription'));
    expect(error.status).toBe(404);
  });
});

describe('the Stripe double', () => {
  it('parses the nested form encoding the SDK sends', () => {
    expect(
      parseStripeForm(
        'mode=subscription&line_items[0][price]=price_x&line_items[0][quantity]=1&metadata[payment_id]=p%201&expand[0]=a&expand[1]=b&flag=',
      ),
    ).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_x', quantity: '1' }],
      metadata: { payment_id: 'p 1' },
      expand: ['a', 'b'],
      flag: '',
    });
  });

  it('answers unknown paths and a wrong key like Stripe does', async () => {
    const unknown = await fetch(`${double.url}/v1/charges`, {
      headers: { authorization: `Bearer ${STRIPE_TEST_SECRET_KEY}` },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { type: 'invalid_request_error', message: 'Unrecognized request URL (GET: /v1/charges).' },
    });
    const unauthorized = await fetch(`${double.url}/v1/checkout/sessions/cs_x`, {
      headers: { authorization: 'Bearer sk_test_wrong' },
    });
    expect(unauthorized.status).toBe(401);
    expect(await unauthorized.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });
});
