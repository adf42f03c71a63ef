import {
  addPeriod,
  type BillingCadence,
  formatMoney,
  getTier,
  graceEndsAt,
  isPaidTier,
  type PaymentGatewayId,
  paymentReceived,
  paymentRefunded,
  planPrice,
  priceTable,
  type TierId,
} from '@adwuma/shared';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { payments, profiles, subscriptions } from '../../db/schema.ts';
import type { NormalizedEvent } from '../../kernel/payments/gateway.ts';
import { recordMovement } from '../../kernel/payments/ledger.ts';
import { failOnAmountMismatch, markPaymentSucceeded } from '../../kernel/payments/settle.ts';
import type { Deps } from '../../types.ts';
import { insertNotices, type Notice } from '../notifications/index.ts';
import { dateText, planEndedNotice, renewalUnpaidNotice, tierName } from './notices.ts';

type Succeeded = Extract<NormalizedEvent, { kind: 'payment.succeeded' }>;
type Failed = Extract<NormalizedEvent, { kind: 'payment.failed' }>;
type GatewayState = Extract<NormalizedEvent, { kind: 'subscription.updated' | 'subscription.deleted' }>;
/** A plan payment (subscription, renewal, upgrade): its tier and cadence are set. Booking payments
 * (purpose booking) are never read here. */
export type PaymentRow = Omit<typeof payments.$inferSelect, 'tier' | 'cadence'> & {
  tier: TierId;
  cadence: BillingCadence;
};

/** Narrows a payments row to a plan payment; null for a booking payment. */
export function asPlanPayment(row: typeof payments.$inferSelect | undefined): PaymentRow | null {
  if (!row || row.purpose === 'booking' || !row.tier || !row.cadence) return null;
  return row as PaymentRow;
}
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** An event that cannot be applied yet (its subscription is not known here yet): retry later. */
export class NotYetApplicable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotYetApplicable';
  }
}

/** What must happen after the transaction commits: mail, and a duplicate's refund at the gateway. */
export interface AfterCommit {
  noticeIds: string[];
  refunds: { paymentId: string; gateway: PaymentGatewayId; gatewaySubscriptionId: string | null }[];
}

export const emptyAfterCommit = (): AfterCommit => ({ noticeIds: [], refunds: [] });

export const receiptLink = (paymentId: string) => `/subscription/receipts/${paymentId}`;

/** The starter row, created when missing, locked for the caller's transaction. */
export async function lockSubscription(tx: Tx, userId: string): Promise<SubscriptionRow> {
  await tx
    .insert(subscriptions)
    .values({ user_id: userId, subscription_tier: 'starter', status: 'active', subscribed: false })
    .onConflictDoNothing({ target: subscriptions.user_id });
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.user_id, userId)).for('update');
  return row!;
}

async function findPayment(
  tx: Tx,
  gateway: PaymentGatewayId,
  reference: string | null,
  paymentId: string | null,
): Promise<PaymentRow | null> {
  if (reference) {
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.gateway, gateway), eq(payments.reference, reference)))
      .for('update');
    if (row) return asPlanPayment(row);
  }
  if (paymentId && /^[0-9a-f-]{36}$/i.test(paymentId)) {
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.gateway, gateway), eq(payments.id, paymentId)))
      .for('update');
    if (row) return asPlanPayment(row);
  }
  return null;
}

export async function setPlanName(tx: Tx, userId: string, tier: TierId) {
  await tx
    .update(profiles)
    .set({ plan_name: tierName(tier), updated_at: new Date() })
    .where(eq(profiles.id, userId));
}

/** The subscription back to free Starter (history stays in payments). */
export const STARTER_COLUMNS = {
  subscription_tier: 'starter' as TierId,
  status: 'active' as const,
  subscribed: false,
  subscription_end: null,
  current_period_start: null,
  cancel_at_period_end: false,
  pending_tier: null,
  grace_until: null,
  gateway: null,
  currency: null,
  cadence: null,
  amount_minor: null,
  gateway_subscription_id: null,
  authorization_code: null,
  payment_method: null,
  method_label: null,
  renewal_attempted_for: null,
};

/**
 * A verified successful payment (webhook, server-side verify or a saved-card charge): the payment is
 * marked paid with a receipt number, the ledger records it, and the subscription moves to the paid
 * tier for the period it paid. Applied once: a payment already paid changes nothing. A second
 * first-time payment while the same plan is already running (two checkouts both paid) is refunded,
 * so one provider never holds two subscriptions.
 */
