import type { AdminLogsPage as LogsPage } from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { buildPath, ROUTES } from '../../../lib/routes.ts';
import {
  AdminPageHeader,
  type Column,
  formatDateTime,
  PagedTable,
  pageFrom,
  QueryError,
  SearchForm,
  StatusFilter,
  TableSkeleton,
  useActiveInView,
} from '../admin-ui.tsx';
import { type LogKind, latestReportQuery, logsQuery } from './api.ts';

type ErrorGroup = Extract<LogsPage, { kind: 'frontend_groups' }>['items'][number];
type FrontendError = Extract<LogsPage, { kind: 'frontend' }>['items'][number];
type SecurityEvent = Extract<LogsPage, { kind: 'security' }>['items'][number];
type AuditEntry = Extract<LogsPage, { kind: 'audit' }>['items'][number];

export const LOG_TABS = [
  { id: 'errors', kind: 'frontend_groups', label: 'Errors', search: 'Search error messages' },
  { id: 'all', kind: 'frontend', label: 'All errors', search: 'Search error messages' },
  { id: 'security', kind: 'security', label: 'Security events', search: 'Search event types' },
  { id: 'audit', kind: 'audit', label: 'Admin audit log', search: 'Search actions' },
] as const satisfies readonly { id: string; kind: LogKind; label: string; search: string }[];
type Tab = (typeof LOG_TABS)[number];

const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
const SEVERITY_TONES: Record<string, BadgeTone> = {
  critical: 'danger',
  high: 'danger',
  medium: 'brand',
  low: 'neutral',
};
const SEVERITY_OPTIONS = [
  { value: '', label: 'Any' },
  ...SEVERITIES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) })),
];
const PERIODS = [
  { value: '', label: 'Any time' },
  { value: '1', label: 'Last 24 hours' },
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
];
/** The periods offered, and one from the address that is not among them (?days=14). */
const periodOptions = (sinceDays: number | undefined) =>
  sinceDays && !PERIODS.some((p) => p.value === String(sinceDays))
    ? [...PERIODS, { value: String(sinceDays), label: `Last ${sinceDays} days` }]
    : PERIODS;

const SeverityBadge = ({ severity }: { severity: string }) => (
  <Badge tone={SEVERITY_TONES[severity] ?? 'neutral'}>{severity}</Badge>
);
const When = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDateTime(iso)}</time>;
const Mono = ({ children }: { children: string | null }) => (
  <span className="[overflow-wrap:anywhere] font-mono text-xs">{children ?? '—'}</span>
);

/** The newest report of a group: its stack, where it happened and on what browser. */
function LatestReport({ group, onClose }: { group: ErrorGroup; onClose: () => void }) {
  const report = useQuery(latestReportQuery(group.latest_id));
  return (
    <Dialog title="Latest report" description={group.message} onClose={onClose}>
      {report.isPending ? (
        <div role="status" aria-label="Loading">
          <Skeleton className="h-48" />
        </div>
      ) : report.isError ? (
        <QueryError error={report.error} onRetry={() => void report.refetch()} />
      ) : !report.data ? (
        <p className="text-sm text-muted-fg">This report is no longer kept.</p>
      ) : (
        <div className="grid gap-3 text-sm">
          <dl className="grid grid-cols-[6rem_1fr] gap-x-3 gap-y-1">
            <dt className="text-muted-fg">When</dt>
            <dd>
              <When iso={report.data.created_at} />
            </dd>
            <dt className="text-muted-fg">Page</dt>
            <dd>
              <Mono>{report.data.route_path}</Mono>
            </dd>
            <dt className="text-muted-fg">Type</dt>
            <dd>
              <Mono>{report.data.error_type}</Mono>
            </dd>
            {report.data.component_name && (
              <>
                <dt className="text-muted-fg">Component</dt>
                <dd>{report.data.component_name}</dd>
              </>
            )}
            <dt className="text-muted-fg">Browser</dt>
            <dd className="[overflow-wrap:anywhere] text-xs">{report.data.user_agent ?? '—'}</dd>
          </dl>
          <figure>
            <figcaption className="text-xs font-semibold uppercase tracking-wider text-muted-fg">
              Stack
            </figcaption>
            <pre className="mt-1 max-h-72 overflow-auto whitespace-pre rounded-lg bg-muted p-3 font-mono text-xs">
              {report.data.stack ?? 'No stack was reported.'}
            </pre>
          </figure>
        </div>
      )}
    </Dialog>
  );
}

