/**
 * Subscription billing rules (issue 17, docs/decisions/013-payments.md): prices per tier, cadence and
 * currency in integer minor units, billing periods, upgrade proration, the grace period after a
 * failed renewal and the tier in force at a moment. The server enforces them; the client mirrors.
 */
import type { Currency } from '../money.ts';
import { TIERS, type TierId } from '../tiers.ts';

export const PAID_TIER_IDS = ['pro', 'premium'] as const;
export type PaidTierId = (typeof PAID_TIER_IDS)[number];

export const BILLING_CADENCES = ['monthly', 'annual'] as const;
export type BillingCadence = (typeof BILLING_CADENCES)[number];

/** The gateways a payment can go through; `sandbox` is the embedded TEST MODE one. */
export const PAYMENT_GATEWAYS = ['sandbox', 'stripe', 'paystack'] as const;
export type PaymentGatewayId = (typeof PAYMENT_GATEWAYS)[number];

export const PAYMENT_METHODS = ['card', 'mobile_money'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Ghana's mobile-money networks (Paystack's provider codes). */
export const MOBILE_MONEY_NETWORKS = [
  { id: 'mtn', name: 'MTN MoMo' },
  { id: 'vod', name: 'Telecel Cash' },
  { id: 'atl', name: 'AirtelTigo Money' },
] as const;
export type MobileMoneyNetwork = (typeof MOBILE_MONEY_NETWORKS)[number]['id'];

/**
 * A payment's life: pending until the gateway says; succeeded or failed on a verified event;
 * cancelled when the payer gives up (or it is left unpaid); superseded when a newer checkout
 * replaced it before it was paid; refunded after success.
 */
