import { formatMoney, isProviderLike } from '@adwuma/shared';
import { CalendarDays, ChevronRight, FileText } from 'lucide-react';
import { useId } from 'react';
import { AppLink, ButtonLink } from '../../components/ui/button-link.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { buildPath, ROUTES } from '../../lib/routes.ts';
import { useSession } from '../auth/index.ts';
import {
  bookingPagePath,
  dayTile,
  formatDateRange,
  nextBookings,
  otherParty,
  useBookings,
} from '../bookings/index.ts';
import { useQuoteRequests } from '../quotes/index.ts';

export const BOOKINGS_CARD_TEXT = {
  title: 'Next bookings',
  none: 'Nothing booked. Bookings from jobs and accepted quotes show here.',
  schedule: 'Schedule',
  failed: 'Your bookings could not be loaded.',
  retry: 'Try again',
  toAnswer: (n: number) => `${n} request${n === 1 ? '' : 's'} waiting for your quote`,
  toReview: (n: number) => `${n} quote${n === 1 ? '' : 's'} waiting for your answer`,
  noRequests: 'No quote requests waiting',
} as const;

const SHOWN = 3;

function DateTile({ date }: { date: string }) {
  const { day, month } = dayTile(date);
  return (
    <span
      aria-hidden="true"
      className="flex h-12 w-12 shrink-0 flex-col items-center justify-center rounded-xl bg-brand-50 leading-none text-brand-800 dark:bg-brand-800/25 dark:text-brand-100"
    >
      <span className="text-lg font-extrabold">{day}</span>
      <span className="mt-0.5 text-[0.65rem] font-bold uppercase tracking-wide">{month}</span>
    </span>
  );
}

/** The dashboard's next bookings (up to three) and the quote requests that wait for this person. */
export function BookingsOverviewCard({ className = '' }: { className?: string }) {
  const titleId = useId();
  const { role } = useSession();
  const providerLike = role !== null && isProviderLike(role);
  const bookings = useBookings();
  // Either list answers the counts of both sides.
  const requests = useQuoteRequests(providerLike ? 'received' : 'sent');
  const next = bookings.data ? nextBookings(bookings.data.items, SHOWN) : [];
  const counts = requests.data?.counts;
  const waiting = counts
    ? [
        providerLike && counts.received_pending > 0
          ? {
              text: BOOKINGS_CARD_TEXT.toAnswer(counts.received_pending),
              to: buildPath(ROUTES.serviceRequests, undefined, { tab: 'received' }),
            }
          : null,
        counts.sent_quoted > 0
          ? {
              text: BOOKINGS_CARD_TEXT.toReview(counts.sent_quoted),
              to: buildPath(ROUTES.serviceRequests, undefined, { tab: 'sent' }),
            }
          : null,
      ].filter((w) => w !== null)
    : [];

  return (
    <section
      aria-labelledby={titleId}
      className={`rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6 ${className}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-bold tracking-tight">
          <CalendarDays aria-hidden="true" className="h-5 w-5 text-brand-700 dark:text-brand-500" />
          {BOOKINGS_CARD_TEXT.title}
        </h2>
        <ButtonLink to={ROUTES.schedule} variant="ghost" size="sm" className="-mr-2 shrink-0">
          {BOOKINGS_CARD_TEXT.schedule} <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </ButtonLink>
      </div>

      <div className="mt-3">
        {bookings.isPending ? (
          <div role="status" aria-label="Loading your bookings" className="grid gap-2">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : bookings.isError ? (
          <p className="text-sm text-muted-fg">
            {BOOKINGS_CARD_TEXT.failed}{' '}
            <button
              type="button"
              onClick={() => void bookings.refetch()}
              className="font-semibold text-brand-700 underline dark:text-brand-500"
            >
              {BOOKINGS_CARD_TEXT.retry}
            </button>
          </p>
        ) : next.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-4 text-sm text-muted-fg">
            {BOOKINGS_CARD_TEXT.none}
          </p>
        ) : (
          <ul className="grid grid-cols-1 gap-1">
            {next.map((b) => (
              <li key={b.id}>
                <AppLink
                  to={bookingPagePath(b.id)}
                  className="-mx-2 flex items-center gap-3 rounded-xl p-2 hover:bg-muted"
                >
                  <DateTile date={b.scheduled_date as string} />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-2">
                      <span className="truncate font-semibold">{b.title}</span>
                      <span className="shrink-0 text-sm font-semibold">
                        {formatMoney(b.price, b.currency)}
                      </span>
                    </span>
                    <span className="block truncate text-sm text-muted-fg">
                      {formatDateRange(b.scheduled_date as string, b.scheduled_end_date)} ·{' '}
                      {otherParty(b).name}
                    </span>
                  </span>
                </AppLink>
              </li>
            ))}
          </ul>
        )}
      </div>

      {requests.data && (
        <div className="mt-4 border-t border-border pt-4">
          {waiting.length === 0 ? (
            <AppLink
              to={ROUTES.serviceRequests}
              className="inline-flex items-center gap-2 text-sm text-muted-fg hover:text-fg hover:underline"
            >
              <FileText aria-hidden="true" className="h-4 w-4" />
              {BOOKINGS_CARD_TEXT.noRequests}
            </AppLink>
          ) : (
            <ul className="grid gap-2">
              {waiting.map((w) => (
                <li key={w.to}>
                  <AppLink
                    to={w.to}
                    className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-500"
                  >
                    <FileText aria-hidden="true" className="h-4 w-4" />
                    {w.text}
                  </AppLink>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
