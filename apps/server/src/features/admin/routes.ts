import {
  ADMIN_PAGE_SIZE,
  adminAuditPageSchema,
  adminEnterpriseLeadsPageSchema,
  adminLogsPageSchema,
  adminOutboxPageSchema,
  adminOverviewSchema,
  adminUsersPageSchema,
} from '@adwuma/shared';
import { z } from 'zod';
import { requireAdmin } from '../../kernel/http/session.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import {
  auditPage,
  enterpriseLeadsPage,
  logsPage,
  outboxPage,
  overview,
  usersPage,
} from './admin-queries.ts';

const errors = errorResponses(400, 401, 403);
const pageField = z.coerce.number({ error: 'Must be a page number' }).int().min(1).max(100_000).default(1);

/** The admin panel's data. Every route: 401 signed out, 403 FORBIDDEN unless the effective role is admin. */
export async function adminRoutes(app: App) {
  const deps = app.deps;

  app.get(
    '/api/admin/overview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Counts for the admin dashboard',
        response: { 200: adminOverviewSchema, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return overview(deps.database.db);
    },
  );

  app.get(
    '/api/admin/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: `Users, newest first, ${ADMIN_PAGE_SIZE} a page; q searches email and name`,
        querystring: z.object({ page: pageField, q: z.string().trim().max(254).optional() }),
        response: { 200: adminUsersPageSchema, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return usersPage(deps.database.db, request.query.page, request.query.q);
    },
  );

  app.get(
    '/api/admin/enterprise-leads',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: `Enterprise inquiries, newest first, ${ADMIN_PAGE_SIZE} a page`,
        querystring: z.object({ page: pageField }),
        response: { 200: adminEnterpriseLeadsPageSchema, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return enterpriseLeadsPage(deps.database.db, request.query.page);
    },
  );

  app.get(
    '/api/admin/logs',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: `Frontend error reports or security events, newest first, ${ADMIN_PAGE_SIZE} a page`,
        querystring: z.object({
          kind: z
            .enum(['frontend', 'security'], { error: 'Choose frontend or security' })
            .default('frontend'),
          page: pageField,
        }),
        response: { 200: adminLogsPageSchema, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return logsPage(deps.database.db, request.query.kind, request.query.page);
    },
  );

  app.get(
    '/api/admin/outbox',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: `Stored mail (reset and verification links without SMTP), newest first, ${ADMIN_PAGE_SIZE} a page; to filters by address`,
        querystring: z.object({ page: pageField, to: z.string().trim().max(254).optional() }),
        response: { 200: adminOutboxPageSchema, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return outboxPage(deps.database.db, request.query.page, request.query.to || undefined);
    },
  );

  app.get(
    '/api/admin/audit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: `Admin actions (verification decisions, …), newest first, ${ADMIN_PAGE_SIZE} a page`,
        querystring: z.object({ page: pageField }),
        response: { 200: adminAuditPageSchema, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return auditPage(deps.database.db, request.query.page);
    },
  );
}
