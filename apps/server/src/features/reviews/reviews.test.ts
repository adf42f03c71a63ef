import {
  publicReviewsResponseSchema,
  REVIEW_MESSAGES,
  type ReviewInput,
  reviewSchema,
  reviewsResponseSchema,
} from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, providerSearch, reviews } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser } from '../../test/auth.ts';
import { bookingBetween } from '../../test/bookings.ts';
import { noticesOf } from '../../test/jobs.ts';
import { call } from '../../test/providers.ts';
import { providerWithService } from '../../test/quotes.ts';
import { publishDueReviews, REVIEWS_PUBLISH_CRON, REVIEWS_PUBLISH_QUEUE } from './publish-reviews.ts';

const good: ReviewInput = { rating: 5, text: 'Came on time and fixed the tap quickly. Recommended.' };
const DAY = 86_400_000;

describe('reviews API', () => {
  let t: TestApp;
  let kwabena: TestUser;
  let ama: TestUser;
  let stranger: TestUser;
  let slug: string;
  beforeAll(async () => {
    t = await createTestApp();
    kwabena = (await providerWithService(t, { name: 'Kwabena Ofori' })).provider;
    ama = await signUp(t, { name: 'Ama Mensah' });
    stranger = await signUp(t, { name: 'Kofi Stranger' });
    const [row] = await t.database.db
      .select({ slug: providerSearch.slug })
      .from(providerSearch)
      .where(eq(providerSearch.provider_id, kwabena.id));
    slug = row!.slug;
  });
  afterAll(() => t.close());

  const review = (user: TestUser | undefined, bookingId: string, body: unknown = good) =>
    call(t, 'POST', `/api/bookings/${bookingId}/review`, user?.cookie, body);
  const reviewOk = async (user: TestUser, bookingId: string, body: ReviewInput = good) => {
    const res = await review(user, bookingId, body);
    expect(res.statusCode, res.body).toBe(201);
    return reviewSchema.parse(res.json().review);
  };
  const tab = async (user: TestUser, name: string) => {
    const res = await call(t, 'GET', `/api/reviews?tab=${name}`, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return reviewsResponseSchema.parse(res.json());
  };
  const ratingOf = async (userId: string) => {
    const [row] = await t.database.db
      .select({ rating: profiles.rating, total: profiles.total_reviews })
      .from(profiles)
      .where(eq(profiles.id, userId));
    return { rating: Number(row!.rating), total: row!.total };
  };
  const publicReviews = async () => {
    const res = await call(t, 'GET', `/api/providers/${slug}/reviews`);
    expect(res.statusCode, res.body).toBe(200);
    return publicReviewsResponseSchema.parse(res.json());
  };

  it('refuses bad input and people who cannot review', async () => {
    const done = await bookingBetween(t, ama.id, kwabena.id);
    expect((await review(undefined, done)).statusCode).toBe(401);
    for (const rating of [0, 6, 4.5]) {
      const res = await review(ama, done, { ...good, rating });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(REVIEW_MESSAGES.rating);
    }
    const res = await review(stranger, done);
    expect(res.statusCode).toBe(404);
    const notDone = await bookingBetween(t, ama.id, kwabena.id, { status: 'in_progress' });
    const early = await review(ama, notDone);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(REVIEW_MESSAGES.notCompleted);
    const old = await bookingBetween(t, ama.id, kwabena.id, { completedDaysAgo: 15 });
    const late = await review(ama, old);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(REVIEW_MESSAGES.windowClosed);
    await reviewOk(ama, done);
    const twice = await review(ama, done);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(REVIEW_MESSAGES.already);
  });

  it('keeps a review hidden until both wrote, then publishes both and updates the ratings', async () => {
    const customer = await signUp(t, { name: 'Efua Asante' });
    const { provider } = await providerWithService(t, { name: 'Yaw Darko' });
    const booking = await bookingBetween(t, customer.id, provider.id, { title: 'Paint the gate' });

    expect((await tab(provider, 'to_write')).to_write.map((w) => w.booking.id)).toEqual([booking]);
    const first = await reviewOk(customer, booking, {
      rating: 4,
      text: 'Good work on the gate, a bit late.',
    });
    expect(first).toMatchObject({ author_role: 'customer', rating: 4, published_at: null });
    expect(first.subject.id).toBe(provider.id);

    // Hidden: the author sees it under given; the subject does not receive it yet.
    const given = await tab(customer, 'given');
    expect(given.items.map((r) => [r.id, r.published_at])).toEqual([[first.id, null]]);
    expect(given.counts).toEqual({ to_write: 0, received: 0, given: 1 });
    expect((await tab(provider, 'received')).items).toEqual([]);
    expect(await ratingOf(provider.id)).toEqual({ rating: 0, total: 0 });
    const [notice] = await noticesOf(t, provider.id, 'review');
    expect(notice?.title).toBe('You have a new review');

    const second = await reviewOk(provider, booking, {
      rating: 5,
      text: 'Friendly customer, paid promptly.',
    });
    expect(second.published_at).not.toBeNull();
    const received = await tab(provider, 'received');
    expect(received.items.map((r) => [r.id, r.rating])).toEqual([[first.id, 4]]);
    expect(received.items[0]!.published_at).toBe(second.published_at);
    expect(received.counts).toEqual({ to_write: 0, received: 1, given: 1 });
    expect(await ratingOf(provider.id)).toEqual({ rating: 4, total: 1 });
    expect(await ratingOf(customer.id)).toEqual({ rating: 5, total: 1 });

    // The provider's search row and public profile show it.
    const [row] = await t.database.db
      .select({
        slug: providerSearch.slug,
        rating: providerSearch.rating,
        total: providerSearch.total_reviews,
      })
      .from(providerSearch)
      .where(eq(providerSearch.provider_id, provider.id));
    expect([Number(row!.rating), row!.total]).toEqual([4, 1]);
    const profile = await call(t, 'GET', `/api/providers/${row!.slug}`);
    expect(profile.json().rating_summary).toEqual({ average: 4, count: 1 });
    const res = await call(t, 'GET', `/api/providers/${row!.slug}/reviews`);
    expect(publicReviewsResponseSchema.parse(res.json())).toMatchObject({
      total: 1,
      rating: 4,
      page: 1,
      // The public sees the author as first name and initial.
      items: [{ id: first.id, text: 'Good work on the gate, a bit late.', author: { name: 'Efua A.' } }],
    });

    // A second booking's pair averages in (two decimals).
    const again = await bookingBetween(t, customer.id, provider.id);
    await reviewOk(customer, again, { rating: 5, text: 'Second job, even better than the first.' });
    await reviewOk(provider, again, { rating: 2, text: 'Cancelled twice before it happened.' });
    expect(await ratingOf(provider.id)).toEqual({ rating: 4.5, total: 2 });
    expect(await ratingOf(customer.id)).toEqual({ rating: 3.5, total: 2 });
  });

  it('publishes a lone review once the window closed (the hourly job)', async () => {
    const { rows } = await t.database.executeSql('select name, cron from pgboss.schedule where name = $1', [
      REVIEWS_PUBLISH_QUEUE,
    ]);
    expect(rows).toEqual([{ name: REVIEWS_PUBLISH_QUEUE, cron: REVIEWS_PUBLISH_CRON }]);

    const before = await ratingOf(kwabena.id);
    const booking = await bookingBetween(t, ama.id, kwabena.id, { completedDaysAgo: 13 });
    const lone = await reviewOk(ama, booking, { rating: 3, text: 'Fixed it, but left a mess behind.' });
    expect((await publicReviews()).items.map((r) => r.id)).not.toContain(lone.id);

    expect(await publishDueReviews(t.app.deps, new Date(Date.now() - DAY))).toBe(0);
    expect(await publishDueReviews(t.app.deps, new Date(Date.now() + 2 * DAY))).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, lone.id));
    expect(row!.published_at).not.toBeNull();
    const after = await ratingOf(kwabena.id);
    expect(after.total).toBe(before.total + 1);
    expect((await publicReviews()).items.map((r) => r.id)).toContain(lone.id);
    // Run again: nothing more to count.
    await publishDueReviews(t.app.deps, new Date(Date.now() + 2 * DAY));
    expect(await ratingOf(kwabena.id)).toEqual(after);
  });

  it('lets the subject reply once to a published review', async () => {
    const booking = await bookingBetween(t, ama.id, kwabena.id);
    const mine = await reviewOk(ama, booking);
    const reply = (user: TestUser, id: string, text = 'Thank you, Ama! Call me any time.') =>
      call(t, 'POST', `/api/reviews/${id}/reply`, user.cookie, { reply: text });

    const hidden = await reply(kwabena, mine.id);
    expect(hidden.statusCode).toBe(409);
    expect(hidden.json().error.message).toBe(REVIEW_MESSAGES.notVisible);
    const theirs = await reviewOk(kwabena, booking, {
      rating: 5,
      text: 'Clear instructions and a warm welcome.',
    });

    const author = await reply(ama, mine.id);
    expect(author.statusCode).toBe(403);
    expect(author.json().error.message).toBe(REVIEW_MESSAGES.replyNotYours);
    expect((await reply(stranger, mine.id)).statusCode).toBe(404);
    const ok = await reply(kwabena, mine.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().review).toMatchObject({ reply: 'Thank you, Ama! Call me any time.' });
    expect(ok.json().review.replied_at).not.toBeNull();
    const twice = await reply(kwabena, mine.id, 'Another reply');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(REVIEW_MESSAGES.replyTwice);
    // The customer may reply to the provider's review of them.
    expect((await reply(ama, theirs.id, 'Thanks!')).statusCode).toBe(200);
  });

  it('publishes exactly once when both sides review at the same time', async () => {
    const customer = await signUp(t, { name: 'Abena Owusu' });
    const { provider } = await providerWithService(t, { name: 'Kojo Antwi' });
    const booking = await bookingBetween(t, customer.id, provider.id);
    const [a, b] = await Promise.all([
      review(customer, booking, { rating: 5, text: 'Excellent and tidy work, thank you.' }),
      review(provider, booking, { rating: 4, text: 'Good customer, clear about the job.' }),
    ]);
    expect([a!.statusCode, b!.statusCode]).toEqual([201, 201]);
    const rows = await t.database.db.select().from(reviews).where(eq(reviews.booking_id, booking));
    expect(rows.every((r) => r.published_at !== null)).toBe(true);
    expect(await ratingOf(provider.id)).toEqual({ rating: 5, total: 1 });
    expect(await ratingOf(customer.id)).toEqual({ rating: 4, total: 1 });
  });

  it('answers 404 for an unknown provider and 400 for a bad tab', async () => {
    expect((await call(t, 'GET', '/api/providers/nobody-zzzzzz/reviews')).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/reviews?tab=all', ama.cookie)).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/reviews')).statusCode).toBe(401);
  });
});
