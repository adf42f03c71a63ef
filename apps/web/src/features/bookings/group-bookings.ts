import type { Booking } from '@adwuma/shared';
import { todayIso } from './dates.ts';

export interface BookingDay {
  date: string;
  items: Booking[];
}

export interface BookingAgenda {
  /** Today and later, soonest first; a window counts while its last day has not passed. */
  upcoming: BookingDay[];
  /** Agreed without a date: to be arranged between the two. */
  undated: Booking[];
  /** Before today, most recent first. */
  past: BookingDay[];
}

const lastDay = (b: Booking) => b.scheduled_end_date ?? b.scheduled_date ?? '';

function byDay(items: Booking[], direction: 1 | -1): BookingDay[] {
  const days = new Map<string, Booking[]>();
  for (const b of items) {
    const date = b.scheduled_date as string;
    days.set(date, [...(days.get(date) ?? []), b]);
  }
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? -direction : a > b ? direction : 0))
    .map(([date, list]) => ({
      date,
      items: list.sort((a, b) => a.created_at.localeCompare(b.created_at)),
    }));
}

/** The agenda of `/schedule`: upcoming days, then bookings without a date, then past days. */
export function groupBookings(items: Booking[], now: Date = new Date()): BookingAgenda {
  const today = todayIso(now);
  const dated = items.filter((b) => b.scheduled_date);
  return {
    upcoming: byDay(
      dated.filter((b) => lastDay(b) >= today),
      1,
    ),
    undated: items.filter((b) => !b.scheduled_date).sort((a, b) => b.created_at.localeCompare(a.created_at)),
    past: byDay(
      dated.filter((b) => lastDay(b) < today),
      -1,
    ),
  };
}

/** The next `count` bookings still to come (dashboard). */
export function nextBookings(items: Booking[], count: number, now: Date = new Date()): Booking[] {
  return groupBookings(items, now)
    .upcoming.flatMap((d) => d.items)
    .filter((b) => b.status !== 'cancelled')
    .slice(0, count);
}
