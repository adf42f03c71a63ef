import { ACTIVITY_PAGE_SIZE, adminActivityPageSchema, adminActivityQuerySchema } from '@adwuma/shared';
import { requireAdmin } from '../../kernel/http/session.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { activityPage } from './activity-feed.ts';

/**
 * /admin/activity (issue 19): what happens on Adwuma, newest first. The live part travels over the
 * realtime socket ({type:'activity'} frames to admins, features/realtime); this is its history.
 */
export async function adminActivityRoutes(app: App) {
  const deps = app.deps;

  app.get(
    '/api/admin/activity',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: `Sign-ups, jobs, bids, bookings, reviews, reports and payments, newest first, ${ACTIVITY_PAGE_SIZE} at a time; kinds=a,b filters, before=<id> pages back`,
        querystring: adminActivityQuerySchema,
        response: { 200: adminActivityPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return activityPage(deps.database.db, request.query);
    },
  );
}
