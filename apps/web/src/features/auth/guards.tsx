import { AUTH_TEXT, isProviderLike, type OnboardingStatus, onboardingPath, signInUrl } from '@adwuma/shared';
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
 * Where `/` sends a provider-like user, from the server's onboarding status: with core onboarding
 * to finish, /onboarding/{nextRequiredStep} (spec 2), or the welcome screen while the intro is
 * unseen (set A's first step, spec 4); otherwise /dashboard (where the provider gate takes over).
 */
export function homeTargetForProvider(status: OnboardingStatus): string {
  if (status.isOnboardingComplete) return '/dashboard';
  if (!status.introSeen) return ONBOARDING_WELCOME_PATH;
  return onboardingPath(status.nextRequiredStep ?? 'profile');
}

/**
 * Spec 2 "/": no user goes to /auth; a provider with onboarding to finish goes to
 * /onboarding/{nextRequiredStep}; admins to /admin (issue 22); everyone else to /dashboard.
 */
export function HomeRedirect() {
  const { status, me, role, isAdmin, isLoggingOut } = useSession();
  const providerLike = role !== null && isProviderLike(role);
  const onboarding = useQuery({
    ...onboardingStatusQuery,
    enabled: status === 'signed_in' && providerLike,
    staleTime: 0,
  });
  if (status === 'loading' || isLoggingOut) return <SessionCheckScreen />;
  if (status === 'error') return <AuthErrorScreen />;
  if (!me) return <Navigate to="/auth" replace />;
  // Issue 22: admins land on the admin panel (sign-in without returnTo comes through here).
  if (isAdmin) return <Navigate to="/admin" replace />;
  if (!providerLike) return <Navigate to="/dashboard" replace />;
  if (onboarding.isPending) return <LoadingScreen />;
  // Without the server's answer, the profile's stored flag decides (spec 8: a failed fetch is "not done").
  const target = onboarding.data
    ? homeTargetForProvider(onboarding.data)
    : needsOnboarding(me)
      ? ONBOARDING_WELCOME_PATH
      : '/dashboard';
  return <Navigate to={target} replace />;
}
