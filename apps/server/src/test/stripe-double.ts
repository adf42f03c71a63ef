import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addPeriod, BILLING_CADENCES, type BillingCadence, PAID_TIER_IDS, priceTable } from '@adwuma/shared';
import Stripe from 'stripe';
import type { StripeConfig } from '../config.ts';

/**
 * A local stand-in for the Stripe API (issue 17 tests): exactly the endpoints the Stripe gateway
 * calls, on 127.0.0.1, with state in memory. The real `stripe` SDK talks to it through its
 * host/port/protocol options (STRIPE_API_URL). Objects have the current API version's shapes, so a
 * test can wrap them in an event (`stripeEvent`) and sign it (`signStripeEvent`) like Stripe would.
 *
 * Endpoints: POST/GET /v1/checkout/sessions[/:id], GET/POST/DELETE /v1/subscriptions/:id,
 * POST /v1/subscription_schedules[/:id[/release]], GET /v1/invoices/:id, POST /v1/refunds,
 * POST /v1/billing_portal/sessions. Anything else answers 404 with a Stripe-style error.
 */

export const STRIPE_TEST_SECRET_KEY = 'sk_test_adwuma_double';
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_adwuma_double';
/** The price ids the double knows by default (amounts: the USD price table). */
export const STRIPE_TEST_PRICES: StripeConfig['prices'] = {
  pro: { monthly: 'price_pro_monthly', annual: 'price_pro_annual' },
  premium: { monthly: 'price_premium_monthly', annual: 'price_premium_annual' },
};

/** A StripeConfig that points the gateway at a running double. */
export function stripeTestConfig(apiUrl: string): StripeConfig {
  return {
    secretKey: STRIPE_TEST_SECRET_KEY,
    webhookSecret: STRIPE_TEST_WEBHOOK_SECRET,
    prices: STRIPE_TEST_PRICES,
    apiUrl,
  };
}

export interface DoublePrice {
  id: string;
  object: 'price';
  unit_amount: number;
  currency: string;
  recurring: { interval: 'month' | 'year'; interval_count: 1 };
}

export interface DoubleCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  created: number;
}

export interface DoubleSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  url: string | null;
  success_url: string | null;
  cancel_url: string | null;
  client_reference_id: string | null;
  customer: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  allowed_payment_method_types: string[] | null;
  subscription: string | null;
  invoice: string | null;
  payment_intent: string | null;
  created: number;
  expires_at: number;
  livemode: false;
}

export interface DoubleSubscriptionItem {
  id: string;
  object: 'subscription_item';
  price: DoublePrice;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
  subscription: string;
  created: number;
}

export interface DoubleSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'incomplete' | 'active' | 'past_due' | 'unpaid' | 'canceled' | 'trialing';
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  start_date: number;
  currency: string;
  metadata: Record<string, string>;
  schedule: string | null;
  latest_invoice: string | null;
  items: { object: 'list'; data: DoubleSubscriptionItem[]; has_more: false; url: string };
  livemode: false;
}

export interface DoubleInvoiceLine {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string | null;
  period: { start: number; end: number };
  quantity: number;
  parent: {
    type: 'subscription_item_details';
    invoice_item_details: null;
    subscription_item_details: {
      subscription: string;
      subscription_item: string;
      proration: boolean;
      invoice_item: null;
      proration_details: null;
    };
  };
  pricing: {
    type: 'price_details';
    price_details: { price: string; product: string };
    unit_amount_decimal: null;
  };
}

export interface DoubleInvoicePayment {
  id: string;
  object: 'invoice_payment';
  invoice: string;
  amount_paid: number | null;
  amount_requested: number;
  currency: string;
  is_default: boolean;
  status: 'open' | 'paid' | 'canceled';
  payment: { type: 'payment_intent'; payment_intent: string };
  created: number;
  livemode: false;
}

export interface DoubleInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  status: 'open' | 'paid' | 'void' | 'uncollectible';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  currency: string;
  created: number;
  period_start: number;
  period_end: number;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  lines: { object: 'list'; data: DoubleInvoiceLine[]; has_more: false; url: string };
  livemode: false;
}

