import type { AdminEnterpriseLeadsPage } from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../components/ui/badge.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { AdminPageHeader, type Column, formatDateTime, PagedTable, usePageParam } from './admin-ui.tsx';
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
  const { page, onPage } = usePageParam();
  const leads = useQuery(adminLeadsQuery(page));
  return (
    <div>
      <AdminPageHeader title="Enterprise leads" lead="Businesses that asked about a team account." />
      <div className="mt-6">
        <PagedTable
          query={leads}
          data={leads.data}
          caption="Enterprise leads"
          columns={COLUMNS}
          rowKey={(l) => l.id}
          empty="No enterprise inquiries yet."
          onPage={onPage}
        />
      </div>
    </div>
  );
}
