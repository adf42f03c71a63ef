import {
  type ActiveRole,
  gateNeedsStatus,
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
import { LoadingScreen } from '../../components/screens/loading-screen.tsx';
import { fallbackOnboardingStatus, onboardingStatusQuery } from '../../lib/onboarding-api.ts';
import { currentPath } from '../../lib/session.ts';
import { type SessionStatus, SigningOutScreen, useSession } from '../auth/index.ts';
import { useOnboardingText } from './i18n.ts';

/**
 * The gate's input from what the web app knows: the session, the view (decision 021), and the
 * server's onboarding status (GET /api/onboarding/status) when the gate needs it. The status's role
 * is the one it was computed for, so it wins over the session's copy when both are there.
 */
export function gateFor(
  session: { status: SessionStatus; role: Role | null },
  onboarding: { data: OnboardingStatus | undefined; isPending: boolean },
  providerPage = true,
  view: ActiveRole = 'provider',
): ProviderGateResult {
  const role = onboarding.data?.role ?? session.role;
  const needsStatus = session.role !== null && gateNeedsStatus(session.role, { view, providerPage });
  const status = onboarding.data;
  return providerGate({
    providerPage,
    view,
    loading: session.status === 'loading' || (needsStatus && onboarding.isPending),
    signedIn: session.status === 'signed_in',
    role,
    isOnboardingComplete: status?.isOnboardingComplete ?? false,
    nextRequiredStep: status?.nextRequiredStep ?? null,
    postOnboardingCompleted: status?.postOnboardingCompleted ?? false,
    uploadedDocuments: status?.verification.uploadedDocuments ?? 0,
    verificationStatus: status?.verification.sessionStatus ?? null,
  });
}

/** Where an unfinished provider in the customer view is reminded of provider setup (decision 021). */
const SETUP_BANNER_PAGES = new Set(['/dashboard']);

/** "Finish your provider setup": back to the provider view and onboarding, for a customer who started it. */
export function ProviderSetupBanner() {
  const { t } = useOnboardingText();
  const { setActiveRole } = useSession();
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
          onClick={() => setActiveRole('provider')}
          className="inline-flex shrink-0 items-center gap-1 font-semibold text-brand-800 underline underline-offset-4 dark:text-brand-500"
        >
          {t('gate.banner')} <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </section>
    </div>
  );
}

/**
 * Spec 4 "Provider gate" on the protected pages (spec 2), in order: wait while loading ('Loading
 * your profile...'); no user → /auth?returnTo=…; admins and non-provider roles pass; a provider
 * with core onboarding to do → /onboarding/{nextRequiredStep}; no uploaded documents and no
 * verification in review → /onboarding/verification; otherwise the page. The /onboarding/* pages
 * are not behind it: they are where it sends people.
 *
 * Decision 020: this applies in the provider view (a provider-like person's default). In the
 * customer view (the spec's view switch) customer pages render and only provider pages
 * (isProviderPage) are gated; the dashboard then reminds an unfinished provider of their setup.
 * The server's page guard (apps/server/src/plugins/page-guard.ts) applies the same rules on a full
 * page load; this one covers in-app navigation and a switch of view.
 */
export function ProviderGate() {
  const session = useSession();
  const location = useLocation();
  const view = session.activeRole;
  const providerPage = isProviderPage(location.pathname);
  const needsStatus = session.role !== null && gateNeedsStatus(session.role, { view, providerPage });
  // Always asked again where the gate needs it: a redirect is decided on a fresh answer only.
  const onboarding = useQuery({
    ...onboardingStatusQuery,
    enabled: session.status === 'signed_in' && needsStatus,
    staleTime: 0,
  });

  if (session.isLoggingOut) return <SigningOutScreen />;
  if (session.status === 'error') return <AuthErrorScreen />;
  // Spec 8: a failed status fetch gives all-false post-onboarding flags, not an error screen.
  const failed = needsStatus && onboarding.isError && !onboarding.data && session.me !== null;
  const known =
    failed && session.me ? { data: fallbackOnboardingStatus(session.me), isPending: false } : onboarding;

  const decision = gateFor(session, known, providerPage, view);
  if (decision === 'wait') return <LoadingScreen onRetry={() => void onboarding.refetch()} />;
  if (decision === '/auth') return <Navigate to={signInUrl(currentPath(location))} replace />;
  if (decision === 'pass') {
    const banner =
      view === 'customer' &&
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
  if (onboarding.isFetching && !failed) return <LoadingScreen onRetry={() => void onboarding.refetch()} />;
  return <Navigate to={decision} replace />;
}
