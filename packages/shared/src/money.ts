/**
 * Money is integer minor units with a currency code (DESIGN.md "Money"): GHS in pesewas (1/100),
 * USD in cents. Never floats in storage or arithmetic; parsing and formatting live here.
 */

/** The currencies Adwuma prices and takes payments in. */
export const CURRENCIES = ['GHS', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The largest price a listing may carry: GH₵ 1,000,000.00. */
export const MAX_PRICE_MINOR = 100_000_000;

export const MONEY_MESSAGES = {
  invalid: 'Enter an amount such as 150 or 150.50',
  tooLarge: 'The amount is too large',
  negative: 'The amount cannot be negative',
} as const;

/**
 * Parses what a person types ("150", "1,250.5", "GH₵ 80", " 99.99 ") into minor units, without
 * floating point: at most two decimals. Returns null when it is not an amount.
 */
export function parseMoney(input: string): number | null {
  const cleaned = input.replace(/GH₵|GHS|GH¢|\$|USD|\s/gi, '').replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

const SYMBOL: Record<Currency, string> = { GHS: 'GH₵', USD: '$' };

/**
 * Formats minor units for people: "GH₵ 1,250.50", "$12.00" (the cedi sign spaced, the dollar sign
 * not, as each is written); whole amounts drop ".00" when `compact` is set ("GH₵ 80", "$12").
 */
export function formatMoney(
  minor: number,
  currency: Currency = 'GHS',
  options: { compact?: boolean } = {},
): string {
  if (!Number.isSafeInteger(minor)) throw new Error('Money must be an integer number of minor units');
  const negative = minor < 0;
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = (abs % 100).toString().padStart(2, '0');
  const amount = options.compact && cents === '00' ? whole : `${whole}.${cents}`;
  return `${negative ? '−' : ''}${SYMBOL[currency]}${currency === 'USD' ? '' : ' '}${amount}`;
}
