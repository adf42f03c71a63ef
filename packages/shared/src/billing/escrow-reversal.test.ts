import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingReleased, ESCROW_ACCOUNTS, releaseReversed, releaseSplit, reversalParts } from '../index.ts';
import { assertBalanced, balances } from './ledger.ts';

describe('releaseReversed', () => {
  it('takes pending earnings and commission back into what the customer is owed, balanced', () => {
    const m = releaseReversed({
      key: 'refund:r1:owed',
      providerId: 'p1',
      customerId: 'c1',
      pendingMinor: 24_600,
      commissionMinor: 5_400,
    });
    expect(m).toMatchObject({ idempotencyKey: 'refund:r1:owed', kind: 'release_reversed', currency: 'GHS' });
    expect(m.entries).toEqual([
      { account: ESCROW_ACCOUNTS.pending('p1'), amountMinor: 24_600 },
      { account: ESCROW_ACCOUNTS.commission, amountMinor: 5_400 },
      { account: ESCROW_ACCOUNTS.refundsDue('c1'), amountMinor: -30_000 },
    ]);
    expect(() => assertBalanced(m)).not.toThrow();
  });

  it('drops a zero part (all from the pending earnings)', () => {
    const m = releaseReversed({
      key: 'k',
      providerId: 'p',
      customerId: 'c',
      pendingMinor: 500,
      commissionMinor: 0,
    });
    expect(m.entries.map((e) => e.account)).toEqual([
      ESCROW_ACCOUNTS.pending('p'),
      ESCROW_ACCOUNTS.refundsDue('c'),
    ]);
  });

  it('after a full release, reversing everything leaves the provider and the commission where they started', () => {
    const release = releaseSplit({ amountMinor: 30_000, tier: 'starter' });
    const released = bookingReleased({ key: 'r', bookingId: 'b', providerId: 'p', release });
    const back = releaseReversed({
      key: 'k',
      providerId: 'p',
      customerId: 'c',
      pendingMinor: release.pendingMinor,
      commissionMinor: release.commissionMinor,
    });
    const b = balances([released, back]);
    expect(b.get(`GHS:${ESCROW_ACCOUNTS.pending('p')}`) ?? 0).toBe(0);
    expect(b.get(`GHS:${ESCROW_ACCOUNTS.commission}`) ?? 0).toBe(0);
    expect(b.get(`GHS:${ESCROW_ACCOUNTS.refundsDue('c')}`)).toBe(-30_000);
  });
});

describe('reversalParts', () => {
  it('splits in proportion to what is left, the commission rounded', () => {
    expect(reversalParts(10_000, { pendingMinor: 24_600, commissionMinor: 5_400 })).toEqual({
      pendingMinor: 8_200,
      commissionMinor: 1_800,
    });
    expect(reversalParts(30_000, { pendingMinor: 24_600, commissionMinor: 5_400 })).toEqual({
      pendingMinor: 24_600,
      commissionMinor: 5_400,
    });
    expect(reversalParts(0, { pendingMinor: 100, commissionMinor: 10 })).toEqual({
      pendingMinor: 0,
      commissionMinor: 0,
    });
    expect(reversalParts(50, { pendingMinor: 0, commissionMinor: 0 })).toEqual({
      pendingMinor: 0,
      commissionMinor: 0,
    });
  });

  it('never takes more than is left of either part, and adds up to the share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (pending, commission, fraction) => {
          const customer = Math.floor((pending + commission) * fraction);
          const parts = reversalParts(customer, { pendingMinor: pending, commissionMinor: commission });
          expect(parts.pendingMinor + parts.commissionMinor).toBe(customer);
          expect(parts.pendingMinor).toBeGreaterThanOrEqual(0);
          expect(parts.commissionMinor).toBeGreaterThanOrEqual(0);
          expect(parts.pendingMinor).toBeLessThanOrEqual(pending);
          expect(parts.commissionMinor).toBeLessThanOrEqual(commission);
        },
      ),
    );
  });
});
