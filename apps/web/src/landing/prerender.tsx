import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { LandingPage } from './landing-page.tsx';

/** The landing page as HTML, put into landing.html at build time (scripts/prerender.mjs). */
export function render(): string {
  return renderToString(
    <StrictMode>
      <LandingPage />
    </StrictMode>,
  );
}
