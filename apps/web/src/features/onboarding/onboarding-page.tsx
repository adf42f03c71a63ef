import type { OnboardingStatus } from '@adwuma/shared';
import { nextWizardStep, onboardingPath, type WizardStep, wizardStepFor } from '@adwuma/shared';
import { type ComponentType, lazy, type RefObject, Suspense, useEffect, useRef } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/screens/loading-screen.tsx';
import { NotFoundScreen } from '../../components/screens/not-found-screen.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useOnboardingStatus } from '../../lib/onboarding-api.ts';
import { ROUTES } from '../../lib/routes.ts';
import { useSession } from '../auth/index.ts';
import { useOnboardingText } from './i18n.ts';
import { ProgressBar, type StepProps, useStepTitle } from './wizard-frame.tsx';

/**
 * Issue 20: each step's screen is downloaded when the wizard reaches it (its form schemas, the
 * place picker, document slots, checkout), so an onboarding page's first download carries one step.
 */
const SCREENS: Record<WizardStep, ComponentType<StepProps>> = {
  welcome: lazy(() => import('./steps.tsx').then((m) => ({ default: m.WelcomeStep }))),
  profile: lazy(() => import('./profile-step.tsx').then((m) => ({ default: m.ProfileStep }))),
  location: lazy(() => import('./location-step.tsx').then((m) => ({ default: m.LocationStep }))),
  services: lazy(() => import('./services-step.tsx').then((m) => ({ default: m.ServicesStep }))),
  availability: lazy(() => import('./availability-step.tsx').then((m) => ({ default: m.AvailabilityStep }))),
  id: lazy(() => import('./id-step.tsx').then((m) => ({ default: m.IdVerificationStep }))),
  terms: lazy(() => import('./steps.tsx').then((m) => ({ default: m.TermsStep }))),
  subscription: lazy(() => import('./steps.tsx').then((m) => ({ default: m.SubscriptionStep }))),
  review: lazy(() => import('./steps.tsx').then((m) => ({ default: m.ReviewStep }))),
  complete: lazy(() => import('./steps.tsx').then((m) => ({ default: m.CompleteStep }))),
};

/** Stands where a step's screen will be while it downloads: a form's height, so nothing jumps. */
function StepSkeleton() {
  const { t } = useOnboardingText();
  return (
    <div className="space-y-3" role="status" aria-label={t('frame.loadingStep')}>
      <Skeleton className="h-5 w-3/4" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="mt-6 h-11 w-full" />
    </div>
  );
}

/**
 * Decision 020: the way out of provider setup for someone who also uses Adwuma as a customer
 * (a job, a quote request, a booking or a conversation): switches to the customer view, where
 * their customer pages open, and goes to the dashboard.
 */
function BackToCustomerAccount() {
  const status = useOnboardingStatus();
  const { setActiveRole } = useSession();
  const { t } = useOnboardingText();
  if (!status.data?.hasCustomerActivity) return null;
  return (
    <p className="mb-4 text-sm">
      <Link
        to={ROUTES.dashboard}
        onClick={() => setActiveRole('customer')}
        className="font-semibold text-brand-800 underline underline-offset-4 dark:text-brand-500"
      >
        {t('gate.backToCustomer')}
      </Link>
    </p>
  );
}

/**
 * /onboarding/:step: one wizard for both route sets of spec 2. Aliases (skills, verification,
 * finish) show their step's screen under the URL that was asked for.
 */
export function OnboardingPage() {
  const { step: segment } = useParams();
  const step = wizardStepFor(segment);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { t } = useOnboardingText();
  const title = useStepTitle();
  useDocumentTitle(step ? t('frame.documentTitle', { step: title(step) }) : t('frame.onboarding'));

  useEffect(() => {
    if (step) headingRef.current?.focus();
  }, [step]);

  if (!segment || (step === 'welcome' && segment.trim().toLowerCase() === 'welcome')) {
    return <ResumeOnboarding welcome={Boolean(segment)} headingRef={headingRef} />;
  }
  if (!step) return <NotFoundScreen />;
  return <WizardScreen step={step} headingRef={headingRef} />;
}

/**
 * Issue 4: /onboarding (and /onboarding/welcome once the intro was seen) goes to the first
 * incomplete step the server names; welcome while the intro is unseen, review when all are done.
 */
function ResumeOnboarding({
  welcome,
  headingRef,
}: {
  welcome: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const status = useOnboardingStatus();
  if (status.isPending) return <LoadingScreen onRetry={() => void status.refetch()} />;
  const target = resumeStep(status.data);
  if (welcome && target === 'welcome') return <WizardScreen step="welcome" headingRef={headingRef} />;
  return <Navigate to={onboardingPath(target)} replace />;
}

function resumeStep(status: OnboardingStatus | undefined): WizardStep {
  if (!status?.introSeen) return 'welcome';
  return status.nextRequiredStep ?? 'review';
}

function WizardScreen({
  step,
  headingRef,
}: {
  step: WizardStep;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const navigate = useNavigate();
  const Screen = SCREENS[step];
  const title = useStepTitle();
  const next = () => {
    const following = nextWizardStep(step);
    if (following) navigate(onboardingPath(following));
  };

  return (
    // Fields focused on an error stop clear of the sticky header (and, on phones, the sticky footer).
    <div className="mx-auto w-full max-w-xl px-4 py-6 sm:py-10 [&_input]:scroll-mt-24 [&_input]:scroll-mb-24 [&_textarea]:scroll-mt-24 [&_textarea]:scroll-mb-24">
      <BackToCustomerAccount />
      <ProgressBar step={step} />
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="mt-5 text-2xl font-bold text-fg focus:outline-none focus-visible:outline-none"
      >
        {title(step)}
      </h1>
      <div className="mt-4">
        <Suspense fallback={<StepSkeleton />}>
          <Screen key={step} step={step} next={next} />
        </Suspense>
      </div>
    </div>
  );
}
