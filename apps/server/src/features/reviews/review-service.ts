import {
  type bookingSchema,
  canWriteReview,
  codeFromSlug,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type Review,
  type ReviewInput,
  type reviewsResponseSchema,
  reviewWindowClosesAt,
  shortName,
} from '@adwuma/shared';
import { and, count, desc, eq, gt, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { bookings, providerSearch, reviews } from '../../db/schema.ts';
import { loadParties, partyOf } from '../../kernel/booking-parties.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';
import { BOOKING_NOT_FOUND, toBookings } from '../bookings/index.ts';
import { insertNotices, type Notice, sendNoticeMails } from '../notifications/index.ts';
import { publishBookingReviews } from './publish-reviews.ts';
import { REVIEW_NOT_FOUND, toReview, toReviews } from './review-view.ts';

export const REVIEWS_LINK = '/reviews';
/** Published reviews a page on a provider's public profile. */
export const PUBLIC_REVIEWS_PAGE_SIZE = 10;
/** At most this many items answer one tab of /api/reviews (newest first). */
const TAB_MAX = 200;
export const PROVIDER_NOT_FOUND = 'Provider not found';

type ReviewsResponse = z.infer<typeof reviewsResponseSchema>;
type ReviewsTab = 'to_write' | 'received' | 'given';

/**
 * A side of a completed booking reviews the other, once, within 14 days. One transaction under the
 * booking's row lock: the review is stored hidden; when the other side's review exists both are
 * published and counted into the subjects' ratings — so of two simultaneous reviews exactly one
 * publishes the pair. Strangers get 404.
 */
export async function writeReview(
  deps: Deps,
  userId: string,
  bookingId: string,
  input: ReviewInput,
  now: Date = new Date(),
): Promise<Review> {
  const { db } = deps.database;
  const { review, mailIds } = await db
    .transaction(async (tx) => {
      const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
      if (!booking || (booking.customer_id !== userId && booking.provider_id !== userId))
        throw notFound(BOOKING_NOT_FOUND);
      const side = booking.provider_id === userId ? 'provider' : 'customer';
      const subjectId = side === 'provider' ? booking.customer_id : booking.provider_id;
      const existing = await tx.select().from(reviews).where(eq(reviews.booking_id, bookingId));
      const refusal = canWriteReview(
        booking,
        existing.some((r) => r.author_id === userId),
        now,
      );
      if (refusal) throw conflict(refusal);

      const [inserted] = await tx
        .insert(reviews)
        .values({
          booking_id: bookingId,
          author_id: userId,
          subject_id: subjectId,
          author_role: side,
          rating: input.rating,
          text: input.text,
          created_at: now,
        })
        .returning();
      let row = inserted!;
      const theirs = existing.find((r) => r.author_id === subjectId);
      if (theirs) {
        const published = await publishBookingReviews(tx, bookingId, now);
        row = published.find((r) => r.id === row.id) ?? row;
      }
      const parties = await loadParties(tx, [userId, subjectId]);
      const author = partyOf(parties, userId).person.name;
      const notice: Notice = {
        userId: subjectId,
        kind: 'review',
        title: 'You have a new review',
        body: row.published_at
          ? `${author} reviewed “${booking.title}”. Both reviews are now published.`
          : `${author} reviewed “${booking.title}”. Write your review to see theirs: reviews are published when both sides have written one, or ${REVIEW_LIMITS.windowDays} days after completion.`,
        link: REVIEWS_LINK,
        mail: true,
      };
      return { review: toReview(row, parties), mailIds: await insertNotices(tx, [notice]) };
    })
    .catch((error: unknown) => {
      // The row lock makes this a last line of defence: the unique (booking, author) pair.
      if (isUniqueViolation(error)) throw conflict(REVIEW_MESSAGES.already);
      throw error;
    });
  await sendNoticeMails(deps, mailIds, deps.log);
  return review;
}

/** The subject of a published review replies once. The author gets 403, anyone else 404. */
export async function replyToReview(
  deps: Deps,
  userId: string,
  reviewId: string,
  reply: string,
  now: Date = new Date(),
): Promise<Review> {
  const { db } = deps.database;
  const { review, mailIds } = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
    if (!row || (row.subject_id !== userId && row.author_id !== userId)) throw notFound(REVIEW_NOT_FOUND);
    if (row.subject_id !== userId) throw new AppError(403, 'FORBIDDEN', REVIEW_MESSAGES.replyNotYours);
    if (!row.published_at) throw conflict(REVIEW_MESSAGES.notVisible);
    if (row.reply !== null) throw conflict(REVIEW_MESSAGES.replyTwice);
    const [updated] = await tx
      .update(reviews)
      .set({ reply, replied_at: now })
      .where(eq(reviews.id, reviewId))
      .returning();
    const parties = await loadParties(tx, [row.author_id, row.subject_id]);
    const mailIds = await insertNotices(tx, [
      {
        userId: row.author_id,
        kind: 'review',
        title: 'A reply to your review',
        body: `${partyOf(parties, userId).person.name} replied to your review.`,
        link: REVIEWS_LINK,
      },
    ]);
    return { review: toReview(updated!, parties), mailIds };
  });
  await sendNoticeMails(deps, mailIds, deps.log);
  return review;
}

