import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TIER_IDS, type TierId } from '../tiers.ts';
import {
  addPeriod,
  changeKind,
  DEFAULT_GHS_PRICES,
  GRACE_PERIOD_DAYS,
  graceEndsAt,
  isPaidTier,
  planPrice,
  priceTable,
  prorateUpgrade,
  RENEWAL_REMINDER_DAYS,
  receiptNumber,
  renewalReminderAt,
  STARTER_STATE,
  type SubscriptionState,
  stateAt,
} from './rules.ts';

const DAY = 24 * 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

describe('priceTable and planPrice', () => {
  it('takes the USD prices from the tier definitions (cents)', () => {
    const prices = priceTable();
    expect(prices.pro.monthly.USD).toBe(1_200);
    expect(prices.pro.annual.USD).toBe(12_000);
    expect(prices.premium.monthly.USD).toBe(4_900);
    expect(prices.premium.annual.USD).toBe(49_000);
  });

  it('uses the default cedi prices (pesewas): a year costs ten months', () => {
    const prices = priceTable();
    expect(prices.pro.monthly.GHS).toBe(15_000);
    expect(prices.pro.annual.GHS).toBe(150_000);
    expect(prices.premium.monthly.GHS).toBe(60_000);
    expect(prices.premium.annual.GHS).toBe(600_000);
    for (const tier of ['pro', 'premium'] as const) {
      expect(DEFAULT_GHS_PRICES[tier].annual).toBe(10 * DEFAULT_GHS_PRICES[tier].monthly);
    }
  });

  it('takes configured cedi prices over the defaults, leaving USD alone', () => {
    const prices = priceTable({
      pro: { monthly: 15_050, annual: 150_500 },
      premium: { monthly: 61_000, annual: 610_000 },
    });
    expect(prices).toEqual({
      pro: { monthly: { GHS: 15_050, USD: 1_200 }, annual: { GHS: 150_500, USD: 12_000 } },
      premium: { monthly: { GHS: 61_000, USD: 4_900 }, annual: { GHS: 610_000, USD: 49_000 } },
    });
  });

  it('every price is a positive whole number of minor units', () => {
    const prices = priceTable();
    for (const tier of ['pro', 'premium'] as const)
      for (const cadence of ['monthly', 'annual'] as const)
        for (const currency of ['GHS', 'USD'] as const) {
          const price = planPrice(prices, tier, cadence, currency);
          expect(Number.isSafeInteger(price)).toBe(true);
          expect(price).toBeGreaterThan(0);
        }
  });

  it('planPrice reads one cell of the table', () => {
    const prices = priceTable({
      pro: { monthly: 1, annual: 2 },
      premium: { monthly: 3, annual: 4 },
    });
    expect(planPrice(prices, 'pro', 'monthly', 'GHS')).toBe(1);
    expect(planPrice(prices, 'pro', 'annual', 'GHS')).toBe(2);
    expect(planPrice(prices, 'premium', 'monthly', 'GHS')).toBe(3);
    expect(planPrice(prices, 'premium', 'annual', 'GHS')).toBe(4);
    expect(planPrice(prices, 'premium', 'annual', 'USD')).toBe(49_000);
    expect(planPrice(prices, 'pro', 'monthly', 'USD')).toBe(1_200);
  });
});

describe('isPaidTier', () => {
  it('is true for pro and premium only', () => {
    expect(isPaidTier('pro')).toBe(true);
    expect(isPaidTier('premium')).toBe(true);
    expect(isPaidTier('starter')).toBe(false);
    // Enterprise is sold by contract, not through the checkout.
    expect(isPaidTier('enterprise')).toBe(false);
  });
});

describe('changeKind', () => {
  const order: TierId[] = ['starter', 'pro', 'premium', 'enterprise'];
  const cases = order.flatMap((from, i) =>
    order.map((to, j) => [from, to, j > i ? 'upgrade' : j < i ? 'downgrade' : 'same'] as const),
  );

  it('covers every tier', () => {
    expect([...order].sort()).toEqual([...TIER_IDS].sort());
    expect(cases).toHaveLength(16);
  });

  it.each(cases)('%s → %s is %s', (from, to, kind) => {
    expect(changeKind(from, to)).toBe(kind);
  });
});

