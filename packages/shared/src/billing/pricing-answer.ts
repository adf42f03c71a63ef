import { CURRENCIES } from '../money.ts';
import type { PricingAnswer } from './api.ts';
import { BILLING_CADENCES, PAID_TIER_IDS, PAYMENT_GATEWAYS, PAYMENT_METHODS } from './rules.ts';

/**
 * Reads GET /api/pricing's answer as pricingAnswerSchema (api.ts) does, without zod: the public
 * /pricing page checks the answer with no schema library in its download (issue 20). The server
 * keeps the schema; pricing-answer.property.test.ts proves both accept and give exactly the same.
 * Unknown fields are dropped, as zod does; anything else out of shape is refused.
 */
export function readPricingAnswer(input: unknown): PricingAnswer | null {
  if (!isObject(input)) return null;
  const prices = record(input.prices, PAID_TIER_IDS, (cadences) =>
    record(cadences, BILLING_CADENCES, (amounts) =>
      record(amounts, CURRENCIES, (minor) => (Number.isSafeInteger(minor) ? (minor as number) : INVALID)),
    ),
  );
  if (prices === INVALID || !Array.isArray(input.currencies) || typeof input.test_mode !== 'boolean')
    return null;
  const currencies: PricingAnswer['currencies'] = [];
  for (const item of input.currencies as unknown[]) {
    if (!isObject(item)) return null;
    const { currency, available, gateway, methods } = item;
    if (!oneOf(CURRENCIES, currency) || typeof available !== 'boolean') return null;
    if (gateway !== null && !oneOf(PAYMENT_GATEWAYS, gateway)) return null;
    if (!Array.isArray(methods) || !methods.every((m) => oneOf(PAYMENT_METHODS, m))) return null;
    currencies.push({ currency, available, gateway, methods: [...methods] });
  }
  return { prices: prices as PricingAnswer['prices'], currencies, test_mode: input.test_mode };
}

/** Parses GET /api/pricing's answer; throws on an answer out of shape (as `schema.parse` would). */
export function parsePricingAnswer(input: unknown): PricingAnswer {
  const answer = readPricingAnswer(input);
  if (!answer) throw new Error('Unexpected answer from /api/pricing');
  return answer;
}

const INVALID = Symbol('invalid');

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function oneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

/** zod's record with enum keys: every key present and valid, no other key. */
function record<K extends string, V>(
  value: unknown,
  keys: readonly K[],
  read: (entry: unknown) => V | typeof INVALID,
): Record<K, V> | typeof INVALID {
  if (!isObject(value)) return INVALID;
  for (const key in value) if (!(keys as readonly string[]).includes(key)) return INVALID;
  const out = {} as Record<K, V>;
  for (const key of keys) {
    const entry = read(value[key]);
    if (entry === INVALID) return INVALID;
    out[key] = entry;
  }
  return out;
}
