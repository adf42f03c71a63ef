import type { Language } from '@adwuma/shared';
import type { TFunction } from 'i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import type { ProviderHours } from './api/get-provider-hours.ts';
import { otherParty } from './booking-item.tsx';
import { dayTile, todayIso, useDates, weekdayName, weekdayShort } from './dates.ts';
import { bookingPagePath } from './links.ts';
import {
  addDays,
  coversDate,
  placeBlock,
  type ScheduleBooking,
  timeRange,
  WEEK_HOURS,
  weekDates,
  weekStart,
} from './week.ts';

const HOURS = Array.from({ length: WEEK_HOURS.last - WEEK_HOURS.first }, (_, i) => WEEK_HOURS.first + i);
const HOUR_HEIGHT_REM = 3;
const at = (iso: string) => new Date(`${iso}T00:00:00Z`);

const STATUS_STYLES: Record<string, string> = {
  completed: 'border-leaf-600 bg-leaf-600/10',
  cancelled: 'border-border bg-muted text-muted-fg line-through',
  disputed: 'border-danger bg-danger/10',
};
const blockStyle = (status: string, highlighted: boolean) =>
  `${STATUS_STYLES[status] ?? 'border-brand-600 bg-brand-50 dark:bg-brand-800/30'} ${highlighted ? 'ring-2 ring-brand-500' : ''}`;

/** "23 – 29 November 2026", "30 Nov – 6 Dec 2026". */
export function weekTitle(monday: string, language: Language = 'en'): string {
  const sunday = addDays(monday, 6);
  const a = dayTile(monday, language);
  const b = dayTile(sunday, language);
  const year = sunday.slice(0, 4);
  if (language === 'ak')
    return a.month === b.month
      ? `${b.month} ${a.day} – ${b.day}, ${year}`
      : `${a.month} ${a.day} – ${b.month} ${b.day}, ${year}`;
  return a.month === b.month
    ? `${a.day} – ${b.day} ${b.month} ${year}`
    : `${a.day} ${a.month} – ${b.day} ${b.month} ${year}`;
}

function bookingLabel(t: TFunction, b: ScheduleBooking, status: string) {
  const time = b.start_time ? `${timeRange(b.start_time, b.duration_minutes)} ` : '';
  return `${time}${t('week.label', { title: b.title, name: otherParty(b).name, status })}`;
}

/**
 * `/schedule` on wide screens: Monday to Sunday, 07:00–20:00. Bookings with a time are blocks in
 * their hours; those with a date only sit in the all-day row. A provider sees their open hours
 * shaded.
 */