export const PAYMENT_STATUSES = [
  'pending',
  'succeeded',
  'failed',
  'cancelled',
  'superseded',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What a payment pays for. Booking payments come with part 2 (issue 18). */
export const PAYMENT_PURPOSES = ['subscription', 'renewal', 'upgrade', 'booking'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/**
 * A subscription row's status: active (Starter rows too: spec 3 "status active means done");
 * past_due after a failed or missed renewal, during the grace period.
 */
export const SUBSCRIPTION_STATUSES = ['active', 'past_due'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Days a paid tier stays in force after its period ended unpaid (decision 013). */
export const GRACE_PERIOD_DAYS = 7;
/** Days before the period ends that a mobile-money payer gets the renewal pay link. */
export const RENEWAL_REMINDER_DAYS = 3;
/** Minutes a payment may stay pending before the reconciliation job asks the gateway. */
export const RECONCILE_AFTER_MINUTES = 5;
/** Hours after which a pending payment the gateway never saw paid is cancelled. */
export const ABANDON_AFTER_HOURS = 24;

const DAY_MS = 24 * 60 * 60 * 1000;

export type PriceTable = Record<PaidTierId, Record<BillingCadence, Record<Currency, number>>>;

/**
 * Cedi prices (pesewas) by default, configurable (PRICE_PRO_MONTHLY_GHS, ...): the USD prices at about
 * GH₵ 12.5 to the dollar, rounded to friendly figures; a year costs ten months.
 */
export const DEFAULT_GHS_PRICES: Record<PaidTierId, Record<BillingCadence, number>> = {
  pro: { monthly: 15_000, annual: 150_000 },
  premium: { monthly: 60_000, annual: 600_000 },
};

/** The price table: USD from the tier definition, GHS from configuration (or the defaults). */
export function priceTable(
  ghs: Record<PaidTierId, Record<BillingCadence, number>> = DEFAULT_GHS_PRICES,
): PriceTable {
  const usd = (tier: PaidTierId, cadence: BillingCadence) => {
    const def = TIERS.find((t) => t.id === tier)!;
    return (cadence === 'monthly' ? def.monthlyPriceUsdCents : def.annualPriceUsdCents) ?? 0;
  };
  const row = (tier: PaidTierId) => ({
    monthly: { GHS: ghs[tier].monthly, USD: usd(tier, 'monthly') },
    annual: { GHS: ghs[tier].annual, USD: usd(tier, 'annual') },
  });
  return { pro: row('pro'), premium: row('premium') };
}

export function planPrice(
  prices: PriceTable,
  tier: PaidTierId,
  cadence: BillingCadence,
  currency: Currency,
): number {
  return prices[tier][cadence][currency];
}

export function isPaidTier(tier: TierId): tier is PaidTierId {
  return (PAID_TIER_IDS as readonly string[]).includes(tier);
}

const RANK: Record<TierId, number> = { starter: 0, pro: 1, premium: 2, enterprise: 3 };

/** Moving from one tier to another: an upgrade takes effect at once, a downgrade at the period end. */
export function changeKind(current: TierId, target: TierId): 'upgrade' | 'downgrade' | 'same' {
  if (RANK[target] > RANK[current]) return 'upgrade';
  if (RANK[target] < RANK[current]) return 'downgrade';
  return 'same';
}

/**
 * The end of a billing period that starts at `start`: one calendar month (or twelve) later, on the
 * same day of the month, clamped to the month's last day (31 January + 1 month = 28/29 February).
 */
export function addPeriod(start: Date, cadence: BillingCadence): Date {
  const months = cadence === 'monthly' ? 1 : 12;
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/**
 * Upgrade proration (decision 013): the unused part of the current period is credited at the price
 * paid for it, by the second and rounded down (in the platform's favour by less than a pesewa); the
 * new plan then starts a full period now. Never negative; only in one currency.
 */
export function prorateUpgrade(input: {
  paidMinor: number;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
  newPriceMinor: number;
}): { creditMinor: number; dueMinor: number } {
  const { paidMinor, periodStart, periodEnd, now, newPriceMinor } = input;
  const total = periodEnd.getTime() - periodStart.getTime();
  const left = Math.min(Math.max(periodEnd.getTime() - now.getTime(), 0), Math.max(total, 0));
  // By whole seconds: a period under a second has none (and would divide by zero).
  const creditMinor =
    total >= 1000 ? Math.floor((paidMinor * Math.floor(left / 1000)) / Math.floor(total / 1000)) : 0;
  const bounded = Math.min(creditMinor, newPriceMinor);
  return { creditMinor: bounded, dueMinor: newPriceMinor - bounded };
}

/** When the grace after an unpaid period end runs out. */
export function graceEndsAt(periodEnd: Date): Date {
  return new Date(periodEnd.getTime() + GRACE_PERIOD_DAYS * DAY_MS);
}

/** When a mobile-money payer is reminded to pay the next period. */
export function renewalReminderAt(periodEnd: Date): Date {
  return new Date(periodEnd.getTime() - RENEWAL_REMINDER_DAYS * DAY_MS);
}

export interface SubscriptionState {
  tier: TierId;
  status: SubscriptionStatus;
  /** The end of the paid period; null on Starter. */
  periodEnd: Date | null;
  /** At the period end: cancel (to Starter) or move to this lower tier. */
  cancelAtPeriodEnd: boolean;
  pendingTier: TierId | null;
}

/**
 * What the subscription becomes at `now` when no payment arrives: within the period nothing changes;
 * after it, a cancel takes effect (Starter), a scheduled downgrade moves to the lower tier (whose
 * price the next period costs), and an unpaid period is past due for the grace period and then falls
 * back to Starter.
 */
export function stateAt(
  state: SubscriptionState,
  now: Date,
): { state: SubscriptionState; events: TransitionEvent[] } {
  if (!isPaidTier(state.tier) || !state.periodEnd || now < state.periodEnd) return { state, events: [] };
  if (state.cancelAtPeriodEnd || state.pendingTier === 'starter') {
    return { state: STARTER_STATE, events: ['cancelled'] };
  }
  const events: TransitionEvent[] = [];
  let next = state;
  if (state.pendingTier && changeKind(state.tier, state.pendingTier) === 'downgrade') {
    next = { ...next, tier: state.pendingTier, pendingTier: null };
    events.push('downgraded');
  }
  if (now >= graceEndsAt(state.periodEnd)) return { state: STARTER_STATE, events: [...events, 'expired'] };
  if (next.status === 'active') {
    next = { ...next, status: 'past_due' };
    events.push('past_due');
  }
  return { state: next, events };
}

export type TransitionEvent = 'cancelled' | 'downgraded' | 'past_due' | 'expired';

export const STARTER_STATE: SubscriptionState = {
  tier: 'starter',
  status: 'active',
  periodEnd: null,
  cancelAtPeriodEnd: false,
  pendingTier: null,
};

/** "ADW-2026-000123": a receipt's number from the payment's year and sequence. */
export function receiptNumber(paidAt: Date, sequence: number): string {
  return `ADW-${paidAt.getUTCFullYear()}-${String(sequence).padStart(6, '0')}`;
}
