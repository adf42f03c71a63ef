import {
  ADMIN_PAGE_SIZE,
  reviewDecisionSchema,
  reviewDetailSchema,
  reviewQueueQuerySchema,
  reviewQueueSchema,
} from '@adwuma/shared';
import { z } from 'zod';
import { requireAdmin } from '../../kernel/http/session.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { claimReview, decideReview, reviewDetail, reviewQueue } from './review-service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const idParams = z.object({ id: z.string().min(1).max(100) });

/** The admin verification queue (/admin/review). Every route: 401 signed out, 403 unless admin. */
export async function adminVerificationRoutes(app: App) {
  const deps = app.deps;

  app.get(
    '/api/admin/verification',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: `Verification sessions, oldest first, ${ADMIN_PAGE_SIZE} a page; status awaiting (default), all or one status`,
        querystring: reviewQueueQuerySchema,
        response: { 200: reviewQueueSchema, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return reviewQueue(deps.database.db, request.query);
    },
  );

  app.get(
    '/api/admin/verification/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'One verification session with the documents (signed URLs valid 3600 s)',
        params: idParams,
        response: { 200: reviewDetailSchema, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return reviewDetail(deps, request.params.id, request.log);
    },
  );

  app.post(
    '/api/admin/verification/:id/claim',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Take a waiting verification into review (status in_review, you as reviewer)',
        params: idParams,
        response: { 200: reviewDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireAdmin(request);
      return claimReview(deps, user.id, request.params.id, request.log);
    },
  );

  app.post(
    '/api/admin/verification/:id/decision',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Approve or reject (a note is required to reject); 409 once decided',
        params: idParams,
        body: reviewDecisionSchema,
        response: { 200: reviewDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireAdmin(request);
      return decideReview(deps, user.id, request.params.id, request.body, request.log);
    },
  );
}
