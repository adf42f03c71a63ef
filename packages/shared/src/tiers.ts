/**
 * The one tier definition (DESIGN.md "Tier figures"): the spec's comparison table is authoritative
 * (commission 18 / 10 / 5 / 2 %), earnings share = 100 − commission. Used by the pricing page, the
 * bid limits and the earnings at completion.
 */
export const TIER_IDS = ['starter', 'pro', 'premium', 'enterprise'] as const;
export type TierId = (typeof TIER_IDS)[number];

export interface TierDefinition {
  id: TierId;
  name: string;
  /** Percent the platform keeps from each completed booking. */
  commission: number;
  /** Percent the provider keeps: 100 − commission. */
  earningsShare: number;
  payoutDelay: string;
  /** Bids a month; null = unlimited. */
  bidsPerMonth: number | null;
  materials: string;
  /** Monthly price in USD cents; null = free (0) or by inquiry. */
  monthlyPriceUsdCents: number | null;
  /** Annual price in USD cents (two months free); null when not sold yearly. */
  annualPriceUsdCents: number | null;
  priceLabel: string;
  tagline: string;
  features: readonly string[];
  mostPopular: boolean;
  monthlyPriceId: string | null;
  annualPriceId: string | null;
}

function tier(def: Omit<TierDefinition, 'earningsShare'>): TierDefinition {
  return { ...def, earningsShare: 100 - def.commission };
}

export const TIERS: readonly TierDefinition[] = [
  tier({
    id: 'starter',
    name: 'Starter',
    commission: 18,
    payoutDelay: '7 days',
    bidsPerMonth: 10,
    materials: 'Reimbursed after completion with receipts',
    monthlyPriceUsdCents: 0,
    annualPriceUsdCents: 0,
    priceLabel: 'Free',
    tagline: 'Everything you need to start getting jobs.',
    features: [
      'Provider profile and listings',
      '10 job bids a month',
      'Secure messaging',
      'Payouts in 7 days',
    ],
    mostPopular: false,
    monthlyPriceId: null,
    annualPriceId: null,
  }),
  tier({
    id: 'pro',
    name: 'Pro',
    commission: 10,
    payoutDelay: '3 days',
    bidsPerMonth: null,
    materials: 'Paid upfront, capped at 40% of the job',
    monthlyPriceUsdCents: 1200,
    annualPriceUsdCents: 12000,
    priceLabel: '$12/month',
    tagline: 'For providers who bid often and want to keep more.',
    features: ['Unlimited job bids', 'Lower commission', 'Payouts in 3 days', 'Materials upfront (40% cap)'],
    mostPopular: false,
    monthlyPriceId: 'price_pro_monthly',
    annualPriceId: 'price_pro_annual',
  }),
  tier({
    id: 'premium',
    name: 'Premium',
    commission: 5,
    payoutDelay: '1 day',
    bidsPerMonth: null,
    materials: 'Paid upfront, capped at 70% of the job',
    monthlyPriceUsdCents: 4900,
    annualPriceUsdCents: 49000,
    priceLabel: '$49/month',
    tagline: 'For busy businesses that want the fastest payouts.',
    features: [
      'Everything in Pro',
      'Lowest commission for individuals',
      'Next-day payouts',
      'Materials upfront (70% cap)',
      'Priority support',
    ],
    mostPopular: true,
    monthlyPriceId: 'price_premium_monthly',
    annualPriceId: 'price_premium_annual',
  }),
  tier({
    id: 'enterprise',
    name: 'Enterprise',
    commission: 2,
    payoutDelay: 'Custom payout',
    bidsPerMonth: null,
    materials: 'Custom terms',
    monthlyPriceUsdCents: null,
    annualPriceUsdCents: null,
    priceLabel: 'Custom',
    tagline: 'For companies with teams of providers or many sites.',
    features: ['Team accounts', 'Custom commission and payouts', 'Dedicated account manager', 'Invoicing'],
    mostPopular: false,
    monthlyPriceId: null,
    annualPriceId: null,
  }),
];

export function getTier(id: TierId): TierDefinition {
  const found = TIERS.find((t) => t.id === id);
  if (!found) throw new Error(`Unknown tier ${id}`);
  return found;
}

export function formatBidsPerMonth(bids: number | null): string {
  return bids === null ? 'Unlimited' : String(bids);
}

/** Pricing FAQ: the spec's four answers (spec 2 "Pricing page"). */
export const PRICING_FAQ = [
  {
    q: 'Can I change my plan later?',
    a: 'Yes. You can change plans at any time, and the change takes effect immediately.',
  },
  {
    q: 'Which payment methods do you accept?',
    a: 'We accept all major credit and debit cards, and in cedis the mobile money wallets MTN MoMo, Telecel Cash and AirtelTigo Money.',
  },
  { q: 'Is there a setup fee?', a: 'No. There is no setup fee on any plan.' },
  {
    q: 'Can I get a refund?',
    a: 'Yes. Every paid plan comes with a 30-day money-back guarantee.',
  },
] as const;
