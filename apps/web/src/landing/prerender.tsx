import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { HERO_SCRIPT } from './hero-script.ts';
import { LandingPage } from './landing-page.tsx';

/** The landing page as HTML, put into landing.html at build time (scripts/prerender.mjs). */
export function render(): string {
  return renderToString(
    <StrictMode>
      <LandingPage />
    </StrictMode>,
  );
}

/** What goes into landing.html's <head>: the hero experiment's script, run before the first paint. */
export function renderHead(): string {
  return `<script>${HERO_SCRIPT}</script>`;
}
