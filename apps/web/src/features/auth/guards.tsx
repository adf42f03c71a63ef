import { AUTH_TEXT, isProviderLike, signInUrl } from '@adwuma/shared';
import { LogOut } from 'lucide-react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { AuthErrorScreen, SessionCheckScreen } from '../../components/screens/auth-screens.tsx';
import { ScreenShell } from '../../components/screens/screen-shell.tsx';
import { currentPath, type Me } from '../../lib/session.ts';
import { useSession } from './auth-provider.tsx';

export const ONBOARDING_WELCOME_PATH = '/onboarding/welcome';

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
 * Spec 2 "/": no user goes to /auth; a provider with onboarding to finish goes to onboarding;
 * everyone else to /dashboard.
 */
export function HomeRedirect() {
  const { status, me, isLoggingOut } = useSession();
  if (status === 'loading' || isLoggingOut) return <SessionCheckScreen />;
  if (status === 'error') return <AuthErrorScreen />;
  if (!me) return <Navigate to="/auth" replace />;
  return <Navigate to={needsOnboarding(me) ? ONBOARDING_WELCOME_PATH : '/dashboard'} replace />;
}
