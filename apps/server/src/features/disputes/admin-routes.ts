import {
  adminConversationSchema,
  adminDisputesResponseSchema,
  DISPUTE_STATUSES,
  disputeResolutionSchema,
  disputeResponseSchema,
} from '@adwuma/shared';
import { z } from 'zod';
import { requireAdmin } from '../../kernel/http/session.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { disputeConversation } from './dispute-conversation.ts';
import { adminDisputes, disputeDetail, resolveDispute } from './dispute-service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const idParams = z.object({ id: z.uuid({ error: 'Not a dispute id' }) });

/** /admin/disputes: the queue of disputes and their resolution. Every route: 401 signed out, 403 unless admin. */
export async function adminDisputeRoutes(app: App) {
  const deps = app.deps;

  app.get(
    '/api/admin/disputes',
    {
      config: { access: 'admin' },
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
      config: { access: 'admin' },
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
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Resolve an open dispute in favour of the customer (held money refunded, booking cancelled), the provider (released, completed) or with a split (provider_minor + customer_minor must add up to the money at stake; completed), with a note for both; 409 once resolved, or when earnings already matured cannot be taken back',
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

  app.get(
    '/api/admin/disputes/:id/conversation',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "The messages between the booking's customer and provider (newest 200, oldest first)",
        params: idParams,
        response: { 200: adminConversationSchema, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return disputeConversation(deps.database.db, request.params.id);
    },
  );
}