export interface DoublePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  /** Not a Stripe field: what the double has refunded of it. */
  amount_refunded: number;
  currency: string;
  customer: string;
  status: 'succeeded' | 'requires_payment_method';
  created: number;
}

export interface DoubleRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  created: number;
}

export interface DoubleSchedulePhase {
  start_date: number;
  end_date: number;
  items: { price: string; quantity: number }[];
}

export interface DoubleSchedule {
  id: string;
  object: 'subscription_schedule';
  customer: string;
  subscription: string | null;
  status: 'active' | 'released' | 'canceled' | 'completed';
  end_behavior: string;
  current_phase: { start_date: number; end_date: number } | null;
  phases: DoubleSchedulePhase[];
  released_at: number | null;
  released_subscription: string | null;
  created: number;
  livemode: false;
}

export interface DoublePortalSession {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  return_url: string | null;
  url: string;
  created: number;
}

/** One request the double received; `params` is the form body (or query) parsed into objects. */
export interface DoubleRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
}

export interface DoubleError {
  status: number;
  type?: string;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
}

export interface StripeDoubleOptions {
  /** Extra or replacement prices: id → amount in cents and interval. Defaults: STRIPE_TEST_PRICES. */
  prices?: Record<string, { amount: number; interval: 'month' | 'year' }>;
  /** The double's clock in Unix seconds (default: the real time). */
  now?: () => number;
}

export interface StripeDouble {
  url: string;
  close(): Promise<void>;
  /** Every request, oldest first. */
  requests: DoubleRequest[];
  /** The requests to one method and path (query excluded), e.g. ('POST', '/v1/refunds'). */
  requestsTo(method: string, path: string | RegExp): DoubleRequest[];
  prices: Map<string, DoublePrice>;
  customers: Map<string, DoubleCustomer>;
  sessions: Map<string, DoubleSession>;
  subscriptions: Map<string, DoubleSubscription>;
  invoices: Map<string, DoubleInvoice>;
  paymentIntents: Map<string, DoublePaymentIntent>;
  refunds: Map<string, DoubleRefund>;
  schedules: Map<string, DoubleSchedule>;
  portalSessions: Map<string, DoublePortalSession>;
  /** A customer, as if created earlier (for checkouts that reuse one). */
  addCustomer(email?: string): DoubleCustomer;
  /**
   * The payer finished the hosted checkout. paid (default): a customer (when the session had an
   * email), an active subscription with its first period, its paid first invoice and payment
   * intent. paid false: complete but unpaid (an async payment still running). Answers copies.
   */
  completeSession(
    id: string,
    options?: { paid?: boolean },
  ): { session: DoubleSession; subscription: DoubleSubscription | null; invoice: DoubleInvoice | null };
  /** The session expired unpaid. */
  expireSession(id: string): DoubleSession;
  /**
   * The period ended: applies a pending schedule phase, ends a subscription set to cancel, else
   * opens the next period with a subscription_cycle invoice, paid (default) or failed (past_due).
   */
  renewSubscription(
    id: string,
    options?: { paid?: boolean },
  ): { subscription: DoubleSubscription; invoice: DoubleInvoice | null };
  /** The next request matching method and path answers this error instead (once). */
  failNext(method: string, path: string | RegExp, error: DoubleError): void;
  /** The next request matching method and path answers this JSON instead (once), e.g. a session without url. */
  answerNext(method: string, path: string | RegExp, body: object, status?: number): void;
}

type Params = Record<string, unknown>;

class DoubleHttpError extends Error {
  constructor(readonly error: DoubleError) {
    super(error.message);
  }
}

