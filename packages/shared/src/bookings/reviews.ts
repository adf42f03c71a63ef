import { z } from 'zod';
import { safeText } from '../schemas/common.ts';
import { DISPUTE_LIMITS } from './dispute-limits.ts';

/**
 * Reviews (issue 8): after a booking completes, each side may review the other once within 14
 * days (rating 1–5 and text). A review becomes visible when both have written theirs or the window
 * closes, whichever is first; the reviewed side may reply once. Profiles' `rating` and
 * `total_reviews` count visible reviews, updated in the transaction that makes them visible.
 */

export const REVIEW_LIMITS = {
  windowDays: 14,
  textMin: 10,
  textMax: 2000,
  replyMax: 1000,
} as const;

export const REVIEW_MESSAGES = {
  notCompleted: 'You can review a booking once it is completed.',
  windowClosed: `Reviews can be written up to ${REVIEW_LIMITS.windowDays} days after completion.`,
  already: 'You have already reviewed this booking.',
  notParty: 'Only the customer and the provider of a completed booking can review it.',
  rating: 'Choose a rating from 1 to 5 stars',
  replyTwice: 'You have already replied to this review.',
  replyNotYours: 'Only the person reviewed can reply.',
  notVisible: 'You can reply once the review is published.',
} as const;

export const reviewInputSchema = z.strictObject({
  rating: z
    .number({ error: REVIEW_MESSAGES.rating })
    .int({ error: REVIEW_MESSAGES.rating })
    .min(1, { error: REVIEW_MESSAGES.rating })
    .max(5, { error: REVIEW_MESSAGES.rating }),
  text: safeText({ minLength: REVIEW_LIMITS.textMin, maxLength: REVIEW_LIMITS.textMax }),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

export const reviewReplySchema = z.strictObject({
  reply: safeText({ minLength: 2, maxLength: REVIEW_LIMITS.replyMax }),
});

/** When the review window of a booking completed at `completedAt` closes. */
export function reviewWindowClosesAt(completedAt: Date): Date {
  return new Date(completedAt.getTime() + REVIEW_LIMITS.windowDays * 86_400_000);
}

/** Whether a side may still write its review. Null = yes; otherwise the reason. */
export function canWriteReview(
  booking: { status: string; completed_at: Date | string | null },
  alreadyWritten: boolean,
  now: Date = new Date(),
): string | null {
  if (booking.status !== 'completed' || !booking.completed_at) return REVIEW_MESSAGES.notCompleted;
  if (alreadyWritten) return REVIEW_MESSAGES.already;
  if (now.getTime() > reviewWindowClosesAt(new Date(booking.completed_at)).getTime())
    return REVIEW_MESSAGES.windowClosed;
  return null;
}

/** A review is visible when both sides wrote one, or once the window has closed. */
export function isReviewVisible(
  completedAt: Date | string,
  bothWritten: boolean,
  now: Date = new Date(),
): boolean {
  return bothWritten || now.getTime() > reviewWindowClosesAt(new Date(completedAt)).getTime();
}

/**
 * A new average after adding visible ratings: two decimals, as `profiles.rating` stores it.
 * `current` is the stored average over `count` reviews.
 */
export function addRatings(
  current: number,
  count: number,
  added: number[],
): { rating: number; total: number } {
  const total = count + added.length;
  if (total === 0) return { rating: 0, total: 0 };
  const sum = current * count + added.reduce((a, b) => a + b, 0);
  return { rating: Math.round((sum / total) * 100) / 100, total };
}

// ---------------------------------------------------------------------------------------------------
// Disputes
// ---------------------------------------------------------------------------------------------------

export const DISPUTE_REASONS = [
  'not_done',
  'poor_quality',
  'no_show',
  'price',
  'damage',
  'behaviour',
  'other',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  not_done: 'The work was not done',
  poor_quality: 'The work was poorly done',
  no_show: 'The other side did not show up',
  price: 'Disagreement about the price',
  damage: 'Something was damaged',
  behaviour: 'Unacceptable behaviour',
  other: 'Something else',
};

export const DISPUTE_STATUSES = ['open', 'resolved'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const DISPUTE_OUTCOMES = ['customer', 'provider', 'split'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

export { DISPUTE_LIMITS } from './dispute-limits.ts';

export const DISPUTE_MESSAGES = {
  already: 'A dispute is already open on this booking.',
  resolved: 'This dispute is already resolved.',
} as const;

export const disputeInputSchema = z.strictObject({
  reason: z.enum(DISPUTE_REASONS, { error: 'Choose a reason' }),
  description: safeText({
    minLength: DISPUTE_LIMITS.descriptionMin,
    maxLength: DISPUTE_LIMITS.descriptionMax,
  }),
});
export type DisputeInput = z.input<typeof disputeInputSchema>;

const disputeAmount = (who: string) =>
  z
    .number({ error: `Enter the amount for the ${who} in pesewas` })
    .int({ error: `Enter the amount for the ${who} in whole pesewas` })
    .nonnegative({ error: `The amount for the ${who} cannot be negative` })
    .optional();

/**
 * An admin's resolution. A split (issue 18) names what each side gets of the money at stake (held,
 * or still reversible after completion), in pesewas: both amounts, checked against that money by the
 * server; the other outcomes take or give all of it.
 */
export const disputeResolutionSchema = z
  .strictObject({
    in_favour_of: z.enum(DISPUTE_OUTCOMES, { error: 'Choose the customer, the provider or a split' }),
    note: safeText({ minLength: DISPUTE_LIMITS.noteMin, maxLength: DISPUTE_LIMITS.noteMax }),
    provider_minor: disputeAmount('provider'),
    customer_minor: disputeAmount('customer'),
  })
  .superRefine((value, ctx) => {
    if (value.in_favour_of !== 'split') return;
    for (const [field, who] of [
      ['provider_minor', 'provider'],
      ['customer_minor', 'customer'],
    ] as const)
      if (value[field] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `Enter the amount for the ${who} in pesewas`,
        });
  });

/**
 * Where a resolved dispute leaves its booking: in the provider's favour the work stands (completed,
 * earnings fixed then if not already), and so it does with a split (the provider is paid a share);
 * in the customer's favour the booking is cancelled.
 */
export function statusAfterDispute(outcome: DisputeOutcome): 'completed' | 'cancelled' {
  return outcome === 'customer' ? 'cancelled' : 'completed';
}
