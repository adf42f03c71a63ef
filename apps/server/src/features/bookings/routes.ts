import { apiErrorSchema, bookingResponseSchema, bookingsResponseSchema } from '@adwuma/shared';
import { z } from 'zod';
import type { App } from '../../types.ts';
import { requireUser } from '../auth/session.ts';
import { findBooking, listBookings } from './booking-view.ts';

const idParams = z.object({ id: z.uuid({ error: 'Not a booking id' }) });
const listQuery = z.object({
  role: z.enum(['customer', 'provider'], { error: 'Role must be customer or provider' }).optional(),
});

/**
 * Bookings as both sides see them (issue 7 creates them by accepting a quote or hiring a bid; issue 8
 * runs their lifecycle). Only the customer and the provider of a booking see it; others get 404.
 */
export async function bookingRoutes(app: App) {
  const { db } = app.deps.database;

  app.get(
    '/api/bookings',
    {
      schema: {
        tags: ['bookings'],
        summary:
          'Your bookings, newest first (at most 200): both sides, or ?role=customer|provider; `role` tells your side',
        querystring: listQuery,
        response: { 200: bookingsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
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
      schema: {
        tags: ['bookings'],
        summary: 'One of your bookings (its customer or provider only; 404 for anyone else)',
        params: idParams,
        response: {
          200: bookingResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { booking: await findBooking(db, request.params.id, user.id) };
    },
  );
}
