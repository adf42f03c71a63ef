import { nextWizardStep, onboardingPath, type WizardStep, wizardStepFor } from '@adwuma/shared';
import { type ComponentType, useEffect, useRef } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { NotFoundScreen } from '../../components/screens/not-found-screen.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { LocationStep } from './location-step.tsx';
import {
  AvailabilityStep,
  CompleteStep,
  IdStep,
  ProfileStep,
  ReviewStep,
  ServicesStep,
  SubscriptionStep,
  TermsStep,
  WelcomeStep,
} from './steps.tsx';
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
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(step ? `${STEP_TITLES[step]} · Onboarding` : 'Onboarding');

  useEffect(() => {
    if (step) headingRef.current?.focus();
  }, [step]);

  if (!segment) return <Navigate to={onboardingPath('welcome')} replace />;
  if (!step) return <NotFoundScreen />;
  const Screen = SCREENS[step];
  const next = () => {
    const following = nextWizardStep(step);
    if (following) navigate(onboardingPath(following));
  };

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-6 sm:py-10">
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