describe('addPeriod', () => {
  it.each([
    // month-end clamping
    ['2025-01-31T10:00:00.000Z', 'monthly', '2025-02-28T10:00:00.000Z'],
    ['2024-01-31T10:00:00.000Z', 'monthly', '2024-02-29T10:00:00.000Z'], // leap year
    ['2024-01-30T10:00:00.000Z', 'monthly', '2024-02-29T10:00:00.000Z'],
    ['2024-01-29T10:00:00.000Z', 'monthly', '2024-02-29T10:00:00.000Z'],
    ['2023-01-29T10:00:00.000Z', 'monthly', '2023-02-28T10:00:00.000Z'],
    ['2100-01-31T00:00:00.000Z', 'monthly', '2100-02-28T00:00:00.000Z'], // not a leap year
    ['2000-01-31T00:00:00.000Z', 'monthly', '2000-02-29T00:00:00.000Z'], // a leap year
    ['2025-03-31T08:30:00.000Z', 'monthly', '2025-04-30T08:30:00.000Z'], // into a 30-day month
    ['2025-04-30T08:30:00.000Z', 'monthly', '2025-05-30T08:30:00.000Z'], // from a 30-day month
    ['2025-05-31T08:30:00.000Z', 'monthly', '2025-06-30T08:30:00.000Z'],
    ['2025-07-31T08:30:00.000Z', 'monthly', '2025-08-31T08:30:00.000Z'], // 31 → 31
    ['2025-02-28T08:30:00.000Z', 'monthly', '2025-03-28T08:30:00.000Z'], // never back to the 31st
    ['2025-12-31T23:59:59.999Z', 'monthly', '2026-01-31T23:59:59.999Z'], // across the year
    ['2025-12-15T00:00:00.000Z', 'monthly', '2026-01-15T00:00:00.000Z'],
    ['2025-06-15T13:45:30.123Z', 'monthly', '2025-07-15T13:45:30.123Z'], // keeps the time of day
    // annual
    ['2024-02-29T12:00:00.000Z', 'annual', '2025-02-28T12:00:00.000Z'], // from 29 February
    ['2023-02-28T12:00:00.000Z', 'annual', '2024-02-28T12:00:00.000Z'],
    ['2025-01-31T06:07:08.009Z', 'annual', '2026-01-31T06:07:08.009Z'],
    ['2025-12-31T23:00:00.000Z', 'annual', '2026-12-31T23:00:00.000Z'],
  ] as const)('%s + %s = %s', (start, cadence, end) => {
    expect(iso(addPeriod(at(start), cadence))).toBe(end);
  });

  it('does not change the start date it is given', () => {
    const start = at('2025-01-31T10:00:00.000Z');
    addPeriod(start, 'monthly');
    expect(iso(start)).toBe('2025-01-31T10:00:00.000Z');
  });

  const dates = fc.date({
    min: at('1971-01-01T00:00:00.000Z'),
    max: at('2200-12-31T23:59:59.999Z'),
    noInvalidDate: true,
  });

  it('a month is later than the start, 28 to 31 days on, at the same time of day (property)', () => {
    fc.assert(
      fc.property(dates, (start) => {
        const end = addPeriod(start, 'monthly');
        const days = (end.getTime() - start.getTime()) / DAY;
        expect(end.getTime()).toBeGreaterThan(start.getTime());
        expect(Number.isInteger(days)).toBe(true); // same time of day (UTC)
        expect(days).toBeGreaterThanOrEqual(28);
        expect(days).toBeLessThanOrEqual(31);
        // the same day of the month, or the last day of a shorter month
        const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
        expect(end.getUTCDate()).toBe(Math.min(start.getUTCDate(), lastDay));
        expect(
          end.getUTCFullYear() * 12 + end.getUTCMonth() - (start.getUTCFullYear() * 12 + start.getUTCMonth()),
        ).toBe(1);
      }),
    );
  });

  it('a year is 365 or 366 days on, the same month (property)', () => {
    fc.assert(
      fc.property(dates, (start) => {
        const end = addPeriod(start, 'annual');
        const days = (end.getTime() - start.getTime()) / DAY;
        expect([365, 366]).toContain(days);
        expect(end.getUTCMonth()).toBe(start.getUTCMonth());
        expect(end.getUTCFullYear()).toBe(start.getUTCFullYear() + 1);
      }),
    );
  });
});