const sideOf = (userId: string): SQL =>
  or(eq(bookings.customer_id, userId), eq(bookings.provider_id, userId))!;

/**
 * /reviews: completed bookings the user can still review (window open, not written), reviews
 * received (published only) and given (theirs, hidden ones too), with the count of each tab.
 */
export async function listReviews(
  db: Db,
  userId: string,
  tab: ReviewsTab,
  now: Date = new Date(),
): Promise<ReviewsResponse> {
  const windowStart = new Date(now.getTime() - REVIEW_LIMITS.windowDays * 86_400_000);
  const mine = alias(reviews, 'mine');
  const toWriteFilter = and(
    sideOf(userId),
    eq(bookings.status, 'completed'),
    isNotNull(bookings.completed_at),
    gt(bookings.completed_at, windowStart),
    isNull(mine.id),
  );
  const toWriteFrom = () =>
    db
      .select({ booking: bookings })
      .from(bookings)
      .leftJoin(mine, and(eq(mine.booking_id, bookings.id), eq(mine.author_id, userId)));
  const received = and(eq(reviews.subject_id, userId), isNotNull(reviews.published_at));
  const given = eq(reviews.author_id, userId);

  // One after the other keeps to one connection (PGlite).
  const [toWriteCount] = await db
    .select({ n: count() })
    .from(bookings)
    .leftJoin(mine, and(eq(mine.booking_id, bookings.id), eq(mine.author_id, userId)))
    .where(toWriteFilter);
  const [receivedCount] = await db.select({ n: count() }).from(reviews).where(received);
  const [givenCount] = await db.select({ n: count() }).from(reviews).where(given);
  const counts = {
    to_write: Number(toWriteCount?.n ?? 0),
    received: Number(receivedCount?.n ?? 0),
    given: Number(givenCount?.n ?? 0),
  };

  if (tab === 'to_write') {
    const rows = await toWriteFrom()
      .where(toWriteFilter)
      .orderBy(desc(bookings.completed_at), desc(bookings.id))
      .limit(TAB_MAX);
    const items: z.infer<typeof bookingSchema>[] = await toBookings(
      db,
      rows.map((r) => r.booking),
      userId,
    );
    return {
      to_write: items.map((booking, i) => ({
        booking,
        window_closes_at: reviewWindowClosesAt(rows[i]!.booking.completed_at!).toISOString(),
      })),
      items: [],
      counts,
    };
  }
  const rows = await db
    .select()
    .from(reviews)
    .where(tab === 'received' ? received : given)
    .orderBy(tab === 'received' ? desc(reviews.published_at) : desc(reviews.created_at), desc(reviews.id))
    .limit(TAB_MAX);
  return { to_write: [], items: await toReviews(db, rows), counts };
}

/**
 * The published reviews about a listed provider (by their public slug), newest first, with the
 * average the profile shows. Null for an unknown or unlisted provider.
 */
export async function providerReviews(
  db: Db,
  slug: string,
  page: number,
): Promise<{ items: Review[]; total: number; rating: number; page: number }> {
  const code = codeFromSlug(slug);
  const [provider] = code
    ? await db
        .select({ id: providerSearch.provider_id, rating: providerSearch.rating })
        .from(providerSearch)
        .where(and(eq(providerSearch.code, code), eq(providerSearch.listed, true)))
    : [];
  if (!provider) throw notFound(PROVIDER_NOT_FOUND);
  const filter = and(
    eq(reviews.subject_id, provider.id),
    eq(reviews.author_role, 'customer'),
    isNotNull(reviews.published_at),
  );
  const rows = await db
    .select()
    .from(reviews)
    .where(filter)
    .orderBy(desc(reviews.published_at), desc(reviews.id))
    .limit(PUBLIC_REVIEWS_PAGE_SIZE)
    .offset((page - 1) * PUBLIC_REVIEWS_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(reviews).where(filter);
  // The public sees a review's author as "Ama M.", never the full name.
  const items = (await toReviews(db, rows)).map((r) => ({
    ...r,
    author: { ...r.author, name: shortName(r.author.name) },
  }));
  return {
    items,
    total: Number(total?.n ?? 0),
    rating: Number(provider.rating),
    page,
  };
}