const missing = (kind: string, id: string, param = 'id') =>
  new DoubleHttpError({
    status: 404,
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });
const invalid = (message: string, param?: string) =>
  new DoubleHttpError({ status: 400, type: 'invalid_request_error', message, ...(param ? { param } : {}) });

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const asParams = (value: unknown): Params =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Params) : {};
const asString = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const stringRecord = (value: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(asParams(value)).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
const copy = <T>(value: T): T => structuredClone(value);

/**
 * Parses the SDK's form encoding (`line_items[0][price]=...&metadata[payment_id]=...&expand[0]=x`)
 * into nested objects; objects whose keys are all indexes become arrays.
 */
export function parseStripeForm(text: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const head = /^[^[]+/.exec(key)?.[0];
    if (!head) continue;
    const path = [head, ...[...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '')];
    let node = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        node[segment] = value;
        return;
      }
      const next = asParams(node[segment]);
      node[segment] = next;
      node = next;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value;
    const entries = Object.entries(value as Params).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
      return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
    }
    return Object.fromEntries(entries);
  };
  return arrays(root) as Params;
}

export async function startStripeDouble(options: StripeDoubleOptions = {}): Promise<StripeDouble> {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const prices = new Map<string, DoublePrice>();
  const table = priceTable();
  const addPrice = (id: string, amount: number, interval: 'month' | 'year') =>
    prices.set(id, {
      id,
      object: 'price',
      unit_amount: amount,
      currency: 'usd',
      recurring: { interval, interval_count: 1 },
    });
  for (const tier of PAID_TIER_IDS) {
    for (const cadence of BILLING_CADENCES) {
      addPrice(
        STRIPE_TEST_PRICES[tier][cadence],
        table[tier][cadence].USD,
        cadence === 'monthly' ? 'month' : 'year',
      );
    }
  }
  for (const [id, price] of Object.entries(options.prices ?? {})) addPrice(id, price.amount, price.interval);

  const customers = new Map<string, DoubleCustomer>();
  const sessions = new Map<string, DoubleSession>();
  const subscriptions = new Map<string, DoubleSubscription>();
  const invoices = new Map<string, DoubleInvoice>();
  const invoicePayments = new Map<string, DoubleInvoicePayment[]>();
  const paymentIntents = new Map<string, DoublePaymentIntent>();
  const refunds = new Map<string, DoubleRefund>();
  const schedules = new Map<string, DoubleSchedule>();
  const portalSessions = new Map<string, DoublePortalSession>();
  /** What a session's subscription will be made of (Stripe keeps it out of the session object). */
  const sessionSubscriptionData = new Map<string, { price: string; metadata: Record<string, string> }>();
  const requests: DoubleRequest[] = [];
  /** Canned answers for the next matching requests (failNext, answerNext). */
  const canned: {
    method: string;
    path: string | RegExp;
    answer: DoubleError | { status: number; body: object };
  }[] = [];
  const idempotent = new Map<string, { status: number; body: string }>();
  let base = '';

  const cadenceOf = (price: DoublePrice): BillingCadence =>
    price.recurring.interval === 'year' ? 'annual' : 'monthly';
  const periodEnd = (start: number, price: DoublePrice) =>
    Math.floor(addPeriod(new Date(start * 1000), cadenceOf(price)).getTime() / 1000);
  const priceOrFail = (id: unknown, param: string): DoublePrice => {
    const price = prices.get(String(id ?? ''));
    if (!price) throw missing('price', String(id ?? ''), param);
    return price;
  };
  const get = <T>(map: Map<string, T>, kind: string, id: string): T => {
    const found = map.get(id);
    if (!found) throw missing(kind, id);
    return found;
  };

  const addCustomer = (email?: string): DoubleCustomer => {
    const customer: DoubleCustomer = {
      id: newId('cus'),
      object: 'customer',
      email: email ?? null,
      created: now(),
    };
    customers.set(customer.id, customer);
    return customer;
  };

  /** A paid (or failed) invoice of a subscription with its payment intent. */
  const invoiceFor = (
    subscription: DoubleSubscription,
    reason: DoubleInvoice['billing_reason'],
    lines: { item: DoubleSubscriptionItem; amount: number; start: number; end: number; proration: boolean }[],
    paid: boolean,
  ): DoubleInvoice => {
    const id = newId('in');
    const amount = lines.reduce((sum, line) => sum + line.amount, 0);
    const invoice: DoubleInvoice = {
      id,
      object: 'invoice',
      customer: subscription.customer,
      billing_reason: reason,
      status: paid ? 'paid' : 'open',
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      attempt_count: 1,
      currency: subscription.currency,
      created: now(),
      period_start: lines[0]?.start ?? now(),
      period_end: lines[0]?.start ?? now(),
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
      },
      lines: {
        object: 'list',
        has_more: false,
        url: `/v1/invoices/${id}/lines`,
        data: lines.map((line) => ({
          id: newId('il'),
          object: 'line_item',
          amount: line.amount,
          currency: subscription.currency,
          description: null,
          period: { start: line.start, end: line.end },
          quantity: 1,
          parent: {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: {
              subscription: subscription.id,
              subscription_item: line.item.id,
              proration: line.proration,
              invoice_item: null,
              proration_details: null,
            },
          },
          pricing: {
            type: 'price_details',
            price_details: { price: line.item.price.id, product: `prod_${line.item.price.id}` },
            unit_amount_decimal: null,
          },
        })),
      },
      livemode: false,
    };
    invoices.set(id, invoice);
    const intent: DoublePaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      amount_refunded: 0,
      currency: subscription.currency,
      customer: subscription.customer,
      status: paid ? 'succeeded' : 'requires_payment_method',
      created: now(),
    };
    paymentIntents.set(intent.id, intent);
    invoicePayments.set(id, [
      {
        id: newId('inpay'),
        object: 'invoice_payment',
        invoice: id,
        amount_paid: paid ? amount : null,
        amount_requested: amount,
        currency: subscription.currency,
        is_default: true,
        status: paid ? 'paid' : 'open',
        payment: { type: 'payment_intent', payment_intent: intent.id },
        created: now(),
        livemode: false,
      },
    ]);
    subscription.latest_invoice = id;
    return invoice;
  };

  const planItemOf = (subscription: DoubleSubscription): DoubleSubscriptionItem => {
    const item = subscription.items.data[0];
    if (!item) throw invalid('The subscription has no items');
    return item;
  };

  const releaseSchedule = (schedule: DoubleSchedule, status: DoubleSchedule['status'] = 'released') => {
    const subscription = schedule.subscription ? subscriptions.get(schedule.subscription) : undefined;
    if (subscription) subscription.schedule = null;
    schedule.status = status;
    schedule.released_at = status === 'released' ? now() : null;
    schedule.released_subscription = status === 'released' ? schedule.subscription : null;
    schedule.subscription = null;
    schedule.current_phase = null;
  };

  // ----- endpoints -----

  const createSession = (params: Params): DoubleSession => {
    if (params.mode !== 'subscription')
      throw invalid('The Stripe double supports mode=subscription only', 'mode');
    const lineItems = asArray(params.line_items).map(asParams);
    if (lineItems.length !== 1)
      throw invalid('The Stripe double expects exactly one line item', 'line_items');
    const price = priceOrFail(lineItems[0]?.price, 'line_items[0][price]');
    const quantity = Number(lineItems[0]?.quantity ?? 1);
    const customer = asString(params.customer);
    const email = asString(params.customer_email);
    if (customer && email) {
      throw invalid('You may only specify one of these parameters: customer, customer_email.', 'customer');
    }
    if (customer) get(customers, 'customer', customer);
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    const session: DoubleSession = {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      url: `${base}/c/pay/${id}`,
      success_url: asString(params.success_url) ?? null,
      cancel_url: asString(params.cancel_url) ?? null,
      client_reference_id: asString(params.client_reference_id) ?? null,
      customer: customer ?? null,
      customer_email: email ?? null,
      metadata: stringRecord(params.metadata),
      amount_total: price.unit_amount * quantity,
      currency: price.currency,
      allowed_payment_method_types: params.allowed_payment_method_types
        ? asArray(params.allowed_payment_method_types).map(String)
        : null,
      subscription: null,
      invoice: null,
      payment_intent: null,
      created: now(),
      expires_at: now() + 24 * 60 * 60,
      livemode: false,
    };
    sessions.set(id, session);
    sessionSubscriptionData.set(id, {
      price: price.id,
      metadata: stringRecord(asParams(params.subscription_data).metadata),
    });
    return session;
  };

  const updateSubscription = (id: string, params: Params): DoubleSubscription => {
    const subscription = get(subscriptions, 'subscription', id);
    if (subscription.status === 'canceled') {
      throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    }
    if (params.cancel_at_period_end !== undefined) {
      if (subscription.schedule) {
        throw invalid(
          `The subscription is managed by the subscription schedule \`${subscription.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
          'cancel_at_period_end',
        );
      }
      const cancel = params.cancel_at_period_end === 'true';
      subscription.cancel_at_period_end = cancel;
      subscription.cancel_at = cancel ? planItemOf(subscription).current_period_end : null;
      subscription.canceled_at = cancel ? now() : null;
    }
    const items = asArray(params.items).map(asParams);
    for (const [index, change] of items.entries()) {
      const item = subscription.items.data.find((i) => i.id === change.id);
      if (!item) throw missing('subscription_item', String(change.id ?? ''), `items[${index}][id]`);
      const price = priceOrFail(change.price, `items[${index}][price]`);
      const old = item.price;
      item.price = price;
      const behavior = asString(params.proration_behavior) ?? 'create_prorations';
      if (behavior === 'always_invoice') {
        const at = now();
        const span = item.current_period_end - item.current_period_start;
        const left = Math.max(0, item.current_period_end - at);
        const share = (amount: number) => Math.round((amount * left) / (span || 1));
        invoiceFor(
          subscription,
          'subscription_update',
          [
            {
              item,
              amount: -share(old.unit_amount),
              start: at,
              end: item.current_period_end,
              proration: true,
            },
            {
              item,
              amount: share(price.unit_amount),
              start: at,
              end: item.current_period_end,
              proration: true,
            },
          ],
          true,
        );
      }
    }
    if (params.metadata)
      subscription.metadata = { ...subscription.metadata, ...stringRecord(params.metadata) };
    return subscription;
  };

  const cancelSubscription = (id: string): DoubleSubscription => {
    const subscription = get(subscriptions, 'subscription', id);
    if (subscription.status !== 'canceled') {
      const schedule = subscription.schedule ? schedules.get(subscription.schedule) : undefined;
      if (schedule) releaseSchedule(schedule, 'canceled');
      subscription.status = 'canceled';
      subscription.canceled_at = now();
      subscription.ended_at = now();
    }
    return subscription;
  };

  const createSchedule = (params: Params): DoubleSchedule => {
    const from = asString(params.from_subscription);
    if (!from)
      throw invalid('The Stripe double creates schedules from_subscription only', 'from_subscription');
    const subscription = get(subscriptions, 'subscription', from);
    if (subscription.schedule) {
      throw invalid(
        `You cannot migrate a subscription that is already attached to a schedule: \`${subscription.schedule}\`.`,
        'from_subscription',
      );
    }
    const item = planItemOf(subscription);
    const phase = { start_date: item.current_period_start, end_date: item.current_period_end };
    const schedule: DoubleSchedule = {
      id: newId('sub_sched'),
      object: 'subscription_schedule',
      customer: subscription.customer,
      subscription: subscription.id,
      status: 'active',
      end_behavior: 'release',
      current_phase: phase,
      phases: [{ ...phase, items: [{ price: item.price.id, quantity: item.quantity }] }],
      released_at: null,
      released_subscription: null,
      created: now(),
      livemode: false,
    };
    schedules.set(schedule.id, schedule);
    subscription.schedule = schedule.id;
    return schedule;
  };

  const updateSchedule = (id: string, params: Params): DoubleSchedule => {
    const schedule = get(schedules, 'subscription_schedule', id);
    if (schedule.status !== 'active') {
      throw invalid(
        `You cannot update a subscription schedule that is currently in the \`${schedule.status}\` status.`,
      );
    }
    if (params.end_behavior) schedule.end_behavior = String(params.end_behavior);
    if (params.phases !== undefined) {
      const given = asArray(params.phases).map(asParams);
      const phases: DoubleSchedulePhase[] = [];
      for (const [index, phase] of given.entries()) {
        const items = asArray(phase.items)
          .map(asParams)
          .map((item, i) => ({
            price: priceOrFail(item.price, `phases[${index}][items][${i}][price]`).id,
            quantity: Number(item.quantity ?? 1),
          }));
        if (items.length === 0) throw invalid('Each phase needs items', `phases[${index}][items]`);
        const start = index === 0 ? Number(phase.start_date) : phases[index - 1]!.end_date;
        if (index === 0 && start !== schedule.current_phase?.start_date) {
          throw invalid('You can not modify the start date of the current phase.', 'phases[0][start_date]');
        }
        const end =
          phase.end_date !== undefined
            ? Number(phase.end_date)
            : periodEnd(start, prices.get(items[0]!.price)!);
        if (!(end > start)) throw invalid('A phase must end after it starts', `phases[${index}][end_date]`);
        phases.push({ start_date: start, end_date: end, items });
      }
      schedule.phases = phases;
      schedule.current_phase = phases[0]
        ? { start_date: phases[0].start_date, end_date: phases[0].end_date }
        : null;
    }
    return schedule;
  };

  const renderInvoice = (invoice: DoubleInvoice, expand: string[]) =>
    expand.includes('payments')
      ? {
          ...invoice,
          payments: {
            object: 'list',
            data: invoicePayments.get(invoice.id) ?? [],
            has_more: false,
            url: `/v1/invoices/${invoice.id}/payments`,
          },
        }
      : invoice;

  const createRefund = (params: Params): DoubleRefund => {
    const intentId = asString(params.payment_intent);
    if (!intentId) throw invalid('Missing required param: payment_intent.', 'payment_intent');
    const intent = get(paymentIntents, 'payment_intent', intentId);
    if (intent.status !== 'succeeded')
      throw invalid('This PaymentIntent does not have a successful charge to refund.');
    const left = intent.amount - intent.amount_refunded;
    if (left <= 0) {
      throw new DoubleHttpError({
        status: 400,
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge for ${intent.id} has already been refunded.`,
      });
    }
    const amount = params.amount !== undefined ? Number(params.amount) : left;
    if (!(amount > 0 && amount <= left))
      throw invalid('Refund amount is greater than unrefunded amount', 'amount');
    intent.amount_refunded += amount;
    const refund: DoubleRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      created: now(),
    };
    refunds.set(refund.id, refund);
    return refund;
  };

  const createPortalSession = (params: Params): DoublePortalSession => {
    const customer = asString(params.customer);
    if (!customer) throw invalid('Missing required param: customer.', 'customer');
    get(customers, 'customer', customer);
    const session: DoublePortalSession = {
      id: newId('bps'),
      object: 'billing_portal.session',
      customer,
      return_url: asString(params.return_url) ?? null,
      url: '',
      created: now(),
    };
    session.url = `${base}/p/session/${session.id}`;
    portalSessions.set(session.id, session);
    return session;
  };

  const route = (method: string, path: string, params: Params): unknown => {
    const expand = asArray(params.expand).map(String);
    /** The decoded id when method and path match `pattern` (one capture group). */
    const at = (verb: string, pattern: RegExp): string | null => {
      const found = verb === method ? pattern.exec(path) : null;
      return found?.[1] !== undefined ? decodeURIComponent(found[1]) : null;
    };
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(params);
    const sessionId = at('GET', /^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (sessionId) {
      const session = get(sessions, 'checkout.session', sessionId);
      const subscription = session.subscription ? subscriptions.get(session.subscription) : undefined;
      const invoice = session.invoice ? invoices.get(session.invoice) : undefined;
      return {
        ...session,
        ...(expand.includes('subscription') && subscription ? { subscription } : {}),
        ...(expand.includes('invoice') && invoice ? { invoice } : {}),
      };
    }
    const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/;
    const subscriptionId =
      at('GET', subscriptionPath) ?? at('POST', subscriptionPath) ?? at('DELETE', subscriptionPath);
    if (subscriptionId) {
      const subscription =
        method === 'GET'
          ? get(subscriptions, 'subscription', subscriptionId)
          : method === 'POST'
            ? updateSubscription(subscriptionId, params)
            : cancelSubscription(subscriptionId);
      const schedule = subscription.schedule ? schedules.get(subscription.schedule) : undefined;
      return expand.includes('schedule') && schedule ? { ...subscription, schedule } : subscription;
    }
    if (method === 'POST' && path === '/v1/subscription_schedules') return createSchedule(params);
    const scheduleId = at('POST', /^\/v1\/subscription_schedules\/([^/]+)$/);
    if (scheduleId) return updateSchedule(scheduleId, params);
    const releaseId = at('POST', /^\/v1\/subscription_schedules\/([^/]+)\/release$/);
    if (releaseId) {
      const schedule = get(schedules, 'subscription_schedule', releaseId);
      if (schedule.status !== 'active') {
        throw invalid(
          `You cannot release a subscription schedule that is currently in the \`${schedule.status}\` status.`,
        );
      }
      releaseSchedule(schedule);
      return schedule;
    }
    const invoiceId = at('GET', /^\/v1\/invoices\/([^/]+)$/);
    if (invoiceId) return renderInvoice(get(invoices, 'invoice', invoiceId), expand);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params);
    if (method === 'POST' && path === '/v1/billing_portal/sessions') return createPortalSession(params);
    throw new DoubleHttpError({
      status: 404,
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = req.method ?? 'GET';
      const body = Buffer.concat(chunks).toString('utf8');
      const params = parseStripeForm(method === 'POST' ? body : url.search.slice(1));
      requests.push({ method, path: url.pathname, params, headers: req.headers });
      const send = (status: number, json: string, replayed = false) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': newId('req'),
          ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
        });
        res.end(json);
      };
      const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const cacheKey = typeof key === 'string' ? `${url.pathname} ${key}` : null;
      const earlier = cacheKey ? idempotent.get(cacheKey) : undefined;
      if (earlier) return send(earlier.status, earlier.body, true);
      let status = 200;
      let json: string;
      try {
        if (req.headers.authorization !== `Bearer ${STRIPE_TEST_SECRET_KEY}`) {
          throw new DoubleHttpError({
            status: 401,
            type: 'invalid_request_error',
            message: 'Invalid API Key provided.',
          });
        }
        const index = canned.findIndex(
          (c) =>
            c.method === method &&
            (typeof c.path === 'string' ? c.path === url.pathname : c.path.test(url.pathname)),
        );
        const answer = index >= 0 ? canned.splice(index, 1)[0]!.answer : null;
        if (answer && 'message' in answer) throw new DoubleHttpError(answer);
        if (answer) status = answer.status;
        json = JSON.stringify(answer ? answer.body : route(method, url.pathname, params));
      } catch (error) {
        if (error instanceof DoubleHttpError) {
          const { status: code, ...rest } = error.error;
          status = code;
          json = JSON.stringify({ error: { type: 'invalid_request_error', ...rest } });
        } else {
          status = 500;
          json = JSON.stringify({
            error: { type: 'api_error', message: `The Stripe double failed: ${String(error)}` },
          });
        }
      }
      if (cacheKey && status < 500) idempotent.set(cacheKey, { status, body: json });
      send(status, json);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    requests,
    requestsTo: (method, path) =>
      requests.filter(
        (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
      ),
    prices,
    customers,
    sessions,
    subscriptions,
    invoices,
    paymentIntents,
    refunds,
    schedules,
    portalSessions,
    addCustomer,
    completeSession(id, { paid = true } = {}) {
      const session = get(sessions, 'checkout.session', id);
      if (session.status !== 'open') throw new Error(`The session ${id} is ${session.status}`);
      session.status = 'complete';
      if (!paid) return { session: copy(session), subscription: null, invoice: null };
      const data = sessionSubscriptionData.get(id)!;
      const customer = session.customer ?? addCustomer(session.customer_email ?? undefined).id;
      const price = prices.get(data.price)!;
      const start = now();
      const subscriptionId = newId('sub');
      const subscription: DoubleSubscription = {
        id: subscriptionId,
        object: 'subscription',
        customer,
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        created: start,
        start_date: start,
        currency: price.currency,
        metadata: { ...data.metadata },
        schedule: null,
        latest_invoice: null,
        items: {
          object: 'list',
          has_more: false,
          url: `/v1/subscription_items?subscription=${subscriptionId}`,
          data: [
            {
              id: newId('si'),
              object: 'subscription_item',
              price,
              quantity: 1,
              current_period_start: start,
              current_period_end: periodEnd(start, price),
              subscription: subscriptionId,
              created: start,
            },
          ],
        },
        livemode: false,
      };
      subscriptions.set(subscriptionId, subscription);
      const item = planItemOf(subscription);
      const invoice = invoiceFor(
        subscription,
        'subscription_create',
        [{ item, amount: price.unit_amount, start, end: item.current_period_end, proration: false }],
        true,
      );
      Object.assign(session, {
        payment_status: 'paid',
        customer,
        subscription: subscriptionId,
        invoice: invoice.id,
        url: null,
      });
      return { session: copy(session), subscription: copy(subscription), invoice: copy(invoice) };
    },
    expireSession(id) {
      const session = get(sessions, 'checkout.session', id);
      if (session.status !== 'open') throw new Error(`The session ${id} is ${session.status}`);
      Object.assign(session, { status: 'expired', url: null });
      return copy(session);
    },
    renewSubscription(id, { paid = true } = {}) {
      const subscription = get(subscriptions, 'subscription', id);
      const item = planItemOf(subscription);
      const start = item.current_period_end;
      if (subscription.cancel_at_period_end) {
        Object.assign(subscription, { status: 'canceled', ended_at: start });
        return { subscription: copy(subscription), invoice: null };
      }
      const schedule = subscription.schedule ? schedules.get(subscription.schedule) : undefined;
      const next = schedule?.phases.find((phase) => phase.start_date === start);
      if (schedule && next) {
        item.price = prices.get(next.items[0]!.price)!;
        if (schedule.phases.at(-1) === next && schedule.end_behavior === 'release') releaseSchedule(schedule);
        else schedule.current_phase = { start_date: next.start_date, end_date: next.end_date };
      }
      item.current_period_start = start;
      item.current_period_end = periodEnd(start, item.price);
      const invoice = invoiceFor(
        subscription,
        'subscription_cycle',
        [{ item, amount: item.price.unit_amount, start, end: item.current_period_end, proration: false }],
        paid,
      );
      subscription.status = paid ? 'active' : 'past_due';
      return { subscription: copy(subscription), invoice: copy(invoice) };
    },
    failNext(method, path, error) {
      canned.push({ method, path, answer: error });
    },
    answerNext(method, path, body, status = 200) {
      canned.push({ method, path, answer: { status, body } });
    },
  };
}

/** Wraps an object the way Stripe delivers it to a webhook endpoint. */
export function stripeEvent(
  type: string,
  object: object,
  options: { created?: number; id?: string; previousAttributes?: object } = {},
): Record<string, unknown> {
  return {
    id: options.id ?? newId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: options.created ?? Math.floor(Date.now() / 1000),
    data: {
      object,
      ...(options.previousAttributes ? { previous_attributes: options.previousAttributes } : {}),
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** The raw body and the `stripe-signature` header (`t=...,v1=...`, HMAC-SHA256) Stripe would send. */
export function signStripeEvent(
  payload: object,
  secret: string,
  timestamp: number = Math.floor(Date.now() / 1000),
): { body: string; header: string } {
  const body = JSON.stringify(payload, null, 2);
  return { body, header: Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp }) };
}
