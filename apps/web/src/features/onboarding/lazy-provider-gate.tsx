import { lazy } from 'react';

const Gate = lazy(() => import('./provider-gate.tsx').then((m) => ({ default: m.ProviderGate })));

/**
 * The provider gate (provider-gate.tsx), downloaded when a signed-in page first needs it: it stands
 * behind RequireAuth, so a visitor's first download carries none of it (issue 20). The page
 * boundary's Suspense shows the route fallback meanwhile.
 */
export function ProviderGate() {
  return <Gate />;
}
