import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Currency } from '../money.ts';
import {
  assertBalanced,
  balances,
  LEDGER_ACCOUNTS,
  type LedgerMovement,
  movementProblem,
  paymentReceived,
  paymentRefunded,
} from './ledger.ts';

const sound: LedgerMovement = {
  idempotencyKey: 'payment:1',
  currency: 'GHS',
  kind: 'subscription_payment',
  entries: [
    { account: 'gateway:sandbox', amountMinor: 15_000 },
    { account: 'revenue:subscriptions', amountMinor: -15_000 },
  ],
};
const MAX = Number.MAX_SAFE_INTEGER;

describe('movementProblem', () => {
  it('accepts a balanced movement of two or more entries', () => {
    expect(movementProblem(sound)).toBeNull();
    expect(() => assertBalanced(sound)).not.toThrow();
    expect(
      movementProblem({
        ...sound,
        entries: [
          { account: 'a', amountMinor: 100 },
          { account: 'b', amountMinor: -60 },
          { account: 'c', amountMinor: -40 },
        ],
      }),
    ).toBeNull();
  });

  it.each([
    ['no idempotency key', { ...sound, idempotencyKey: '' }, 'A movement needs an idempotency key'],
    ['a blank idempotency key', { ...sound, idempotencyKey: '  \t' }, 'A movement needs an idempotency key'],
    ['no entries', { ...sound, entries: [] }, 'A movement needs at least two entries'],
    [
      'one entry',
      { ...sound, entries: [{ account: 'a', amountMinor: 0 }] },
      'A movement needs at least two entries',
    ],
    [
      'a fraction of a minor unit',
      {
        ...sound,
        entries: [
          { account: 'a', amountMinor: 10.5 },
          { account: 'b', amountMinor: -10.5 },
        ],
      },
      'Amounts must be whole minor units',
    ],
    [
      'NaN',
      {
        ...sound,
        entries: [
          { account: 'a', amountMinor: Number.NaN },
          { account: 'b', amountMinor: 1 },
        ],
      },
      'Amounts must be whole minor units',
    ],
    [
      'an amount beyond safe integers',
      {
        ...sound,
        entries: [
          { account: 'a', amountMinor: 2 ** 53 },
          { account: 'b', amountMinor: -(2 ** 53) },
        ],
      },
      'Amounts must be whole minor units',
    ],
    [
      'Infinity',
      {
        ...sound,
        entries: [
          { account: 'a', amountMinor: Number.POSITIVE_INFINITY },
          { account: 'b', amountMinor: Number.NEGATIVE_INFINITY },
        ],
      },
      'Amounts must be whole minor units',
    ],
    [
      'a zero entry',
      {
        ...sound,
        entries: [
          { account: 'a', amountMinor: 100 },
          { account: 'b', amountMinor: 0 },
          { account: 'c', amountMinor: -100 },
        ],
      },
      'An entry cannot be zero',
    ],
    [
      'a blank account',
      {
        ...sound,
        entries: [
          { account: 'a', amountMinor: 100 },
          { account: ' ', amountMinor: -100 },
        ],
      },
      'Every entry needs an account',
    ],
    [
      'entries that do not sum to zero',
      {
        ...sound,
        entries: [
          { account: 'a', amountMinor: 100 },
          { account: 'b', amountMinor: -99 },
        ],
      },
      'The entries do not balance (they sum to 1)',
    ],
    [
      'one-sided entries',
      {
        ...sound,
        entries: [
          { account: 'a', amountMinor: 100 },
          { account: 'b', amountMinor: 100 },
        ],
      },
      'The entries do not balance (they sum to 200)',
    ],
    [
      // In floating point MAX + 2 rounds to MAX + 1, and the sum comes out 0: the sum must be exact.
      'huge entries whose rounded sum would look balanced',
      {
        ...sound,
        entries: [
          { account: 'a', amountMinor: MAX },
          { account: 'b', amountMinor: 2 },
          { account: 'c', amountMinor: -MAX },
          { account: 'd', amountMinor: -1 },
        ],
      },
      'The entries do not balance (they sum to 1)',
    ],
  ] as const)('refuses %s', (_name, movement, problem) => {
    const m = movement as unknown as LedgerMovement;
    expect(movementProblem(m)).toBe(problem);
    expect(() => assertBalanced(m)).toThrow(problem);
  });

  it('accepts huge entries that do balance exactly', () => {
    expect(
      movementProblem({
        ...sound,
        entries: [
          { account: 'a', amountMinor: MAX },
          { account: 'b', amountMinor: 2 },
          { account: 'c', amountMinor: -MAX },
          { account: 'd', amountMinor: -2 },
        ],
      }),
    ).toBeNull();
  });
});

