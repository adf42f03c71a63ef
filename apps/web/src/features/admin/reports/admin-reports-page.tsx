import {
  type AdminReport,
  type adminReportListSchema,
  REPORT_REASON_LABELS,
  type ReportStatus,
  shortName,
} from '@adwuma/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, Textarea } from '../../../components/ui/field.tsx';
import { api } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { toast } from '../../../lib/toast.ts';
import {
  AdminPageHeader,
  EmptyRows,
  formatDateTime,
  QueryError,
  StatusFilter,
  TableSkeleton,
} from '../admin-ui.tsx';

type ReportList = z.infer<typeof adminReportListSchema>;

const reportKeys = { list: (status: ReportStatus) => ['admin', 'reports', status] as const };

const FILTERS: { value: ReportStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'dismissed', label: 'Dismissed' },
];

const STATUS_TONE = { open: 'danger', resolved: 'leaf', dismissed: 'neutral' } as const;

function statusFrom(params: URLSearchParams): ReportStatus {
  const value = params.get('status');
  return value === 'resolved' || value === 'dismissed' ? value : 'open';
}

/** One report: who reported whom and why, the conversation's last messages, and the decision. */
function ReportCard({ report, status }: { report: AdminReport; status: ReportStatus }) {
  const client = useQueryClient();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const resolve = useMutation({
    mutationFn: (next: 'resolved' | 'dismissed') =>
      api<AdminReport>(`/api/admin/reports/${report.id}/resolve`, {
        method: 'POST',
        body: JSON.stringify({ status: next, note }),
        headers: { 'content-type': 'application/json' },
      }),
    onSuccess: (_data, next) => {
      toast.success(next === 'resolved' ? 'Report resolved' : 'Report dismissed');
      void client.invalidateQueries({ queryKey: ['admin', 'reports'] });
    },
    onError: (e: Error) => toast.error('Could not save the decision', { description: e.message }),
  });
  const decide = (next: 'resolved' | 'dismissed') => {
    if (!note.trim()) {
      setError('Say what was done.');
      return;
    }
    resolve.mutate(next);
  };
  const nameOf = (id: string) =>
    id === report.reporter.id ? shortName(report.reporter.name) : shortName(report.reported.name);

  return (
    <Card className="grid gap-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <p className="font-semibold text-fg">
            {report.reported.name}
            {report.reported.email && (
              <span className="ml-2 text-sm font-normal text-muted-fg">{report.reported.email}</span>
            )}
          </p>
          <p className="text-sm text-muted-fg">
            Reported by {report.reporter.name}
            {report.reporter.email ? ` (${report.reporter.email})` : ''} ·{' '}
            <time dateTime={report.created_at}>{formatDateTime(report.created_at)}</time>
          </p>
        </div>
        <Badge tone={STATUS_TONE[report.status]}>{REPORT_REASON_LABELS[report.reason]}</Badge>
      </div>
      {report.details && (
        <p className="whitespace-pre-wrap rounded-xl bg-muted p-3 text-sm [overflow-wrap:anywhere]">
          {report.details}
        </p>
      )}
      <section aria-label="Recent messages" className="grid gap-2">
        <h3 className="text-sm font-semibold text-fg">Recent messages</h3>
        {report.recent_messages.length === 0 ? (
          <p className="text-sm text-muted-fg">No messages in this conversation.</p>
        ) : (
          <ol className="grid max-h-72 gap-1.5 overflow-y-auto rounded-xl border border-border p-3 text-sm">
            {report.recent_messages.map((m) => (
              <li key={m.id} className="grid gap-0.5">
                <span className="text-xs text-muted-fg">
                  {nameOf(m.sender_id)} · <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
                </span>
                <span className="whitespace-pre-wrap [overflow-wrap:anywhere]">
                  {m.body || (m.attachment ? '(photo)' : '')}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
      {status === 'open' ? (
        <form
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            decide('resolved');
          }}
        >
          <Field id={noteId} label="What was done" hint="Kept in the audit log." error={error}>
            {(c) => (
              <Textarea
                {...c}
                value={note}
                maxLength={1000}
                className="min-h-20"
                onChange={(event) => {
                  setNote(event.target.value);
                  setError(undefined);
                }}
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" busy={resolve.isPending && resolve.variables === 'resolved'}>
              Resolve
            </Button>
            <Button
              type="button"
              variant="outline"
              busy={resolve.isPending && resolve.variables === 'dismissed'}
              onClick={() => decide('dismissed')}
            >
              Dismiss
            </Button>
          </div>
        </form>
      ) : (
        <p className="text-sm">
          <span className="font-semibold">{status === 'resolved' ? 'Resolved' : 'Dismissed'}</span>
          {report.resolved_at && <> on {formatDateTime(report.resolved_at)}</>}: {report.resolution_note}
        </p>
      )}
    </Card>
  );
}

/** /admin/reports: users reported from conversations (issue 9), open first. */
export function AdminReportsPage() {
  useDocumentTitle('Reports · Admin');
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params);
  const list = useQuery({
    queryKey: reportKeys.list(status),
    queryFn: ({ signal }) => api<ReportList>(`/api/admin/reports?status=${status}`, { signal }),
    staleTime: 15_000,
  });
  return (
    <div>
      <AdminPageHeader
        title="Reports"
        lead="Users reported by others from a conversation. Read the messages, then resolve or dismiss."
      >
        <StatusFilter
          id="report-status-filter"
          value={status}
          options={FILTERS}
          onChange={(next) => setParams(next === 'open' ? {} : { status: next })}
        />
      </AdminPageHeader>
      <div className="mt-6 grid gap-4">
        {list.isPending ? (
          <TableSkeleton />
        ) : list.isError ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <EmptyRows>
            <Flag aria-hidden="true" className="h-5 w-5" />
            {status === 'open' ? 'No open reports. All quiet.' : 'Nothing here yet.'}
          </EmptyRows>
        ) : (
          list.data.items.map((report) => <ReportCard key={report.id} report={report} status={status} />)
        )}
      </div>
    </div>
  );
}
