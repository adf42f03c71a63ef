import { customerPaymentsSchema } from '@adwuma/shared';
import { requireUser } from '../../kernel/http/session.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { customerPayments } from './customer-payments.ts';

const errors = errorResponses(401);

/** The customer's side of booking money: what they paid and what came back. */
export async function refundRoutes(app: App) {
  const deps = app.deps;

  app.get(
    '/api/payments',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary: 'Your booking payments, newest first, each with its refunds (yours only)',
        response: { 200: customerPaymentsSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return customerPayments(deps.database.db, user.id);
    },
  );
}
