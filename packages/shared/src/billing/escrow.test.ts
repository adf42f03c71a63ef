import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TIER_IDS } from '../tiers.ts';
import {
  advancePaid,
  advanceProblem,
  BOOKING_PAYMENT_LABELS,
  BOOKING_PAYMENT_STATUSES,
  bookingPaid,
  bookingReleased,
  cancellationSettlement,
  ESCROW_ACCOUNTS,
  ESCROW_MESSAGES,
  earningsAvailableAt,
  earningsMatured,
  materialsAdvanceCap,
  momoNumber,
  nextPayoutAttempt,
  paymentDueAt,
  payoutDelayDays,
  payoutHoldUntil,
  payoutMethodLabel,
  payoutReturned,
  payoutSettled,
  payoutStarted,
  refundOwed,
  refundSent,
  releaseSplit,
  splitProblem,
} from './escrow.ts';
import { movementProblem } from './ledger.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const AT = new Date('2026-11-27T10:00:00.000Z');

describe('booking payment statuses', () => {
  it('has a label for every status', () => {
    expect(Object.keys(BOOKING_PAYMENT_LABELS).sort()).toEqual([...BOOKING_PAYMENT_STATUSES].sort());
    expect(BOOKING_PAYMENT_LABELS.held).toBe('Paid — held by Adwuma');
  });
});

describe('paymentDueAt', () => {
  it('gives an unpaid booking 48 hours from the hire', () => {
    expect(paymentDueAt(AT).getTime()).toBe(AT.getTime() + 48 * HOUR);
  });
});

describe('earningsAvailableAt', () => {
  it('waits the tier’s payout delay after completion: Starter 7 days, Pro 3, Premium and Enterprise 1', () => {
    expect(TIER_IDS.map((tier) => payoutDelayDays(tier))).toEqual([7, 3, 1, 1]);
    for (const [tier, days] of [
      ['starter', 7],
      ['pro', 3],
      ['premium', 1],
      ['enterprise', 1],
    ] as const)
      expect(earningsAvailableAt(AT, tier).getTime()).toBe(AT.getTime() + days * DAY);
  });
});

describe('materialsAdvanceCap', () => {
  it('is 0 on Starter, 40 % on Pro, 70 % on Premium, rounded down to the pesewa', () => {
    expect(materialsAdvanceCap(10_001, 'starter')).toBe(0);
    expect(materialsAdvanceCap(10_001, 'pro')).toBe(4_000);
    expect(materialsAdvanceCap(10_001, 'premium')).toBe(7_000);
  });
});

describe('advanceProblem', () => {
  const ok = { priceMinor: 100_000, amountMinor: 40_000, alreadyAdvancedMinor: 0 };
  it('refuses Starter, a second advance, and amounts above the cap or not positive', () => {
    expect(advanceProblem({ ...ok, tier: 'pro' })).toBeNull();
    expect(advanceProblem({ ...ok, tier: 'starter' })).toBe(ESCROW_MESSAGES.advanceNotAllowed);
    expect(advanceProblem({ ...ok, tier: 'pro', alreadyAdvancedMinor: 1 })).toBe(
      ESCROW_MESSAGES.advanceTwice,
    );
    expect(advanceProblem({ ...ok, tier: 'pro', amountMinor: 40_001 })).toBe(
      ESCROW_MESSAGES.advanceTooHigh(40_000),
    );
    expect(advanceProblem({ ...ok, tier: 'premium', amountMinor: 70_000 })).toBeNull();
    for (const amountMinor of [0, -5, 1.5])
      expect(advanceProblem({ ...ok, tier: 'premium', amountMinor })).toBe(
        ESCROW_MESSAGES.advanceTooHigh(70_000),
      );
  });
});

