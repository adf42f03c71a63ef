import { randomBytes } from 'node:crypto';
import {
  type BillingCadence,
  CHECKOUT_MESSAGES,
  type ChangePlanAnswer,
  type CheckoutAnswer,
  type CheckoutRequest,
  type Currency,
  changeKind,
  getTier,
  isPaidTier,
  type PaidTierId,
  type PaymentMethod,
  type PaymentPurpose,
  planPrice,
  priceTable,
  prorateUpgrade,
  type TierId,
} from '@adwuma/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { payments, subscriptions } from '../../db/schema.ts';
import { GatewayError, type PaymentGateway } from '../../kernel/payments/gateway.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';
import { lockSubscription, type SubscriptionRow } from './apply.ts';

export interface Payer {
  id: string;
  email: string;
}

/** A reference Adwuma chooses for gateways that take ours (Paystack, the sandbox). */
export const newReference = () => `adw_${randomBytes(12).toString('hex')}`;

export function gatewayFor(deps: Deps, currency: Currency): PaymentGateway {
  const gateway = deps.payments.forCurrency(currency);
  if (gateway) return gateway;
  const message = deps.payments.all().length
    ? CHECKOUT_MESSAGES.currencyUnavailable
    : CHECKOUT_MESSAGES.notConfigured;
  throw new AppError(503, 'PAYMENTS_UNAVAILABLE', message);
}

const prices = (deps: Deps) => priceTable(deps.config.payments.ghsPrices);

const gatewayFailure = (error: unknown) => {
  const message = error instanceof GatewayError ? error.message : 'The payment gateway did not answer.';
  // Gateway messages come without a full stop ("Paystack could not be reached"): end the sentence.
  const sentence = /[.!?]$/.test(message) ? message : `${message}.`;
  return new AppError(502, 'GATEWAY_ERROR', `${sentence} Please try again.`);
};

/** A call to the gateway whose refusal answers 502 with its message. */
async function atGateway<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw gatewayFailure(error);
  }
}

interface OpenPayment {
  purpose: PaymentPurpose;
  tier: PaidTierId;
  cadence: BillingCadence;
  currency: Currency;
  amountMinor: number;
  gateway: PaymentGateway;
  method: PaymentMethod | null;
  returnTo: string | null;
}

/**
 * Records a pending payment and opens the gateway's checkout for it. The payer's subscription row is
 * locked while the payment is recorded, and an open checkout of theirs is superseded, so two
 * checkouts at once leave one open (if both are paid anyway, the second is refunded on arrival).
 * The gateway is called after that commits; if it fails, the payment is marked failed.
 */
async function openPayment(deps: Deps, payer: Payer, plan: OpenPayment): Promise<CheckoutAnswer> {
  const db = deps.database.db;
  const reference = newReference();
  const payment = await db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, payer.id);
    if (plan.purpose !== 'renewal') {
      await tx
        .update(payments)
        .set({ status: 'superseded', updated_at: new Date() })
        .where(
          and(
            eq(payments.user_id, payer.id),
            eq(payments.status, 'pending'),
            inArray(payments.purpose, ['subscription', 'upgrade']),
          ),
        );
    }
    const [row] = await tx
      .insert(payments)
      .values({
        user_id: payer.id,
        purpose: plan.purpose,
        gateway: plan.gateway.id,
        reference,
        amount_minor: plan.amountMinor,
        currency: plan.currency,
        tier: plan.tier,
        cadence: plan.cadence,
        method: plan.method,
        return_to: plan.returnTo,
        test_mode: plan.gateway.testMode,
      })
      .returning();
    if (!sub.email)
      await tx.update(subscriptions).set({ email: payer.email }).where(eq(subscriptions.id, sub.id));
    return { row: row!, customerId: sub.stripe_customer_id };
  });
  const { publicUrl } = deps.config;
  const tierName = getTier(plan.tier).name;
  try {
    const session = await plan.gateway.createCheckout({
      paymentId: payment.row.id,
      reference,
      userId: payer.id,
      email: payer.email,
      tier: plan.tier,
      cadence: plan.cadence,
      currency: plan.currency,
      amountMinor: plan.amountMinor,
      description: `Adwuma ${tierName}, ${plan.cadence}${plan.purpose === 'upgrade' ? ' (upgrade)' : plan.purpose === 'renewal' ? ' (renewal)' : ''}`,
      method: plan.method,
      successUrl: `${publicUrl}/payment-success?payment=${payment.row.id}`,
      cancelUrl: `${publicUrl}/payment-cancelled?payment=${payment.row.id}`,
      customerId: payment.customerId,
      purpose: plan.purpose,
    });
    if (!session.url) throw new GatewayError(CHECKOUT_MESSAGES.noUrl, plan.gateway.id);
    await db
      .update(payments)
      .set({ reference: session.reference, checkout_url: session.url, updated_at: new Date() })
      .where(eq(payments.id, payment.row.id));
    if (session.customerId) {
      await db
        .update(subscriptions)
        .set({ stripe_customer_id: session.customerId })
        .where(eq(subscriptions.user_id, payer.id));
    }
    return { url: session.url, payment_id: payment.row.id };
  } catch (error) {
    deps.log.warn({ err: error, paymentId: payment.row.id }, 'checkout could not be opened');
    await db
      .update(payments)
      .set({
        status: 'failed',
        failure_reason: (error as Error).message.slice(0, 300),
        updated_at: new Date(),
      })
      .where(eq(payments.id, payment.row.id));
    throw gatewayFailure(error);
  }
}

