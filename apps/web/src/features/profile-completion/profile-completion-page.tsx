import { isProviderLike, onboardingPath, type RequiredStep } from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Briefcase, CheckCircle2, Circle, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { AppLink, ButtonLink } from '../../components/ui/button-link.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useOnboardingStatus } from '../../lib/onboarding-api.ts';
import { ROUTES } from '../../lib/routes.ts';
import { meQueryOptions } from '../../lib/session.ts';
import { useJoinAsProvider, useSession } from '../auth/index.ts';

export const COMPLETION_TEXT = {
  title: 'Profile completion',
  coreHeading: 'Get found by customers',
  stepsHeading: 'Finish your provider setup',
  customerTitle: 'This page is for service providers',
  customerBody:
    'Profile completion tracks the setup a provider needs before customers can book them. You are signed in as a customer, so there is nothing to complete here.',
  strengthGrows:
    'Your profile strength grows as you add a photo, a bio, your services, your working hours and as you verify your identity.',
} as const;

/** The three core items of spec 4, each with where it is filled in. */
const CORE_ITEMS = [
  {
    key: 'profile_completed',
    label: 'Profile photo and name',
    hint: 'Add a clear photo of yourself and your full name.',
    to: onboardingPath('profile'),
  },
  {
    key: 'location_completed',
    label: 'Where you work',
    hint: 'Set your location so nearby customers can find you.',
    to: onboardingPath('location'),
  },
  {
    key: 'skills_completed',
    label: 'Your services',
    hint: 'Pick at least one service or category.',
    to: onboardingPath('services'),
  },
] as const;

/** Set B's seven steps (spec 5), in order. */
const STEP_LABELS: Record<RequiredStep, { label: string; hint: string }> = {
  profile: { label: 'Profile', hint: 'Name, phone and bio' },
  location: { label: 'Location', hint: 'Where you work and how far you travel' },
  services: { label: 'Services', hint: 'What you offer' },
  availability: { label: 'Working hours', hint: 'Your weekly hours' },
  id: { label: 'Identity verification', hint: 'Ghana Card and photos' },
  terms: { label: 'Provider terms', hint: 'Read and accept' },
  subscription: { label: 'Plan', hint: 'Keep Starter free or upgrade' },
};

