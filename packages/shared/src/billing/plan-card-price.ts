import { formatMoney } from '../money.ts';
import type { TierDefinition } from '../tiers.ts';
import type { BillingCadence } from './rules.ts';

/**
 * What a plan card says about price (spec 2 "Pricing page", 9): the spec's dollar price first —
 * Starter free, Pro $12/month, Premium $49/month, Enterprise custom — whichever currency is chosen
 * (dollars are paid monthly by card), and beside it the cedi price for people paying by mobile money.
 */
export interface PlanCardPrice {
  /** "$12", "Free", "Custom". */
  usd: string;
  /** A paid plan's dollar price is a month's ("/month" after it). */
  monthly: boolean;
  /** "GH₵ 150" (a month) or "GH₵ 1,500" (a year); null for Starter and Enterprise, or not known yet. */
  cedis: string | null;
  /** For a yearly cedi price, what it comes to a month ("GH₵ 125"); else null. */
  cedisPerMonth: string | null;
}

export function planCardPrice(
  tier: TierDefinition,
  /** The tier's cedi price (pesewas) in `cadence`, from the server's price table. */
  ghsMinor: number | undefined,
  cadence: BillingCadence,
): PlanCardPrice {
  const usdCents = tier.monthlyPriceUsdCents;
  if (!usdCents) return { usd: tier.priceLabel, monthly: false, cedis: null, cedisPerMonth: null };
  const known = ghsMinor !== undefined;
  return {
    usd: formatMoney(usdCents, 'USD', { compact: true }),
    monthly: true,
    cedis: known ? formatMoney(ghsMinor, 'GHS', { compact: true }) : null,
    cedisPerMonth:
      known && cadence === 'annual' ? formatMoney(Math.round(ghsMinor / 12), 'GHS', { compact: true }) : null,
  };
}

/** One line for a small tile: "$12/month · GH₵ 150 a month", "Free", "Custom". */
export function planPriceLine(price: PlanCardPrice, cadence: BillingCadence = 'monthly'): string {
  if (!price.monthly) return price.usd;
  const usd = `${price.usd}/month`;
  return price.cedis ? `${usd} · ${price.cedis} a ${cadence === 'annual' ? 'year' : 'month'}` : usd;
}