/** The subscription row as it is now (no lock): null fields on Starter. */
async function currentSubscription(deps: Deps, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await deps.database.db.select().from(subscriptions).where(eq(subscriptions.user_id, userId));
  return row ?? null;
}

const running = (sub: SubscriptionRow | null): sub is SubscriptionRow =>
  !!sub?.subscribed && isPaidTier(sub.subscription_tier);

/**
 * The spec's create-checkout-session: a provider on Starter buys a plan in a currency and cadence. On
 * a running plan, the same plan past due pays the renewal, a higher plan is an upgrade (prorated),
 * the same plan is refused and a lower one is a change at the period end (Change plan).
 */
export async function createCheckoutSession(
  deps: Deps,
  payer: Payer,
  input: CheckoutRequest,
): Promise<CheckoutAnswer> {
  const currency = input.currency.toUpperCase() as Currency;
  // Spec 7 (issue 30): a dollar checkout is monthly by card; the web never asks for a yearly one.
  if (currency === 'USD' && input.cadence === 'annual') {
    throw new AppError(400, 'VALIDATION_ERROR', `cadence: ${CHECKOUT_MESSAGES.dollarsMonthly}`, {
      fields: [{ field: 'cadence', message: CHECKOUT_MESSAGES.dollarsMonthly }],
    });
  }
  const sub = await currentSubscription(deps, payer.id);
  if (running(sub)) {
    const kind = changeKind(sub.subscription_tier, input.tier);
    if (kind === 'same') {
      if (sub.status === 'past_due') return renewSubscription(deps, payer);
      throw conflict(CHECKOUT_MESSAGES.alreadyOnTier);
    }
    if (kind === 'downgrade') {
      throw conflict('To move to a lower plan, use Change plan on your subscription page.');
    }
    const answer = await changePlan(deps, payer, { tier: input.tier, cadence: input.cadence });
    if (answer.kind !== 'upgrade') throw conflict(CHECKOUT_MESSAGES.alreadyOnTier);
    return { url: answer.url, payment_id: answer.payment_id };
  }
  const gateway = gatewayFor(deps, currency);
  if (input.method && !gateway.methods(currency).includes(input.method)) {
    throw new AppError(400, 'VALIDATION_ERROR', `method: ${input.method} is not offered in ${currency}`, {
      fields: [{ field: 'method', message: `Not offered in ${currency}` }],
    });
  }
  return openPayment(deps, payer, {
    purpose: 'subscription',
    tier: input.tier,
    cadence: input.cadence,
    currency,
    amountMinor: planPrice(prices(deps), input.tier, input.cadence, currency),
    gateway,
    method: input.method ?? null,
    returnTo: input.return_to ?? null,
  });
}

