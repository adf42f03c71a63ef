import {
  isProviderLike,
  isProviderPage,
  type OnboardingStatus,
  type ProviderGateResult,
  providerGate,
  providerSetupPending,
  type Role,
  signInUrl,
} from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { AuthErrorScreen } from '../../components/screens/auth-screens.tsx';
import { ErrorScreen } from '../../components/screens/error-screen.tsx';
import { LoadingScreen } from '../../components/screens/loading-screen.tsx';
import { onboardingStatusQuery } from '../../lib/onboarding-api.ts';
import { currentPath } from '../../lib/session.ts';
import { type SessionStatus, SigningOutScreen, useSession } from '../auth/index.ts';
import { useOnboardingText } from './i18n.ts';
import { messageOf } from './wizard-frame.tsx';

/**
 * The gate's input from what the web app knows: the session, and the server's onboarding status
 * (GET /api/onboarding/status) for provider-like users. The status's role is the one it was
 * computed for, so it wins over the session's copy when both are there.
 */
export function gateFor(
  session: { status: SessionStatus; role: Role | null },
  onboarding: { data: OnboardingStatus | undefined; isPending: boolean },
  providerPage = true,
): ProviderGateResult {
  const role = onboarding.data?.role ?? session.role;
  const providerLike = session.role !== null && isProviderLike(session.role);
  const status = onboarding.data;
  return providerGate({
    providerPage,
    loading: session.status === 'loading' || (providerPage && providerLike && onboarding.isPending),
    signedIn: session.status === 'signed_in',
    role,
    isOnboardingComplete: status?.isOnboardingComplete ?? false,
    nextRequiredStep: status?.nextRequiredStep ?? null,
    postOnboardingCompleted: status?.postOnboardingCompleted ?? false,
    uploadedDocuments: status?.verification.uploadedDocuments ?? 0,
    verificationStatus: status?.verification.sessionStatus ?? null,
  });
}

/** Where an unfinished provider is reminded (not forced) to finish provider setup (issue 22). */
const SETUP_BANNER_PAGES = new Set(['/dashboard']);

/** "Finish your provider setup": a link to onboarding for a customer who started it. */
export function ProviderSetupBanner() {
  const { t } = useOnboardingText();
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
      <section
        aria-label={t('gate.banner')}
        className="flex flex-col gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 text-fg sm:flex-row sm:items-center sm:justify-between dark:border-brand-700/40 dark:bg-brand-800/15"
      >
        <p className="text-sm">
          <span className="font-semibold">{t('gate.notFinished')}</span> {t('gate.bannerBody')}
        </p>
        <Link
          to="/onboarding"
          className="inline-flex shrink-0 items-center gap-1 font-semibold text-brand-800 underline underline-offset-4 dark:text-brand-500"
        >
          {t('gate.banner')} <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </section>
    </div>
  );
}

/**
 * Issue 22 (docs/decisions/017): the gate below guards provider pages only (isProviderPage); on
 * customer pages a signed-in person always gets the page, and an unfinished provider sees
 * "Finish your provider setup" on the dashboard instead of being sent to onboarding.
 *
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
  const providerPage = isProviderPage(location.pathname);
  // Always asked again on a provider page: a redirect is decided on a fresh answer only.
  const onboarding = useQuery({
    ...onboardingStatusQuery,
    enabled: session.status === 'signed_in' && providerLike && providerPage,
    staleTime: 0,
  });

  if (session.isLoggingOut) return <SigningOutScreen />;
  if (session.status === 'error') return <AuthErrorScreen />;
  if (providerPage && providerLike && onboarding.isError && !onboarding.data) {
    return (
      <ErrorScreen
        detail={messageOf(onboarding.error)}
        onRetry={() => void onboarding.refetch()}
        retrying={onboarding.isFetching}
      />
    );
  }

  const decision = gateFor(session, onboarding, providerPage);
  if (decision === 'wait') return <LoadingScreen onRetry={() => void onboarding.refetch()} />;
  if (decision === '/auth') return <Navigate to={signInUrl(currentPath(location))} replace />;
  if (decision === 'pass') {
    const banner =
      !providerPage &&
      SETUP_BANNER_PAGES.has(location.pathname) &&
      providerSetupPending(session.role, session.me?.profile.onboarding_completed ?? false);
    return (
      <>
        {banner && <ProviderSetupBanner />}
        <Outlet />
      </>
    );
  }
  // A cached answer may be out of date (a step saved elsewhere): redirect on the fresh one.
  if (onboarding.isFetching) return <LoadingScreen onRetry={() => void onboarding.refetch()} />;
  return <Navigate to={decision} replace />;
}
