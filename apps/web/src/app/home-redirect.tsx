import { useEffect } from 'react';
import { RouteFallback } from '../components/screens/route-fallback.tsx';
import { ROUTES } from '../lib/routes.ts';

function DocumentRedirect({ to }: { to: string }) {
  useEffect(() => {
    window.location.replace(to);
  }, [to]);
  return <RouteFallback />;
}

/**
 * "/" belongs to the server (signed-out visitors go to the landing page); the app only sees it
 * under the dev server, and hands over with a full-page load.
 */
export function HomeRedirect() {
  return <DocumentRedirect to={ROUTES.landing} />;
}

/** Under the Vite dev server the landing page is the separate entry landing.html. */
export function LandingDevRedirect() {
  return <DocumentRedirect to="/landing.html" />;
}