/**
 * Change plan: an upgrade takes effect when its prorated payment is verified (the unused part of the
 * period is credited; the new plan starts a full period then); a downgrade or Starter takes effect
 * at the period end. On Stripe, Stripe prorates and invoices the upgrade itself.
 */
export async function changePlan(
  deps: Deps,
  payer: Payer,
  input: { tier: TierId; cadence?: BillingCadence },
): Promise<ChangePlanAnswer> {
  const sub = await currentSubscription(deps, payer.id);
  if (!running(sub)) {
    if (input.tier === 'starter') throw conflict('You are on the free Starter plan already.');
    if (!isPaidTier(input.tier))
      throw conflict('Enterprise plans are arranged with our team: send an inquiry.');
    const answer = await createCheckoutSession(deps, payer, {
      tier: input.tier,
      cadence: input.cadence ?? 'monthly',
      currency: 'ghs',
    });
    return { kind: 'upgrade', url: answer.url, payment_id: answer.payment_id, due_minor: 0 };
  }
  if (input.tier === 'enterprise')
    throw conflict('Enterprise plans are arranged with our team: send an inquiry.');
  const kind = changeKind(sub.subscription_tier, input.tier);
  if (kind === 'same') throw conflict(CHECKOUT_MESSAGES.alreadyOnTier);
  const gateway = deps.payments.byId(sub.gateway ?? 'sandbox');
  if (!gateway) throw new AppError(503, 'PAYMENTS_UNAVAILABLE', CHECKOUT_MESSAGES.notConfigured);

  if (kind === 'downgrade') {
    const effectiveAt = sub.subscription_end ?? new Date();
    const stripeId = sub.gateway === 'stripe' ? sub.gateway_subscription_id : null;
    if (stripeId) {
      await atGateway(async () => {
        if (input.tier === 'starter') await gateway.setCancelAtPeriodEnd?.(stripeId, true);
        else
          await gateway.changeSubscription?.({
            gatewaySubscriptionId: stripeId,
            priceTier: input.tier as PaidTierId,
            cadence: sub.cadence ?? 'monthly',
            immediately: false,
          });
      });
    }
    await deps.database.db
      .update(subscriptions)
      .set(
        input.tier === 'starter'
          ? { cancel_at_period_end: true, pending_tier: null, updated_at: new Date() }
          : { pending_tier: input.tier, cancel_at_period_end: false, updated_at: new Date() },
      )
      .where(eq(subscriptions.id, sub.id));
    return { kind: 'downgrade', effective_at: effectiveAt.toISOString() };
  }

  const tier = input.tier as PaidTierId;
  const cadence = input.cadence ?? sub.cadence ?? 'monthly';
  const stripeId = sub.gateway === 'stripe' ? sub.gateway_subscription_id : null;
  if (stripeId) {
    await atGateway(async () => {
      await gateway.changeSubscription?.({
        gatewaySubscriptionId: stripeId,
        priceTier: tier,
        cadence,
        immediately: true,
      });
    });
    // Stripe invoices the prorated difference; the tier follows its signed subscription event.
    return { kind: 'upgrade', url: '/subscription?upgrade=pending', payment_id: '', due_minor: 0 };
  }
  const currency = sub.currency ?? 'GHS';
  const newPrice = planPrice(prices(deps), tier, cadence, currency);
  const { dueMinor } = prorateUpgrade({
    paidMinor: sub.amount_minor ?? 0,
    periodStart: sub.current_period_start ?? new Date(),
    periodEnd: sub.subscription_end ?? new Date(),
    now: new Date(),
    newPriceMinor: newPrice,
  });
  if (dueMinor <= 0) {
    throw conflict(
      'Your unused time is worth more than this plan costs. Choose the annual plan, or change at renewal.',
    );
  }
  const answer = await openPayment(deps, payer, {
    purpose: 'upgrade',
    tier,
    cadence,
    currency,
    amountMinor: dueMinor,
    gateway,
    method: null,
    returnTo: '/subscription',
  });
  return { kind: 'upgrade', url: answer.url, payment_id: answer.payment_id, due_minor: dueMinor };
}

