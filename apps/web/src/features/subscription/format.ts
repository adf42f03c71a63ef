import {
  type BillingCadence,
  type Currency,
  formatMoney,
  getTier,
  type Payment,
  RENEWAL_REMINDER_DAYS,
  type SubscriptionView,
  type TierId,
} from '@adwuma/shared';
import { PAYMENT_STATUS_BADGES } from '../../lib/money-format.ts';

/** Dates as Ghana reads them: "25 Dec 2026" (Accra is on UTC all year). */
const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Accra',
});

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE.format(date);
}

export const tierName = (tier: TierId) => getTier(tier).name;

export const CADENCE_LABELS: Record<BillingCadence, { adjective: string; per: string }> = {
  monthly: { adjective: 'Monthly', per: 'month' },
  annual: { adjective: 'Annual', per: 'year' },
};

/** "GH₵ 150 / month". */
export function formatPrice(minor: number, currency: Currency, cadence: BillingCadence): string {
  return `${formatMoney(minor, currency, { compact: true })} / ${CADENCE_LABELS[cadence].per}`;
}

/** Every sentence the page shows, in one place (tests read them from here too). */
export const SUBSCRIPTION_TEXT = {
  title: 'Your subscription',
  testMode: 'TEST MODE',
  testModeNote: 'Payments on this server are test payments. No real money moves.',
  renews: (date: string) => `Renews on ${date}`,
  ends: (date: string) => `Ends on ${date}`,
  wasDue: (date: string) => `Renewal was due on ${date}`,
  changesTo: (tier: TierId, date: string) => `Changes to ${tierName(tier)} on ${date}`,
  planEnds: (tier: TierId, date: string) => `Your ${tierName(tier)} plan ends on ${date}`,
  planEndsLead: 'You keep its benefits until then. After that your plan returns to Starter.',
  keepPlan: 'Keep my plan',
  pastDueTitle: 'Payment needed',
  pastDue: (tier: TierId, date: string) =>
    `Your last renewal was not paid. ${tierName(tier)} stays active until ${date}, then your plan returns to Starter.`,
  payNow: 'Pay now',
  renewsWithCard: 'Renews automatically with your card',
  payLink: (date: string) =>
    `Mobile money: we send you a pay link ${RENEWAL_REMINDER_DAYS} days before ${date}`,
  continuePayment: 'Continue your payment',
  pendingPayment: 'You started a payment that is not finished yet.',
  updateCard: 'Update card',
  cancel: 'Cancel subscription',
  cancelTitle: 'Cancel your subscription?',
  cancelBody: (tier: TierId, date: string) =>
    `${tierName(tier)} stays active until ${date}. After that your plan returns to Starter and nothing more is charged.`,
  confirmCancel: 'Cancel subscription',
  keepSubscription: 'Keep subscription',
  downgradeTitle: (tier: TierId) => `Change to ${tierName(tier)}?`,
  downgradeBody: (target: TierId, date: string, current: TierId) =>
    `Your plan changes to ${tierName(target)} on ${date}. You keep ${tierName(current)} until then.`,
  confirmDowngrade: (tier: TierId) => `Change to ${tierName(tier)}`,
  upgradeTitle: (tier: TierId) => `Upgrade to ${tierName(tier)}`,
  upgradeBody:
    'What is left of your current period is credited. The new plan starts a full period once paid.',
  payAmount: (amount: string) => `Pay ${amount}`,
  notNow: 'Not now',
  currentPlan: 'Current plan',
  choose: (tier: TierId) => `Choose ${tierName(tier)}`,
  upgradeTo: (tier: TierId) => `Upgrade to ${tierName(tier)}`,
  downgradeTo: (tier: TierId) => `Change to ${tierName(tier)}`,
  comparePlans: 'Compare plans',
  historyTitle: 'Billing history',
  historyEmpty: 'No payments yet.',
  receipt: 'Receipt',
  providersOnly: 'Plans are for service providers',
} as const;

export const PAYMENT_STATUS_LABELS = PAYMENT_STATUS_BADGES;

/** "Pro plan, monthly", "Pro plan, monthly renewal", "Upgrade to Premium, annual". */
export function paymentDescription(p: Pick<Payment, 'purpose' | 'tier' | 'cadence'>): string {
  const cadence = CADENCE_LABELS[p.cadence].adjective.toLowerCase();
  switch (p.purpose) {
    case 'renewal':
      return `${tierName(p.tier)} plan, ${cadence} renewal`;
    case 'upgrade':
      return `Upgrade to ${tierName(p.tier)}, ${cadence}`;
    default:
      return `${tierName(p.tier)} plan, ${cadence}`;
  }
}

/** The date a payment is listed under: when it was paid, else when it was started. */
export const paymentDate = (p: Pick<Payment, 'paid_at' | 'created_at'>) => p.paid_at ?? p.created_at;

/** The line under the plan name: renewal, end, scheduled change, or the missed renewal. */
export function periodLine(view: SubscriptionView): string | null {
  const end = formatDate(view.current_period_end);
  if (!end) return null;
  if (view.status === 'past_due') return SUBSCRIPTION_TEXT.wasDue(end);
  if (view.cancel_at_period_end) return SUBSCRIPTION_TEXT.ends(end);
  if (view.pending_tier) return SUBSCRIPTION_TEXT.changesTo(view.pending_tier, end);
  return SUBSCRIPTION_TEXT.renews(end);
}
