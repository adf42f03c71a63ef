import type { AdminLogsPage } from '@adwuma/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type LogKind = AdminLogsPage['kind'];

export interface LogsFilter {
  kind: LogKind;
  page: number;
  q?: string;
  severity?: string;
  sinceDays?: number;
  /** One report by id (kind frontend). */
  id?: string;
}

export function logsPath(filter: LogsFilter): string {
  const search = new URLSearchParams({ kind: filter.kind, page: String(filter.page) });
  if (filter.q) search.set('q', filter.q);
  if (filter.severity) search.set('severity', filter.severity);
  if (filter.sinceDays) search.set('since_days', String(filter.sinceDays));
  if (filter.id) search.set('id', filter.id);
  return `/api/admin/logs?${search}`;
}

/** GET /api/admin/logs?kind&page&q&severity&since_days: one page of one list. */
export const logsQuery = (filter: LogsFilter) =>
  queryOptions({
    queryKey: [
      'admin',
      'logs',
      filter.kind,
      filter.page,
      filter.q ?? '',
      filter.severity ?? '',
      filter.sinceDays ?? 0,
    ],
    queryFn: () => api<AdminLogsPage>(logsPath(filter)),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

/**
 * The newest report of an error group, to read its stack: the frontend list filtered by the group's
 * latest id.
 */
export const latestReportQuery = (latestId: string) =>
  queryOptions({
    queryKey: ['admin', 'logs', 'report', latestId],
    queryFn: async () => {
      const page = await api<AdminLogsPage>(logsPath({ kind: 'frontend', page: 1, id: latestId }));
      if (page.kind !== 'frontend') return null;
      return page.items[0] ?? null;
    },
    staleTime: 60_000,
  });
