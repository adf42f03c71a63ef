import {
  type BillingCadence,
  type Currency,
  isPaidTier,
  MOBILE_MONEY_NETWORKS,
  type PaymentMethod,
  type PlanCardPrice,
  type PricingAnswer,
  planCardPrice,
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

/** A plan card's price (planCardPrice): the dollar price first, the cedi price in `cadence` beside it. */
export interface PriceView extends PlanCardPrice {
  cadence: BillingCadence;
  /** A paid plan whose cedi price has not come yet (or could not be loaded). */
  loading: boolean;
}

/**
 * The cadence a checkout can take: dollars are paid monthly by card (spec 7: cadence monthly,
 * currency usd); cedis monthly or yearly, by mobile money or card.
 */
export function checkoutCadence(currency: Currency, cadence: BillingCadence): BillingCadence {
  return currency === 'USD' ? 'monthly' : cadence;
}

/** A plan's price on the cards and in the table, from the tier and the server's cedi prices. */
export function priceView(
  tier: TierDefinition,
  prices: PricingAnswer['prices'] | undefined,
  cadence: BillingCadence,
): PriceView {
  const ghs = isPaidTier(tier.id) ? prices?.[tier.id]?.[cadence]?.GHS : undefined;
  return {
    ...planCardPrice(tier, ghs, cadence),
    cadence,
    loading: isPaidTier(tier.id) && ghs === undefined,
  };
}

export const TWO_MONTHS_FREE = '2 months free';
