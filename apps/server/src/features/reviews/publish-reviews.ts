import { addRatings, REVIEW_LIMITS } from '@adwuma/shared';
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookings, profiles, reviews } from '../../db/schema.ts';
import { refreshProfileScores } from '../../kernel/profile-scores.ts';
import { refreshProviderSearch } from '../../kernel/provider-search.ts';
import type { Deps } from '../../types.ts';
import type { ReviewRow } from './review-view.ts';

export const REVIEWS_PUBLISH_QUEUE = 'reviews-publish';
/** Hourly, on the hour (UTC): a review waits at most an hour past its window. */
export const REVIEWS_PUBLISH_CRON = '0 * * * *';
/** Reviews published per transaction; the job loops until none is left. */
const BATCH = 200;

/**
 * Counts newly published reviews into their subjects' `rating` and `total_reviews` (two decimals,
 * addRatings) and refreshes the search row of each provider reviewed, inside the caller's
 * transaction. Pass only the rows whose `published_at` this transaction set (an UPDATE … WHERE
 * published_at IS NULL … RETURNING), so a review is counted exactly once. Profiles are locked in id
 * order, so concurrent publications queue rather than deadlock.
 */
export async function countPublishedReviews(tx: Tx, published: ReviewRow[]): Promise<void> {
  const bySubject = new Map<string, { ratings: number[]; provider: boolean }>();
  for (const r of published) {
    const entry = bySubject.get(r.subject_id) ?? { ratings: [], provider: false };
    entry.ratings.push(r.rating);
    // A customer's review is about the provider of the booking.
    if (r.author_role === 'customer') entry.provider = true;
    bySubject.set(r.subject_id, entry);
  }
  for (const subjectId of [...bySubject.keys()].sort()) {
    const { ratings, provider } = bySubject.get(subjectId)!;
    const [profile] = await tx
      .select({ rating: profiles.rating, total: profiles.total_reviews })
      .from(profiles)
      .where(eq(profiles.id, subjectId))
      .for('update');
    if (!profile) continue;
    const next = addRatings(Number(profile.rating), profile.total, ratings);
    await tx
      .update(profiles)
      .set({ rating: next.rating, total_reviews: next.total })
      .where(eq(profiles.id, subjectId));
    if (provider) await refreshProviderSearch(tx, subjectId);
    await refreshProfileScores(tx, subjectId);
  }
}

/** Publishes the hidden reviews of one booking (both sides wrote); answers those it published. */
export async function publishBookingReviews(tx: Tx, bookingId: string, now: Date): Promise<ReviewRow[]> {
  const rows = await tx
    .update(reviews)
    .set({ published_at: now })
    .where(and(eq(reviews.booking_id, bookingId), isNull(reviews.published_at)))
    .returning();
  await countPublishedReviews(tx, rows);
  return rows;
}

/**
 * The scheduled job: publishes every hidden review whose booking's window closed (completed_at +
 * 14 days), with the same rating update. Answers how many it published.
 */
export async function publishDueReviews(
  deps: Pick<Deps, 'database'>,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - REVIEW_LIMITS.windowDays * 86_400_000);
  let total = 0;
  for (;;) {
    const published = await deps.database.db.transaction(async (tx) => {
      const due = tx
        .select({ id: reviews.id })
        .from(reviews)
        .innerJoin(bookings, eq(bookings.id, reviews.booking_id))
        .where(and(isNull(reviews.published_at), lte(bookings.completed_at, cutoff)))
        .orderBy(asc(reviews.created_at))
        .limit(BATCH)
        .for('update', { of: reviews, skipLocked: true });
      const rows = await tx
        .update(reviews)
        .set({ published_at: now })
        .where(and(isNull(reviews.published_at), inArray(reviews.id, due)))
        .returning();
      await countPublishedReviews(tx, rows);
      return rows.length;
    });
    total += published;
    if (published < BATCH) return total;
  }
}
