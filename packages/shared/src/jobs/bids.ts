import { z } from 'zod';
import { optionalSafeText, safeText } from '../schemas/common.ts';
import { getTier, type TierId } from '../tiers.ts';
import { BID_LIMITS } from './bid-limits.ts';
import { checkFutureDate, isoDate, positiveMoney } from './jobs.ts';

export { BID_LIMITS, formatBidAllowance } from './bid-limits.ts';

/**
 * Bids (issue 7; spec 6 and 9: Starter 10 bids a month, Pro and Premium unlimited). A provider has
 * at most one bid per job; it can be edited or withdrawn while the job is open. Every bid placed in
 * a calendar month (UTC = Ghana) counts towards that month's limit, including one later withdrawn,
 * so withdrawing and bidding again cannot get round it; re-activating a withdrawn bid on the same job
 * does not count again.
 */

export const BID_STATUSES = ['active', 'withdrawn', 'accepted', 'declined'] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

export const BID_STATUS_LABELS: Record<BidStatus, string> = {
  active: 'Active',
  withdrawn: 'Withdrawn',
  accepted: 'Hired',
  declined: 'Not selected',
};

export const BID_MESSAGES = {
  limitReached: (limit: number) =>
    `You have used all ${limit} bids of your Starter plan this month. Upgrade for unlimited bids.`,
  ownJob: 'You cannot bid on your own job.',
  alreadyBid: 'You have already bid on this job. Edit your bid instead.',
  notActive: 'Only an active bid can be changed.',
  notYours: 'Bid not found',
  duration: 'Estimated duration must be between 15 minutes and 90 days',
  acceptTwice: 'This job already has a hired provider.',
  acceptNotActive: 'This bid is no longer active.',
} as const;

export const bidInputSchema = z.strictObject({
  /** Pesewas. */
  price: positiveMoney,
  message: safeText({ minLength: BID_LIMITS.messageMin, maxLength: BID_LIMITS.messageMax }),
  earliest_start: isoDate
    .superRefine((date, ctx) => {
      const message = checkFutureDate(date);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .nullish(),
  duration_minutes: z
    .number({ error: BID_MESSAGES.duration })
    .int({ error: BID_MESSAGES.duration })
    .min(BID_LIMITS.durationMin, { error: BID_MESSAGES.duration })
    .max(BID_LIMITS.durationMax, { error: BID_MESSAGES.duration })
    .nullish(),
});
export type BidInput = z.input<typeof bidInputSchema>;
export type BidValues = z.output<typeof bidInputSchema>;

export const bidUpdateSchema = bidInputSchema.partial();

/** A provider's note to a customer when declining or answering may be short; reused by quotes. */
export const shortNote = optionalSafeText({ maxLength: 1000 });

/** The first moment of the calendar month of `now` (UTC = Ghana), when monthly bid counts reset. */
export function monthStart(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** The first moment of the next calendar month: when the count resets. */
export function nextMonthStart(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

export interface BidAllowance {
  tier: TierId;
  /** Bids a month; null = unlimited. */
  limit: number | null;
  used: number;
  /** null = unlimited. */
  remaining: number | null;
  allowed: boolean;
  resets_at: string;
}

/** What a provider on `tier` who placed `used` bids this month may still do. */
export function bidAllowance(tier: TierId, used: number, now: Date = new Date()): BidAllowance {
  const limit = getTier(tier).bidsPerMonth;
  const remaining = limit === null ? null : Math.max(0, limit - used);
  return {
    tier,
    limit,
    used,
    remaining,
    allowed: remaining === null || remaining > 0,
    resets_at: nextMonthStart(now).toISOString(),
  };
}