describe('prorateUpgrade', () => {
  const periodStart = at('2025-03-01T00:00:00.000Z');
  const periodEnd = at('2025-03-31T00:00:00.000Z'); // 30 days
  const base = { paidMinor: 15_000, periodStart, periodEnd, newPriceMinor: 60_000 };

  it('credits (about) everything paid at the start of the period', () => {
    expect(prorateUpgrade({ ...base, now: periodStart })).toEqual({ creditMinor: 15_000, dueMinor: 45_000 });
    const secondIn = prorateUpgrade({ ...base, now: new Date(periodStart.getTime() + 1_000) });
    expect(secondIn.creditMinor).toBe(14_999); // rounded down, by the second
    expect(secondIn.dueMinor).toBe(45_001);
  });

  it('credits half halfway through', () => {
    const now = new Date(periodStart.getTime() + 15 * DAY);
    expect(prorateUpgrade({ ...base, now })).toEqual({ creditMinor: 7_500, dueMinor: 52_500 });
  });

  it('credits nothing at the end of the period or after it', () => {
    expect(prorateUpgrade({ ...base, now: periodEnd })).toEqual({ creditMinor: 0, dueMinor: 60_000 });
    const later = new Date(periodEnd.getTime() + 10 * DAY);
    expect(prorateUpgrade({ ...base, now: later })).toEqual({ creditMinor: 0, dueMinor: 60_000 });
  });

  it('before the period starts, credits no more than was paid', () => {
    const early = new Date(periodStart.getTime() - 5 * DAY);
    expect(prorateUpgrade({ ...base, now: early })).toEqual({ creditMinor: 15_000, dueMinor: 45_000 });
  });

  it('never credits more than the new price (nothing is owed back)', () => {
    const result = prorateUpgrade({ ...base, paidMinor: 600_000, newPriceMinor: 60_000, now: periodStart });
    expect(result).toEqual({ creditMinor: 60_000, dueMinor: 0 });
  });

  it('rounds down to whole minor units', () => {
    // 1 of 3 seconds left of 100 paid: 33.33… → 33
    const start = at('2025-01-01T00:00:00.000Z');
    const result = prorateUpgrade({
      paidMinor: 100,
      periodStart: start,
      periodEnd: new Date(start.getTime() + 3_000),
      now: new Date(start.getTime() + 2_000),
      newPriceMinor: 1_000,
    });
    expect(result).toEqual({ creditMinor: 33, dueMinor: 967 });
  });

  it('a period shorter than a second credits nothing (never NaN)', () => {
    const start = at('2025-01-01T00:00:00.000Z');
    for (const length of [1, 500, 999]) {
      expect(
        prorateUpgrade({
          paidMinor: 100,
          periodStart: start,
          periodEnd: new Date(start.getTime() + length),
          now: start,
          newPriceMinor: 1_000,
        }),
      ).toEqual({ creditMinor: 0, dueMinor: 1_000 });
    }
  });

  it('an empty or backwards period credits nothing', () => {
    expect(prorateUpgrade({ ...base, periodEnd: periodStart, now: periodStart })).toEqual({
      creditMinor: 0,
      dueMinor: 60_000,
    });
    expect(
      prorateUpgrade({ ...base, periodStart: periodEnd, periodEnd: periodStart, now: periodStart }),
    ).toEqual({ creditMinor: 0, dueMinor: 60_000 });
  });

  const T0 = at('2020-01-01T00:00:00.000Z').getTime();
  interface Case {
    paidMinor: number;
    newPriceMinor: number;
    startOffset: number;
    length: number;
    nowOffset: number;
    step: number;
  }
  const input: fc.Arbitrary<Case> = fc.record({
    paidMinor: fc.integer({ min: 0, max: 10_000_000 }),
    newPriceMinor: fc.integer({ min: 0, max: 10_000_000 }),
    startOffset: fc.integer({ min: 0, max: 400 * DAY }),
    // from a blink to more than a year, the sub-second periods included
    length: fc.oneof(fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 0, max: 400 * DAY })),
    nowOffset: fc.integer({ min: -10 * DAY, max: 420 * DAY }),
    step: fc.integer({ min: 0, max: 30 * DAY }),
  });
  const run = (v: Case, nowOffset = v.nowOffset) => {
    const start = T0 + v.startOffset;
    return prorateUpgrade({
      paidMinor: v.paidMinor,
      newPriceMinor: v.newPriceMinor,
      periodStart: new Date(start),
      periodEnd: new Date(start + v.length),
      now: new Date(start + nowOffset),
    });
  };

  it('0 ≤ credit ≤ min(paid, new price), whole units, and due + credit = new price (property)', () => {
    fc.assert(
      fc.property(input, (v) => {
        const { creditMinor, dueMinor } = run(v);
        expect(Number.isSafeInteger(creditMinor)).toBe(true);
        expect(Number.isSafeInteger(dueMinor)).toBe(true);
        expect(creditMinor).toBeGreaterThanOrEqual(0);
        expect(creditMinor).toBeLessThanOrEqual(v.newPriceMinor);
        expect(creditMinor).toBeLessThanOrEqual(v.paidMinor);
        expect(dueMinor).toBeGreaterThanOrEqual(0);
        expect(dueMinor + creditMinor).toBe(v.newPriceMinor);
      }),
    );
  });

  it('the credit never grows as time passes (property)', () => {
    fc.assert(
      fc.property(input, (v) => {
        expect(run(v, v.nowOffset + v.step).creditMinor).toBeLessThanOrEqual(run(v).creditMinor);
      }),
    );
  });
});