export async function applyPaymentSucceeded(
  tx: Tx,
  deps: Deps,
  gateway: PaymentGatewayId,
  event: Succeeded,
  after: AfterCommit,
): Promise<void> {
  let payment = await findPayment(tx, gateway, event.reference, event.paymentId);
  if (!payment && event.renewal && event.gatewaySubscriptionId) {
    payment = await recordGatewayRenewal(tx, deps, gateway, event);
    if (!payment) return;
  }
  if (!payment) throw new NotYetApplicable(`No payment ${event.reference ?? event.paymentId} at ${gateway}`);
  if (payment.status === 'succeeded' || payment.status === 'refunded') return;

  const now = new Date();
  // Never give a tier for a different amount than asked; an operator looks at it.
  if (await failOnAmountMismatch(tx, payment, event, now)) {
    deps.log.error({ paymentId: payment.id, gateway }, 'payment amount mismatch: not applied');
    return;
  }

  const sub = await lockSubscription(tx, payment.user_id);
  const activeUntil = sub.subscription_end && sub.subscription_end > now ? sub.subscription_end : null;
  const sameStripeSubscription =
    gateway === 'stripe' && sub.gateway_subscription_id === event.gatewaySubscriptionId;
  // A plan running on a Stripe subscription changes only through it (Change plan): a parallel
  // checkout for another plan is refunded too, or two subscriptions would keep charging the card.
  const duplicate =
    payment.purpose === 'subscription' &&
    sub.subscribed &&
    sub.status === 'active' &&
    activeUntil !== null &&
    (sub.subscription_tier === payment.tier || sub.gateway_subscription_id !== null) &&
    !sameStripeSubscription;

  const { receipt } = await markPaymentSucceeded(tx, payment, event, now);
  await recordMovement(
    tx,
    paymentReceived({
      idempotencyKey: `payment:${payment.id}:received`,
      gateway,
      currency: payment.currency,
      amountMinor: payment.amount_minor,
    }),
    payment.id,
  );

  if (duplicate) {
    await tx
      .update(payments)
      .set({
        status: 'refunded',
        failure_reason: 'A duplicate of a plan already paid: refunded',
        updated_at: now,
      })
      .where(eq(payments.id, payment.id));
    await recordMovement(
      tx,
      paymentRefunded({
        idempotencyKey: `payment:${payment.id}:refunded`,
        gateway,
        currency: payment.currency,
        amountMinor: payment.amount_minor,
      }),
      payment.id,
    );
    after.refunds.push({
      paymentId: payment.id,
      gateway,
      gatewaySubscriptionId: event.gatewaySubscriptionId,
    });
    after.noticeIds.push(
      ...(await insertNotices(tx, [
        {
          userId: payment.user_id,
          kind: 'billing',
          title: 'Duplicate payment refunded',
          body:
            sub.subscription_tier === payment.tier
              ? `You paid for ${tierName(payment.tier)} twice. Your plan is already active, so we are refunding ${formatMoney(payment.amount_minor, payment.currency)}.`
              : `Your ${tierName(sub.subscription_tier)} plan is already active, so we are refunding the ${formatMoney(payment.amount_minor, payment.currency)} paid for ${tierName(payment.tier)}. To move to ${tierName(payment.tier)}, use Change plan on your subscription page.`,
          link: '/subscription',
          mail: true,
        },
      ])),
    );
    return;
  }

  // The period this payment pays for.
  let start: Date;
  if (event.periodStart) start = event.periodStart;
  else if (payment.purpose === 'renewal' && sub.subscribed && sub.subscription_end)
    start = sub.subscription_end;
  else start = now;
  const cadence = payment.cadence;
  const end = event.periodEnd ?? addPeriod(start, cadence);
  const fullPrice = isPaidTier(payment.tier)
    ? planPrice(priceTable(deps.config.payments.ghsPrices), payment.tier, cadence, payment.currency)
    : payment.amount_minor;
  const renewal = payment.purpose === 'renewal';
  // Stripe's prorated invoice for a plan change (billing_reason subscription_update) pays the
  // difference up to the period end, not a period: the plan's period and price stay as they are
  // (Stripe's customer.subscription.updated moves the tier and price).
  const planChange =
    gateway === 'stripe' && renewal && event.gatewayData.billing_reason === 'subscription_update';
  const planStart = planChange ? (sub.current_period_start ?? start) : start;
  const planEnd = planChange ? (sub.subscription_end ?? end) : end;

  await tx
    .update(subscriptions)
    .set({
      subscription_tier: payment.tier,
      status: 'active',
      subscribed: true,
      gateway,
      currency: payment.currency,
      cadence,
      amount_minor: planChange
        ? (sub.amount_minor ?? fullPrice)
        : gateway === 'stripe' && renewal
          ? payment.amount_minor
          : fullPrice,
      current_period_start: planStart,
      subscription_end: planEnd,
      grace_until: null,
      cancel_at_period_end: renewal ? sub.cancel_at_period_end : false,
      pending_tier: renewal && sub.pending_tier !== payment.tier ? sub.pending_tier : null,
      payment_method: event.method ?? payment.method ?? sub.payment_method,
      method_label: event.methodLabel ?? payment.method_label ?? sub.method_label,
      authorization_code:
        event.method === 'mobile_money'
          ? null
          : (event.authorizationCode ?? (renewal ? sub.authorization_code : null)),
      gateway_subscription_id:
        event.gatewaySubscriptionId ?? (gateway === 'stripe' ? sub.gateway_subscription_id : null),
      stripe_customer_id: event.customerId ?? sub.stripe_customer_id,
      renewal_attempted_for: null,
      email: sub.email,
      updated_at: now,
    })
    .where(eq(subscriptions.id, sub.id));
  await tx.update(payments).set({ period_start: start, period_end: end }).where(eq(payments.id, payment.id));
  await setPlanName(tx, payment.user_id, payment.tier);

  const amount = formatMoney(payment.amount_minor, payment.currency);
  const notice: Notice = planChange
    ? {
        userId: payment.user_id,
        kind: 'billing',
        title: 'Your plan change is paid',
        body: `We received ${amount} (receipt ${receipt}) for the rest of your period on the new plan, which renews on ${dateText(planEnd)}.`,
        link: receiptLink(payment.id),
        mail: true,
      }
    : renewal
      ? {
          userId: payment.user_id,
          kind: 'billing',
          title: `${tierName(payment.tier)} renewed`,
          body: `We received ${amount} (receipt ${receipt}). Your ${tierName(payment.tier)} plan now runs until ${dateText(end)}.`,
          link: receiptLink(payment.id),
          mail: true,
        }
      : {
          userId: payment.user_id,
          kind: 'billing',
          title: `Your ${tierName(payment.tier)} plan is active`,
          body: `We received ${amount} (receipt ${receipt}). ${tierName(payment.tier)} is active until ${dateText(end)}: ${getTier(payment.tier).commission}% commission and unlimited bids.`,
          link: receiptLink(payment.id),
          mail: true,
        };
  after.noticeIds.push(...(await insertNotices(tx, [notice])));
}