describe('paymentReceived and paymentRefunded', () => {
  const input = {
    idempotencyKey: 'pay:abc',
    gateway: 'paystack',
    currency: 'GHS' as const,
    amountMinor: 15_050,
  };

  it('a payment received: the gateway owes it, revenue earned it, balanced', () => {
    const m = paymentReceived(input);
    expect(m).toEqual({
      idempotencyKey: 'pay:abc',
      currency: 'GHS',
      kind: 'subscription_payment',
      entries: [
        { account: 'gateway:paystack', amountMinor: 15_050 },
        { account: 'revenue:subscriptions', amountMinor: -15_050 },
      ],
    });
    expect(movementProblem(m)).toBeNull();
  });

  it('a refund reverses it through the refunds account, balanced', () => {
    const m = paymentRefunded({ ...input, idempotencyKey: 'refund:abc' });
    expect(m).toEqual({
      idempotencyKey: 'refund:abc',
      currency: 'GHS',
      kind: 'subscription_refund',
      entries: [
        { account: LEDGER_ACCOUNTS.refunds, amountMinor: 15_050 },
        { account: 'gateway:paystack', amountMinor: -15_050 },
      ],
    });
    expect(movementProblem(m)).toBeNull();
  });

  it('after a payment and its refund the gateway owes nothing', () => {
    const b = balances([paymentReceived(input), paymentRefunded({ ...input, idempotencyKey: 'refund:abc' })]);
    expect(b.get('GHS:gateway:paystack')).toBe(0);
    expect(b.get('GHS:revenue:subscriptions')).toBe(-15_050);
    expect(b.get('GHS:refunds:subscriptions')).toBe(15_050);
  });

  it('a zero or fractional payment is refused by the rules', () => {
    expect(movementProblem(paymentReceived({ ...input, amountMinor: 0 }))).toBe('An entry cannot be zero');
    expect(movementProblem(paymentReceived({ ...input, amountMinor: 1.5 }))).toBe(
      'Amounts must be whole minor units',
    );
  });
});

// ---- properties ----------------------------------------------------------------------------------

const ACCOUNTS = [
  'gateway:sandbox',
  'gateway:stripe',
  'gateway:paystack',
  'revenue:subscriptions',
  'refunds:x',
];

/** A balanced movement: random non-zero debits and credits, the last entry evening them out. */
function balancedMovement(keys: readonly string[]): fc.Arbitrary<LedgerMovement> {
  return fc
    .record({
      idempotencyKey: fc.constantFrom(...keys),
      currency: fc.constantFrom<Currency>('GHS', 'USD'),
      kind: fc.constantFrom('subscription_payment', 'subscription_refund', 'adjustment'),
      parts: fc.array(
        fc.record({
          account: fc.oneof(fc.constantFrom(...ACCOUNTS), fc.string({ minLength: 1, maxLength: 8 })),
          amountMinor: fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).filter((n) => n !== 0),
        }),
        { minLength: 1, maxLength: 5 },
      ),
      closing: fc.constantFrom(...ACCOUNTS),
    })
    .filter((r) => r.parts.reduce((s, p) => s + p.amountMinor, 0) !== 0)
    .map((r) => ({
      idempotencyKey: r.idempotencyKey,
      currency: r.currency,
      kind: r.kind,
      entries: [
        ...r.parts.map((p) => ({
          account: p.account.trim() ? p.account : 'blank',
          amountMinor: p.amountMinor,
        })),
        { account: r.closing, amountMinor: -r.parts.reduce((s, p) => s + p.amountMinor, 0) },
      ],
    }));
}

