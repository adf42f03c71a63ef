import { BOOKING_STATUS_LABELS, type Booking, type BookingStatus, formatMoney } from '@adwuma/shared';
import type { TFunction } from 'i18next';
import { Briefcase, CalendarDays, FileText, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { PersonChip } from '../../components/ui/person-chip.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { buildPath, ROUTES } from '../../lib/routes.ts';
import { useDates } from './dates.ts';
import { useBookingsText } from './i18n.ts';
import { bookingPagePath, quoteRequestPath } from './links.ts';
import { type ScheduleBooking, timeRange } from './week.ts';

const STATUS_TONES: Record<BookingStatus, BadgeTone> = {
  scheduled: 'brand',
  in_progress: 'brand',
  awaiting_confirmation: 'brand',
  completed: 'leaf',
  cancelled: 'neutral',
  disputed: 'danger',
};

/** A booking's status as a badge reads it (BOOKING_STATUS_LABELS); unknown states read as words. */
export function bookingStatus(status: string, t?: TFunction): { label: string; tone: BadgeTone } {
  if (status in BOOKING_STATUS_LABELS) {
    const known = status as BookingStatus;
    return { label: t ? t(`status.${known}`) : BOOKING_STATUS_LABELS[known], tone: STATUS_TONES[known] };
  }
  return {
    label: status.charAt(0).toUpperCase() + status.slice(1).replaceAll('_', ' '),
    tone: 'neutral',
  };
}

/** "Provider" / "Customer" in the page's language. */
export function partyLabel(t: TFunction, label: 'Provider' | 'Customer'): string {
  return label === 'Provider' ? t('item.provider') : t('item.customer');
}

/** The person on the other side of a booking. */
export function otherParty(b: Booking) {
  return b.role === 'customer'
    ? { ...b.provider, label: 'Provider' as const }
    : { ...b.customer, label: 'Customer' as const, verified: false, slug: null };
}

function Line({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-2">
      <dt className="mt-0.5 shrink-0 text-muted-fg">
        {icon}
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** Where the booking came from: a hired job or an accepted quote, linked. */
function Source({ booking }: { booking: Booking }) {
  const { t } = useBookingsText();
  const link = 'font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-500';
  if (booking.source === 'bid' && booking.job_id) {
    return (
      <Link to={buildPath(ROUTES.task, { id: booking.job_id })} className={link}>
        {t('item.fromJob')}
      </Link>
    );
  }
  if (booking.source === 'quote' && booking.quote_request_id) {
    return (
      <Link
        to={quoteRequestPath(booking.quote_request_id, booking.role === 'customer' ? 'sent' : 'received')}
        className={link}
      >
        {t('item.fromQuote')}
      </Link>
    );
  }
  return <span>{booking.source === 'bid' ? t('item.fromJob') : t('item.fromQuote')}</span>;
}

export function BookingItem({
  booking,
  highlighted = false,
  headingLevel = 4,
}: {
  booking: ScheduleBooking;
  highlighted?: boolean;
  /** One below the heading the item sits under (a day's h3 by default). */
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  const { t } = useBookingsText();
  const { formatDateRange } = useDates();
  const other = otherParty(booking);
  const status = bookingStatus(booking.status, t);
  const place = [booking.address, booking.city].filter(Boolean).join(', ');
  return (
    <article
      id={`booking-${booking.id}`}
      aria-label={t('item.with', { title: booking.title, name: other.name })}
      aria-current={highlighted ? 'true' : undefined}
      className={`rounded-2xl border bg-card p-4 shadow-sm sm:p-5 ${highlighted ? 'border-brand-500 ring-2 ring-brand-500/30' : 'border-border'}`}
    >
      <div className="flex items-start justify-between gap-3">
        <Heading className="min-w-0 font-semibold leading-snug">
          <Link
            to={bookingPagePath(booking.id)}
            className="hover:text-brand-700 hover:underline dark:hover:text-brand-500"
          >
            {booking.title}
          </Link>
        </Heading>
        <p className="shrink-0 text-right font-extrabold">{formatMoney(booking.price, booking.currency)}</p>
      </div>
      <div className="mt-3 flex items-center justify-between gap-3">
        <PersonChip
          person={other}
          sub={partyLabel(t, other.label)}
          size="sm"
          className="flex min-w-0 items-center gap-2.5"
        />
        <Badge tone={status.tone} className="shrink-0">
          {status.label}
        </Badge>
      </div>
      <dl className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
        <Line icon={<CalendarDays aria-hidden="true" className="h-4 w-4" />} label={t('item.date')}>
          {booking.scheduled_date ? (
            `${formatDateRange(booking.scheduled_date, booking.scheduled_end_date)}${booking.start_time ? `, ${timeRange(booking.start_time, booking.duration_minutes)}` : ''}`
          ) : (
            <span className="text-muted-fg">{t('item.dateTbc')}</span>
          )}
        </Line>
        <Line icon={<MapPin aria-hidden="true" className="h-4 w-4" />} label={t('item.place')}>
          {place || <span className="text-muted-fg">{t('item.placeTbc')}</span>}
        </Line>
        <Line
          icon={
            booking.source === 'bid' ? (
              <Briefcase aria-hidden="true" className="h-4 w-4" />
            ) : (
              <FileText aria-hidden="true" className="h-4 w-4" />
            )
          }
          label={t('item.source')}
        >
          <Source booking={booking} />
        </Line>
      </dl>
    </article>
  );
}

export function BookingItemSkeleton() {
  return (
    <div className="rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5">
      <div className="flex justify-between gap-3">
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-5 w-20" />
      </div>
      <div className="mt-3 flex items-center gap-2.5">
        <Skeleton className="h-8 w-8 rounded-full" />
        <Skeleton className="h-4 w-28" />
      </div>
      <Skeleton className="mt-3 h-4 w-2/3" />
    </div>
  );
}