/** Cancel: the plan stays until the period ends, then Starter. */
export async function cancelSubscription(deps: Deps, payer: Payer): Promise<void> {
  const sub = await currentSubscription(deps, payer.id);
  if (!running(sub)) throw conflict('You are on the free Starter plan: there is nothing to cancel.');
  const stripeId = sub.gateway === 'stripe' ? sub.gateway_subscription_id : null;
  if (stripeId) {
    await atGateway(async () => {
      await deps.payments.byId('stripe')?.setCancelAtPeriodEnd?.(stripeId, true);
    });
  }
  await deps.database.db
    .update(subscriptions)
    .set({ cancel_at_period_end: true, pending_tier: null, updated_at: new Date() })
    .where(eq(subscriptions.id, sub.id));
}

/** Keep my plan: undoes a cancel or a scheduled downgrade. */
export async function resumeSubscription(deps: Deps, payer: Payer): Promise<void> {
  const sub = await currentSubscription(deps, payer.id);
  if (!running(sub)) throw conflict('You are on the free Starter plan: there is nothing to keep.');
  const stripeId = sub.gateway === 'stripe' ? sub.gateway_subscription_id : null;
  if (stripeId) {
    const stripe = deps.payments.byId('stripe');
    await atGateway(async () => {
      if (sub.cancel_at_period_end) await stripe?.setCancelAtPeriodEnd?.(stripeId, false);
      if (sub.pending_tier && isPaidTier(sub.subscription_tier)) {
        await stripe?.changeSubscription?.({
          gatewaySubscriptionId: stripeId,
          priceTier: sub.subscription_tier,
          cadence: sub.cadence ?? 'monthly',
          immediately: false,
        });
      }
    });
  }
  await deps.database.db
    .update(subscriptions)
    .set({ cancel_at_period_end: false, pending_tier: null, updated_at: new Date() })
    .where(eq(subscriptions.id, sub.id));
}

/**
 * Pay the next period now (the mobile-money pay link, or paying while past due): the open renewal
 * checkout when there is one, else a new one for the plan the next period is on.
 */
export async function renewSubscription(deps: Deps, payer: Payer): Promise<CheckoutAnswer> {
  const sub = await currentSubscription(deps, payer.id);
  if (!running(sub)) throw conflict('You are on the free Starter plan: choose a plan on the pricing page.');
  if (sub.gateway === 'stripe')
    throw conflict('Stripe renews your plan with your card; update the card if it failed.');
  const [open] = await deps.database.db
    .select()
    .from(payments)
    .where(
      and(eq(payments.user_id, payer.id), eq(payments.status, 'pending'), eq(payments.purpose, 'renewal')),
    )
    .orderBy(desc(payments.created_at))
    .limit(1);
  if (open?.checkout_url) return { url: open.checkout_url, payment_id: open.id };
  return openRenewal(deps, payer, sub);
}

/** A renewal checkout for the next period (also the renewal job's pay link). */
export async function openRenewal(deps: Deps, payer: Payer, sub: SubscriptionRow): Promise<CheckoutAnswer> {
  const tier = (
    sub.pending_tier && isPaidTier(sub.pending_tier) ? sub.pending_tier : sub.subscription_tier
  ) as PaidTierId;
  const cadence = sub.cadence ?? 'monthly';
  const currency = sub.currency ?? 'GHS';
  const gateway = deps.payments.byId(sub.gateway ?? 'sandbox') ?? gatewayFor(deps, currency);
  return openPayment(deps, payer, {
    purpose: 'renewal',
    tier,
    cadence,
    currency,
    amountMinor: planPrice(prices(deps), tier, cadence, currency),
    gateway,
    method: sub.payment_method,
    returnTo: '/subscription',
  });
}

/** Stripe's customer portal, to change the card. */
export async function cardPortal(deps: Deps, payer: Payer): Promise<string> {
  const sub = await currentSubscription(deps, payer.id);
  const stripe = deps.payments.byId('stripe');
  if (!sub?.stripe_customer_id || sub.gateway !== 'stripe' || !stripe?.portalUrl) {
    throw conflict('Your plan is not paid by card through Stripe.');
  }
  const customerId = sub.stripe_customer_id;
  return atGateway(() => stripe.portalUrl!(customerId, `${deps.config.publicUrl}/subscription`));
}
