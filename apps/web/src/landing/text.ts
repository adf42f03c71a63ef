import type { Language } from '@adwuma/shared/i18n/locale';
import { waitlistMessages } from '@adwuma/shared/waitlist';
import { createContext, useContext } from 'react';
import {
  type Catalog,
  ENGLISH_SITE_CATALOGS,
  reloadInLanguage,
  type SiteText,
  type Text,
  textOf,
} from '../components/site/site-text.ts';
// Named imports: the build keeps only these parts ("meta", the page's <title>, is the prerender's).
import { hero, how, illustration, join, numbers, toasts, waitlist, why } from '../locales/en/landing.json';

// Issue 21: the landing speaks English and Twi without i18next (its 90 KB budget): English is in the
// bundle; a Twi page (landing.ak.html, prerendered by scripts/prerender.mjs) carries its catalogs in
// a JSON block (LANDING_TEXT_ID) that the script reads before hydrating, so the first render says
// what the HTML says.

/** The id of the Twi page's <script type="application/json"> holding its catalogs. */
export const LANDING_TEXT_ID = 'landing-text';

export type LandingCatalogs = Record<string, Catalog>;

/** English, with the waitlist's messages from the shared module (the same text: text.test.ts). */
export const ENGLISH_LANDING_CATALOGS: LandingCatalogs = {
  ...ENGLISH_SITE_CATALOGS,
  landing: { hero, illustration, why, how, numbers, join, waitlist, toasts, waitlistMessages },
};

export interface LandingText {
  /** Reads the landing namespace by default ('site:…' and 'common:…' for the others). */
  t: Text;
  site: SiteText;
}

/** The landing's words in `language` from its catalogs (English fills any gap). */
export function landingText(language: Language, catalogs: LandingCatalogs): LandingText {
  const fallback = language === 'en' ? undefined : ENGLISH_LANDING_CATALOGS;
  return {
    t: textOf(catalogs, 'landing', fallback),
    site: { t: textOf(catalogs, 'site', fallback), language, switchLanguage: reloadInLanguage },
  };
}

export const ENGLISH_LANDING_TEXT = landingText('en', ENGLISH_LANDING_CATALOGS);

export const LandingTextContext = createContext<LandingText>(ENGLISH_LANDING_TEXT);

/** The landing's t (landing namespace). */
export function useLandingText(): Text {
  return useContext(LandingTextContext).t;
}

/** The page's text in the browser: English, or the catalogs the Twi page carries. */
export function pageLandingText(language: Language): LandingText {
  if (language === 'en') return ENGLISH_LANDING_TEXT;
  try {
    const block = document.getElementById(LANDING_TEXT_ID);
    const catalogs = block?.textContent ? (JSON.parse(block.textContent) as LandingCatalogs) : null;
    if (catalogs) return landingText(language, catalogs);
  } catch {
    // A broken block: English below (the page hydrates with a mismatch React repairs).
  }
  return ENGLISH_LANDING_TEXT;
}
