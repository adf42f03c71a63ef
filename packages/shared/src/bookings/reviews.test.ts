import { describe, expect, it } from 'vitest';
import {
  addRatings,
  canWriteReview,
  disputeResolutionSchema,
  isReviewVisible,
  REVIEW_MESSAGES,
  reviewInputSchema,
  reviewWindowClosesAt,
  statusAfterDispute,
} from './reviews.ts';

const completed = new Date('2026-11-01T12:00:00Z');

describe('reviews', () => {
  it('only after completion, once, within 14 days', () => {
    const b = { status: 'completed', completed_at: completed };
    expect(canWriteReview(b, false, new Date('2026-11-10T00:00:00Z'))).toBeNull();
    expect(canWriteReview(b, true, new Date('2026-11-10T00:00:00Z'))).toBe(REVIEW_MESSAGES.already);
    expect(canWriteReview(b, false, new Date('2026-11-15T12:00:01Z'))).toBe(REVIEW_MESSAGES.windowClosed);
    expect(canWriteReview({ status: 'scheduled', completed_at: null }, false)).toBe(
      REVIEW_MESSAGES.notCompleted,
    );
  });
  it('become visible when both wrote or the window closed', () => {
    expect(reviewWindowClosesAt(completed).toISOString()).toBe('2026-11-15T12:00:00.000Z');
    expect(isReviewVisible(completed, true, new Date('2026-11-02T00:00:00Z'))).toBe(true);
    expect(isReviewVisible(completed, false, new Date('2026-11-02T00:00:00Z'))).toBe(false);
    expect(isReviewVisible(completed, false, new Date('2026-11-16T00:00:00Z'))).toBe(true);
  });
  it('rate 1 to 5 only', () => {
    for (const rating of [0, 6, 3.5])
      expect(reviewInputSchema.safeParse({ rating, text: 'Great work, on time.' }).success).toBe(false);
    expect(reviewInputSchema.safeParse({ rating: 5, text: 'Great work, on time.' }).success).toBe(true);
  });
  it('keeps the average to two decimals', () => {
    expect(addRatings(0, 0, [5])).toEqual({ rating: 5, total: 1 });
    expect(addRatings(4.5, 2, [3])).toEqual({ rating: 4, total: 3 });
    expect(addRatings(4.67, 3, [4])).toEqual({ rating: 4.5, total: 4 });
  });
});

describe('disputes', () => {
  it('in the provider’s favour the booking completes; in the customer’s it is cancelled', () => {
    expect(statusAfterDispute('provider')).toBe('completed');
    expect(statusAfterDispute('customer')).toBe('cancelled');
    // A split stands the work: the provider is paid their share.
    expect(statusAfterDispute('split')).toBe('completed');
  });
  it('a split names both amounts in whole pesewas; the others need none', () => {
    const note = 'Half the work was done.';
    expect(disputeResolutionSchema.safeParse({ in_favour_of: 'customer', note }).success).toBe(true);
    const missing = disputeResolutionSchema.safeParse({ in_favour_of: 'split', note, provider_minor: 100 });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => i.path.join('.'))).toEqual(['customer_minor']);
    for (const bad of [-1, 1.5])
      expect(
        disputeResolutionSchema.safeParse({
          in_favour_of: 'split',
          note,
          provider_minor: bad,
          customer_minor: 0,
        }).success,
      ).toBe(false);
    expect(
      disputeResolutionSchema.safeParse({
        in_favour_of: 'split',
        note,
        provider_minor: 0,
        customer_minor: 300,
      }).success,
    ).toBe(true);
  });
});
