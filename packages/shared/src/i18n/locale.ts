/**
 * Issue 21: the languages Adwuma speaks and how it writes amounts and dates in each. English is the
 * source; Asante Twi ('ak', written for Ghana: ak-GH) is the first translation. Dates are written
 * here from CLDR's names, not by Intl's locale data: that data comes with each runtime's ICU build
 * (Node's, each phone's browser's), and the server's render and the phone's must agree to the
 * letter (hydration) on every device. Accra time throughout.
 */

export const LANGUAGES = ['en', 'ak'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** What the switch shows, each in its own language. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ak: 'Twi' };
/** BCP 47 tags for <html lang> and hreflang. */
export const LANGUAGE_TAGS: Record<Language, string> = { en: 'en-GH', ak: 'ak-GH' };
/** The cookie (and localStorage key) that remembers a device's choice. */
export const LANGUAGE_COOKIE = 'adwuma_lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** 'ak', 'ak-GH', 'tw', 'twi' → 'ak'; 'en-US' → 'en'; anything else → null. */
export function languageFromTag(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (base === 'ak' || base === 'tw' || base === 'twi') return 'ak';
  if (base === 'en') return 'en';
  return null;
}

/**
 * The first guess from an Accept-Language header: the supported language with the highest q
 * ("ak;q=0.9, en;q=0.8" → 'ak'); English when none is supported.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
      return { language: languageFromTag(tag), q: q ? Number(q[1]) : 1, index };
    })
    .filter((r): r is { language: Language; q: number; index: number } => r.language !== null && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.language ?? DEFAULT_LANGUAGE;
}

/**
 * Which language a request gets: the device's choice (cookie), else the account's, else the
 * browser's Accept-Language.
 */
export function resolveLanguage(input: {
  cookie?: string | null;
  account?: string | null;
  acceptLanguage?: string | null;
}): Language {
  if (isLanguage(input.cookie)) return input.cookie;
  if (isLanguage(input.account)) return input.account;
  return languageFromAcceptLanguage(input.acceptLanguage);
}

const MONTHS: Record<Language, string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  // CLDR's Akan month names (the short, modern forms).
  ak: [
    'Ɔpɛpɔn',
    'Ɔgyefuo',
    'Ɔbɛnem',
    'Oforisuo',
    'Kɔtɔnimma',
    'Ayɛwohomumu',
    'Kutawonsa',
    'Ɔsandaa',
    'Ɛbɔ',
    'Ahinime',
    'Obubuo',
    'Ɔpɛnimma',
  ],
};
const WEEKDAYS: Record<Language, string[]> = {
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  ak: ['Kwasiada', 'Dwoada', 'Benada', 'Wukuada', 'Yawoada', 'Fiada', 'Memeneda'],
};

/** Accra is on UTC all year (no daylight saving): the UTC fields are Accra's. */
function accraParts(date: Date) {
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth(),
    day: date.getUTCDate(),
    weekday: date.getUTCDay(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
  };
}

const short = (name: string) => name.slice(0, 3);
const two = (n: number) => n.toString().padStart(2, '0');

export type DateStyle = 'day' | 'short-day' | 'moment' | 'time' | 'weekday-day';

/**
 * A date for people, in Accra time:
 * - 'day': "25 November 2026" / "Obubuo 25, 2026"
 * - 'short-day': "25 Nov 2026" / "Obu 25, 2026"
 * - 'moment': "Wed 25 Nov, 14:00" / "Wuk, Ɔpɛ 25, 14:00"
 * - 'time': "14:00"
 * - 'weekday-day': "Wednesday 25 November" / "Wukuada, Obubuo 25"
 */
export function formatDate(
  value: Date | string | number,
  language: Language,
  style: DateStyle = 'day',
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error('formatDate needs a valid date');
  const p = accraParts(date);
  const month = MONTHS[language][p.month]!;
  const weekday = WEEKDAYS[language][p.weekday]!;
  const time = `${two(p.hour)}:${two(p.minute)}`;
  if (style === 'time') return time;
  if (language === 'ak') {
    switch (style) {
      case 'day':
        return `${month} ${p.day}, ${p.year}`;
      case 'short-day':
        return `${short(month)} ${p.day}, ${p.year}`;
      case 'moment':
        return `${short(weekday)}, ${short(month)} ${p.day}, ${time}`;
      case 'weekday-day':
        return `${weekday}, ${month} ${p.day}`;
    }
  }
  switch (style) {
    case 'day':
      return `${p.day} ${month} ${p.year}`;
    case 'short-day':
      return `${p.day} ${short(month)} ${p.year}`;
    case 'moment':
      return `${short(weekday)} ${p.day} ${short(month)}, ${time}`;
    case 'weekday-day':
      return `${weekday} ${p.day} ${month}`;
  }
  throw new Error(`Unknown date style: ${style as string}`);
}

/**
 * Cedis are written the same way in both languages (GH₵, comma thousands, dot decimals), as
 * Ghanaian shops and mobile money write them in Twi too: `formatMoney` (money.ts) serves both.
 */

/**
 * CLDR plural categories: English "one" is exactly 1; Akan "one" is 0 and 1 (CLDR: n = 0..1). The
 * web app's i18next asks Intl.PluralRules, which Node and Chromium answer the same way (its test
 * checks that against this rule).
 */
export function pluralCategory(count: number, language: Language): 'one' | 'other' {
  if (language === 'ak') return count === 0 || count === 1 ? 'one' : 'other';
  return count === 1 ? 'one' : 'other';
}

/** A whole number for people: "1,250". */
export function formatCount(n: number): string {
  return Math.trunc(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
