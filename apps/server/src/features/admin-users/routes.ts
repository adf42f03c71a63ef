import {
  ADMIN_PAGE_SIZE,
  adminUserActionSchema,
  adminUserDetailSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
} from '@adwuma/shared';
import { z } from 'zod';
import { requireAdmin } from '../../kernel/http/session.ts';
import { errorResponses, notFound } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { applyUserAction, USER_NOT_FOUND_MESSAGE } from './user-actions.ts';
import { userDetail, usersPage } from './users-queries.ts';

const params = z.object({ id: z.string().min(1).max(200) });

/**
 * /admin/users (issue 19): the list with search and filters, a user's page, and the actions with a
 * required reason. Admin only: 401 signed out, 403 FORBIDDEN otherwise (before validation).
 */
export async function adminUserRoutes(app: App) {
  const deps = app.deps;
  const { db } = deps.database;

  app.get(
    '/api/admin/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: `Users, newest first, ${ADMIN_PAGE_SIZE} a page; q matches name, email or phone (any format); role (effective), verification and status filter`,
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => usersPage(db, request.query),
  );

  app.get(
    '/api/admin/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "A user's page: account, profile, roles, onboarding and verification, the newest 20 jobs, bookings, reviews, reports against them, security events and admin actions",
        params,
        response: { 200: adminUserDetailSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const detail = await userDetail(db, request.params.id);
      if (!detail) throw notFound(USER_NOT_FOUND_MESSAGE);
      return detail;
    },
  );

  app.post(
    '/api/admin/users/:id/actions',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "Change role, grant or remove admin, suspend, reinstate or force a password reset, with a reason (audit log); 409 ACTION_REFUSED for one's own account, the last admin or no change",
        params,
        body: adminUserActionSchema,
        response: { 200: adminUserDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = await requireAdmin(request);
      return applyUserAction(deps, user.id, request.params.id, request.body);
    },
  );
}