function groupColumns(open: (group: ErrorGroup) => void): Column<ErrorGroup>[] {
  return [
    {
      header: 'Message',
      className: 'max-w-md',
      cell: (g) => (
        <button
          type="button"
          onClick={() => open(g)}
          className="text-left font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-500 [overflow-wrap:anywhere]"
        >
          {g.message}
          <span className="sr-only"> (show the latest report)</span>
        </button>
      ),
    },
    { header: 'Page', cell: (g) => <Mono>{g.route_path}</Mono> },
    { header: 'Count', cell: (g) => <span className="tabular-nums">{g.count}</span> },
    { header: 'Users', cell: (g) => <span className="tabular-nums">{g.users}</span> },
    { header: 'Last seen', cell: (g) => <When iso={g.last_seen} /> },
    { header: 'Severity', cell: (g) => <SeverityBadge severity={g.severity} /> },
  ];
}

/** An error group on a phone: the message (opens the latest report), where, how often, how bad. */
function GroupCard({ group: g, open }: { group: ErrorGroup; open: (group: ErrorGroup) => void }) {
  return (
    <div className="grid gap-2 text-sm">
      <div className="flex items-start justify-between gap-3">
        <button
          type="button"
          onClick={() => open(g)}
          className="min-w-0 text-left font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-500 [overflow-wrap:anywhere]"
        >
          {g.message}
          <span className="sr-only"> (show the latest report)</span>
        </button>
        <SeverityBadge severity={g.severity} />
      </div>
      <Mono>{g.route_path}</Mono>
      <p className="text-xs text-muted-fg">
        {g.count} {g.count === 1 ? 'time' : 'times'} · {g.users} {g.users === 1 ? 'user' : 'users'} · last{' '}
        <When iso={g.last_seen} />
      </p>
    </div>
  );
}

const FRONTEND_COLUMNS: Column<FrontendError>[] = [
  { header: 'When', cell: (e) => <When iso={e.created_at} /> },
  { header: 'Severity', cell: (e) => <SeverityBadge severity={e.severity} /> },
  { header: 'Type', cell: (e) => <Mono>{e.error_type}</Mono> },
  {
    header: 'Message',
    className: 'max-w-md',
    cell: (e) => (
      <details>
        <summary className="cursor-pointer font-medium [overflow-wrap:anywhere]">{e.message}</summary>
        {e.stack && (
          <pre className="mt-2 max-h-48 overflow-auto whitespace-pre rounded-lg bg-muted p-2 text-xs">
            {e.stack}
          </pre>
        )}
        {e.component_name && <p className="mt-1 text-xs text-muted-fg">Component: {e.component_name}</p>}
      </details>
    ),
  },
  { header: 'Page', cell: (e) => <Mono>{e.route_path}</Mono> },
];

const metadataText = (data: Record<string, unknown>) =>
  Object.keys(data).length ? JSON.stringify(data) : null;

const SECURITY_COLUMNS: Column<SecurityEvent>[] = [
  { header: 'When', cell: (e) => <When iso={e.created_at} /> },
  { header: 'Event', cell: (e) => <span className="font-mono text-xs font-semibold">{e.event_type}</span> },
  {
    header: 'Email',
    className: 'min-w-48',
    cell: (e) => <span className="[overflow-wrap:anywhere]">{e.email ?? '—'}</span>,
  },
  { header: 'IP address', cell: (e) => <Mono>{e.ip}</Mono> },
  {
    header: 'Details',
    cell: (e) => (
      <span className="text-muted-fg">
        <Mono>{metadataText(e.metadata)}</Mono>
      </span>
    ),
  },
];