describe('graceEndsAt and renewalReminderAt', () => {
  it('the grace runs seven days past the period end', () => {
    expect(GRACE_PERIOD_DAYS).toBe(7);
    expect(iso(graceEndsAt(at('2025-02-28T10:00:00.000Z')))).toBe('2025-03-07T10:00:00.000Z');
    expect(iso(graceEndsAt(at('2024-12-28T23:59:59.000Z')))).toBe('2025-01-04T23:59:59.000Z');
  });

  it('the renewal reminder comes three days before the period ends', () => {
    expect(RENEWAL_REMINDER_DAYS).toBe(3);
    expect(iso(renewalReminderAt(at('2025-03-02T09:00:00.000Z')))).toBe('2025-02-27T09:00:00.000Z');
  });
});

describe('stateAt', () => {
  const periodEnd = at('2025-06-30T12:00:00.000Z');
  const paid: SubscriptionState = {
    tier: 'premium',
    status: 'active',
    periodEnd,
    cancelAtPeriodEnd: false,
    pendingTier: null,
  };
  const afterEnd = new Date(periodEnd.getTime() + DAY);
  const graceEnd = graceEndsAt(periodEnd);

  it('changes nothing before the period ends, whatever is scheduled', () => {
    const justBefore = new Date(periodEnd.getTime() - 1);
    for (const state of [
      paid,
      { ...paid, cancelAtPeriodEnd: true },
      { ...paid, pendingTier: 'starter' as const },
      { ...paid, pendingTier: 'pro' as const },
    ]) {
      const result = stateAt(state, justBefore);
      expect(result.state).toBe(state);
      expect(result.events).toEqual([]);
    }
  });

  it('a cancel takes effect at the period end: Starter, cancelled', () => {
    expect(stateAt({ ...paid, cancelAtPeriodEnd: true }, periodEnd)).toEqual({
      state: STARTER_STATE,
      events: ['cancelled'],
    });
    // also long after the grace: still a cancel, not an expiry
    expect(stateAt({ ...paid, cancelAtPeriodEnd: true }, new Date(graceEnd.getTime() + DAY))).toEqual({
      state: STARTER_STATE,
      events: ['cancelled'],
    });
  });

  it('a pending move to Starter is a cancel', () => {
    expect(stateAt({ ...paid, pendingTier: 'starter' }, afterEnd)).toEqual({
      state: STARTER_STATE,
      events: ['cancelled'],
    });
  });

  it('a pending lower paid tier takes over, then is past due until paid', () => {
    const result = stateAt({ ...paid, pendingTier: 'pro' }, afterEnd);
    expect(result.events).toEqual(['downgraded', 'past_due']);
    expect(result.state).toEqual({
      tier: 'pro',
      status: 'past_due',
      periodEnd,
      cancelAtPeriodEnd: false,
      pendingTier: null,
    });
    // asked again within the grace: nothing more happens
    expect(stateAt(result.state, new Date(afterEnd.getTime() + DAY)).events).toEqual([]);
  });

  it('a pending downgrade after the grace ran out: downgraded, then expired to Starter', () => {
    expect(stateAt({ ...paid, pendingTier: 'pro' }, graceEnd)).toEqual({
      state: STARTER_STATE,
      events: ['downgraded', 'expired'],
    });
  });

  it('a pending tier that is not lower is not a downgrade', () => {
    const result = stateAt({ ...paid, tier: 'pro', pendingTier: 'premium' }, afterEnd);
    expect(result.events).toEqual(['past_due']);
    expect(result.state.tier).toBe('pro');
  });

  it('an unpaid active period is past due from its end, keeping the tier', () => {
    const result = stateAt(paid, periodEnd);
    expect(result.events).toEqual(['past_due']);
    expect(result.state).toEqual({ ...paid, status: 'past_due' });
    expect(stateAt(paid, new Date(graceEnd.getTime() - 1)).events).toEqual(['past_due']);
  });

  it('past due within the grace: no new events, nothing changes', () => {
    const pastDue: SubscriptionState = { ...paid, status: 'past_due' };
    const result = stateAt(pastDue, new Date(graceEnd.getTime() - 1));
    expect(result.events).toEqual([]);
    expect(result.state).toEqual(pastDue);
  });

  it('after the grace: back to Starter, expired', () => {
    expect(stateAt({ ...paid, status: 'past_due' }, graceEnd)).toEqual({
      state: STARTER_STATE,
      events: ['expired'],
    });
    expect(stateAt(paid, new Date(graceEnd.getTime() + 30 * DAY))).toEqual({
      state: STARTER_STATE,
      events: ['expired'],
    });
  });

  it('leaves Starter (and Enterprise, sold by contract) untouched', () => {
    const starter: SubscriptionState = { ...STARTER_STATE, periodEnd, cancelAtPeriodEnd: true };
    expect(stateAt(STARTER_STATE, afterEnd)).toEqual({ state: STARTER_STATE, events: [] });
    expect(stateAt(starter, new Date(graceEnd.getTime() + DAY))).toEqual({ state: starter, events: [] });
    const enterprise: SubscriptionState = { ...paid, tier: 'enterprise' };
    expect(stateAt(enterprise, new Date(graceEnd.getTime() + DAY))).toEqual({
      state: enterprise,
      events: [],
    });
  });

  it('a paid tier without a period end is left alone', () => {
    const noEnd: SubscriptionState = { ...paid, periodEnd: null };
    expect(stateAt(noEnd, afterEnd)).toEqual({ state: noEnd, events: [] });
  });

  it('is settled: asking again at the same moment changes nothing more (property)', () => {
    const tiers = fc.constantFrom<TierId>('starter', 'pro', 'premium', 'enterprise');
    const state = fc.record({
      tier: tiers,
      status: fc.constantFrom('active' as const, 'past_due' as const),
      periodEnd: fc.option(
        fc.integer({ min: 0, max: 60 * DAY }).map((ms) => new Date(periodEnd.getTime() + ms)),
      ),
      cancelAtPeriodEnd: fc.boolean(),
      pendingTier: fc.option(tiers),
    });
    fc.assert(
      fc.property(state, fc.integer({ min: 0, max: 90 * DAY }), (s, offset) => {
        const now = new Date(periodEnd.getTime() + offset);
        const once = stateAt(s, now);
        const twice = stateAt(once.state, now);
        expect(twice.events).toEqual([]);
        expect(twice.state).toEqual(once.state);
        // no event twice, and Starter only through cancelled or expired
        expect(new Set(once.events).size).toBe(once.events.length);
        if (once.state.tier === 'starter' && s.tier !== 'starter') {
          expect(once.events.at(-1)).toMatch(/^(cancelled|expired)$/);
        }
      }),
    );
  });
});

