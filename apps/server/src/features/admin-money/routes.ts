import {
  ADMIN_PAGE_SIZE,
  adminMoneyOverviewSchema,
  adminMoneyPaymentsPageSchema,
  adminPayoutRetrySchema,
  adminPayoutsPageSchema,
  adminRefundSchema,
  adminRefundsPageSchema,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  PAYOUT_STATUSES,
  REFUND_STATUSES,
} from '@adwuma/shared';
import { z } from 'zod';
import { requireAdmin } from '../../kernel/http/session.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { moneyFigures } from './money-figures.ts';
import { paymentsPage, payoutsPage, refundsPage } from './money-lists.ts';
import { retryFailedPayout, retryFailedRefund } from './retry.ts';

const errors = errorResponses(400, 401, 403);
const retryErrors = errorResponses(400, 401, 403, 404, 409);
const pageField = z.coerce.number({ error: 'Must be a page number' }).int().min(1).max(100_000).default(1);
const choose = (values: readonly string[]) => ({ error: `Choose ${values.join(', ')}` });

/**
 * The admin's money pages (issue 18): the ledger overview with the books-balance check, payments,
 * payouts and refunds, and retrying a failed payout or refund. Admin only (403 before validation).
 */
export async function adminMoneyRoutes(app: App) {
  const deps = app.deps;

  app.get(
    '/api/admin/money',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Money overview from the ledger: whether the books balance, held and owed totals, revenue by month',
        response: { 200: adminMoneyOverviewSchema, ...errors },
      },
    },
    async () => moneyFigures(deps.database.db),
  );

  app.get(
    '/api/admin/money/payments',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: `Payments (bookings and plans), newest first, ${ADMIN_PAGE_SIZE} a page`,
        querystring: z.object({
          status: z.enum(PAYMENT_STATUSES, choose(PAYMENT_STATUSES)).optional(),
          purpose: z.enum(PAYMENT_PURPOSES, choose(PAYMENT_PURPOSES)).optional(),
          page: pageField,
        }),
        response: { 200: adminMoneyPaymentsPageSchema, ...errors },
      },
    },
    async (request) => paymentsPage(deps.database.db, request.query),
  );

  app.get(
    '/api/admin/money/payouts',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: `Payouts to providers, newest first, ${ADMIN_PAGE_SIZE} a page; status=failed for those to retry`,
        querystring: z.object({
          status: z.enum(PAYOUT_STATUSES, choose(PAYOUT_STATUSES)).optional(),
          page: pageField,
        }),
        response: { 200: adminPayoutsPageSchema, ...errors },
      },
    },
    async (request) => payoutsPage(deps.database.db, request.query),
  );

  app.post(
    '/api/admin/money/payouts/:id/retry',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "Send a failed or reversed payout's money again in a new payout (recorded in the audit log); 409 otherwise",
        params: z.object({ id: z.uuid({ error: 'Not a payout id' }) }),
        response: { 200: adminPayoutRetrySchema, ...retryErrors },
      },
    },
    async (request) => {
      const { user } = await requireAdmin(request);
      return retryFailedPayout(deps, request.params.id, user.id);
    },
  );

  app.get(
    '/api/admin/money/refunds',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: `Refunds to customers, newest first, ${ADMIN_PAGE_SIZE} a page; status=failed for those to retry`,
        querystring: z.object({
          status: z.enum(REFUND_STATUSES, choose(REFUND_STATUSES)).optional(),
          page: pageField,
        }),
        response: { 200: adminRefundsPageSchema, ...errors },
      },
    },
    async (request) => refundsPage(deps.database.db, request.query),
  );

  app.post(
    '/api/admin/money/refunds/:id/retry',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Ask the gateway again for a failed refund (recorded in the audit log); 409 unless it failed',
        params: z.object({ id: z.uuid({ error: 'Not a refund id' }) }),
        response: { 200: z.object({ refund: adminRefundSchema }), ...retryErrors },
      },
    },
    async (request) => {
      const { user } = await requireAdmin(request);
      return { refund: await retryFailedRefund(deps, request.params.id, user.id) };
    },
  );
}
