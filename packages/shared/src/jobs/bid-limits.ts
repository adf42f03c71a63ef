import type { BidAllowance } from './bids.ts';

/**
 * Bid limits and the allowance line (no zod: pages show them before any form's schema loads;
 * bids.ts re-exports them).
 */

export const BID_LIMITS = {
  messageMin: 10,
  messageMax: 2000,
  durationMin: 15,
  durationMax: 90 * 24 * 60,
} as const;

/** "7 of 10 bids left this month", "Unlimited bids". */
export function formatBidAllowance(a: Pick<BidAllowance, 'limit' | 'remaining'>): string {
  if (a.limit === null) return 'Unlimited bids';
  return `${a.remaining} of ${a.limit} bids left this month`;
}