describe('receiptNumber', () => {
  it('is ADW-year-sequence, six digits zero-padded', () => {
    expect(receiptNumber(at('2026-05-01T10:00:00.000Z'), 123)).toBe('ADW-2026-000123');
    expect(receiptNumber(at('2026-05-01T10:00:00.000Z'), 1)).toBe('ADW-2026-000001');
    expect(receiptNumber(at('2026-05-01T10:00:00.000Z'), 999_999)).toBe('ADW-2026-999999');
  });

  it('takes the year in UTC', () => {
    expect(receiptNumber(at('2026-12-31T23:59:59.999Z'), 7)).toBe('ADW-2026-000007');
    expect(receiptNumber(at('2027-01-01T00:00:00.000Z'), 7)).toBe('ADW-2027-000007');
  });

  it('does not depend on the server time zone (receipt year, period end)', () => {
    // packages/shared has no Node types: reach the environment through globalThis.
    const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process
      .env;
    const saved = env.TZ;
    try {
      for (const tz of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
        env.TZ = tz; // UTC+14 and UTC-11: local dates differ from UTC near midnight
        expect(receiptNumber(at('2026-12-31T23:59:59.999Z'), 7)).toBe('ADW-2026-000007');
        expect(receiptNumber(at('2027-01-01T00:00:00.000Z'), 7)).toBe('ADW-2027-000007');
        expect(iso(addPeriod(at('2025-01-31T23:30:00.000Z'), 'monthly'))).toBe('2025-02-28T23:30:00.000Z');
        expect(iso(addPeriod(at('2025-03-01T00:30:00.000Z'), 'monthly'))).toBe('2025-04-01T00:30:00.000Z');
      }
    } finally {
      if (saved === undefined) delete env.TZ;
      else env.TZ = saved;
    }
  });

  it('grows past six digits rather than cutting the sequence', () => {
    expect(receiptNumber(at('2026-05-01T10:00:00.000Z'), 1_234_567)).toBe('ADW-2026-1234567');
  });
});
