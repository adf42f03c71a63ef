import type { AdminLogsPage as LogsPage } from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { AdminPageHeader, type Column, formatDateTime, PagedTable, usePageParam } from './admin-ui.tsx';
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

/** /admin/logs: errors reported by people's browsers (spec 7 log_frontend_error). */
export function AdminLogsPage() {
  useDocumentTitle('Logs · Admin');
  const { page, onPage } = usePageParam();
  const logs = useQuery(adminLogsQuery('frontend', page));
  return (
    <div>
      <AdminPageHeader title="Logs" lead="Errors reported by people's browsers, newest first." />
      <div className="mt-6">
        <PagedTable
          query={logs}
          data={logs.data?.kind === 'frontend' ? logs.data : null}
          caption="Frontend errors"
          columns={FRONTEND_COLUMNS}
          rowKey={(e) => e.id}
          empty="No frontend errors reported."
          onPage={onPage}
        />
      </div>
    </div>
  );
}

/** /admin/activity: security events (spec 7 log_security_event): resets, limits, sign-ins. */
export function AdminActivityPage() {
  useDocumentTitle('Activity · Admin');
  const { page, onPage } = usePageParam();
  const logs = useQuery(adminLogsQuery('security', page));
  return (
    <div>
      <AdminPageHeader
        title="Activity"
        lead="Security events: password resets, rate limits and more, newest first."
      />
      <div className="mt-6">
        <PagedTable
          query={logs}
          data={logs.data?.kind === 'security' ? logs.data : null}
          caption="Security events"
          columns={SECURITY_COLUMNS}
          rowKey={(e) => e.id}
          empty="No security events yet."
          onPage={onPage}
        />
      </div>
    </div>
  );
}
