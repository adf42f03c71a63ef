import {
  isProviderLike,
  type OnboardingStatus,
  type ProviderGateResult,
  providerGate,
  type Role,
  signInUrl,
} from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { AuthErrorScreen } from '../../components/screens/auth-screens.tsx';
import { ErrorScreen } from '../../components/screens/error-screen.tsx';
import { LoadingScreen } from '../../components/screens/loading-screen.tsx';
import { onboardingStatusQuery } from '../../lib/onboarding-api.ts';
import { currentPath } from '../../lib/session.ts';
import { type SessionStatus, SigningOutScreen, useSession } from '../auth/index.ts';
import { messageOf } from './wizard-frame.tsx';

/**
 * The gate's input from what the web app knows: the session, and the server's onboarding status
 * (GET /api/onboarding/status) for provider-like users. The status's role is the one it was
 * computed for, so it wins over the session's copy when both are there.
 */
export function gateFor(
  session: { status: SessionStatus; role: Role | null },
  onboarding: { data: OnboardingStatus | undefined; isPending: boolean },
): ProviderGateResult {
  const role = onboarding.data?.role ?? session.role;
  const providerLike = session.role !== null && isProviderLike(session.role);
  const status = onboarding.data;
  return providerGate({
    loading: session.status === 'loading' || (providerLike && onboarding.isPending),
    signedIn: session.status === 'signed_in',
    role,
    isOnboardingComplete: status?.isOnboardingComplete ?? false,
    nextRequiredStep: status?.nextRequiredStep ?? null,
    postOnboardingCompleted: status?.postOnboardingCompleted ?? false,
    uploadedDocuments: status?.verification.uploadedDocuments ?? 0,
    verificationStatus: status?.verification.sessionStatus ?? null,
  });
}

/**
 * Spec 4 "Provider gate" on the protected pages (spec 2), in order: wait while loading ('Loading
 * your profile...'); no user → /auth?returnTo=…; admins and non-provider roles pass; a provider
 * with core onboarding to do → /onboarding/{nextRequiredStep}; no uploaded documents and no
 * verification in review → /onboarding/verification; otherwise the page. The /onboarding/* pages
 * are not behind it: they are where it sends people.
 */
export function ProviderGate() {
  const session = useSession();
  const location = useLocation();
  const providerLike = session.role !== null && isProviderLike(session.role);
  // Always asked again on a protected page: a redirect is decided on a fresh answer only.
  const onboarding = useQuery({
    ...onboardingStatusQuery,
    enabled: session.status === 'signed_in' && providerLike,
    staleTime: 0,
  });

  if (session.isLoggingOut) return <SigningOutScreen />;
  if (session.status === 'error') return <AuthErrorScreen />;
  if (providerLike && onboarding.isError && !onboarding.data) {
    return (
      <ErrorScreen
        detail={messageOf(onboarding.error)}
        onRetry={() => void onboarding.refetch()}
        retrying={onboarding.isFetching}
      />
    );
  }

  const decision = gateFor(session, onboarding);
  if (decision === 'wait') return <LoadingScreen onRetry={() => void onboarding.refetch()} />;
  if (decision === '/auth') return <Navigate to={signInUrl(currentPath(location))} replace />;
  if (decision === 'pass') return <Outlet />;
  // A cached answer may be out of date (a step saved elsewhere): redirect on the fresh one.
  if (onboarding.isFetching) return <LoadingScreen onRetry={() => void onboarding.refetch()} />;
  return <Navigate to={decision} replace />;
}