describe('cancellationSettlement', () => {
  it('refunds everything in time or when the provider cancels; a late customer pays 10 % of the price', () => {
    const base = { priceMinor: 50_000, heldMinor: 50_000 };
    expect(cancellationSettlement({ ...base, cancelledBy: 'customer', late: false })).toEqual({
      refundMinor: 50_000,
      feeMinor: 0,
    });
    expect(cancellationSettlement({ ...base, cancelledBy: 'provider', late: true })).toEqual({
      refundMinor: 50_000,
      feeMinor: 0,
    });
    expect(cancellationSettlement({ ...base, cancelledBy: 'customer', late: true })).toEqual({
      refundMinor: 45_000,
      feeMinor: 5_000,
    });
    // The fee never exceeds what is held.
    expect(
      cancellationSettlement({ priceMinor: 50_000, heldMinor: 3_000, cancelledBy: 'customer', late: true }),
    ).toEqual({ refundMinor: 0, feeMinor: 3_000 });
  });
});

describe('releaseSplit', () => {
  it('takes the tier’s commission on the amount, rounded to the pesewa', () => {
    expect(releaseSplit({ amountMinor: 50_000, tier: 'starter' })).toEqual({
      releaseMinor: 50_000,
      commissionPercent: 18,
      commissionMinor: 9_000,
      earningsMinor: 41_000,
      availableNowMinor: 0,
      pendingMinor: 41_000,
    });
    expect(releaseSplit({ amountMinor: 12_345, tier: 'pro' })).toMatchObject({
      commissionMinor: 1_235,
      earningsMinor: 11_110,
    });
  });

  it('deducts an advance already paid from the held money and pays Starter receipts at once', () => {
    expect(releaseSplit({ amountMinor: 100_000, tier: 'pro', advanceMinor: 40_000 })).toEqual({
      releaseMinor: 60_000,
      commissionPercent: 10,
      commissionMinor: 10_000,
      earningsMinor: 90_000,
      availableNowMinor: 0,
      pendingMinor: 50_000,
    });
    expect(releaseSplit({ amountMinor: 10_000, tier: 'starter', receiptsMinor: 2_000 })).toMatchObject({
      releaseMinor: 10_000,
      availableNowMinor: 2_000,
      pendingMinor: 6_200,
    });
    // Receipts are capped at the earnings left.
    expect(releaseSplit({ amountMinor: 10_000, tier: 'starter', receiptsMinor: 99_000 })).toMatchObject({
      availableNowMinor: 8_200,
      pendingMinor: 0,
    });
  });

  it('always splits into commission + earnings = amount, every part non-negative, the movement balanced', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.constantFrom(...TIER_IDS),
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        (amountMinor, tier, advance, receipts) => {
          const advanceMinor = Math.min(advance, amountMinor);
          const r = releaseSplit({ amountMinor, tier, advanceMinor, receiptsMinor: receipts });
          expect(r.commissionMinor + r.earningsMinor).toBe(amountMinor);
          for (const part of [
            r.releaseMinor,
            r.commissionMinor,
            r.earningsMinor,
            r.availableNowMinor,
            r.pendingMinor,
          ]) {
            expect(Number.isSafeInteger(part)).toBe(true);
            expect(part).toBeGreaterThanOrEqual(0);
          }
          // What leaves the held money = commission + what the provider still gets.
          expect(r.releaseMinor).toBe(r.commissionMinor + r.availableNowMinor + r.pendingMinor);
          expect(r.releaseMinor).toBeLessThanOrEqual(amountMinor);
          if (r.releaseMinor > 0) {
            const m = bookingReleased({ key: 'k', bookingId: 'b', providerId: 'p', release: r });
            expect(movementProblem(m)).toBeNull();
          }
        },
      ),
    );
  });
});

describe('splitProblem', () => {
  it('accepts two non-negative whole amounts adding up to what is held', () => {
    expect(splitProblem(50_000, 20_000, 30_000)).toBeNull();
    expect(splitProblem(50_000, 0, 50_000)).toBeNull();
    expect(splitProblem(50_000, 20_000, 20_000)).toBe(ESCROW_MESSAGES.splitMismatch);
    expect(splitProblem(50_000, -1, 50_001)).toBe(ESCROW_MESSAGES.splitMismatch);
    expect(splitProblem(50_000, 0.5, 49_999.5)).toBe(ESCROW_MESSAGES.splitMismatch);
  });
});

