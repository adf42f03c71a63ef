import {
  ADMIN_PAGE_SIZE,
  adminAuditPageSchema,
  adminEnterpriseLeadsPageSchema,
  adminLeadSchema,
  adminLeadsQuerySchema,
  adminLeadUpdateSchema,
  adminLogsPageSchema,
  adminLogsQuerySchema,
  adminOutboxPageSchema,
  adminOverviewSchema,
} from '@adwuma/shared';
import { z } from 'zod';
import { requireAdmin } from '../../kernel/http/session.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { outboxPage, overview } from './admin-queries.ts';
import {
  adminAccounts,
  enterpriseLeadsCsv,
  enterpriseLeadsPage,
  updateEnterpriseLead,
} from './enterprise-leads.ts';
import { auditPage, logsPage } from './logs.ts';

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
    '/api/admin/enterprise-leads',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: `Enterprise inquiries, newest first, ${ADMIN_PAGE_SIZE} a page; status filters, q searches name, company and email`,
        querystring: adminLeadsQuerySchema,
        response: { 200: adminEnterpriseLeadsPageSchema, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const { page, status, q } = request.query;
      return enterpriseLeadsPage(deps.database.db, page, { status, q: q || undefined });
    },
  );

  app.get(
    '/api/admin/enterprise-leads.csv',
    {
      config: { access: 'admin', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary: 'Every enterprise inquiry matching status and q, as CSV (one header row)',
        produces: ['text/csv'],
        querystring: adminLeadsQuerySchema.omit({ page: true }),
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      const { status, q } = request.query;
      const csv = await enterpriseLeadsCsv(deps.database.db, { status, q: q || undefined });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="adwuma-enterprise-leads-${new Date().toISOString().slice(0, 10)}.csv"`,
        )
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(csv);
    },
  );

  app.patch(
    '/api/admin/enterprise-leads/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "Change a lead's status, owner (an admin, or null), notes or follow-up date; recorded in the audit log",
        params: z.object({ id: z.uuid({ error: 'Not a lead id' }) }),
        body: adminLeadUpdateSchema,
        response: { 200: adminLeadSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireAdmin(request);
      return updateEnterpriseLead(deps.database.db, user.id, request.params.id, request.body);
    },
  );

  app.get(
    '/api/admin/admins',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The admins, by name (owners for enterprise leads)',
        response: {
          200: z.object({
            admins: z.array(z.object({ id: z.string(), email: z.string(), name: z.string() })),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return { admins: await adminAccounts(deps.database.db) };
    },
  );

  app.get(
    '/api/admin/logs',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: `Frontend errors (grouped by message and route, or one by one), security events or the admin audit log, newest first, ${ADMIN_PAGE_SIZE} a page`,
        querystring: adminLogsQuerySchema,
        response: { 200: adminLogsPageSchema, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return logsPage(deps.database.db, { ...request.query, q: request.query.q || undefined });
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
        summary: `Admin actions (verification decisions, …), newest first, ${ADMIN_PAGE_SIZE} a page (also GET /api/admin/logs?kind=audit)`,
        querystring: z.object({ page: pageField }),
        response: { 200: adminAuditPageSchema, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return auditPage(deps.database.db, request.query);
    },
  );
}
