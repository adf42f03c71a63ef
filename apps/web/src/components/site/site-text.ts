import type { Language } from '@adwuma/shared/i18n/locale';
import { createContext, useContext } from 'react';
import commonEn from '../../locales/en/common.json';
// Named imports: the build keeps what the chrome shows ("toasts" is the app's toast area's).
import { footer, header, home, nav, skipToContent, theme } from '../../locales/en/site.json';
import { HeaderAccountContext, type SiteText, type Text } from './chrome-context.ts';
import { SITE_LANGUAGE_COOKIE } from './languages.ts';

// Issue 21: the site chrome (header, footer, theme switch) is shared by the app, which speaks
// through i18next, and the lean landing page, which must not download i18next (its 90 KB budget).
// So the chrome asks for its words through a context: the app provides i18next's t (with the
// language switch that also tells the account, features/account/site-text.ts), the landing a plain
// lookup in its prerendered language (textOf below). Keys are i18next's: 'site' is the default
// namespace, 'common:language.label' reads another.

export type Catalog = { [key: string]: string | Catalog };
export type { SiteText, Text };

function lookup(catalog: Catalog | undefined, key: string): string | undefined {
  let node: string | Catalog | undefined = catalog;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A t over plain catalogs, namespaced ({ site, common, landing }), i18next's way: 'key' reads the
 * default namespace, 'ns:key' another; {{name}} takes values.name. Falls back to `fallback` (English)
 * and then to the key.
 */
export function textOf(
  catalogs: Record<string, Catalog>,
  defaultNamespace = 'site',
  fallback?: Record<string, Catalog>,
): Text {
  return (key, values) => {
    const colon = key.indexOf(':');
    const namespace = colon > 0 ? key.slice(0, colon) : defaultNamespace;
    const path = colon > 0 ? key.slice(colon + 1) : key;
    const text = lookup(catalogs[namespace], path) ?? lookup(fallback?.[namespace], path) ?? key;
    return values ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name) => String(values[name] ?? all)) : text;
  };
}

export const ENGLISH_SITE_CATALOGS: Record<string, Catalog> = {
  site: { home, skipToContent, header, nav, footer, theme },
  common: commonEn,
};

const YEAR = 365 * 24 * 60 * 60;

/** The landing's switch (no i18next there): remember the choice in the cookie, load the other page. */
export function reloadInLanguage(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie, which the server reads
  document.cookie = `${SITE_LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
  try {
    localStorage.setItem(SITE_LANGUAGE_COOKIE, language);
  } catch {
    // Private mode: the cookie still holds it.
  }
  window.location.reload();
}

const ENGLISH: SiteText = {
  t: textOf(ENGLISH_SITE_CATALOGS),
  language: 'en',
  switchLanguage: reloadInLanguage,
};
const useEnglish = (): SiteText => ENGLISH;

/**
 * A hook giving the chrome its words; the landing and the app each provide theirs (a module
 * constant, so the hook called is the same on every render). English with a reloading switch
 * when nothing is provided.
 */
export const SiteTextContext = createContext<() => SiteText>(useEnglish);

/** The chrome's words: the app's (through HeaderAccountContext), else the landing's, else English. */
export function useSiteText(): SiteText {
  const fromApp = useContext(HeaderAccountContext)?.useText;
  const fromPage = useContext(SiteTextContext);
  return (fromApp ?? fromPage)();
}
