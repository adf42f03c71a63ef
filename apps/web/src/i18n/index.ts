// Issue 21: the app's languages (English, the source, and Asante Twi) through i18next.
//
// - English catalogs live in src/locales/en/<namespace>.json. A feature defines its namespace once
//   (`defineNamespace('search', en)` in its own i18n.ts): the English text then travels in the
//   feature's own chunk, exactly as the inline strings did, and its components call the hook it
//   returns (`const { t } = useSearchText()`).
// - Twi lives in src/locales/ak/<namespace>.json, every namespace in one chunk (./twi.ts) that only
//   Twi readers download, loaded before the first render (and preloaded by the server).
// - The language of a page: what the server rendered it in (<html lang>, from the device's cookie,
//   the account's choice or Accept-Language: @adwuma/shared resolveLanguage); the switch changes
//   it (setLanguage). src/i18n/catalog.test.ts fails `npm test` when an English key has no Twi.
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_TAGS,
  type Language,
  languageFromTag,
} from '@adwuma/shared';
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';

export type { Language } from '@adwuma/shared';
export type Catalog = { [key: string]: string | Catalog };

/** The app's i18next instance (the server renders each request with a clone of it). */
export const i18n: I18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['en', 'ak'],
  resources: {},
  partialBundledLanguages: true,
  defaultNS: 'common',
  ns: [],
  // React escapes; the catalogs hold plain text.
  interpolation: { escapeValue: false },
  // Everything is in memory before the first render: no Suspense, no flash of keys.
  initAsync: false,
  react: { useSuspense: false },
  returnNull: false,
});

/**
 * Registers a namespace's English catalog and returns the hook its components call. Call it once,
 * at the top level of the feature's i18n.ts.
 */
export function defineNamespace(namespace: string, english: Catalog) {
  if (!i18n.hasResourceBundle('en', namespace)) i18n.addResourceBundle('en', namespace, english, true, true);
  return () => useTranslation(namespace);
}

/** The t of a namespace outside React (toasts, constants): the current language. */
export function textOf(namespace: string): TFunction {
  return i18n.getFixedT(null, namespace);
}

let twiLoaded: Promise<void> | null = null;

/** Loads a language's catalogs (Twi's chunk; English is always there). */
export function loadLanguage(language: Language): Promise<void> {
  if (language !== 'ak') return Promise.resolve();
  twiLoaded ??= import('./twi.ts').then(({ TWI }) => {
    for (const [namespace, catalog] of Object.entries(TWI)) {
      i18n.addResourceBundle('ak', namespace, catalog, true, true);
    }
  });
  return twiLoaded;
}

/** The language the page was rendered in (<html lang="ak-GH">), English when unknown. */
export function documentLanguage(): Language {
  if (typeof document === 'undefined') return DEFAULT_LANGUAGE;
  return languageFromTag(document.documentElement.lang) ?? DEFAULT_LANGUAGE;
}

/** Loads and turns on the page's language before the first render (src/app/main.tsx). */
export async function startLanguage(): Promise<Language> {
  const language = documentLanguage();
  await loadLanguage(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  return language;
}

const YEAR = 365 * 24 * 60 * 60;

/** Remembers the device's choice: a cookie the server reads (and localStorage, which outlives it). */
export function rememberLanguage(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
  try {
    localStorage.setItem(LANGUAGE_COOKIE, language);
  } catch {
    // Private mode: the cookie still holds it.
  }
}

/** The device's remembered choice, if any. */
export function rememberedLanguage(): Language | null {
  if (typeof document === 'undefined') return null;
  const cookie = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]+)`).exec(document.cookie)?.[1];
  if (isLanguage(cookie)) return cookie;
  try {
    const stored = localStorage.getItem(LANGUAGE_COOKIE);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** Switches the page to `language` at once and remembers it on this device. */
export async function setLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = LANGUAGE_TAGS[language];
  rememberLanguage(language);
}

/** The current language, re-rendering when it changes. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;
}
