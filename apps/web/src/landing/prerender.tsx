import { LANGUAGE_TAGS, type Language } from '@adwuma/shared/i18n/locale';
import { parseLandingClaims } from '@adwuma/shared/marketing';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import commonAk from '../locales/ak/common.json';
import landingAk from '../locales/ak/landing.json';
import siteAk from '../locales/ak/site.json';
import { meta as metaEn } from '../locales/en/landing.json';
import { HERO_SCRIPT } from './hero-script.ts';
import { LandingPage } from './landing-page.tsx';
import { ENGLISH_LANDING_CATALOGS, LANDING_TEXT_ID, type LandingCatalogs, landingText } from './text.ts';

/** The landing's languages: each is prerendered into its own file (scripts/prerender.mjs). */
export const LANDING_LANGUAGES = ['en', 'ak'] as const satisfies readonly Language[];

/** The built file each language's page is written to (the server picks by the request's language). */
export const LANDING_FILES: Record<Language, string> = { en: 'landing.html', ak: 'landing.ak.html' };

function withoutMeta({ _meta, ...catalog }: Record<string, unknown>): LandingCatalogs[string] {
  return catalog as LandingCatalogs[string];
}

const CATALOGS: Record<Language, LandingCatalogs> = {
  en: ENGLISH_LANDING_CATALOGS,
  ak: { site: withoutMeta(siteAk), common: withoutMeta(commonAk), landing: withoutMeta(landingAk) },
};

/**
 * The landing page as HTML in `language`, put into landing(.ak).html at build time; `claims` is
 * LANDING_CLAIMS (unset: the shared claims, which the demo data backs).
 */
export function render(language: Language = 'en', claims?: string): string {
  return renderToString(
    <StrictMode>
      <LandingPage text={landingText(language, CATALOGS[language])} claims={parseLandingClaims(claims)} />
    </StrictMode>,
  );
}

/**
 * What goes into the page's <head>: the hero experiment's script, run before the first paint; on a
 * page not in English, its catalogs as a JSON block (not a script: the CSP does not apply) that the
 * landing's script reads to hydrate in the same words.
 */
export function renderHead(language: Language = 'en'): string {
  const head = `<script>${HERO_SCRIPT}</script>`;
  if (language === 'en') return head;
  // '<' escaped: the text cannot close the block.
  const json = JSON.stringify(CATALOGS[language]).replace(/</g, '\\u003c');
  return `${head}<script type="application/json" id="${LANDING_TEXT_ID}">${json}</script>`;
}

/** The page's <html lang>, <title> and description in `language`. */
export function pageMeta(language: Language): {
  lang: string;
  title: string;
  description: string;
  ogDescription: string;
} {
  const meta = language === 'en' ? metaEn : landingAk.meta;
  return { lang: LANGUAGE_TAGS[language], ...meta };
}
