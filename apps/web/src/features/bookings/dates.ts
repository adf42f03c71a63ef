import { daysBetween, toIsoDate } from '@adwuma/shared';

/**
 * Dates as people in Ghana read them. Africa/Accra is UTC all year, so a "YYYY-MM-DD" is read at UTC
 * midnight and "today" is the UTC date (the shared `toIsoDate`).
 */

const ZONE = 'Africa/Accra';
const part = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { ...options, timeZone: ZONE });
const WEEKDAY_SHORT = part({ weekday: 'short' });
const WEEKDAY_LONG = part({ weekday: 'long' });
const MONTH_SHORT = part({ month: 'short' });
const MONTH_LONG = part({ month: 'long' });

/** "Sat 14 Nov" / "Saturday 14 November", with the year when asked; one shape whatever the ICU data. */
function compose(d: Date, long: boolean, withYear: boolean): string {
  const weekday = (long ? WEEKDAY_LONG : WEEKDAY_SHORT).format(d);
  const month = (long ? MONTH_LONG : MONTH_SHORT).format(d);
  return `${weekday} ${d.getUTCDate()} ${month}${withYear ? ` ${d.getUTCFullYear()}` : ''}`;
}

const atMidnight = (iso: string) => new Date(`${iso}T00:00:00Z`);

export function todayIso(now: Date = new Date()): string {
  return toIsoDate(now);
}

/** "Sat 14 Nov", with the year when it is not this year's. */
export function formatDay(iso: string, now: Date = new Date()): string {
  const sameYear = iso.slice(0, 4) === todayIso(now).slice(0, 4);
  return compose(atMidnight(iso), false, !sameYear);
}

/** "Sat 14 Nov", or "Sat 14 Nov – Mon 16 Nov" for a window. */
export function formatDateRange(start: string, end: string | null, now: Date = new Date()): string {
  if (!end || end === start) return formatDay(start, now);
  return `${formatDay(start, now)} – ${formatDay(end, now)}`;
}

/** A heading for a day of the agenda: "Today", "Tomorrow", "Yesterday" or "Saturday 14 November". */
export function dayHeading(iso: string, now: Date = new Date()): { label: string; detail: string | null } {
  const offset = daysBetween(todayIso(now), iso);
  const sameYear = iso.slice(0, 4) === todayIso(now).slice(0, 4);
  const long = compose(atMidnight(iso), true, !sameYear);
  if (offset === 0) return { label: 'Today', detail: long };
  if (offset === 1) return { label: 'Tomorrow', detail: long };
  if (offset === -1) return { label: 'Yesterday', detail: long };
  return { label: long, detail: null };
}

/** "Expires in 3 days", "Expires in 5 hours", "Expires in less than an hour"; "Expired" after. */
export function expiryText(expiresAt: string, now: Date = new Date()): string {
  const ms = new Date(expiresAt).getTime() - now.getTime();
  if (Number.isNaN(ms)) return '';
  if (ms <= 0) return 'Expired';
  const hours = Math.floor(ms / 3_600_000);
  if (hours < 1) return 'Expires in less than an hour';
  if (hours < 24) return `Expires in ${hours} hour${hours === 1 ? '' : 's'}`;
  const days = Math.round(ms / 86_400_000);
  return `Expires in ${days} day${days === 1 ? '' : 's'}`;
}

/** The two parts of a calendar tile: "14" and "Nov". */
export function dayTile(iso: string): { day: string; month: string } {
  const d = atMidnight(iso);
  return { day: String(d.getUTCDate()), month: MONTH_SHORT.format(d) };
}
