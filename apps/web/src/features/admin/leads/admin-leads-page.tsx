import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import {
  AdminPageHeader,
  EmptyRows,
  Pager,
  QueryError,
  SearchForm,
  StatusFilter,
  TableSkeleton,
} from '../admin-ui.tsx';
import { adminsQuery } from '../users/api/admins.ts';
import {
  adminLeadsQuery,
  type LeadsFilter,
  leadsCsvHref,
  leadsFilterFrom,
  leadsFilterParams,
} from './api/leads.ts';
import { LeadCard } from './lead-card.tsx';

const STATUS_OPTIONS: { value: LeadStatus | ''; label: string }[] = [
  { value: '', label: 'All statuses' },
  ...LEAD_STATUSES.map((value) => ({ value, label: LEAD_STATUS_LABELS[value] })),
];

/** /admin/enterprise-leads: inquiries from /enterprise-inquiry as a small pipeline, newest first. */
export function AdminLeadsPage() {
  useDocumentTitle('Enterprise leads · Admin');
  const [params, setParams] = useSearchParams();
  const filter = leadsFilterFrom(params);
  const leads = useQuery(adminLeadsQuery(filter));
  const admins = useQuery(adminsQuery());
  const go = (next: Partial<LeadsFilter>) => setParams(leadsFilterParams({ ...filter, page: 1, ...next }));
  const filtered = Boolean(filter.status || filter.q);

  return (
    <div>
      <AdminPageHeader
        title="Enterprise leads"
        lead="Businesses that asked about a team account: who owns each, where it stands and when to follow up."
      >
        <a
          href={leadsCsvHref(filter)}
          download
          className={buttonClasses({ variant: 'outline', className: 'self-start sm:self-auto' })}
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          Export CSV
        </a>
      </AdminPageHeader>
      <div className="mt-5 grid gap-3 rounded-2xl border border-border bg-card p-4 shadow-sm sm:flex sm:flex-wrap sm:items-end">
        <SearchForm
          id="admin-lead-search"
          formLabel="Search leads"
          label="Company, contact or email"
          className="w-full sm:w-auto"
          inputClassName="sm:w-72 sm:flex-none"
          value={filter.q}
          onSearch={(q) => go({ q })}
        />
        <StatusFilter
          id="admin-lead-status"
          label="Status"
          className="w-full sm:w-48"
          value={filter.status}
          options={STATUS_OPTIONS}
          onChange={(status) => go({ status })}
        />
      </div>
      {admins.isError && (
        <p role="status" className="mt-3 text-sm text-danger">
          The list of admins did not load: owners cannot be changed right now.
        </p>
      )}
      <div className="mt-6">
        {leads.isPending ? (
          <TableSkeleton />
        ) : leads.isError ? (
          <QueryError error={leads.error} onRetry={() => void leads.refetch()} />
        ) : leads.data.items.length === 0 ? (
          <EmptyRows>{filtered ? 'No leads match these filters.' : 'No enterprise inquiries yet.'}</EmptyRows>
        ) : (
          <>
            <ul aria-label="Enterprise leads" className="grid gap-4">
              {leads.data.items.map((lead) => (
                <li key={lead.id}>
                  <LeadCard lead={lead} admins={admins.data} />
                </li>
              ))}
            </ul>
            <Pager
              page={leads.data.page}
              pageSize={leads.data.pageSize}
              total={leads.data.total}
              busy={leads.isFetching}
              onPage={(page) => go({ page })}
            />
          </>
        )}
      </div>
    </div>
  );
}
