import { daysBetween, formatDate, type Language, toIsoDate } from '@adwuma/shared';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useLanguage } from '../../i18n/index.ts';
import { useBookingsText } from './i18n.ts';

/**
 * Dates as people in Ghana read them, in English or Twi (the shared formatDate: Akan month and day
 * names by hand, the same on the server and every phone). Africa/Accra is UTC all year, so a
 * "YYYY-MM-DD" is read at UTC midnight and "today" is the UTC date (the shared `toIsoDate`).
 */

const atMidnight = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** "Sat 14 Nov" / "Mem, Ɔpɛ 14"; "Saturday 14 November" / "Memeneda, Ɔpɛpɔn 14"; with the year when asked. */
function compose(d: Date, long: boolean, withYear: boolean, language: Language): string {
  const text = long
    ? formatDate(d, language, 'weekday-day')
    : formatDate(d, language, 'moment').replace(/, \d\d:\d\d$/, '');
  if (!withYear) return text;
  return language === 'ak' ? `${text}, ${d.getUTCFullYear()}` : `${text} ${d.getUTCFullYear()}`;
}

/** English words for the plain functions other features call (dashboard, admin). */
const ENGLISH: Record<string, string> = {
  'dates.today': 'Today',
  'dates.tomorrow': 'Tomorrow',
  'dates.yesterday': 'Yesterday',
  'dates.expired': 'Expired',
  'dates.expiresSoon': 'Expires in less than an hour',
};
type Words = (key: string, options?: { count: number }) => string;
const englishWords: Words = (key, options) => {
  const n = options?.count ?? 0;
  if (key === 'dates.expiresHours') return `Expires in ${n} hour${n === 1 ? '' : 's'}`;
  if (key === 'dates.expiresDays') return `Expires in ${n} day${n === 1 ? '' : 's'}`;
  return ENGLISH[key] ?? key;
};

export function todayIso(now: Date = new Date()): string {
  return toIsoDate(now);
}

/** "Sat 14 Nov", with the year when it is not this year's. */
export function formatDay(iso: string, now: Date = new Date(), language: Language = 'en'): string {
  const sameYear = iso.slice(0, 4) === todayIso(now).slice(0, 4);
  return compose(atMidnight(iso), false, !sameYear, language);
}

/** "Sat 14 Nov", or "Sat 14 Nov – Mon 16 Nov" for a window. */
export function formatDateRange(
  start: string,
  end: string | null,
  now: Date = new Date(),
  language: Language = 'en',
): string {
  if (!end || end === start) return formatDay(start, now, language);
  return `${formatDay(start, now, language)} – ${formatDay(end, now, language)}`;
}

/** A heading for a day of the agenda: "Today", "Tomorrow", "Yesterday" or "Saturday 14 November". */
export function dayHeading(
  iso: string,
  now: Date = new Date(),
  language: Language = 'en',
  words: Words = englishWords,
): { label: string; detail: string | null } {
  const offset = daysBetween(todayIso(now), iso);
  const sameYear = iso.slice(0, 4) === todayIso(now).slice(0, 4);
  const long = compose(atMidnight(iso), true, !sameYear, language);
  if (offset === 0) return { label: words('dates.today'), detail: long };
  if (offset === 1) return { label: words('dates.tomorrow'), detail: long };
  if (offset === -1) return { label: words('dates.yesterday'), detail: long };
  return { label: long, detail: null };
}

/** "Expires in 3 days", "Expires in 5 hours", "Expires in less than an hour"; "Expired" after. */
export function expiryText(expiresAt: string, now: Date = new Date(), words: Words = englishWords): string {
  const ms = new Date(expiresAt).getTime() - now.getTime();
  if (Number.isNaN(ms)) return '';
  if (ms <= 0) return words('dates.expired');
  const hours = Math.floor(ms / 3_600_000);
  if (hours < 1) return words('dates.expiresSoon');
  if (hours < 24) return words('dates.expiresHours', { count: hours });
  const days = Math.round(ms / 86_400_000);
  return words('dates.expiresDays', { count: days });
}

/** The two parts of a calendar tile: "14" and "Nov" ("Ɔpɛ" in Twi). */
export function dayTile(iso: string, language: Language = 'en'): { day: string; month: string } {
  const d = atMidnight(iso);
  const parts = formatDate(d, language, 'short-day').replace(',', '').split(' ');
  // English "14 Nov 2026", Twi "Obu 14, 2026".
  return { day: String(d.getUTCDate()), month: (language === 'ak' ? parts[0] : parts[1]) ?? '' };
}

/** The long weekday: "Saturday" / "Memeneda". */
export function weekdayName(iso: string, language: Language = 'en'): string {
  const text = formatDate(atMidnight(iso), language, 'weekday-day');
  return text.split(/[ ,]/)[0] ?? text;
}

/** The short weekday: "Sat" / "Mem". */
export function weekdayShort(iso: string, language: Language = 'en'): string {
  return weekdayName(iso, language).slice(0, 3);
}

/** The date helpers bound to the page's language and the bookings texts. */
export function useDates() {
  const language = useLanguage();
  const { t } = useBookingsText();
  return useMemo(
    () => ({
      language,
      t: t as TFunction,
      formatDay: (iso: string, now?: Date) => formatDay(iso, now, language),
      formatDateRange: (start: string, end: string | null, now?: Date) =>
        formatDateRange(start, end, now, language),
      dayHeading: (iso: string, now?: Date) => dayHeading(iso, now, language, t as unknown as Words),
      expiryText: (expiresAt: string, now?: Date) => expiryText(expiresAt, now, t as unknown as Words),
      dayTile: (iso: string) => dayTile(iso, language),
      /** "Tue 24 Nov, 14:00" (Ghana time = UTC). */
      formatMoment: (iso: string, now?: Date) => formatMoment(iso, now, language),
    }),
    [t, language],
  );
}

/** "Tue 24 Nov, 14:00" (Ghana time = UTC). */
export function formatMoment(iso: string, now: Date = new Date(), language: Language = 'en'): string {
  return `${formatDay(iso.slice(0, 10), now, language)}, ${iso.slice(11, 16)}`;
}
