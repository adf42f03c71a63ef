import type { Language } from '@adwuma/shared/i18n/locale';

// The few facts about languages the site chrome needs, repeated from @adwuma/shared's i18n/locale
// so that the landing page does not download that module (dates and plurals: ~1 KB gzip of its
// 90 KB budget). languages.test.ts holds them equal to the shared ones.

export const SITE_LANGUAGES: readonly Language[] = ['en', 'ak'];
/** Each language's name in itself, as the switch shows it. */
export const SITE_LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ak: 'Twi' };
/** BCP 47 tags (<html lang>). */
export const SITE_LANGUAGE_TAGS: Record<Language, string> = { en: 'en-GH', ak: 'ak-GH' };
/** The cookie (and localStorage key) remembering the device's choice. */
export const SITE_LANGUAGE_COOKIE = 'adwuma_lang';

/** The language of a page from its <html lang> ('ak-GH' → 'ak'); English otherwise. */
export function pageLanguage(tag: string | null | undefined): Language {
  return /^(?:ak|tw|twi)(?:[-_]|$)/i.test(tag?.trim() ?? '') ? 'ak' : 'en';
}