function AuditDetails({ details }: { details: Record<string, unknown> }) {
  const { reason, ...rest } = details;
  const more = metadataText(rest);
  return (
    <div className="grid gap-1">
      {typeof reason === 'string' && <p className="[overflow-wrap:anywhere]">“{reason}”</p>}
      {more && (
        <details>
          <summary className="cursor-pointer text-xs font-semibold text-muted-fg">Changes</summary>
          <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap rounded-lg bg-muted p-2 text-xs">
            {JSON.stringify(rest, null, 2)}
          </pre>
        </details>
      )}
      {typeof reason !== 'string' && !more && '—'}
    </div>
  );
}

const AUDIT_COLUMNS: Column<AuditEntry>[] = [
  { header: 'When', cell: (e) => <When iso={e.created_at} /> },
  {
    header: 'Admin',
    className: 'min-w-40',
    cell: (e) => <span className="[overflow-wrap:anywhere]">{e.admin_email ?? e.admin_id}</span>,
  },
  { header: 'Action', cell: (e) => <span className="font-mono text-xs font-semibold">{e.action}</span> },
  { header: 'Target', cell: (e) => <AuditTarget entry={e} /> },
  { header: 'Details', className: 'max-w-sm', cell: (e) => <AuditDetails details={e.details} /> },
];

/** What an admin acted on; a user is a link to their admin page. */
function AuditTarget({ entry: e }: { entry: AuditEntry }) {
  return (
    <span className="grid text-xs">
      <span className="text-muted-fg">{e.target_type.replaceAll('_', ' ')}</span>
      {e.target_type === 'user' && e.target_id ? (
        <Link
          to={buildPath(ROUTES.adminUserItem, { id: e.target_id })}
          className="[overflow-wrap:anywhere] font-mono text-brand-700 underline underline-offset-2 dark:text-brand-500"
        >
          {e.target_id}
        </Link>
      ) : (
        <Mono>{e.target_id}</Mono>
      )}
    </span>
  );
}

/** An audit entry on a phone: the action and when, who did it, to what, and why. */
function AuditCard({ entry: e }: { entry: AuditEntry }) {
  return (
    <div className="grid gap-2 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-mono text-xs font-semibold">{e.action}</span>
        <span className="text-xs text-muted-fg">
          <When iso={e.created_at} />
        </span>
      </div>
      <p className="text-xs text-muted-fg [overflow-wrap:anywhere]">By {e.admin_email ?? e.admin_id}</p>
      <AuditTarget entry={e} />
      <AuditDetails details={e.details} />
    </div>
  );
}

function tabFrom(params: URLSearchParams): Tab {
  return LOG_TABS.find((t) => t.id === params.get('tab')) ?? LOG_TABS[0];
}

function daysFrom(params: URLSearchParams): number | undefined {
  const n = Number.parseInt(params.get('days') ?? '', 10);
  return Number.isFinite(n) && n >= 1 && n <= 366 ? n : undefined;
}

function severityFrom(params: URLSearchParams): string | undefined {
  const value = params.get('severity');
  return SEVERITIES.find((s) => s === value);
}

/**
 * /admin/logs (issue 19): browser errors grouped by message and page (the newest report's stack a
 * click away), every error, security events and the admin audit log; a text filter, a severity for
 * errors and a period, all kept in the address with the page.
 */
