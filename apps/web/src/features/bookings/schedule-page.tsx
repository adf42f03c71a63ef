import { isProviderLike } from '@adwuma/shared';
import {
  Briefcase,
  CalendarClock,
  CalendarDays,
  CalendarX2,
  ClipboardList,
  FileText,
  History,
  Search,
} from 'lucide-react';
import { type ReactNode, useEffect, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { buildPath, ROUTES } from '../../lib/routes.ts';
import { useSession } from '../auth/index.ts';
import { useBooking } from './api/get-booking.ts';
import { type Booking, type BookingRole, useBookings } from './api/get-bookings.ts';
import { useProviderHours } from './api/get-provider-hours.ts';
import { BookingItem, BookingItemSkeleton, bookingStatus } from './booking-item.tsx';
import { todayIso, useDates } from './dates.ts';
import { type BookingDay, groupBookings } from './group-bookings.ts';
import { useBookingsText } from './i18n.ts';
import { useWideScreen } from './use-wide-screen.ts';
import { weekStart } from './week.ts';
import { WeekView } from './week-view.tsx';

/** The schedule's words in the page's language (src/locales/<language>/bookings.json, "schedule"). */
function useScheduleText() {
  const { t } = useBookingsText();
  const keys = [
    'title',
    'lead',
    'upcoming',
    'undated',
    'undatedHint',
    'past',
    'emptyTitle',
    'emptyText',
    'find',
    'findText',
    'postJob',
    'postJobText',
    'requests',
    'requestsText',
    'jobs',
    'jobsText',
    'moreTitle',
    'timeNote',
    'noneUpcoming',
    'loadFailed',
    'retry',
    'all',
    'asProvider',
    'asCustomer',
  ] as const;
  const text = Object.fromEntries(keys.map((k) => [k, t(`schedule.${k}`)])) as Record<
    (typeof keys)[number],
    string
  >;
  return { ...text, today: (label: string) => t('schedule.today', { label }), t };
}

function Days({ days, highlight }: { days: BookingDay[]; highlight: string | null }) {
  const { dayHeading } = useDates();
  return (
    <ol className="grid gap-6">
      {days.map((day) => {
        const heading = dayHeading(day.date);
        return (
          <li key={day.date}>
            <h3 className="flex flex-wrap items-baseline gap-x-2 text-sm font-bold">
              <time dateTime={day.date}>{heading.label}</time>
              {heading.detail && <span className="font-medium text-muted-fg">{heading.detail}</span>}
            </h3>
            <ul className="mt-2 grid gap-3">
              {day.items.map((b) => (
                <li key={b.id}>
                  <BookingItem booking={b} highlighted={b.id === highlight} />
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}

function Group({
  id,
  icon,
  title,
  count,
  hint,
  collapsed = false,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  count: number;
  hint?: string;
  /** Folded away until opened (the past). */
  collapsed?: boolean;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className="inline-flex items-center gap-2 text-lg font-bold tracking-tight">
      {icon}
      {title}
      <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-bold text-muted-fg">{count}</span>
    </h2>
  );
  if (collapsed) {
    return (
      <section aria-labelledby={id}>
        <details>
          <summary className="cursor-pointer rounded-lg py-1 marker:text-muted-fg">{heading}</summary>
          <div className="mt-3">{children}</div>
        </details>
      </section>
    );
  }
  return (
    <section aria-labelledby={id}>
      {heading}
      {hint && <p className="mt-1 text-sm text-muted-fg">{hint}</p>}
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Agenda({ items, highlight }: { items: Booking[]; highlight: string | null }) {
  const SCHEDULE_TEXT = useScheduleText();
  const { dayHeading } = useDates();
  const uid = useId();
  const agenda = groupBookings(items);
  const count = (days: BookingDay[]) => days.reduce((n, d) => n + d.items.length, 0);
  const today = dayHeading(todayIso());
  return (
    <div className="grid gap-8">
      <p className="-mb-4 text-sm font-semibold text-muted-fg">
        {SCHEDULE_TEXT.today(today.detail ?? today.label)}
      </p>
      <Group
        id={`${uid}-upcoming`}
        icon={<CalendarClock aria-hidden="true" className="h-5 w-5 text-brand-600" />}
        title={SCHEDULE_TEXT.upcoming}
        count={count(agenda.upcoming)}
      >
        {agenda.upcoming.length > 0 ? (
          <Days days={agenda.upcoming} highlight={highlight} />
        ) : (
          <p className="rounded-xl border border-dashed border-border p-4 text-sm text-muted-fg">
            {SCHEDULE_TEXT.noneUpcoming}
          </p>
        )}
      </Group>
      {agenda.undated.length > 0 && (
        <Group
          id={`${uid}-undated`}
          icon={<CalendarX2 aria-hidden="true" className="h-5 w-5 text-muted-fg" />}
          title={SCHEDULE_TEXT.undated}
          count={agenda.undated.length}
          hint={SCHEDULE_TEXT.undatedHint}
        >
          <ul className="grid gap-3">
            {agenda.undated.map((b) => (
              <li key={b.id}>
                <BookingItem booking={b} highlighted={b.id === highlight} headingLevel={3} />
              </li>
            ))}
          </ul>
        </Group>
      )}
      {agenda.past.length > 0 && (
        <Group
          id={`${uid}-past`}
          icon={<History aria-hidden="true" className="h-5 w-5 text-muted-fg" />}
          title={SCHEDULE_TEXT.past}
          count={count(agenda.past)}
          collapsed
        >
          <Days days={agenda.past} highlight={highlight} />
        </Group>
      )}
    </div>
  );
}

/** Bookings agreed without a date (below the week, which has no place for them). */
function Undated({ items, highlight }: { items: Booking[]; highlight: string | null }) {
  const SCHEDULE_TEXT = useScheduleText();
  const uid = useId();
  const undated = groupBookings(items).undated;
  if (undated.length === 0) return null;
  return (
    <Group
      id={`${uid}-undated`}
      icon={<CalendarX2 aria-hidden="true" className="h-5 w-5 text-muted-fg" />}
      title={SCHEDULE_TEXT.undated}
      count={undated.length}
      hint={SCHEDULE_TEXT.undatedHint}
    >
      <ul className="grid gap-3 xl:grid-cols-2">
        {undated.map((b) => (
          <li key={b.id}>
            <BookingItem booking={b} highlighted={b.id === highlight} headingLevel={3} />
          </li>
        ))}
      </ul>
    </Group>
  );
}

/** Where bookings come from, beside the agenda (below it on phones). */
function MoreWays({ providerView }: { providerView: boolean }) {
  const SCHEDULE_TEXT = useScheduleText();
  const uid = useId();
  const links = [
    {
      to: ROUTES.serviceRequests,
      label: SCHEDULE_TEXT.requests,
      text: SCHEDULE_TEXT.requestsText,
      icon: FileText,
    },
    ...(providerView
      ? [{ to: ROUTES.jobs, label: SCHEDULE_TEXT.jobs, text: SCHEDULE_TEXT.jobsText, icon: Briefcase }]
      : []),
    { to: ROUTES.search, label: SCHEDULE_TEXT.find, text: SCHEDULE_TEXT.findText, icon: Search },
    {
      to: ROUTES.postJob,
      label: SCHEDULE_TEXT.postJob,
      text: SCHEDULE_TEXT.postJobText,
      icon: ClipboardList,
    },
  ];
  return (
    <aside
      aria-labelledby={uid}
      className="self-start rounded-2xl border border-border bg-card p-5 shadow-sm"
    >
      <h2 id={uid} className="font-bold tracking-tight">
        {SCHEDULE_TEXT.moreTitle}
      </h2>
      <ul className="mt-3 grid gap-1">
        {links.map(({ to, label, text, icon: Icon }) => (
          <li key={to}>
            <Link to={to} className="flex items-start gap-3 rounded-xl p-2.5 hover:bg-muted">
              <Icon
                aria-hidden="true"
                className="mt-0.5 h-5 w-5 shrink-0 text-brand-700 dark:text-brand-500"
              />
              <span>
                <span className="block text-sm font-semibold">{label}</span>
                <span className="block text-xs text-muted-fg">{text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-3 border-t border-border pt-3 text-xs text-muted-fg">{SCHEDULE_TEXT.timeNote}</p>
    </aside>
  );
}

/** A booking linked to (`?booking=`) that the list on screen does not hold (another filter). */
function LinkedBooking({ id }: { id: string }) {
  const booking = useBooking(id);
  if (!booking.data) return null;
  return (
    <div className="mb-8">
      <BookingItem booking={booking.data} highlighted headingLevel={2} />
    </div>
  );
}

/**
 * `/schedule`: the person's bookings as an agenda (issue 8 turns it into a calendar): upcoming days
 * first, then bookings without a date, then the past. A provider may look at one side only.
 */
export function SchedulePage() {
  const SCHEDULE_TEXT = useScheduleText();
  const ROLE_FILTERS: { value: BookingRole | undefined; label: string }[] = [
    { value: undefined, label: SCHEDULE_TEXT.all },
    { value: 'provider', label: SCHEDULE_TEXT.asProvider },
    { value: 'customer', label: SCHEDULE_TEXT.asCustomer },
  ];
  const { role } = useSession();
  const providerView = role !== null && isProviderLike(role);
  const [params, setParams] = useSearchParams();
  const roleParam = params.get('role');
  const filter: BookingRole | undefined =
    providerView && (roleParam === 'provider' || roleParam === 'customer') ? roleParam : undefined;
  const highlight = params.get('booking');
  const bookings = useBookings(filter);
  useDocumentTitle(SCHEDULE_TEXT.title);

  const items = bookings.data?.items ?? [];
  const listed = items.some((b) => b.id === highlight);
  const wide = useWideScreen();
  const hours = useProviderHours(wide && providerView);
  // The week in the URL; without one, the highlighted booking's week, else this week.
  const linkedDate = items.find((b) => b.id === highlight)?.scheduled_date ?? null;
  const monday = weekStart(params.get('week') ?? linkedDate);
  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    return next;
  };
  const weekHref = (start: string | null) => {
    const qs = withParams({ week: start, booking: null }).toString();
    return qs ? `${ROUTES.schedule}?${qs}` : ROUTES.schedule;
  };

  // Bring the booking someone was sent to into view once it is on screen.
  useEffect(() => {
    if (!highlight || !listed) return;
    document.getElementById(`booking-${highlight}`)?.scrollIntoView?.({ block: 'center' });
  }, [highlight, listed]);

  return (
    <div className="pb-12">
      <header className="border-b border-border bg-gradient-to-b from-brand-50 to-bg dark:from-brand-800/15">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 sm:flex-row sm:items-end sm:justify-between sm:px-6 sm:py-10">
          <div>
            <h1 className="flex items-center gap-2 text-2xl font-extrabold tracking-tight sm:text-4xl">
              <CalendarDays aria-hidden="true" className="h-7 w-7 text-brand-600 sm:h-8 sm:w-8" />
              {SCHEDULE_TEXT.title}
            </h1>
            <p className="mt-2 text-muted-fg">{SCHEDULE_TEXT.lead}</p>
          </div>
          {providerView && (
            <nav
              aria-label={SCHEDULE_TEXT.t('schedule.show')}
              className="flex gap-1 self-start rounded-full border border-border bg-card p-1 sm:self-auto"
            >
              {ROLE_FILTERS.map(({ value, label }) => {
                const current = filter === value;
                return (
                  <Link
                    key={label}
                    to={buildPath(ROUTES.schedule, undefined, { role: value })}
                    aria-current={current ? 'page' : undefined}
                    onClick={(event) => {
                      event.preventDefault();
                      setParams(withParams({ role: value ?? null }));
                    }}
                    className={`inline-flex min-h-9 items-center rounded-full px-3 text-sm font-semibold ${current ? 'bg-brand-600 text-white' : 'text-muted-fg hover:bg-muted hover:text-fg'}`}
                  >
                    {label}
                  </Link>
                );
              })}
            </nav>
          )}
        </div>
      </header>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-6 sm:px-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className={`min-w-0 ${bookings.isSuccess && items.length === 0 ? 'lg:col-span-2' : ''}`}>
          {bookings.isPending ? (
            <div role="status" aria-label={SCHEDULE_TEXT.t('schedule.loading')} className="grid gap-3">
              <BookingItemSkeleton />
              <BookingItemSkeleton />
              <BookingItemSkeleton />
            </div>
          ) : bookings.isError ? (
            <Alert tone="danger" role="alert" title={SCHEDULE_TEXT.loadFailed}>
              <p>{bookings.error.message}</p>
              <Button
                size="sm"
                className="mt-3"
                onClick={() => void bookings.refetch()}
                busy={bookings.isFetching}
              >
                {SCHEDULE_TEXT.retry}
              </Button>
            </Alert>
          ) : (
            <>
              {highlight && !listed && <LinkedBooking id={highlight} />}
              {items.length === 0 ? (
                <div className="rounded-2xl border border-dashed border-border px-4 py-12 text-center">
                  <CalendarDays aria-hidden="true" className="mx-auto h-10 w-10 text-muted-fg" />
                  <p className="mt-3 text-lg font-semibold">{SCHEDULE_TEXT.emptyTitle}</p>
                  <p className="mx-auto mt-1 max-w-md text-sm text-muted-fg">{SCHEDULE_TEXT.emptyText}</p>
                  <div className="mt-5 flex flex-wrap justify-center gap-2">
                    <ButtonLink to={ROUTES.search}>
                      <Search aria-hidden="true" className="h-4 w-4" /> {SCHEDULE_TEXT.find}
                    </ButtonLink>
                    <ButtonLink to={ROUTES.postJob} variant="outline">
                      <FileText aria-hidden="true" className="h-4 w-4" /> {SCHEDULE_TEXT.postJob}
                    </ButtonLink>
                  </div>
                </div>
              ) : wide ? (
                <div className="grid gap-8">
                  <WeekView
                    items={items}
                    monday={monday}
                    hours={providerView ? hours.data : null}
                    highlight={highlight}
                    weekHref={weekHref}
                    statusLabel={(status) => bookingStatus(status, SCHEDULE_TEXT.t).label}
                  />
                  <Undated items={items} highlight={highlight} />
                </div>
              ) : (
                <Agenda items={items} highlight={highlight} />
              )}
            </>
          )}
        </div>
        {/* With nothing booked, the empty state itself offers these ways. */}
        {(bookings.isPending || items.length > 0) && <MoreWays providerView={providerView} />}
      </div>
    </div>
  );
}
