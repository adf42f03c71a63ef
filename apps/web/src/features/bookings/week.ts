import { type Booking, toIsoDate } from '@adwuma/shared';

/**
 * The week view's arithmetic. Africa/Accra is UTC all year, so dates are UTC dates and a booking's
 * "HH:MM" is UTC too. Weeks run Monday to Sunday.
 */

/** A list item; its time is read when the list carries it (the detail always does). */
export type ScheduleBooking = Booking & { start_time?: string | null; duration_minutes?: number | null };

export const WEEK_HOURS = { first: 7, last: 20 } as const;
const DAY_MINUTES = (WEEK_HOURS.last - WEEK_HOURS.first) * 60;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `iso` moved by `days` (UTC, so no daylight-saving surprises). */
export function addDays(iso: string, days: number): string {
  return toIsoDate(new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000));
}

/** The Monday of the week holding `iso` (a valid YYYY-MM-DD), or of this week when it is not one. */
export function weekStart(iso: string | null, now: Date = new Date()): string {
  const base =
    iso && ISO_DATE.test(iso) && !Number.isNaN(Date.parse(`${iso}T00:00:00Z`)) ? iso : toIsoDate(now);
  const d = new Date(`${base}T00:00:00Z`);
  const sinceMonday = (d.getUTCDay() + 6) % 7;
  return addDays(base, -sinceMonday);
}

/** The seven dates of the week starting on `monday`. */
export function weekDates(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

function minutes(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/**
 * Where a timed block sits in a day column, as percentages of the 07:00–20:00 span (clipped to it).
 * A booking without a duration shows as one hour.
 */
export function placeBlock(startTime: string, durationMinutes: number | null | undefined) {
  const start = minutes(startTime) - WEEK_HOURS.first * 60;
  const end = start + (durationMinutes ?? 60);
  const top = Math.min(Math.max(start, 0), DAY_MINUTES - 15);
  const bottom = Math.min(Math.max(end, top + 15), DAY_MINUTES);
  return { top: (top / DAY_MINUTES) * 100, height: ((bottom - top) / DAY_MINUTES) * 100 };
}

/** "09:30–11:00", or just the start without a duration. */
export function timeRange(startTime: string, durationMinutes: number | null | undefined): string {
  if (!durationMinutes) return startTime;
  const end = minutes(startTime) + durationMinutes;
  const hh = String(Math.floor(end / 60) % 24).padStart(2, '0');
  const mm = String(end % 60).padStart(2, '0');
  return `${startTime}–${hh}:${mm}`;
}

/** "1 h 30 min", "45 min", "2 h". */
export function formatDuration(total: number): string {
  const h = Math.floor(total / 60);
  const m = total % 60;
  return [h ? `${h} h` : '', m ? `${m} min` : ''].filter(Boolean).join(' ');
}

/** Whether a booking (a date, maybe a window) falls on `date`. */
export function coversDate(
  b: { scheduled_date: string | null; scheduled_end_date: string | null },
  date: string,
) {
  if (!b.scheduled_date) return false;
  return b.scheduled_date <= date && date <= (b.scheduled_end_date ?? b.scheduled_date);
}
