import type { OnboardingStatus } from '@adwuma/shared';
import { nextWizardStep, onboardingPath, type WizardStep, wizardStepFor } from '@adwuma/shared';
import { type ComponentType, type RefObject, useEffect, useRef } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/screens/loading-screen.tsx';
import { NotFoundScreen } from '../../components/screens/not-found-screen.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useOnboardingStatus } from '../../lib/onboarding-api.ts';
import { AvailabilityStep } from './availability-step.tsx';
import { LocationStep } from './location-step.tsx';
import { ProfileStep } from './profile-step.tsx';
import { ServicesStep } from './services-step.tsx';
import { CompleteStep, IdStep, ReviewStep, SubscriptionStep, TermsStep, WelcomeStep } from './steps.tsx';
import { ProgressBar, STEP_TITLES, type StepProps } from './wizard-frame.tsx';

const SCREENS: Record<WizardStep, ComponentType<StepProps>> = {
  welcome: WelcomeStep,
  profile: ProfileStep,
  location: LocationStep,
  services: ServicesStep,
  availability: AvailabilityStep,
  id: IdStep,
  terms: TermsStep,
  subscription: SubscriptionStep,
  review: ReviewStep,
  complete: CompleteStep,
};

/**
 * /onboarding/:step: one wizard for both route sets of spec 2. Aliases (skills, verification,
 * finish) show their step's screen under the URL that was asked for.
 */
export function OnboardingPage() {
  const { step: segment } = useParams();
  const step = wizardStepFor(segment);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(step ? `${STEP_TITLES[step]} · Onboarding` : 'Onboarding');

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
  const next = () => {
    const following = nextWizardStep(step);
    if (following) navigate(onboardingPath(following));
  };

  return (
    // Fields focused on an error stop clear of the sticky header (and, on phones, the sticky footer).
    <div className="mx-auto w-full max-w-xl px-4 py-6 sm:py-10 [&_input]:scroll-mt-24 [&_input]:scroll-mb-24 [&_textarea]:scroll-mt-24 [&_textarea]:scroll-mb-24">
      <ProgressBar step={step} />
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="mt-5 text-2xl font-bold text-fg focus:outline-none focus-visible:outline-none"
      >
        {STEP_TITLES[step]}
      </h1>
      <div className="mt-4">
        <Screen key={step} step={step} next={next} />
      </div>
    </div>
  );
}
