import { onboardingPath, previousWizardStep, type WizardStep, wizardProgress } from '@adwuma/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { textOf } from '../../i18n/index.ts';
import { useSession } from '../auth/index.ts';
import { useOnboardingText } from './i18n.ts';

/** A step's title in the page's language (src/locales/<lang>/onboarding.json `titles`). */
export function useStepTitle(): (step: WizardStep) => string {
  const { t } = useOnboardingText();
  return (step) => t(`titles.${step}`);
}

/** What every step screen receives from the wizard. */
export interface StepProps {
  step: WizardStep;
  /** Goes on to the next step (after a successful save). */
  next: () => void;
}

export function ProgressBar({ step }: { step: WizardStep }) {
  const { position, total } = wizardProgress(step);
  const percent = Math.round((position / total) * 100);
  const { t } = useOnboardingText();
  const label = t('frame.step', { position, total });
  return (
    <div>
      <p className="text-xs font-semibold uppercase tracking-wide text-muted-fg">{label}</p>
      <div
        role="progressbar"
        aria-label={t('frame.progress')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={position}
        aria-valuetext={label}
        className="mt-2 h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** Back (a link to the previous step) and Continue (submits the step's form). */
export function StepFooter({
  step,
  busy = false,
  continueLabel,
  disabled = false,
  onContinue,
}: {
  step: WizardStep;
  busy?: boolean;
  continueLabel?: string;
  disabled?: boolean;
  /** Without it, Continue submits the surrounding form. */
  onContinue?: () => void;
}) {
  const previous = previousWizardStep(step);
  const { t } = useOnboardingText();
  return (
    <div className="sticky bottom-0 -mx-4 mt-6 flex items-center justify-between gap-3 border-t border-border bg-bg/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0">
      {previous ? (
        <ButtonLink to={onboardingPath(previous)} variant="outline">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {t('frame.back')}
        </ButtonLink>
      ) : (
        <span />
      )}
      <Button
        type={onContinue ? 'button' : 'submit'}
        onClick={onContinue}
        busy={busy}
        disabled={disabled}
        className="flex-1 sm:flex-none"
      >
        {continueLabel ?? t('frame.continue')} <ArrowRight aria-hidden="true" className="h-4 w-4" />
      </Button>
    </div>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert tone="danger" role="alert" className="mt-4">
      {message}
    </Alert>
  );
}

export function StepIntro({ children }: { children: ReactNode }) {
  return <p className="mt-1 text-sm text-muted-fg">{children}</p>;
}

/** The message of a failed call that did not name fields. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : textOf('onboarding')('frame.unexpected');
}

/** A schema's issues as field messages, keyed by path ('days.2.closes'); the first per field wins. */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'form';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Moves focus to the element with this id (the first invalid field, which is on screen already). */
export function focusById(id: string | null | undefined) {
  if (id) document.getElementById(id)?.focus();
}

const DRAFT_KEY = 'onboarding-draft';

/**
 * What a provider typed on a step and did not save yet, kept while they move back and forth in
 * the wizard. It lives in the query cache (not storage), so signing out drops it with the rest.
 */
export function useStepDraft<T>(step: WizardStep) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const key = useMemo(() => [DRAFT_KEY, user?.id ?? null, step] as const, [user?.id, step]);
  return useMemo(
    () => ({
      read: () => queryClient.getQueryData<T>(key),
      write: (value: T) => queryClient.setQueryData<T>(key, value),
      clear: () => queryClient.removeQueries({ queryKey: key, exact: true }),
    }),
    [queryClient, key],
  );
}

/**
 * When the step goes away (Back, a link, the browser), keeps its unsaved values as the draft;
 * `current` answers null when there is nothing unsaved (saved, or equal to what the server has),
 * which drops the draft.
 */
export function useDraftOnLeave<T>(
  draft: { write: (value: T) => void; clear: () => void },
  current: () => T | null,
) {
  const latest = useRef(current);
  latest.current = current;
  useEffect(
    () => () => {
      const value = latest.current();
      if (value === null) draft.clear();
      else draft.write(value);
    },
    [draft],
  );
}

/** Same values (plain data: form values, lists, numbers). */
export function sameValues(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
