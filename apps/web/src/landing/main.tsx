import '../styles/landing.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { pageLanguage } from '../components/site/languages.ts';
import { captureUtm, experimentVariant, track, trackExperiment } from '../lib/analytics.ts';
import { HERO_ATTRIBUTE } from './hero-experiment.ts';
import { LandingPage } from './landing-page.tsx';
import { pageLandingText } from './text.ts';

// Keep the visit's UTM parameters first, so the page view and a waitlist join both carry them.
captureUtm();
track('page_view');
// The hero experiment: the built page's <head> script already chose and showed the variant (the
// same answer; under `vite dev` it is chosen here). One ab_test event per visitor session.
const hero = experimentVariant('landing_hero');
if (hero) {
  document.documentElement.setAttribute(HERO_ATTRIBUTE, hero);
  trackExperiment('landing_hero', hero);
}

// Issue 21: the page's language is the one it was prerendered in (landing.html English,
// landing.ak.html Twi, chosen by the server); the Twi page carries its words (text.ts).
const language = pageLanguage(document.documentElement.lang);

const container = document.getElementById('root');
if (container) {
  const page = (
    <StrictMode>
      <LandingPage text={pageLandingText(language)} />
    </StrictMode>
  );
  // The built landing.html holds the prerendered page; `vite dev` serves it empty.
  if (container.firstElementChild) hydrateRoot(container, page);
  else createRoot(container).render(page);
}
