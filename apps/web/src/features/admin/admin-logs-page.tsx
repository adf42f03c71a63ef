import type { AdminLogsPage as LogsPage } from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import {
  AdminPageHeader,
  type Column,
  EmptyRows,
  formatDateTime,
  Pager,
  pageFrom,
  QueryError,
  ResponsiveTable,
  TableSkeleton,
} from './admin-ui.tsx';
import { adminLogsQuery } from './api/admin.ts';

type FrontendError = Extract<LogsPage, { kind: 'frontend' }>['items'][number];
type SecurityEvent = Extract<LogsPage, { kind: 'security' }>['items'][number];

const SEVERITY_TONES: Record<string, BadgeTone> = {
  critical: 'danger',
  high: 'danger',
  medium: 'brand',
  low: 'neutral',
};

const FRONTEND_COLUMNS: Column<FrontendError>[] = [
  { header: 'When', cell: (e) => <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time> },
  {
    header: 'Severity',
    cell: (e) => <Badge tone={SEVERITY_TONES[e.severity] ?? 'neutral'}>{e.severity}</Badge>,
  },
  { header: 'Type', cell: (e) => <span className="font-mono text-xs">{e.error_type}</span> },
  {
    header: 'Message',
    className: 'max-w-md',
    cell: (e) => (
      <details>
        <summary className="cursor-pointer font-medium">{e.message}</summary>
        {e.stack && (
          <pre className="mt-2 max-h-48 overflow-auto whitespace-pre-wrap rounded-lg bg-muted p-2 text-xs">
            {e.stack}
          </pre>
        )}
        {e.component_name && <p className="mt-1 text-xs text-muted-fg">Component: {e.component_name}</p>}
      </details>
    ),
  },
  {
    header: 'Page',
    cell: (e) => <span className="[overflow-wrap:anywhere] font-mono text-xs">{e.route_path ?? '—'}</span>,
  },
];

const SECURITY_COLUMNS: Column<SecurityEvent>[] = [
  { header: 'When', cell: (e) => <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time> },
  { header: 'Event', cell: (e) => <span className="font-mono text-xs font-semibold">{e.event_type}</span> },
  {
    header: 'Email',
    className: 'min-w-48',
    cell: (e) => <span className="[overflow-wrap:anywhere]">{e.email ?? '—'}</span>,
  },
  { header: 'IP address', cell: (e) => <span className="font-mono text-xs">{e.ip ?? '—'}</span> },
  {
    header: 'Details',
    cell: (e) =>
      Object.keys(e.metadata).length ? (
        <span className="[overflow-wrap:anywhere] font-mono text-xs text-muted-fg">
          {JSON.stringify(e.metadata)}
        </span>
      ) : (
        '—'
      ),
  },
];

function useLogs(kind: 'frontend' | 'security') {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const logs = useQuery(adminLogsQuery(kind, page));
  return { logs, onPage: (p: number) => setParams({ page: String(p) }) };
}

/** /admin/logs: errors reported by people's browsers (spec 7 log_frontend_error). */
export function AdminLogsPage() {
  useDocumentTitle('Logs · Admin');
  const { logs, onPage } = useLogs('frontend');
  const data = logs.data?.kind === 'frontend' ? logs.data : null;
  return (
    <div>
      <AdminPageHeader title="Logs" lead="Errors reported by people's browsers, newest first." />
      <div className="mt-6">
        {logs.isPending ? (
          <TableSkeleton />
        ) : logs.isError ? (
          <QueryError error={logs.error} onRetry={() => void logs.refetch()} />
        ) : !data || data.items.length === 0 ? (
          <EmptyRows>No frontend errors reported.</EmptyRows>
        ) : (
          <>
            <ResponsiveTable
              caption="Frontend errors"
              columns={FRONTEND_COLUMNS}
              rows={data.items}
              rowKey={(e) => e.id}
            />
            <Pager
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              busy={logs.isFetching}
              onPage={onPage}
            />
          </>
        )}
      </div>
    </div>
  );
}

/** /admin/activity: security events (spec 7 log_security_event): resets, limits, sign-ins. */
export function AdminActivityPage() {
  useDocumentTitle('Activity · Admin');
  const { logs, onPage } = useLogs('security');
  const data = logs.data?.kind === 'security' ? logs.data : null;
  return (
    <div>
      <AdminPageHeader
        title="Activity"
        lead="Security events: password resets, rate limits and more, newest first."
      />
      <div className="mt-6">
        {logs.isPending ? (
          <TableSkeleton />
        ) : logs.isError ? (
          <QueryError error={logs.error} onRetry={() => void logs.refetch()} />
        ) : !data || data.items.length === 0 ? (
          <EmptyRows>No security events yet.</EmptyRows>
        ) : (
          <>
            <ResponsiveTable
              caption="Security events"
              columns={SECURITY_COLUMNS}
              rows={data.items}
              rowKey={(e) => e.id}
            />
            <Pager
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              busy={logs.isFetching}
              onPage={onPage}
            />
          </>
        )}
      </div>
    </div>
  );
}