describe('nextPayoutAttempt', () => {
  it('retries after 30 minutes, doubling, at most a day apart', () => {
    const minutes = (failures: number) => (nextPayoutAttempt(AT, failures).getTime() - AT.getTime()) / 60_000;
    expect([1, 2, 3, 4, 6, 7, 20].map(minutes)).toEqual([30, 60, 120, 240, 960, 1440, 1440]);
  });
});

describe('payoutHoldUntil', () => {
  it('holds payouts 24 hours after a change of payout method', () => {
    expect(payoutHoldUntil(AT).getTime()).toBe(AT.getTime() + 24 * HOUR);
  });
});

describe('momoNumber', () => {
  it('accepts a number of the chosen network in any common form, in the local form', () => {
    expect(momoNumber('mtn', '024 412 3456')).toEqual({ ok: true, number: '0244123456' });
    expect(momoNumber('mtn', '+233 24-412-3456')).toEqual({ ok: true, number: '0244123456' });
    expect(momoNumber('vod', '233201234567')).toEqual({ ok: true, number: '0201234567' });
    expect(momoNumber('atl', '0271234567')).toEqual({ ok: true, number: '0271234567' });
  });
  it('refuses another network’s prefix and numbers that are not Ghanaian mobiles', () => {
    expect(momoNumber('vod', '0241234567')).toEqual({
      ok: false,
      message: 'That number is not on Telecel Cash.',
    });
    expect(momoNumber('mtn', '12345')).toMatchObject({ ok: false });
    expect(momoNumber('mtn', '+44 7700 900123')).toMatchObject({ ok: false });
  });
});

describe('payoutMethodLabel', () => {
  it('shows the last four digits only', () => {
    expect(payoutMethodLabel('MTN MoMo', '0244123456')).toBe('MTN MoMo •••• 3456');
  });
});

describe('movement builders', () => {
  it('are balanced GHS movements under their key, with zero entries dropped', () => {
    const release = releaseSplit({ amountMinor: 10_000, tier: 'starter' });
    const movements = [
      bookingPaid({ key: 'a', gateway: 'sandbox', bookingId: 'b', amountMinor: 10_000 }),
      advancePaid({ key: 'b', bookingId: 'b', providerId: 'p', amountMinor: 4_000 }),
      bookingReleased({ key: 'c', bookingId: 'b', providerId: 'p', release }),
      earningsMatured({ key: 'd', providerId: 'p', amountMinor: 8_200 }),
      refundOwed({ key: 'e', bookingId: 'b', customerId: 'c', amountMinor: 500 }),
      refundSent({ key: 'f', customerId: 'c', gateway: 'paystack', amountMinor: 500 }),
      payoutStarted({ key: 'g', providerId: 'p', amountMinor: 8_200 }),
      payoutSettled({ key: 'h', providerId: 'p', gateway: 'paystack', amountMinor: 8_200 }),
      payoutReturned({
        key: 'i',
        providerId: 'p',
        gateway: 'paystack',
        amountMinor: 8_200,
        wasSettled: false,
      }),
      payoutReturned({
        key: 'j',
        providerId: 'p',
        gateway: 'paystack',
        amountMinor: 8_200,
        wasSettled: true,
      }),
    ];
    for (const m of movements) {
      expect(movementProblem(m), m.kind).toBeNull();
      expect(m.currency).toBe('GHS');
    }
    expect(movements.map((m) => m.idempotencyKey).join('')).toBe('abcdefghij');
    // No receipts: the release has no "available now" entry.
    expect(movements[2]!.entries.map((e) => e.account)).toEqual([
      ESCROW_ACCOUNTS.held('b'),
      ESCROW_ACCOUNTS.commission,
      ESCROW_ACCOUNTS.pending('p'),
    ]);
    expect(movements[8]!.kind).toBe('payout_failed');
    expect(movements[9]!.kind).toBe('payout_reversed');
  });
});
