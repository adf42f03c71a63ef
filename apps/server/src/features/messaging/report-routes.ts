import {
  adminReportListSchema,
  adminReportSchema,
  REPORT_STATUSES,
  reportRequest,
  reportSchema,
  resolveReportRequest,
} from '@adwuma/shared';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../../kernel/http/session.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { createReport, listReports, resolveReport, summaryOf } from './report-service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** Reporting a user (from a conversation), and the admins' queue of reports (issue 9). */
export async function reportRoutes(app: App): Promise<void> {
  const { db } = app.deps.database;

  app.post(
    '/api/reports',
    {
      config: { access: 'user' },
      schema: { body: reportRequest, response: { 201: reportSchema, ...errors } },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const input = request.body;
      const row = await createReport(db, user.id, input);
      request.log.info({ reportId: row.id, reason: input.reason }, 'a user was reported');
      return reply.code(201).send(summaryOf(row));
    },
  );

  app.get(
    '/api/admin/reports',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Reports of users: open ones oldest first (default), closed ones latest closed first; 20 a page',
        querystring: z.object({
          status: z
            .enum(REPORT_STATUSES, { error: 'Status must be open, resolved or dismissed' })
            .default('open'),
          page: z.coerce.number({ error: 'Page must be a number' }).int().min(1).max(1000).default(1),
        }),
        response: { 200: adminReportListSchema, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const { status, page } = request.query;
      return listReports(db, status, page);
    },
  );

  app.post(
    '/api/admin/reports/:id/resolve',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Close an open report as resolved or dismissed, with a note; 409 once closed',
        params: z.object({ id: z.uuid({ error: 'Not a report id' }) }),
        body: resolveReportRequest,
        response: { 200: adminReportSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireAdmin(request);
      return resolveReport(db, user.id, request.params.id, request.body);
    },
  );
}
