import type { AdminEnterpriseLeadsPage } from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
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
import { adminLeadsQuery } from './api/admin.ts';

type Lead = AdminEnterpriseLeadsPage['items'][number];

const COLUMNS: Column<Lead>[] = [
  { header: 'Company', cell: (l) => <span className="font-semibold">{l.company}</span> },
  {
    header: 'Contact',
    cell: (l) => (
      <span className="grid">
        <span>{l.name}</span>
        <a
          href={`mailto:${l.email}`}
          className="[overflow-wrap:anywhere] text-brand-700 underline dark:text-brand-500"
        >
          {l.email}
        </a>
        {l.phone && <span className="text-muted-fg">{l.phone}</span>}
      </span>
    ),
  },
  { header: 'Team size', cell: (l) => l.team_size },
  {
    header: 'Needs',
    className: 'max-w-sm',
    cell: (l) => <span className="line-clamp-3 text-muted-fg">{l.needs}</span>,
  },
  {
    header: 'Status',
    cell: (l) => <Badge tone={l.status === 'new' ? 'brand' : 'neutral'}>{l.status}</Badge>,
  },
  { header: 'Received', cell: (l) => <time dateTime={l.created_at}>{formatDateTime(l.created_at)}</time> },
];

/** /admin/enterprise-leads: inquiries from /enterprise-inquiry, newest first. */
export function AdminLeadsPage() {
  useDocumentTitle('Enterprise leads · Admin');
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const leads = useQuery(adminLeadsQuery(page));
  return (
    <div>
      <AdminPageHeader title="Enterprise leads" lead="Businesses that asked about a team account." />
      <div className="mt-6">
        {leads.isPending ? (
          <TableSkeleton />
        ) : leads.isError ? (
          <QueryError error={leads.error} onRetry={() => void leads.refetch()} />
        ) : leads.data.items.length === 0 ? (
          <EmptyRows>No enterprise inquiries yet.</EmptyRows>
        ) : (
          <>
            <ResponsiveTable
              caption="Enterprise leads"
              columns={COLUMNS}
              rows={leads.data.items}
              rowKey={(l) => l.id}
            />
            <Pager
              page={leads.data.page}
              pageSize={leads.data.pageSize}
              total={leads.data.total}
              busy={leads.isFetching}
              onPage={(p) => setParams({ page: String(p) })}
            />
          </>
        )}
      </div>
    </div>
  );
}
