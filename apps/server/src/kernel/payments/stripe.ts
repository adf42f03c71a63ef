import {
  BILLING_CADENCES,
  type BillingCadence,
  type Currency,
  PAID_TIER_IDS,
  type PaidTierId,
  type PaymentMethod,
} from '@adwuma/shared';
import Stripe from 'stripe';
import type { StripeConfig } from '../../config.ts';
import {
  type CheckoutRequest,
  type CheckoutSession,
  GatewayError,
  headerValue,
  type NormalizedEvent,
  type PaymentGateway,
  type PaymentRef,
  type VerifiedEvent,
  WebhookSignatureError,
} from './gateway.ts';

/**
 * The Stripe gateway (issue 17): USD card subscriptions through Checkout Sessions in subscription
 * mode, renewals charged by Stripe itself, the customer portal for card changes.
 *
 * Webhook payloads are rendered in the API version of the webhook endpoint, which may be older than
 * the SDK's pinned one, so the readers below accept both the current shapes and the older ones
 * (invoice.subscription vs invoice.parent.subscription_details, current_period_* on the
 * subscription vs on its items).
 *
 * Plan changes: an upgrade updates the subscription item's price at once, prorated and invoiced
 * (`always_invoice`, `error_if_incomplete`: a declined card refuses the change and nothing moves). A
 * downgrade goes through a subscription schedule: the current phase keeps the current price until
 * the period ends, the next phase has the new one, then the schedule releases the subscription. So
 * Stripe's own `customer.subscription.updated` events tell the truth: the tier changes when the
 * period ends, not when the provider asked.
 */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
/** Seconds a signed Stripe webhook stays acceptable (Stripe's 5-minute tolerance). */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

type Obj = Record<string, unknown>;