export function WeekView({
  items,
  monday,
  hours,
  highlight,
  weekHref,
  statusLabel,
  now = new Date(),
}: {
  items: ScheduleBooking[];
  monday: string;
  hours: ProviderHours | null | undefined;
  highlight: string | null;
  /** The `/schedule` link showing the week of a given Monday (other query kept). */
  weekHref: (monday: string | null) => string;
  statusLabel: (status: string) => string;
  now?: Date;
}) {
  const { t, language, formatDay } = useDates();
  const WEEK_TEXT = {
    previous: t('week.previous'),
    next: t('week.next'),
    today: t('week.today'),
    open: t('week.open'),
    openHint: t('week.openHint'),
    empty: t('week.empty'),
  };
  const dayName = (date: string) => `${weekdayName(date, language)} ${dayTile(date).day}`;
  const days = weekDates(monday);
  const today = todayIso(now);
  const dated = items.filter((b) => b.scheduled_date);
  const allDay = (date: string) => dated.filter((b) => !b.start_time && coversDate(b, date));
  const timed = (date: string) => dated.filter((b) => b.start_time && b.scheduled_date === date);
  const openOn = (date: string) => {
    const day = hours?.days.find((d) => d.weekday === at(date).getUTCDay());
    return day && !day.closed && day.opens && day.closes ? { opens: day.opens, closes: day.closes } : null;
  };
  const hasAllDay = days.some((d) => allDay(d).length > 0);
  const sunday = days[6] as string;
  const inWeek = dated.some((b) => days.some((d) => coversDate(b, d)));
  // With an empty week, the way to the next one that holds something.
  const nextDate = inWeek
    ? null
    : (dated
        .map((b) => b.scheduled_date as string)
        .filter((d) => d > sunday && d >= today)
        .sort()[0] ?? null);

  return (
    <section
      aria-label={t('week.weekOf', { title: weekTitle(monday, language) })}
      className="rounded-2xl border border-border bg-card shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border p-4">
        <h2 className="text-lg font-bold tracking-tight">{weekTitle(monday, language)}</h2>
        <nav aria-label={t('week.weeks')} className="flex items-center gap-2">
          {hours && (
            <span className="mr-2 inline-flex items-center gap-1.5 text-xs text-muted-fg">
              <span
                aria-hidden="true"
                className="h-3 w-3 rounded-sm bg-leaf-600/15 ring-1 ring-leaf-600/30"
              />
              {WEEK_TEXT.openHint}
            </span>
          )}
          <Link
            to={weekHref(addDays(monday, -7))}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">{WEEK_TEXT.previous}</span>
          </Link>
          <Link to={weekHref(null)} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            {WEEK_TEXT.today}
          </Link>
          <Link
            to={weekHref(addDays(monday, 7))}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            <span className="sr-only">{WEEK_TEXT.next}</span>
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        </nav>
      </div>

      {!inWeek && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-border bg-muted/40 px-4 py-2.5 text-sm text-muted-fg">
          {WEEK_TEXT.empty}
          {nextDate && (
            <Link
              to={weekHref(weekStart(nextDate))}
              className="font-semibold text-brand-700 hover:underline dark:text-brand-500"
            >
              {t('week.nextOn', { day: formatDay(nextDate, now) })}
            </Link>
          )}
        </p>
      )}
      <div className="grid grid-cols-[3.5rem_repeat(7,minmax(0,1fr))]">
        <div aria-hidden="true" className="border-b border-border" />
        {days.map((date) => {
          const tile = dayTile(date);
          const isToday = date === today;
          return (
            <div key={date} className="border-b border-l border-border px-2 py-2 text-center">
              <span className="block text-xs font-semibold uppercase tracking-wide text-muted-fg">
                {weekdayShort(date, language)}
              </span>
              <span
                className={`mx-auto mt-0.5 flex h-8 w-8 items-center justify-center rounded-full text-base font-bold ${isToday ? 'bg-brand-600 text-white' : ''}`}
              >
                {tile.day}
              </span>
            </div>
          );
        })}

        {hasAllDay && (
          <>
            <div className="border-b border-border px-1 py-2 text-right text-[0.65rem] font-semibold uppercase text-muted-fg">
              {t('week.allDay')}
            </div>
            {days.map((date) => (
              <ul
                key={date}
                aria-label={t('week.allDayOf', { day: dayName(date) })}
                className="grid min-w-0 content-start gap-1 overflow-hidden border-b border-l border-border p-1"
              >
                {allDay(date).map((b) => (
                  <li key={b.id} className="min-w-0">
                    <Link
                      to={bookingPagePath(b.id)}
                      aria-label={bookingLabel(t, b, statusLabel(b.status))}
                      title={b.title}
                      aria-current={b.id === highlight ? 'true' : undefined}
                      className={`block truncate rounded-md border-l-4 px-1.5 py-1 text-xs font-semibold hover:brightness-95 ${blockStyle(b.status, b.id === highlight)}`}
                    >
                      {b.title}
                    </Link>
                  </li>
                ))}
              </ul>
            ))}
          </>
        )}

        <div
          aria-hidden="true"
          className="relative"
          style={{ height: `${HOURS.length * HOUR_HEIGHT_REM}rem` }}
        >
          {HOURS.map((h, i) => (
            <span
              key={h}
              className="absolute right-2 -translate-y-1/2 text-[0.7rem] text-muted-fg"
              style={{ top: `${i * HOUR_HEIGHT_REM}rem` }}
            >
              {i === 0 ? '' : `${String(h).padStart(2, '0')}:00`}
            </span>
          ))}
        </div>
        {days.map((date) => {
          const open = openOn(date);
          const shade = open ? placeBlock(open.opens, toMinutes(open.closes) - toMinutes(open.opens)) : null;
          return (
            <div
              key={date}
              className={`relative border-l border-border ${date === today ? 'bg-brand-50/40 dark:bg-brand-800/10' : ''}`}
              style={{
                height: `${HOURS.length * HOUR_HEIGHT_REM}rem`,
                backgroundImage: 'linear-gradient(to bottom, var(--color-border) 1px, transparent 1px)',
                backgroundSize: `100% ${HOUR_HEIGHT_REM}rem`,
              }}
            >
              {shade && (
                <div
                  aria-hidden="true"
                  data-testid={`open-${date}`}
                  title={`${WEEK_TEXT.open} ${open?.opens}–${open?.closes}`}
                  className="absolute inset-x-0 bg-leaf-600/10"
                  style={{ top: `${shade.top}%`, height: `${shade.height}%` }}
                />
              )}
              <ul aria-label={dayName(date)} className="absolute inset-0">
                {timed(date).map((b) => {
                  const place = placeBlock(b.start_time as string, b.duration_minutes);
                  return (
                    <li
                      key={b.id}
                      className="absolute inset-x-1"
                      style={{ top: `${place.top}%`, height: `${place.height}%` }}
                    >
                      <Link
                        to={bookingPagePath(b.id)}
                        aria-label={bookingLabel(t, b, statusLabel(b.status))}
                        title={b.title}
                        aria-current={b.id === highlight ? 'true' : undefined}
                        className={`block h-full overflow-hidden rounded-md border-l-4 px-1.5 py-1 text-xs hover:brightness-95 ${blockStyle(b.status, b.id === highlight)}`}
                      >
                        <span className="block font-semibold">
                          {timeRange(b.start_time as string, b.duration_minutes)}
                        </span>
                        <span className="block truncate">{b.title}</span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })}
      </div>
    </section>
  );
}

function toMinutes(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}
