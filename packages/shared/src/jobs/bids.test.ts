import { describe, expect, it } from 'vitest';
import {
  BID_MESSAGES,
  bidAllowance,
  bidInputSchema,
  formatBidAllowance,
  monthStart,
  nextMonthStart,
} from './bids.ts';

const now = new Date('2026-11-22T10:00:00Z');

describe('bid limits by tier (spec 6 and 9)', () => {
  it('Starter has 10 bids a month', () => {
    expect(bidAllowance('starter', 0, now)).toMatchObject({ limit: 10, remaining: 10, allowed: true });
    expect(bidAllowance('starter', 9, now)).toMatchObject({ remaining: 1, allowed: true });
    expect(bidAllowance('starter', 10, now)).toMatchObject({ remaining: 0, allowed: false });
    expect(bidAllowance('starter', 12, now).remaining).toBe(0);
  });
  it('Pro, Premium and Enterprise are unlimited', () => {
    for (const tier of ['pro', 'premium', 'enterprise'] as const) {
      expect(bidAllowance(tier, 500, now)).toMatchObject({ limit: null, remaining: null, allowed: true });
    }
  });
  it('counts by calendar month in Ghana time (UTC) and says when it resets', () => {
    expect(monthStart(now).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(nextMonthStart(new Date('2026-12-31T23:59:59Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(bidAllowance('starter', 0, now).resets_at).toBe('2026-12-01T00:00:00.000Z');
  });
  it('words the allowance and the limit', () => {
    expect(formatBidAllowance({ limit: 10, remaining: 3 })).toBe('3 of 10 bids left this month');
    expect(formatBidAllowance({ limit: null, remaining: null })).toBe('Unlimited bids');
    expect(BID_MESSAGES.limitReached(10)).toContain('10 bids');
  });
});

describe('bid input', () => {
  const bid = { price: 25_000, message: 'I can come tomorrow morning with parts.' };
  it('accepts a price in pesewas with a message', () => {
    expect(bidInputSchema.parse(bid)).toMatchObject(bid);
  });
  it('refuses zero, negative, fractional and absurd prices', () => {
    for (const price of [0, -100, 12.5, 1e12])
      expect(bidInputSchema.safeParse({ ...bid, price }).success).toBe(false);
  });
  it('refuses a too-short message and a bad duration', () => {
    expect(bidInputSchema.safeParse({ ...bid, message: 'ok' }).success).toBe(false);
    expect(bidInputSchema.safeParse({ ...bid, duration_minutes: 5 }).success).toBe(false);
  });
});
