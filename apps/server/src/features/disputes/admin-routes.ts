import {
  adminDisputesResponseSchema,
  apiErrorSchema,
  DISPUTE_STATUSES,
  disputeResolutionSchema,
  disputeResponseSchema,
} from '@adwuma/shared';
import { z } from 'zod';
import type { App } from '../../types.ts';
import { requireAdmin } from '../auth/session.ts';
import { adminDisputes, disputeDetail, resolveDispute } from './dispute-service.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const idParams = z.object({ id: z.uuid({ error: 'Not a dispute id' }) });

/** /admin/disputes: the queue of disputes and their resolution. Every route: 401 signed out, 403 unless admin. */
export async function adminDisputeRoutes(app: App) {
  const deps = app.deps;

  app.get(
    '/api/admin/disputes',
    {
      schema: {
        tags: ['admin'],
        summary: 'Disputes: open ones oldest first (default), or resolved ones latest first; 20 a page',
        querystring: z.object({
          status: z.enum(DISPUTE_STATUSES, { error: 'Status must be open or resolved' }).default('open'),
          page: z.coerce.number({ error: 'Page must be a number' }).int().min(1).max(1000).default(1),
        }),
        response: { 200: adminDisputesResponseSchema, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return adminDisputes(deps.database.db, request.query.status, request.query.page);
    },
  );

  app.get(
    '/api/admin/disputes/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One dispute with the booking, its history and the evidence (signed URLs, 1 h)',
        params: idParams,
        response: { 200: disputeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireAdmin(request);
      return {
        dispute: await disputeDetail(deps, { id: user.id, admin: true }, request.params.id, request.log),
      };
    },
  );

  app.post(
    '/api/admin/disputes/:id/resolve',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Resolve an open dispute in favour of the customer (booking cancelled) or the provider (completed), with a note for both; 409 once resolved',
        params: idParams,
        body: disputeResolutionSchema,
        response: { 200: disputeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireAdmin(request);
      return { dispute: await resolveDispute(deps, user.id, request.params.id, request.body, request.log) };
    },
  );
}