function ProgressRing({ percent }: { percent: number }) {
  const radius = 52;
  const circumference = 2 * Math.PI * radius;
  const offset = circumference * (1 - Math.min(100, Math.max(0, percent)) / 100);
  return (
    <div
      role="progressbar"
      aria-label="Profile completion"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}% complete`}
      className="relative h-32 w-32 shrink-0"
    >
      <svg viewBox="0 0 120 120" className="h-full w-full -rotate-90" aria-hidden="true">
        <circle cx="60" cy="60" r={radius} strokeWidth="12" className="fill-none stroke-muted" />
        <circle
          cx="60"
          cy="60"
          r={radius}
          strokeWidth="12"
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={offset}
          className={`fill-none transition-all duration-700 ${percent === 100 ? 'stroke-leaf-600' : 'stroke-brand-600'}`}
        />
      </svg>
      <span className="absolute inset-0 flex flex-col items-center justify-center">
        <span className="text-3xl font-bold text-fg">{percent}%</span>
        <span className="text-xs text-muted-fg">complete</span>
      </span>
    </div>
  );
}

function ChecklistItem({
  done,
  label,
  hint,
  to,
}: {
  done: boolean;
  label: string;
  hint: string;
  to: string;
}) {
  const body = (
    <>
      {done ? (
        <CheckCircle2 aria-hidden="true" className="h-5 w-5 shrink-0 text-leaf-600" />
      ) : (
        <Circle aria-hidden="true" className="h-5 w-5 shrink-0 text-muted-fg" />
      )}
      <span className="min-w-0 flex-1">
        <span className={`block text-sm font-semibold ${done ? 'text-muted-fg' : 'text-fg'}`}>{label}</span>
        <span className="block text-xs text-muted-fg">{done ? 'Done' : hint}</span>
      </span>
      {!done && <ArrowRight aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />}
    </>
  );
  if (done) {
    return (
      <li className="flex min-h-14 items-center gap-3 px-4 py-3">
        {body}
        <span className="sr-only">(complete)</span>
      </li>
    );
  }
  return (
    <li>
      <AppLink
        to={to}
        aria-label={`${label}: missing. ${hint}`}
        className="flex min-h-14 items-center gap-3 px-4 py-3 hover:bg-muted focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {body}
      </AppLink>
    </li>
  );
}

function CustomerNotice() {
  const join = useJoinAsProvider();
  return (
    <Card className="text-center">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-muted text-brand-700">
        <Briefcase aria-hidden="true" className="h-7 w-7" />
      </span>
      <h2 className="mt-4 text-lg font-bold text-fg">{COMPLETION_TEXT.customerTitle}</h2>
      <p className="mt-2 text-sm text-muted-fg">{COMPLETION_TEXT.customerBody}</p>
      <p className="mt-2 text-sm text-muted-fg">Want to offer your own services on Adwuma?</p>
      <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button onClick={() => void join()}>Join as Provider</Button>
        <ButtonLink to={ROUTES.dashboard} variant="ghost">
          Back to your dashboard
        </ButtonLink>
      </div>
    </Card>
  );
}

/** /profile-completion (issue 4): the provider's core completion, profile strength and what is missing. */
export function ProfileCompletionPage() {
  useDocumentTitle(COMPLETION_TEXT.title);
  const { me } = useSession();
  const provider = me ? isProviderLike(me.role) : false;
  const status = useOnboardingStatus();
  // The strength is the figure the server stored with the last change (issue 19): read afresh on
  // every visit, as the onboarding status is. The ring's percentage is the same stored rule.
  useQuery({ ...meQueryOptions, staleTime: 0 });

  let content: ReactNode;
  if (!provider) {
    content = <CustomerNotice />;
  } else if (status.isPending) {
    content = (
      <div className="flex justify-center py-16">
        <Spinner label="Loading your progress" />
      </div>
    );
  } else if (status.isError) {
    content = (
      <Alert tone="danger">
        Your progress could not be loaded.{' '}
        <button type="button" className="font-semibold underline" onClick={() => void status.refetch()}>
          Try again
        </button>
      </Alert>
    );
  } else {
    const data = status.data;
    const coreDone = CORE_ITEMS.filter((item) => data.core[item.key]).length;
    const stepsDone = data.steps.filter((s) => s.complete).length;
    const strength = me?.profile.profile_strength_score ?? 0;
    const next = data.nextRequiredStep;
    content = (
      <div className="space-y-5">
        <Card className="flex flex-col items-center gap-5 text-center sm:flex-row sm:text-left">
          <ProgressRing percent={data.completionPercentage} />
          <div className="min-w-0">
            <p className="text-sm font-semibold text-fg">
              {coreDone} of {CORE_ITEMS.length} core items done
            </p>
            <p className="mt-1 text-sm text-muted-fg">
              {coreDone === CORE_ITEMS.length
                ? 'Customers can find you. Finish the remaining steps to get booked more.'
                : 'Complete your photo, location and services so customers can find you.'}
            </p>
            {next && (
              <ButtonLink to={onboardingPath(next)} size="sm" className="mt-3">
                Continue setup <ArrowRight aria-hidden="true" className="h-4 w-4" />
              </ButtonLink>
            )}
          </div>
        </Card>

        <Card>
          <div className="flex items-center gap-3">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-muted text-brand-700">
              <Sparkles aria-hidden="true" className="h-5 w-5" />
            </span>
            <div className="min-w-0 flex-1">
              <h2 className="text-sm font-semibold text-fg">Profile strength</h2>
              {strength > 0 ? (
                <p className="text-2xl font-bold text-fg">
                  {strength}
                  <span className="text-sm font-medium text-muted-fg"> / 100</span>
                </p>
              ) : (
                <p className="text-sm text-muted-fg">Not scored yet</p>
              )}
            </div>
          </div>
          {strength > 0 && (
            <div className="mt-3 h-2 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
              <div
                className="h-full rounded-full bg-leaf-600"
                style={{ width: `${Math.min(100, strength)}%` }}
              />
            </div>
          )}
          <p className="mt-3 text-xs text-muted-fg">{COMPLETION_TEXT.strengthGrows}</p>
        </Card>

        <section aria-labelledby="core-heading">
          <h2 id="core-heading" className="px-1 text-sm font-semibold uppercase tracking-wide text-muted-fg">
            {COMPLETION_TEXT.coreHeading}
          </h2>
          <ul className="mt-2 divide-y divide-border overflow-hidden rounded-2xl border border-border bg-card">
            {CORE_ITEMS.map((item) => (
              <ChecklistItem
                key={item.key}
                done={data.core[item.key]}
                label={item.label}
                hint={item.hint}
                to={item.to}
              />
            ))}
          </ul>
          {!data.core.profile_completed && (
            <p className="mt-2 px-1 text-xs text-muted-fg">
              You can also change your photo on{' '}
              <AppLink to={ROUTES.profile} className="font-semibold text-brand-700 underline">
                your profile page
              </AppLink>
              .
            </p>
          )}
        </section>

        <section aria-labelledby="steps-heading">
          <div className="flex items-baseline justify-between px-1">
            <h2 id="steps-heading" className="text-sm font-semibold uppercase tracking-wide text-muted-fg">
              {COMPLETION_TEXT.stepsHeading}
            </h2>
            <span className="text-xs font-medium text-muted-fg">
              {stepsDone}/{data.steps.length}
            </span>
          </div>
          <ul className="mt-2 divide-y divide-border overflow-hidden rounded-2xl border border-border bg-card">
            {data.steps.map((s) => (
              <ChecklistItem
                key={s.id}
                done={s.complete}
                label={STEP_LABELS[s.id].label}
                hint={STEP_LABELS[s.id].hint}
                to={onboardingPath(s.id)}
              />
            ))}
          </ul>
        </section>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold text-fg">{COMPLETION_TEXT.title}</h1>
      <p className="mt-1 text-sm text-muted-fg">
        What customers see depends on how complete your profile is.
      </p>
      <div className="mt-5">{content}</div>
    </div>
  );
}