/** A renewal the gateway charged by itself (Stripe's invoice.paid): recorded once as a payment of ours. */
async function recordGatewayRenewal(
  tx: Tx,
  deps: Deps,
  gateway: PaymentGatewayId,
  event: Succeeded,
): Promise<PaymentRow | null> {
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.gateway_subscription_id, event.gatewaySubscriptionId!));
  if (!sub) throw new NotYetApplicable(`No subscription ${event.gatewaySubscriptionId} yet`);
  if (!isPaidTier(sub.subscription_tier)) {
    deps.log.warn(
      { gatewaySubscriptionId: event.gatewaySubscriptionId },
      'renewal for a subscription now on Starter',
    );
    return null;
  }
  const reference =
    event.reference ?? `renewal:${event.gatewaySubscriptionId}:${event.periodStart?.toISOString()}`;
  await tx
    .insert(payments)
    .values({
      user_id: sub.user_id,
      purpose: 'renewal',
      gateway,
      reference,
      status: 'pending',
      amount_minor: event.amountMinor,
      currency: event.currency,
      tier: sub.subscription_tier,
      cadence: (sub.cadence ?? 'monthly') as BillingCadence,
      method: event.method,
      method_label: event.methodLabel,
      test_mode: deps.payments.byId(gateway)?.testMode ?? false,
    })
    .onConflictDoNothing();
  return findPayment(tx, gateway, reference, null);
}

/**
 * A verified failure: the pending payment is marked failed (or cancelled) with its reason; a
 * subscription whose renewal failed (Stripe's invoice.payment_failed) becomes past due with grace.
 */
