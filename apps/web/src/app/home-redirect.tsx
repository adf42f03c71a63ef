import { useEffect } from 'react';
import { RouteFallback } from '../components/screens/route-fallback.tsx';

function DocumentRedirect({ to }: { to: string }) {
  useEffect(() => {
    window.location.replace(to);
  }, [to]);
  return <RouteFallback />;
}

/** Under the Vite dev server the landing page is the separate entry landing.html. */
export function LandingDevRedirect() {
  return <DocumentRedirect to="/landing.html" />;
}