const asObj = (value: unknown): Obj | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : null;
const asStr = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const asNum = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const asList = (value: unknown): Obj[] => {
  const data = Array.isArray(value) ? value : asObj(value)?.data;
  return Array.isArray(data) ? data.map(asObj).filter((item): item is Obj => item !== null) : [];
};
/** An expandable field: the id whether Stripe sent the id or the expanded object. */
const idOf = (value: unknown): string | null => asStr(value) ?? asStr(asObj(value)?.id);
const fromSeconds = (value: unknown): Date | null => {
  const seconds = asNum(value);
  return seconds === null ? null : new Date(seconds * 1000);
};
const currencyOf = (value: unknown): Currency => (asStr(value) ?? 'usd').toUpperCase() as Currency;
const metadataOf = (value: Obj): Record<string, string> => {
  const metadata = asObj(value.metadata) ?? {};
  return Object.fromEntries(
    Object.entries(metadata).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
};
/** gatewayData without the unknowns. */
const compact = (data: Record<string, string | null>): Record<string, string> =>
  Object.fromEntries(Object.entries(data).filter((e): e is [string, string] => e[1] !== null));

export function createStripeGateway(config: StripeConfig, publicUrl: string): PaymentGateway {
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Adwuma' },
    ...apiLocation(config.apiUrl),
  });
  const testMode = /^(sk|rk)_test_/.test(config.secretKey);
  const absolute = (url: string) => new URL(url, publicUrl).toString();

  /** Which (tier, cadence) a configured price id sells. */
  const planOfPrice = (priceId: string | null): { tier: PaidTierId; cadence: BillingCadence } | null => {
    for (const tier of PAID_TIER_IDS) {
      for (const cadence of BILLING_CADENCES) {
        if (priceId !== null && config.prices[tier][cadence] === priceId) return { tier, cadence };
      }
    }
    return null;
  };
  const priceIdOf = (item: Obj): string | null => idOf(item.price) ?? idOf(item.plan);
  /** The subscription's item that carries one of our prices (else its first). */
  const planItem = (subscription: Obj): Obj | null => {
    const items = asList(subscription.items);
    return items.find((item) => planOfPrice(priceIdOf(item)) !== null) ?? items[0] ?? null;
  };
  /** The running period: on the item in current API versions, on the subscription in older ones. */
  const periodOf = (subscription: Obj): { start: Date | null; end: Date | null } => {
    const item = planItem(subscription) ?? {};
    return {
      start: fromSeconds(item.current_period_start ?? subscription.current_period_start),
      end: fromSeconds(item.current_period_end ?? subscription.current_period_end),
    };
  };

  function checkoutSucceeded(session: Obj, occurredAt: Date): NormalizedEvent {
    const metadata = metadataOf(session);
    const subscription = asObj(session.subscription);
    const period = subscription ? periodOf(subscription) : { start: null, end: null };
    const ids = {
      session_id: asStr(session.id),
      subscription_id: idOf(session.subscription),
      customer_id: idOf(session.customer),
      invoice_id: idOf(session.invoice),
      payment_intent: idOf(session.payment_intent),
    };
    return {
      kind: 'payment.succeeded',
      reference: ids.session_id,
      paymentId: metadata.payment_id ?? null,
      amountMinor: asNum(session.amount_total) ?? 0,
      currency: currencyOf(session.currency),
      method: 'card',
      methodLabel: null,
      authorizationCode: null,
      customerId: ids.customer_id,
      gatewaySubscriptionId: ids.subscription_id,
      periodStart: period.start,
      periodEnd: period.end,
      renewal: false,
      occurredAt,
      gatewayData: compact(ids),
    };
  }

  function checkoutEvent(type: string, session: Obj, occurredAt: Date): NormalizedEvent[] {
    const reference = asStr(session.id);
    const paymentId = metadataOf(session).payment_id ?? null;
    switch (type) {
      case 'checkout.session.completed':
        return session.payment_status === 'paid'
          ? [checkoutSucceeded(session, occurredAt)]
          : [{ kind: 'payment.pending', reference, paymentId, occurredAt }];
      case 'checkout.session.async_payment_succeeded':
        return [checkoutSucceeded(session, occurredAt)];
      case 'checkout.session.async_payment_failed':
        return [
          {
            kind: 'payment.failed',
            reference,
            paymentId,
            gatewaySubscriptionId: idOf(session.subscription),
            reason: 'The payment failed',
            occurredAt,
          },
        ];
      case 'checkout.session.expired':
        return [
          {
            kind: 'payment.failed',
            reference,
            paymentId,
            gatewaySubscriptionId: null,
            reason: 'The checkout expired',
            cancelled: true,
            occurredAt,
          },
        ];
      default:
        return [];
    }
  }

  const invoiceSubscriptionId = (invoice: Obj): string | null => {
    const details = asObj(asObj(invoice.parent)?.subscription_details);
    const fromLines = asList(invoice.lines)
      .map(
        (line) =>
          idOf(asObj(asObj(line.parent)?.subscription_item_details)?.subscription) ?? idOf(line.subscription),
      )
      .find((id) => id !== null);
    return idOf(details?.subscription) ?? idOf(invoice.subscription) ?? fromLines ?? null;
  };

  /** The period an invoice pays for: its subscription lines (prorations only when nothing else). */
  const invoicePeriod = (invoice: Obj): { start: Date | null; end: Date | null } => {
    const lines = asList(invoice.lines).filter((line) => asObj(line.period));
    const isProration = (line: Obj) =>
      asObj(asObj(line.parent)?.subscription_item_details)?.proration === true || line.proration === true;
    const regular = lines.filter((line) => !isProration(line));
    const chosen = regular.length > 0 ? regular : lines;
    const starts = chosen
      .map((line) => asNum(asObj(line.period)?.start))
      .filter((n): n is number => n !== null);
    const ends = chosen.map((line) => asNum(asObj(line.period)?.end)).filter((n): n is number => n !== null);
    return {
      start: starts.length > 0 ? fromSeconds(Math.min(...starts)) : null,
      end: ends.length > 0 ? fromSeconds(Math.max(...ends)) : null,
    };
  };

  const invoicePaymentIntent = (invoice: Obj): string | null =>
    idOf(invoice.payment_intent) ??
    asList(invoice.payments)
      .filter((payment) => payment.status === 'paid' || payment.status === undefined)
      .map((payment) => idOf(asObj(payment.payment)?.payment_intent))
      .find((id) => id !== null) ??
    null;

  function invoicePaid(invoice: Obj, occurredAt: Date): NormalizedEvent {
    const period = invoicePeriod(invoice);
    const ids = {
      invoice_id: asStr(invoice.id),
      subscription_id: invoiceSubscriptionId(invoice),
      customer_id: idOf(invoice.customer),
      payment_intent: invoicePaymentIntent(invoice),
      billing_reason: asStr(invoice.billing_reason),
    };
    return {
      kind: 'payment.succeeded',
      reference: ids.invoice_id,
      // The subscription's metadata names the first checkout's payment, not this one.
      paymentId: null,
      amountMinor: asNum(invoice.amount_paid) ?? 0,
      currency: currencyOf(invoice.currency),
      method: 'card',
      methodLabel: null,
      authorizationCode: null,
      customerId: ids.customer_id,
      gatewaySubscriptionId: ids.subscription_id,
      periodStart: period.start,
      periodEnd: period.end,
      renewal: true,
      occurredAt,
      gatewayData: compact(ids),
    };
  }

  /** Renewals and plan changes; the first invoice (subscription_create) is the checkout's business. */
  const RENEWAL_REASONS = new Set(['subscription_cycle', 'subscription_update']);

  function invoiceEvent(type: string, invoice: Obj, occurredAt: Date): NormalizedEvent[] {
    const reason = asStr(invoice.billing_reason);
    if (reason === null || !RENEWAL_REASONS.has(reason)) return [];
    if (type === 'invoice.paid') return [invoicePaid(invoice, occurredAt)];
    if (type === 'invoice.payment_failed') {
      return [
        {
          kind: 'payment.failed',
          reference: asStr(invoice.id),
          paymentId: null,
          gatewaySubscriptionId: invoiceSubscriptionId(invoice),
          reason:
            reason === 'subscription_update'
              ? 'The plan change payment failed'
              : 'The renewal payment failed',
          occurredAt,
        },
      ];
    }
    return [];
  }

  function subscriptionUpdated(subscription: Obj, occurredAt: Date): NormalizedEvent[] {
    const id = asStr(subscription.id);
    if (id === null) return [];
    const item = planItem(subscription);
    const plan = item ? planOfPrice(priceIdOf(item)) : null;
    const period = periodOf(subscription);
    const status = asStr(subscription.status);
    const cancelAt = asNum(subscription.cancel_at);
    const periodEnd = period.end === null ? null : period.end.getTime() / 1000;
    return [
      {
        kind: 'subscription.updated',
        gatewaySubscriptionId: id,
        customerId: idOf(subscription.customer),
        tier: plan?.tier ?? null,
        cadence: plan?.cadence ?? null,
        status:
          status === 'active' || status === 'trialing'
            ? 'active'
            : status === 'past_due' || status === 'unpaid'
              ? 'past_due'
              : status === 'canceled'
                ? 'canceled'
                : 'other',
        periodStart: period.start,
        periodEnd: period.end,
        // The portal may cancel with a `cancel_at` date instead of the flag.
        cancelAtPeriodEnd:
          subscription.cancel_at_period_end === true ||
          (cancelAt !== null && periodEnd !== null && cancelAt <= periodEnd),
        occurredAt,
      },
    ];
  }

  async function paymentIntentOf(payment: PaymentRef): Promise<string | null> {
    const data = payment.gatewayData;
    const known = asStr(data.payment_intent);
    if (known) return known;
    let invoiceId =
      asStr(data.invoice_id) ?? (payment.reference.startsWith('in_') ? payment.reference : null);
    if (invoiceId === null) {
      const session = (await stripe.checkout.sessions.retrieve(payment.reference)) as unknown as Obj;
      const direct = idOf(session.payment_intent);
      if (direct) return direct;
      invoiceId = idOf(session.invoice);
    }
    if (invoiceId === null) return null;
    const invoice = (await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] })) as unknown as Obj;
    return invoicePaymentIntent(invoice);
  }

  async function releaseSchedule(schedule: unknown): Promise<void> {
    const scheduleId = idOf(schedule);
    const status = asStr(asObj(schedule)?.status);
    if (scheduleId === null || status === 'released' || status === 'canceled' || status === 'completed')
      return;
    await stripe.subscriptionSchedules.release(scheduleId);
  }

  return {
    id: 'stripe',
    testMode,
    currencies: ['USD'],
    methods(currency: Currency): PaymentMethod[] {
      return currency === 'USD' ? ['card'] : [];
    },

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      if (request.currency !== 'USD') {
        throw new GatewayError('Card checkout through Stripe is in USD only', 'stripe');
      }
      // Stripe sells plans only (subscription mode); booking payments are in cedis (Paystack, sandbox).
      const { tier, cadence } = request;
      if (request.purpose === 'booking' || !tier || !cadence) {
        throw new GatewayError('Stripe takes plan payments only', 'stripe');
      }
      const metadata = { payment_id: request.paymentId, user_id: request.userId, tier, cadence };
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            line_items: [{ price: config.prices[tier][cadence], quantity: 1 }],
            allowed_payment_method_types: ['card'],
            client_reference_id: request.userId,
            ...(request.customerId ? { customer: request.customerId } : { customer_email: request.email }),
            metadata,
            subscription_data: { metadata },
            success_url: absolute(request.successUrl),
            cancel_url: absolute(request.cancelUrl),
          },
          { idempotencyKey: `adwuma-checkout-${request.paymentId}` },
        ),
      );
      if (!session.url) throw new GatewayError('No checkout URL received', 'stripe');
      const customerId = idOf(session.customer) ?? request.customerId;
      return { reference: session.id, url: session.url, ...(customerId ? { customerId } : {}) };
    },

    verifyWebhook(rawBody, headers): VerifiedEvent {
      const signature = headerValue(headers, STRIPE_SIGNATURE_HEADER);
      if (!signature) throw new WebhookSignatureError('The stripe-signature header is missing');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          config.webhookSecret,
          STRIPE_WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (/tolerance/i.test(message)) {
          throw new WebhookSignatureError(
            'The Stripe signature timestamp is older than the 5-minute tolerance',
          );
        }
        if (error instanceof SyntaxError)
          throw new WebhookSignatureError('The Stripe webhook body is not JSON');
        throw new WebhookSignatureError('The Stripe signature does not match the body');
      }
      const payload = asObj(event);
      const id = asStr(payload?.id);
      const type = asStr(payload?.type);
      const created = asNum(payload?.created);
      if (!payload || !id || !type || created === null) {
        throw new WebhookSignatureError('The Stripe webhook body is not an event');
      }
      return { id, type, createdAt: new Date(created * 1000), payload };
    },

    normalize(event: VerifiedEvent): NormalizedEvent[] {
      const object = asObj(asObj(event.payload.data)?.object);
      if (!object) return [];
      const at = event.createdAt;
      if (event.type.startsWith('checkout.session.')) return checkoutEvent(event.type, object, at);
      if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
        return invoiceEvent(event.type, object, at);
      }
      if (event.type === 'customer.subscription.created' || event.type === 'customer.subscription.updated') {
        return subscriptionUpdated(object, at);
      }
      if (event.type === 'customer.subscription.deleted') {
        const id = asStr(object.id);
        return id ? [{ kind: 'subscription.deleted', gatewaySubscriptionId: id, occurredAt: at }] : [];
      }
      return [];
    },

    async verifyPayment(payment: PaymentRef): Promise<NormalizedEvent | null> {
      const now = new Date();
      if (payment.reference.startsWith('in_')) {
        const invoice = (await call(() =>
          stripe.invoices.retrieve(payment.reference, { expand: ['payments'] }),
        )) as unknown as Obj;
        if (invoice.status === 'paid') return invoicePaid(invoice, now);
        if (invoice.status === 'void' || invoice.status === 'uncollectible') {
          return {
            kind: 'payment.failed',
            reference: payment.reference,
            paymentId: payment.id,
            gatewaySubscriptionId: invoiceSubscriptionId(invoice),
            reason: 'The invoice was not paid',
            occurredAt: now,
          };
        }
        return null;
      }
      const session = (await call(() =>
        stripe.checkout.sessions.retrieve(payment.reference, { expand: ['subscription'] }),
      )) as unknown as Obj;
      if (session.status === 'expired') {
        return {
          kind: 'payment.failed',
          reference: payment.reference,
          paymentId: metadataOf(session).payment_id ?? payment.id,
          gatewaySubscriptionId: null,
          reason: 'The checkout expired',
          cancelled: true,
          occurredAt: now,
        };
      }
      if (session.status !== 'complete') return null;
      if (session.payment_status === 'paid') return checkoutSucceeded(session, now);
      return {
        kind: 'payment.pending',
        reference: payment.reference,
        paymentId: metadataOf(session).payment_id ?? payment.id,
        occurredAt: now,
      };
    },

    async changeSubscription({ gatewaySubscriptionId, priceTier, cadence, immediately }) {
      const price = config.prices[priceTier][cadence];
      await call(async () => {
        const subscription = (await stripe.subscriptions.retrieve(gatewaySubscriptionId, {
          expand: ['schedule'],
        })) as unknown as Obj;
        const item = planItem(subscription);
        const itemId = item ? asStr(item.id) : null;
        const currentPrice = item ? priceIdOf(item) : null;
        if (!item || !itemId || !currentPrice) {
          throw new GatewayError('The Stripe subscription has no plan to change', 'stripe');
        }
        if (immediately) {
          // A pending downgrade would undo the upgrade at the period end.
          await releaseSchedule(subscription.schedule);
          await stripe.subscriptions.update(gatewaySubscriptionId, {
            items: [{ id: itemId, price }],
            proration_behavior: 'always_invoice',
            payment_behavior: 'error_if_incomplete',
          });
          return;
        }
        if (price === currentPrice) {
          // Back to the running plan: drop the pending change.
          await releaseSchedule(subscription.schedule);
          return;
        }
        let schedule = asObj(subscription.schedule);
        if (!schedule || asStr(schedule.status) !== 'active') {
          schedule = (await stripe.subscriptionSchedules.create({
            from_subscription: gatewaySubscriptionId,
          })) as unknown as Obj;
        }
        const phases = asList(schedule.phases);
        const currentStart = asNum(asObj(schedule.current_phase)?.start_date);
        const current = phases.find((phase) => asNum(phase.start_date) === currentStart) ?? phases[0];
        const start =
          asNum(current?.start_date) ?? asNum(item.current_period_start ?? subscription.current_period_start);
        const end =
          asNum(current?.end_date) ?? asNum(item.current_period_end ?? subscription.current_period_end);
        if (start === null || end === null) {
          throw new GatewayError('The Stripe subscription has no current period', 'stripe');
        }
        await stripe.subscriptionSchedules.update(asStr(schedule.id)!, {
          end_behavior: 'release',
          proration_behavior: 'none',
          phases: [
            { items: [{ price: currentPrice, quantity: 1 }], start_date: start, end_date: end },
            { items: [{ price, quantity: 1 }] },
          ],
        });
      });
    },

    async setCancelAtPeriodEnd(gatewaySubscriptionId, cancel) {
      await call(async () => {
        const subscription = (await stripe.subscriptions.retrieve(gatewaySubscriptionId, {
          expand: ['schedule'],
        })) as unknown as Obj;
        // Stripe refuses cancellation changes on a scheduled subscription; cancelling (or resuming)
        // also drops a pending downgrade.
        await releaseSchedule(subscription.schedule);
        await stripe.subscriptions.update(gatewaySubscriptionId, { cancel_at_period_end: cancel });
      });
    },

    async cancelNow(gatewaySubscriptionId) {
      await call(() => stripe.subscriptions.cancel(gatewaySubscriptionId));
    },

    async refund(payment: PaymentRef): Promise<string> {
      return call(async () => {
        const paymentIntent = await paymentIntentOf(payment);
        if (!paymentIntent)
          throw new GatewayError('Stripe has no card payment to refund for this payment', 'stripe');
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntent },
          { idempotencyKey: `adwuma-refund-${payment.id}` },
        );
        return refund.id;
      });
    },

    async portalUrl(customerId: string, returnUrl: string): Promise<string> {
      const session = await call(() =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: absolute(returnUrl) }),
      );
      return session.url;
    },
  };
}

/** STRIPE_API_URL as the SDK's host/port/protocol (tests point it at a local double). */
function apiLocation(apiUrl: string | undefined): {
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
} {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** Runs Stripe calls; their failures become GatewayErrors with a message safe to show. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toGatewayError(error);
  }
}

function toGatewayError(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error;
  if (error instanceof Stripe.errors.StripeCardError) {
    return new GatewayError(error.message, 'stripe', error.statusCode);
  }
  if (error instanceof Stripe.errors.StripeConnectionError) {
    // The route adds "Please try again." (features/subscriptions/checkout.ts gatewayFailure).
    return new GatewayError('Stripe could not be reached', 'stripe');
  }
  if (error instanceof Stripe.errors.StripeError) {
    return new GatewayError(`Stripe refused the request: ${error.message}`, 'stripe', error.statusCode);
  }
  return new GatewayError('The Stripe call failed', 'stripe');
}
