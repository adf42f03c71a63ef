import {
  publicReviewsResponseSchema,
  reviewInputSchema,
  reviewReplySchema,
  reviewSchema,
  reviewsResponseSchema,
  reviewsTabSchema,
} from '@adwuma/shared';
import { z } from 'zod';
import { requireUser } from '../../kernel/http/session.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { listReviews, providerReviews, replyToReview, writeReview } from './review-service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const writeLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
const reviewResponseSchema = z.object({ review: reviewSchema });

/**
 * Reviews (`/reviews`, issue 8): each side of a completed booking reviews the other once within 14
 * days; reviews are published when both wrote or the window closed (hourly job); the subject may
 * reply once. Published reviews of a provider are public on their profile.
 */
export async function reviewRoutes(app: App) {
  const deps = app.deps;
  const { db } = deps.database;

  app.post(
    '/api/bookings/:id/review',
    {
      schema: {
        tags: ['reviews'],
        summary:
          'Review the other side of a completed booking (rating 1–5 and text), once, within 14 days; hidden until both wrote or the window closed',
        params: z.object({ id: z.uuid({ error: 'Not a booking id' }) }),
        body: reviewInputSchema,
        response: { 201: reviewResponseSchema, ...errors },
      },
      config: { ...writeLimit, access: 'user' },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const review = await writeReview(deps, user.id, request.params.id, request.body);
      return reply.code(201).send({ review });
    },
  );

  app.post(
    '/api/reviews/:id/reply',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Reply once to a published review about you',
        params: z.object({ id: z.uuid({ error: 'Not a review id' }) }),
        body: reviewReplySchema,
        response: { 200: reviewResponseSchema, ...errors },
      },
      config: { ...writeLimit, access: 'user' },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { review: await replyToReview(deps, user.id, request.params.id, request.body.reply) };
    },
  );

  app.get(
    '/api/reviews',
    {
      config: { access: 'user' },
      schema: {
        tags: ['reviews'],
        summary:
          'Your reviews: bookings to review (to_write), published reviews about you (received), yours (given); with the count of each tab',
        querystring: z.object({ tab: reviewsTabSchema.default('to_write') }),
        response: { 200: reviewsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return listReviews(db, user.id, request.query.tab);
    },
  );

  app.get(
    '/api/providers/:slug/reviews',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reviews'],
        summary: "A listed provider's published reviews from customers, newest first, 10 a page",
        params: z.object({ slug: z.string().min(1).max(200) }),
        querystring: z.object({
          page: z.coerce.number({ error: 'Page must be a number' }).int().min(1).max(1000).default(1),
        }),
        response: { 200: publicReviewsResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => providerReviews(db, request.params.slug, request.query.page),
  );
}
