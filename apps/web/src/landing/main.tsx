import '../styles/landing.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { captureUtm, track } from '../lib/analytics.ts';
import { LandingPage } from './landing-page.tsx';

// Keep the visit's UTM parameters first, so the page view and a waitlist join both carry them.
captureUtm();
track('page_view');

const container = document.getElementById('root');
if (container) {
  const page = (
    <StrictMode>
      <LandingPage />
    </StrictMode>
  );
  // The built landing.html holds the prerendered page; `vite dev` serves it empty.
  if (container.firstElementChild) hydrateRoot(container, page);
  else createRoot(container).render(page);
}