export async function applyPaymentFailed(
  tx: Tx,
  gateway: PaymentGatewayId,
  event: Failed,
  after: AfterCommit,
): Promise<void> {
  const payment = await findPayment(tx, gateway, event.reference, event.paymentId);
  const now = new Date();
  if (payment?.status === 'pending') {
    await tx
      .update(payments)
      .set({
        status: event.cancelled ? 'cancelled' : 'failed',
        failure_reason: event.reason,
        updated_at: now,
      })
      .where(eq(payments.id, payment.id));
    if (payment.purpose === 'renewal' && !event.cancelled) {
      await markPastDue(tx, payment.user_id, after, event.reason);
    }
    return;
  }
  if (!payment && event.gatewaySubscriptionId) {
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.gateway_subscription_id, event.gatewaySubscriptionId));
    if (sub) await markPastDue(tx, sub.user_id, after, event.reason);
  }
}

/** An unpaid renewal: the tier stays for the grace period; the provider is told how to pay. */
export async function markPastDue(tx: Tx, userId: string, after: AfterCommit, reason: string): Promise<void> {
  const sub = await lockSubscription(tx, userId);
  if (!isPaidTier(sub.subscription_tier) || sub.status === 'past_due') return;
  const graceUntil = graceEndsAt(sub.subscription_end ?? new Date());
  await tx
    .update(subscriptions)
    .set({ status: 'past_due', grace_until: graceUntil, updated_at: new Date() })
    .where(eq(subscriptions.id, sub.id));
  after.noticeIds.push(
    ...(await insertNotices(tx, [renewalUnpaidNotice(userId, sub.subscription_tier, graceUntil, reason)])),
  );
}

/**
 * Stripe's subscription state (customer.subscription.updated / deleted). Applied in the gateway's
 * order: an event older than the state already applied changes nothing; one for a subscription not
 * known yet (it arrived before checkout.session.completed) waits for a retry.
 */
export async function applyGatewaySubscription(
  tx: Tx,
  event: GatewayState,
  after: AfterCommit,
): Promise<void> {
  const [found] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.gateway_subscription_id, event.gatewaySubscriptionId))
    .for('update');
  if (!found) {
    if (event.kind === 'subscription.deleted') return;
    throw new NotYetApplicable(`No subscription ${event.gatewaySubscriptionId} yet`);
  }
  if (found.gateway_state_at && event.occurredAt < found.gateway_state_at) return;
  // Stripe's past_due may overtake its invoice.payment_failed: the provider is told either way, once.
  if (event.kind === 'subscription.updated' && event.status === 'past_due' && found.status !== 'past_due') {
    await markPastDue(tx, found.user_id, after, 'The renewal payment failed');
  }
  const now = new Date();
  if (event.kind === 'subscription.deleted' || event.status === 'canceled') {
    await tx
      .update(subscriptions)
      .set({ ...STARTER_COLUMNS, gateway_state_at: event.occurredAt, updated_at: now })
      .where(eq(subscriptions.id, found.id));
    await setPlanName(tx, found.user_id, 'starter');
    after.noticeIds.push(
      ...(await insertNotices(tx, [planEndedNotice(found.user_id, found.subscription_tier)])),
    );
    return;
  }
  const tier = event.tier ?? found.subscription_tier;
  const cadence = event.cadence ?? found.cadence;
  // A new price at Stripe (an upgrade, a scheduled downgrade taking effect): the plan's price follows.
  const repriced =
    isPaidTier(tier) && cadence !== null && (tier !== found.subscription_tier || cadence !== found.cadence);
  await tx
    .update(subscriptions)
    .set({
      subscription_tier: tier,
      cadence,
      amount_minor: repriced
        ? planPrice(priceTable(), tier, cadence, found.currency ?? 'USD')
        : found.amount_minor,
      current_period_start: event.periodStart ?? found.current_period_start,
      subscription_end: event.periodEnd ?? found.subscription_end,
      cancel_at_period_end: event.cancelAtPeriodEnd,
      pending_tier: found.pending_tier && event.tier === found.pending_tier ? null : found.pending_tier,
      status: event.status === 'past_due' ? 'past_due' : 'active',
      grace_until:
        event.status === 'past_due'
          ? (found.grace_until ?? graceEndsAt(found.subscription_end ?? now))
          : null,
      gateway_state_at: event.occurredAt,
      updated_at: now,
    })
    .where(eq(subscriptions.id, found.id));
  if (tier !== found.subscription_tier) await setPlanName(tx, found.user_id, tier);
}