/** A few keys, so duplicates (replays, or another movement under a used key) are common. */
const KEYS = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6'];
const movements = fc.array(balancedMovement(KEYS), { maxLength: 20 });

const sumsPerCurrency = (b: Map<string, number>) => {
  const out = new Map<string, number>();
  for (const [key, value] of b) {
    const currency = key.slice(0, key.indexOf(':'));
    out.set(currency, (out.get(currency) ?? 0) + value);
  }
  return out;
};

describe('balances (properties)', () => {
  it('the generated movements are sound', () => {
    fc.assert(fc.property(movements, (ms) => ms.every((m) => movementProblem(m) === null)));
  });

  it('every currency sums to zero, whatever the duplicates', () => {
    fc.assert(
      fc.property(movements, (ms) => {
        for (const total of sumsPerCurrency(balances(ms)).values()) expect(total).toBe(0);
      }),
    );
  });

  it('applies each key once: the first movement under a key wins', () => {
    fc.assert(
      fc.property(movements, (ms) => {
        const firsts = ms.filter((m, i) => ms.findIndex((o) => o.idempotencyKey === m.idempotencyKey) === i);
        expect(balances(ms)).toEqual(balances(firsts));
      }),
    );
  });

  it('applying a movement twice equals applying it once', () => {
    fc.assert(
      fc.property(movements, fc.nat(), fc.nat(), (ms, pick, at) => {
        fc.pre(ms.length > 0);
        const replayed = ms[pick % ms.length]!;
        const position = (pick % ms.length) + 1 + (at % (ms.length - (pick % ms.length)));
        const withReplay = [...ms.slice(0, position), replayed, ...ms.slice(position)];
        expect(balances(withReplay)).toEqual(balances(ms));
        expect(balances([...ms, ...ms])).toEqual(balances(ms));
      }),
    );
  });

  it('order does not matter (replays are copies of the movement)', () => {
    const replays = fc
      .uniqueArray(balancedMovement(KEYS), { selector: (m) => m.idempotencyKey })
      .chain((unique) =>
        fc.tuple(
          fc.constant(unique),
          fc
            .array(fc.nat(), { maxLength: 10 })
            .map((picks) => (unique.length ? picks.map((p) => unique[p % unique.length]!) : [])),
        ),
      )
      .chain(([unique, copies]) =>
        fc
          .shuffledSubarray([...unique, ...copies], { minLength: unique.length + copies.length })
          .map((shuffled) => [unique, shuffled] as const),
      );
    fc.assert(
      fc.property(replays, ([unique, shuffled]) => {
        expect(balances(shuffled)).toEqual(balances(unique));
        expect(balances([...unique].reverse())).toEqual(balances(unique));
      }),
    );
  });

  it('a balance is the sum of its entries over the distinct keys (model check)', () => {
    fc.assert(
      fc.property(movements, (ms) => {
        const model: Record<string, number> = {};
        const seen: string[] = [];
        for (const m of ms) {
          if (seen.includes(m.idempotencyKey)) continue;
          seen.push(m.idempotencyKey);
          for (const e of m.entries)
            model[`${m.currency}:${e.account}`] = (model[`${m.currency}:${e.account}`] ?? 0) + e.amountMinor;
        }
        expect(Object.fromEntries(balances(ms))).toEqual(model);
      }),
    );
  });
});
