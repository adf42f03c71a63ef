import {
  AUTH_TEXT,
  gateFromStatus,
  gateNeedsStatus,
  homePath,
  isProviderLike,
  signInUrl,
} from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { AuthErrorScreen, SessionCheckScreen } from '../../components/screens/auth-screens.tsx';
import { LoadingScreen } from '../../components/screens/loading-screen.tsx';
import { ScreenShell } from '../../components/screens/screen-shell.tsx';
import { onboardingStatusQuery } from '../../lib/onboarding-api.ts';
import { currentPath, type Me } from '../../lib/session.ts';
import { useSession } from './auth-provider.tsx';

import { ONBOARDING_WELCOME_PATH } from './paths.ts';

export { ONBOARDING_WELCOME_PATH };

/** Spec 4 "Effective role" + "Onboarding": a provider who has not finished onboarding. */
export function needsOnboarding(me: Me): boolean {
  return isProviderLike(me.role) && !me.profile.onboarding_completed;
}

export function SigningOutScreen() {
  return (
    <ScreenShell
      role="status"
      icon={<LogOut aria-hidden="true" className="h-7 w-7" />}
      title={AUTH_TEXT.signingOut}
    />
  );
}

/**
 * Spec 2 "Protected": signed-out visits go to /auth?returnTo={encoded path and query}. While the
 * session is checked the page waits ('Verifying session...').
 */
export function RequireAuth() {
  const { status, isLoggingOut } = useSession();
  const location = useLocation();
  if (isLoggingOut) return <SigningOutScreen />;
  if (status === 'loading') return <SessionCheckScreen />;
  if (status === 'error') return <AuthErrorScreen />;
  if (status === 'signed_out') return <Navigate to={signInUrl(currentPath(location))} replace />;
  return <Outlet />;
}

/**
 * Spec 2 "/" (decision 021), as the server answers a full page load of `/` (apps/server/src/app.ts):
 * no user goes to /auth; admins to /admin; a provider-like person in the provider view whom the
 * gate stops goes to the gate's /onboarding/{step}; everyone else to /dashboard.
 */
export function HomeRedirect() {
  const { status, me, role, isAdmin, activeRole, isLoggingOut } = useSession();
  const page = { view: activeRole, providerPage: false };
  const needsStatus = role !== null && !isAdmin && gateNeedsStatus(role, page);
  const onboarding = useQuery({
    ...onboardingStatusQuery,
    enabled: status === 'signed_in' && needsStatus,
    staleTime: 0,
  });
  if (status === 'loading' || isLoggingOut) return <SessionCheckScreen />;
  if (status === 'error') return <AuthErrorScreen />;
  if (!me) return <Navigate to="/auth" replace />;
  if (isAdmin) return <Navigate to="/admin" replace />;
  if (!needsStatus) return <Navigate to="/dashboard" replace />;
  if (onboarding.isPending) return <LoadingScreen />;
  // Without the server's answer, the profile's stored flag decides (spec 8: a failed fetch is "not done").
  const gate = onboarding.data
    ? gateFromStatus(onboarding.data, page)
    : needsOnboarding(me)
      ? '/onboarding/profile'
      : 'pass';
  return <Navigate to={homePath({ signedIn: true, role, gate })} replace />;
}
