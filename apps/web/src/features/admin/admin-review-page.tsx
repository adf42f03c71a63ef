import {
  DOCUMENT_TYPES,
  type ReviewQueueItem,
  reviewQueueQuerySchema,
  VERIFICATION_SESSION_STATUSES,
} from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { VerifiedBadge } from '../../components/ui/verified-badge.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { buildPath, ROUTES } from '../../lib/routes.ts';
import { DisplayedStatusBadge, SESSION_STATUS_LABELS, sessionStatusLabel } from '../verification/index.ts';
import { AdminPageHeader, type Column, formatDateTime, PagedTable, StatusFilter } from './admin-ui.tsx';
import { type ReviewFilter, reviewQueueQuery } from './api/review.ts';

export const REVIEW_FILTERS: { value: ReviewFilter; label: string }[] = [
  { value: 'awaiting', label: 'Awaiting review' },
  { value: 'all', label: 'All' },
  ...VERIFICATION_SESSION_STATUSES.map((value) => ({ value, label: SESSION_STATUS_LABELS[value] })),
];

export const providerName = (item: Pick<ReviewQueueItem, 'provider'>) =>
  item.provider.full_name?.trim() || item.provider.email || 'Unnamed provider';

const itemPath = (item: ReviewQueueItem) => buildPath(ROUTES.adminReviewItem, { id: item.id });

const COLUMNS: Column<ReviewQueueItem>[] = [
  {
    header: 'Provider',
    cell: (item) => (
      <span className="flex flex-wrap items-center gap-1.5">
        <Link
          to={itemPath(item)}
          className="font-semibold text-fg underline-offset-2 hover:text-brand-700 hover:underline dark:hover:text-brand-500"
        >
          {providerName(item)}
        </Link>
        {item.provider.verified && <VerifiedBadge />}
      </span>
    ),
  },
  {
    header: 'Email',
    className: 'min-w-48',
    cell: (item) => <span className="[overflow-wrap:anywhere]">{item.provider.email ?? '—'}</span>,
  },
  { header: 'City', cell: (item) => item.provider.city ?? '—' },
  {
    header: 'Submitted',
    cell: (item) =>
      item.submitted_at ? (
        <time dateTime={item.submitted_at}>{formatDateTime(item.submitted_at)}</time>
      ) : (
        <span className="text-muted-fg">Not submitted</span>
      ),
  },
  {
    header: 'Documents',
    cell: (item) => (
      <span className={item.document_count >= DOCUMENT_TYPES.length ? '' : 'text-danger'}>
        {item.document_count} of {DOCUMENT_TYPES.length}
      </span>
    ),
  },
  {
    header: 'Status',
    cell: (item) => (
      <span className="grid justify-items-start gap-1">
        <DisplayedStatusBadge status={item.displayedStatus} />
        <span className="text-xs text-muted-fg">{sessionStatusLabel(item.status)}</span>
      </span>
    ),
  },
  {
    header: 'Action',
    className: 'text-right',
    cell: (item) => (
      <ButtonLink
        to={itemPath(item)}
        variant="outline"
        size="sm"
        aria-label={`Open ${providerName(item)}`}
        className="w-full md:w-auto"
      >
        Review <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </ButtonLink>
    ),
  },
];

function filterFrom(params: URLSearchParams): ReviewFilter {
  const parsed = reviewQueueQuerySchema.shape.status.safeParse(params.get('status') ?? undefined);
  return parsed.success ? parsed.data : 'awaiting';
}

function pageOf(params: URLSearchParams): number {
  const n = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

/** /admin/review: provider identity checks, filtered by status (awaiting review by default). */
export function AdminReviewPage() {
  useDocumentTitle('Verification review · Admin');
  const [params, setParams] = useSearchParams();
  const status = filterFrom(params);
  const page = pageOf(params);
  const queue = useQuery(reviewQueueQuery(status, page));

  const go = (nextStatus: ReviewFilter, nextPage: number) => {
    const next = new URLSearchParams();
    if (nextStatus !== 'awaiting') next.set('status', nextStatus);
    if (nextPage > 1) next.set('page', String(nextPage));
    setParams(next);
  };

  return (
    <div>
      <AdminPageHeader
        title="Verification review"
        lead="Providers' Ghana Card and selfie checks. Open one to see the documents and decide."
      >
        <StatusFilter
          id="review-status-filter"
          className="w-full sm:w-64"
          value={status}
          options={REVIEW_FILTERS}
          onChange={(next) => go(next, 1)}
        />
      </AdminPageHeader>
      <div className="mt-6">
        <PagedTable
          query={queue}
          data={queue.data}
          caption="Verification queue"
          columns={COLUMNS}
          rowKey={(item) => item.id}
          empty={
            status === 'awaiting'
              ? 'Nothing is waiting for review. Well done!'
              : `No verifications with the status “${REVIEW_FILTERS.find((f) => f.value === status)?.label}”.`
          }
          onPage={(p) => go(status, p)}
        />
      </div>
    </div>
  );
}
