import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '../money.ts';
import { pricingAnswerSchema } from './api.ts';
import { parsePricingAnswer, readPricingAnswer } from './pricing-answer.ts';
import { BILLING_CADENCES, PAID_TIER_IDS, PAYMENT_GATEWAYS, PAYMENT_METHODS } from './rules.ts';

/** What the schema makes of `input`: the answer, or null when it refuses it. */
function withSchema(input: unknown) {
  const parsed = pricingAnswerSchema.safeParse(input);
  return parsed.success ? parsed.data : null;
}

/** A value that is sometimes right and sometimes any JSON (a wrong type, a missing field). */
const orJunk = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 30, arbitrary: good }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });

/** Objects with the given keys (each sometimes missing) and sometimes an extra key. */
const recordOf = <T>(keys: readonly string[], value: fc.Arbitrary<T>) =>
  fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((k) => [k, value]))),
      // Now and then one key missing.
      fc.oneof({ weight: 12, arbitrary: fc.constant(null) }, fc.constantFrom(...keys)),
      // Now and then a key of no meaning (zod refuses it in a record).
      fc.oneof(
        { weight: 8, arbitrary: fc.constant(null) },
        fc.tuple(fc.constantFrom('free', 'weekly', 'EUR', '__proto__', 'x'), fc.jsonValue({ maxDepth: 1 })),
      ),
    )
    .map(([full, missing, extra]) => {
      const base: Record<string, unknown> = { ...full };
      if (missing !== null) delete base[missing];
      if (!extra) return base;
      // JSON.parse makes "__proto__" an own key, as an answer from the server would.
      const rest = JSON.stringify(base).slice(1);
      const head = `{${JSON.stringify(extra[0])}:${JSON.stringify(extra[1] ?? null)}`;
      return JSON.parse(rest === '}' ? `${head}}` : `${head},${rest}`);
    });

const amount = orJunk(
  fc.oneof(
    { weight: 20, arbitrary: fc.integer({ min: 0, max: 10_000_000 }) },
    fc.double(),
    fc.constant(2 ** 53),
    fc.constant(-1),
  ),
);
const prices = orJunk(
  recordOf(PAID_TIER_IDS, orJunk(recordOf(BILLING_CADENCES, orJunk(recordOf(CURRENCIES, amount))))),
);
const currency = orJunk(
  fc.record(
    {
      currency: orJunk(fc.constantFrom(...CURRENCIES, 'EUR', 'ghs')),
      available: orJunk(fc.boolean()),
      gateway: orJunk(fc.constantFrom(...PAYMENT_GATEWAYS, null, 'paypal')),
      methods: orJunk(fc.array(fc.constantFrom(...PAYMENT_METHODS, 'cash'), { maxLength: 3 })),
      extra: fc.jsonValue({ maxDepth: 1 }),
    },
    { requiredKeys: ['currency', 'available', 'gateway', 'methods'] },
  ),
);
const answer = orJunk(
  fc.record(
    {
      prices,
      currencies: orJunk(fc.array(currency, { maxLength: 3 })),
      test_mode: orJunk(fc.boolean()),
      note: fc.string(),
    },
    { requiredKeys: ['prices', 'currencies', 'test_mode'] },
  ),
);

describe('readPricingAnswer (no zod) reads GET /api/pricing as the schema does', () => {
  it('for any answer: both accept it and give the same, or both refuse it', () => {
    let accepted = 0;
    fc.assert(
      fc.property(answer, (input) => {
        const expected = withSchema(input);
        if (expected) accepted += 1;
        expect(readPricingAnswer(input)).toStrictEqual(expected);
      }),
      { numRuns: 3000 },
    );
    // The generator must reach valid answers, not only refused ones.
    expect(accepted).toBeGreaterThan(30);
  });

  it('accepts the server answer and refuses a missing price', () => {
    const good = {
      prices: {
        pro: { monthly: { GHS: 15000, USD: 1000 }, annual: { GHS: 150000, USD: 10000 } },
        premium: { monthly: { GHS: 30000, USD: 2000 }, annual: { GHS: 300000, USD: 20000 } },
      },
      currencies: [
        { currency: 'GHS', available: true, gateway: 'paystack', methods: ['card', 'mobile_money'] },
        { currency: 'USD', available: false, gateway: null, methods: [] },
      ],
      test_mode: false,
    };
    expect(parsePricingAnswer(good)).toStrictEqual(withSchema(good));
    const missing = structuredClone(good) as { prices: { pro: { annual: Partial<Record<string, number>> } } };
    delete missing.prices.pro.annual.USD;
    expect(withSchema(missing)).toBeNull();
    expect(() => parsePricingAnswer(missing)).toThrow();
  });
});
