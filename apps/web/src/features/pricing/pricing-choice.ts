import {
  type BillingCadence,
  type Currency,
  formatMoney,
  MOBILE_MONEY_NETWORKS,
  type PaymentMethod,
  type PricingAnswer,
  type TierDefinition,
} from '@adwuma/shared';

/**
 * The currency the page shows: `?currency=usd|ghs` (a shared link, or the visitor's pick) first,
 * then the signed-in person's currency preference, else cedis.
 */
export function currencyFromQuery(value: string | null, preference?: string | null): Currency {
  const asked = value?.trim().toLowerCase();
  if (asked === 'usd') return 'USD';
  if (asked === 'ghs') return 'GHS';
  return preference === 'USD' ? 'USD' : 'GHS';
}

export function cadenceFromQuery(value: string | null): BillingCadence {
  return value?.trim().toLowerCase() === 'annual' ? 'annual' : 'monthly';
}

export const CURRENCY_NAME: Record<Currency, string> = { GHS: 'cedis', USD: 'US dollars' };

/** How a currency can be paid, named the way payers know them. */
export function paymentMethodsText(methods: readonly PaymentMethod[]): string {
  const momo = methods.includes('mobile_money');
  const card = methods.includes('card');
  const networks = MOBILE_MONEY_NETWORKS.map((n) => n.name);
  if (momo && card) return `${networks.join(', ')} and cards`;
  if (momo) return `${networks.slice(0, -1).join(', ')} and ${networks.at(-1)}`;
  if (card) return 'Visa, Mastercard and other cards';
  return '';
}

export interface PriceView {
  /** "GH₵ 150", "Free", "Custom"; null while the prices load (or could not be loaded). */
  amount: string | null;
  /** "month" or "year" for a paid plan. */
  unit: 'month' | 'year' | null;
  /** For a yearly price: what it comes to a month ("GH₵ 125 a month"). */
  perMonth: string | null;
}

/** A plan's price in the chosen currency and cadence, from the server's price table. */
export function priceView(
  tier: TierDefinition,
  prices: PricingAnswer['prices'] | undefined,
  currency: Currency,
  cadence: BillingCadence,
): PriceView {
  if (tier.id === 'starter') return { amount: 'Free', unit: null, perMonth: null };
  if (tier.id === 'enterprise') return { amount: 'Custom', unit: null, perMonth: null };
  const minor = prices?.[tier.id]?.[cadence]?.[currency];
  if (minor === undefined)
    return { amount: null, unit: cadence === 'annual' ? 'year' : 'month', perMonth: null };
  if (cadence === 'monthly')
    return { amount: formatMoney(minor, currency, { compact: true }), unit: 'month', perMonth: null };
  return {
    amount: formatMoney(minor, currency, { compact: true }),
    unit: 'year',
    perMonth: formatMoney(Math.round(minor / 12), currency, { compact: true }),
  };
}

export const TWO_MONTHS_FREE = '2 months free';