export function AdminLogsPage() {
  useDocumentTitle('Logs · Admin');
  const [params, setParams] = useSearchParams();
  const tab = tabFrom(params);
  const q = params.get('q') ?? '';
  const severity =
    tab.kind === 'frontend_groups' || tab.kind === 'frontend' ? severityFrom(params) : undefined;
  const sinceDays = daysFrom(params);
  const page = pageFrom(params);
  const logs = useQuery(logsQuery({ kind: tab.kind, page, q: q || undefined, severity, sinceDays }));
  const [open, setOpen] = useState<ErrorGroup | null>(null);
  const tabsRef = useRef<HTMLElement>(null);
  useActiveInView(tabsRef, tab.id);

  /** Changes filters (an empty value removes it) and goes back to page 1. */
  function update(changes: Record<string, string>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    next.delete('page');
    setParams(next);
  }
  const onPage = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    setParams(next);
  };
  const tabHref = (t: Tab) => {
    const next = new URLSearchParams();
    if (t.id !== 'errors') next.set('tab', t.id);
    if (sinceDays) next.set('days', String(sinceDays));
    const s = next.toString();
    return s ? `?${s}` : '';
  };
  const filtered = Boolean(q || severity || sinceDays);
  const data = logs.data?.kind === tab.kind ? logs.data : null;
  const switching = Boolean(logs.data && !data && logs.isFetching);

  return (
    <div>
      <AdminPageHeader
        title="Logs"
        lead="Errors from people's browsers, security events and what admins did."
      />
      <nav
        ref={tabsRef}
        aria-label="Log lists"
        className="relative -mx-4 mt-6 overflow-x-auto px-4 [scrollbar-width:none] sm:mx-0 sm:px-0"
      >
        <ul className="flex min-w-max gap-1 border-b border-border">
          {LOG_TABS.map((t) => (
            <li key={t.id}>
              <Link
                to={{ search: tabHref(t) }}
                aria-current={t.id === tab.id ? 'page' : undefined}
                className={`-mb-px flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 text-sm font-semibold sm:px-4 ${
                  t.id === tab.id
                    ? 'border-brand-600 text-fg'
                    : 'border-transparent text-muted-fg hover:text-fg'
                }`}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <SearchForm
          id="logs-q"
          formLabel="Search the logs"
          label={tab.search}
          className="w-full min-w-0 sm:w-auto"
          inputClassName="sm:w-64 sm:flex-none"
          value={q}
          onSearch={(text) => update({ q: text })}
        />
        {(tab.kind === 'frontend_groups' || tab.kind === 'frontend') && (
          <StatusFilter
            id="logs-severity"
            label="Severity"
            className="w-[calc(50%-0.375rem)] sm:w-40"
            value={severity ?? ''}
            options={SEVERITY_OPTIONS}
            onChange={(value) => update({ severity: value })}
          />
        )}
        <StatusFilter
          id="logs-days"
          label="Period"
          className="w-[calc(50%-0.375rem)] sm:w-44"
          value={sinceDays ? String(sinceDays) : ''}
          options={periodOptions(sinceDays)}
          onChange={(value) => update({ days: value })}
        />
      </div>
      <div className="mt-6">
        {/* Another list's page is kept while this one loads: a skeleton, not "nothing here". */}
        {switching && <TableSkeleton />}
        {!switching && tab.kind === 'frontend_groups' && (
          <PagedTable
            query={logs}
            data={data?.kind === 'frontend_groups' ? data : null}
            caption="Errors grouped by message and page"
            columns={groupColumns(setOpen)}
            rowKey={(g) => g.latest_id}
            empty={filtered ? 'No errors match these filters.' : 'No frontend errors reported.'}
            onPage={onPage}
            card={(g) => <GroupCard group={g} open={setOpen} />}
          />
        )}
        {!switching && tab.kind === 'frontend' && (
          <PagedTable
            query={logs}
            data={data?.kind === 'frontend' ? data : null}
            caption="Frontend errors"
            columns={FRONTEND_COLUMNS}
            rowKey={(e) => e.id}
            empty={filtered ? 'No errors match these filters.' : 'No frontend errors reported.'}
            onPage={onPage}
          />
        )}
        {!switching && tab.kind === 'security' && (
          <PagedTable
            query={logs}
            data={data?.kind === 'security' ? data : null}
            caption="Security events"
            columns={SECURITY_COLUMNS}
            rowKey={(e) => e.id}
            empty={filtered ? 'No security events match these filters.' : 'No security events yet.'}
            onPage={onPage}
          />
        )}
        {!switching && tab.kind === 'audit' && (
          <PagedTable
            query={logs}
            data={data?.kind === 'audit' ? data : null}
            caption="Admin audit log"
            columns={AUDIT_COLUMNS}
            rowKey={(e) => e.id}
            empty={filtered ? 'No admin actions match these filters.' : 'No admin actions yet.'}
            onPage={onPage}
            card={(e) => <AuditCard entry={e} />}
          />
        )}
      </div>
      {open && <LatestReport group={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
