import { DISPUTE_REASON_LABELS, formatMoney } from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { buildPath, ROUTES } from '../../../lib/routes.ts';
import {
  AdminPageHeader,
  type Column,
  formatDateTime,
  PagedTable,
  pageFrom,
  StatusFilter,
} from '../admin-ui.tsx';
import {
  ADMIN_DISPUTES_PAGE_SIZE,
  type AdminDisputeItem,
  adminDisputesQuery,
  type DisputeStatusFilter,
} from './api/disputes.ts';
import { DisputeStatusBadge } from './dispute-labels.tsx';

export const DISPUTE_FILTERS: { value: DisputeStatusFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
];

export const disputePath = (id: string) => buildPath(ROUTES.adminDisputeItem, { id });

const COLUMNS: Column<AdminDisputeItem>[] = [
  {
    header: 'Booking',
    className: 'min-w-48',
    cell: (item) => (
      <span className="grid gap-0.5">
        <Link
          to={disputePath(item.id)}
          className="font-semibold text-fg underline-offset-2 [overflow-wrap:anywhere] hover:text-brand-700 hover:underline dark:hover:text-brand-500"
        >
          {item.booking.title}
        </Link>
        <span className="text-xs text-muted-fg">{formatMoney(item.booking.price, 'GHS')}</span>
      </span>
    ),
  },
  {
    header: 'Parties',
    cell: (item) => (
      <span className="grid gap-0.5 text-sm">
        <span>
          <span className="text-muted-fg">Customer:</span> {item.booking.customer.name}
        </span>
        <span>
          <span className="text-muted-fg">Provider:</span> {item.booking.provider.name}
        </span>
      </span>
    ),
  },
  { header: 'Reason', cell: (item) => DISPUTE_REASON_LABELS[item.reason] },
  {
    header: 'Opened by',
    cell: (item) => (
      <span>
        {item.opened_by.name} <span className="text-xs text-muted-fg">({item.opener_role})</span>
      </span>
    ),
  },
  {
    header: 'Opened',
    cell: (item) => <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>,
  },
  {
    header: 'Status',
    cell: (item) => <DisputeStatusBadge status={item.status} outcome={item.in_favour_of} />,
  },
  {
    header: 'Action',
    className: 'text-right',
    cell: (item) => (
      <ButtonLink
        to={disputePath(item.id)}
        variant="outline"
        size="sm"
        aria-label={`Open the dispute on ${item.booking.title}`}
        className="w-full md:w-auto"
      >
        {item.status === 'open' ? 'Review' : 'View'} <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </ButtonLink>
    ),
  },
];

function statusFrom(params: URLSearchParams): DisputeStatusFilter {
  return params.get('status') === 'resolved' ? 'resolved' : 'open';
}

/** /admin/disputes: disputes on bookings, open first by default, a page at a time. */
export function AdminDisputesPage() {
  useDocumentTitle('Disputes · Admin');
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params);
  const page = pageFrom(params);
  const list = useQuery(adminDisputesQuery(status, page));

  const go = (nextStatus: DisputeStatusFilter, nextPage: number) => {
    const next = new URLSearchParams();
    if (nextStatus !== 'open') next.set('status', nextStatus);
    if (nextPage > 1) next.set('page', String(nextPage));
    setParams(next);
  };

  return (
    <div>
      <AdminPageHeader
        title="Disputes"
        lead="Bookings a customer or provider disputed. Open one to see the booking and the evidence, and resolve it."
      >
        <StatusFilter
          id="dispute-status-filter"
          className="w-full sm:w-56"
          value={status}
          options={DISPUTE_FILTERS}
          onChange={(next) => go(next, 1)}
        />
      </AdminPageHeader>
      <div className="mt-6">
        <PagedTable
          query={list}
          data={list.data ? { ...list.data, pageSize: ADMIN_DISPUTES_PAGE_SIZE } : undefined}
          caption="Disputes"
          columns={COLUMNS}
          rowKey={(item) => item.id}
          empty={status === 'open' ? 'No open disputes. All quiet.' : 'No resolved disputes yet.'}
          onPage={(p) => go(status, p)}
        />
      </div>
    </div>
  );
}
