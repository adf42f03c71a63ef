import { formatDate, type Language } from '@adwuma/shared';

const DAY_MS = 86_400_000;
/** The calendar day in Accra (formatDate's time zone), to compare days. */
const dayOf = (value: Date | string) => formatDate(value, 'en', 'short-day');

/** The day separator of a thread: "Today", "Yesterday", "Monday 23 November" (with the year when not this one). */
export function dayLabel(
  iso: string,
  language: Language,
  words: { today: string; yesterday: string },
  now: Date = new Date(),
): string {
  const day = dayOf(iso);
  if (day === dayOf(now)) return words.today;
  if (day === dayOf(new Date(now.getTime() - DAY_MS))) return words.yesterday;
  const sameYear = new Date(iso).getUTCFullYear() === now.getUTCFullYear();
  return formatDate(iso, language, sameYear ? 'weekday-day' : 'day');
}

/** The time of a message: "14:05" today, "Mon 23 Nov, 14:05" this week, else "12 Nov 2026". */
export function timeLabel(iso: string, language: Language, now: Date = new Date()): string {
  if (dayOf(iso) === dayOf(now)) return formatDate(iso, language, 'time');
  const days = (now.getTime() - new Date(iso).getTime()) / DAY_MS;
  return formatDate(iso, language, days < 6 ? 'moment' : 'short-day');
}
