import {
  type BookingDetail,
  bookingDetailResponseSchema,
  bookingsResponseSchema,
  cancelInputSchema,
  rescheduleInputSchema,
} from '@adwuma/shared';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../kernel/http/session.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { App, Deps } from '../../types.ts';
import { findBookingDetail } from './booking-detail.ts';
import {
  acceptReschedule,
  cancelBooking,
  confirmBooking,
  declineReschedule,
  markBookingDone,
  proposeReschedule,
  startBooking,
  withdrawReschedule,
} from './booking-lifecycle.ts';
import { listBookings } from './booking-view.ts';

const idParams = z.object({ id: z.uuid({ error: 'Not a booking id' }) });
const listQuery = z.object({
  role: z.enum(['customer', 'provider'], { error: 'Role must be customer or provider' }).optional(),
});
const errors = errorResponses(400, 401, 403, 404, 409);
const writeLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

type SimpleAction = (
  deps: Deps,
  log: FastifyBaseLogger,
  id: string,
  userId: string,
) => Promise<BookingDetail>;

/** The lifecycle endpoints without a body: the path and what each does. */
const SIMPLE_ACTIONS: [string, string, SimpleAction][] = [
  ['start', 'The provider starts the work, on its day or later (scheduled → in_progress)', startBooking],
  ['mark-done', 'The provider marks the work done (→ awaiting_confirmation)', markBookingDone],
  ['confirm', 'The customer confirms the work is done (→ completed; earnings fixed)', confirmBooking],
  ['reschedule/accept', 'The other side accepts the proposed date/time', acceptReschedule],
  ['reschedule/decline', 'The other side declines the proposed date/time', declineReschedule],
  ['reschedule/withdraw', 'The proposer withdraws their proposed date/time', withdrawReschedule],
];

/**
 * Bookings as both sides see them (issue 7 creates them by accepting a quote or hiring a bid) and
 * their lifecycle (issue 8). Only the customer and the provider of a booking see or act on it;
 * others get 404. Every lifecycle answer is the booking as the caller now sees it.
 */
export async function bookingRoutes(app: App) {
  const deps = app.deps;
  const { db } = deps.database;

  app.get(
    '/api/bookings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['bookings'],
        summary:
          'Your bookings, newest first (at most 200): both sides, or ?role=customer|provider; `role` tells your side',
        querystring: listQuery,
        response: { 200: bookingsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { items: await listBookings(db, user.id, request.query.role) };
    },
  );

  app.get(
    '/api/bookings/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['bookings'],
        summary:
          'One of your bookings with its times, proposal, your actions, cancellation policy, earnings (provider), dispute, reviews and history (404 for anyone else)',
        params: idParams,
        response: {
          200: bookingDetailResponseSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { booking: await findBookingDetail(db, request.params.id, user.id) };
    },
  );

  for (const [path, summary, action] of SIMPLE_ACTIONS) {
    app.post(
      `/api/bookings/:id/${path}`,
      {
        schema: {
          tags: ['bookings'],
          summary,
          params: idParams,
          response: { 200: bookingDetailResponseSchema, ...errors },
        },
        config: { ...writeLimit, access: 'user' },
      },
      async (request) => {
        const { user } = await requireUser(request);
        return { booking: await action(deps, request.log, request.params.id, user.id) };
      },
    );
  }

  app.post(
    '/api/bookings/:id/cancel',
    {
      schema: {
        tags: ['bookings'],
        summary:
          'Either side cancels a scheduled or in-progress booking with a reason; under 24 h before the start it is a late cancellation',
        params: idParams,
        body: cancelInputSchema,
        response: { 200: bookingDetailResponseSchema, ...errors },
      },
      config: { ...writeLimit, access: 'user' },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { booking: await cancelBooking(deps, request.log, request.params.id, user.id, request.body) };
    },
  );

  app.post(
    '/api/bookings/:id/reschedule',
    {
      schema: {
        tags: ['bookings'],
        summary:
          'Either side proposes a new date (time, duration, note) for a scheduled booking; the other side answers',
        params: idParams,
        body: rescheduleInputSchema,
        response: { 200: bookingDetailResponseSchema, ...errors },
      },
      config: { ...writeLimit, access: 'user' },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return {
        booking: await proposeReschedule(deps, request.log, request.params.id, user.id, request.body),
      };
    },
  );
}
