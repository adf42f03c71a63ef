import { bookingMoneySchema, bookingPayAnswerSchema, bookingPayRequestSchema } from '@adwuma/shared';
import { z } from 'zod';
import { requireUser, roleOf } from '../../kernel/http/session.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { payForBooking } from './pay.ts';
import { bookingMoney } from './view.ts';

const idParams = z.object({ id: z.uuid({ error: 'Not a booking id' }) });

/**
 * Paying for a booking (issue 18): the customer opens the gateway's checkout for the booking's
 * price; both parties (and admins) read where its money is. The booking is paid only when the
 * payment is verified (features/payments applies the webhook through apply.ts), never here.
 */
export async function bookingPaymentRoutes(app: App) {
  const deps = app.deps;

  app.post(
    '/api/bookings/:id/pay',
    {
      config: { access: 'user', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['bookings'],
        summary:
          'The customer pays for the booking (its price, in cedis): answers the checkout URL to follow; a second request answers the open checkout',
        params: idParams,
        body: bookingPayRequestSchema,
        response: { 200: bookingPayAnswerSchema, ...errorResponses(400, 401, 403, 404, 409, 502, 503) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return payForBooking(deps, user, request.params.id, request.body ?? {});
    },
  );

  app.get(
    '/api/bookings/:id/money',
    {
      config: { access: 'user' },
      schema: {
        tags: ['bookings'],
        summary:
          'Where the booking’s money is: awaiting payment, held, released or refunded; commission and earnings for the provider',
        params: idParams,
        response: { 200: bookingMoneySchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const isAdmin = (await roleOf(deps.database.db, user.id)) === 'admin';
      return bookingMoney(deps, { id: user.id, isAdmin }, request.params.id);
    },
  );
}
