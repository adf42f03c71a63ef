import {
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPES,
  type ProviderDocument,
  type VerificationState,
} from '@adwuma/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { RotateCw } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiError, fieldErrors } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import {
  DocumentSlot,
  type GhanaCardFormInput,
  type GhanaCardFormOutput,
  ghanaCardFormSchema,
  isSubmitted,
  submitVerification,
  tidyGhanaCard,
  useRefreshVerification,
  useVerification,
  VerificationStatusPanel,
  verificationPhase,
} from '../verification/index.ts';
import { useOnboardingText } from './i18n.ts';
import { messageOf, StepFooter, StepIntro, type StepProps } from './wizard-frame.tsx';

const NUMBER_PLACEHOLDER = 'GHA-123456789-0';

function StepSkeleton() {
  const { t } = useOnboardingText();
  return (
    <div role="status" aria-label={t('frame.loading')} className="grid gap-3">
      <Skeleton className="h-28" />
      <Skeleton className="h-36" />
      <Skeleton className="h-36" />
      <Skeleton className="h-36" />
    </div>
  );
}

/**
 * Onboarding /onboarding/id (alias /onboarding/verification): the three documents, the Ghana Card
 * number and the submission for review, with the displayed status (spec 4 "Verification").
 */
export function IdVerificationStep({ step, next }: StepProps) {
  const verification = useVerification();
  const { t } = useOnboardingText();
  if (verification.isPending) return <StepSkeleton />;
  if (verification.isError) {
    return (
      <div className="grid gap-3">
        <Alert tone="danger" role="alert" title={t('id.loadFailed')}>
          {messageOf(verification.error)}
        </Alert>
        <Button variant="outline" onClick={() => void verification.refetch()} className="justify-self-start">
          <RotateCw aria-hidden="true" className="h-4 w-4" /> {t('id.retry')}
        </Button>
      </div>
    );
  }
  return <VerificationForm state={verification.data} step={step} next={next} />;
}

function VerificationForm({ state, step, next }: StepProps & { state: VerificationState }) {
  const uid = useId();
  const refresh = useRefreshVerification();
  const phase = verificationPhase(state);
  const submitted = isSubmitted(phase);
  const { t } = useOnboardingText();
  const form = useForm<GhanaCardFormInput, unknown, GhanaCardFormOutput>({
    resolver: zodResolver(ghanaCardFormSchema),
    mode: 'onTouched',
    defaultValues: { ghana_card_number: state.session?.ghana_card_number ?? '' },
  });
  const number = useWatch({ control: form.control, name: 'ghana_card_number' });
  const numberValid = ghanaCardFormSchema.safeParse({ ghana_card_number: number ?? '' }).success;

  const byType = new Map<string, ProviderDocument>();
  for (const document of state.documents) {
    if (!byType.has(document.document_type)) byType.set(document.document_type, document);
  }
  const present = DOCUMENT_TYPES.filter((t) => byType.has(t)).length;

  const onUploaded = (document: ProviderDocument) => {
    refresh.putDocument(document);
    refresh.refetch();
  };
  const onRemoved = (id: string) => {
    refresh.dropDocument(id);
    refresh.refetch();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    // Spec 4: submitting creates the verification session (the first time: 'Verification Started')
    // or sets the existing one back to pending ('Submitted for Review').
    const starting = state.session === null;
    try {
      const answer = await submitVerification(values);
      if (answer && typeof answer === 'object' && 'documents' in answer) refresh.setState(answer);
      refresh.refetch();
      toast.success(starting ? DOCUMENT_MESSAGES.started : DOCUMENT_MESSAGES.submitted);
      next();
    } catch (error) {
      const byField = fieldErrors(error);
      if (byField.ghana_card_number) {
        form.setError('ghana_card_number', { message: byField.ghana_card_number });
      }
      // What was sent was refused: 'Submission Failed'; the server could not start the
      // verification (down, unreachable): 'Verification Failed'.
      const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
      toast.error(refused ? DOCUMENT_MESSAGES.submissionFailed : DOCUMENT_MESSAGES.verificationFailed, {
        description: messageOf(error),
      });
      refresh.refetch();
    }
  });

  const numberField = form.register('ghana_card_number', {
    onBlur: (event: { target: HTMLInputElement }) => {
      const tidy = tidyGhanaCard(event.target.value);
      if (tidy !== event.target.value) form.setValue('ghana_card_number', tidy, { shouldValidate: true });
    },
  });
  const error = form.formState.errors.ghana_card_number?.message;
  const canSubmitNow = state.canSubmit && numberValid;
  const waitingFor =
    present < DOCUMENT_TYPES.length
      ? t('id.addAll', { present, total: DOCUMENT_TYPES.length })
      : !numberValid
        ? t('id.enterNumber')
        : null;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <StepIntro>{t('id.intro')}</StepIntro>
      <VerificationStatusPanel state={state} />

      <section aria-labelledby={`${uid}-docs`} className="space-y-3">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id={`${uid}-docs`} className="text-sm font-bold text-fg">
            {t('id.documents')}
          </h2>
          <p className="text-xs font-semibold text-muted-fg">
            {t('id.added', { present, total: DOCUMENT_TYPES.length })}
          </p>
        </div>
        {DOCUMENT_TYPES.map((type) => (
          <DocumentSlot
            key={type}
            type={type}
            document={byType.get(type)}
            canEdit={state.canEdit}
            onUploaded={onUploaded}
            onRemoved={onRemoved}
          />
        ))}
      </section>

      {!submitted && (
        <Field id={`${uid}-number`} label={t('id.numberLabel')} hint={t('id.numberHint')} error={error}>
          {(c) => (
            <Input
              {...c}
              {...numberField}
              placeholder={NUMBER_PLACEHOLDER}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="font-mono tracking-wide"
              disabled={!state.canEdit}
            />
          )}
        </Field>
      )}

      {!submitted && (
        <div className="rounded-xl bg-muted/60 px-4 py-3 text-sm text-muted-fg">
          {waitingFor && (
            <p aria-live="polite" className="font-medium text-fg">
              {waitingFor}
            </p>
          )}
          <p className={waitingFor ? 'mt-1' : ''}>
            {t('id.notReady')}{' '}
            <button
              type="button"
              onClick={next}
              className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-500"
            >
              {t('id.skip')}
            </button>{' '}
            {t('id.later')}
          </p>
        </div>
      )}

      {submitted ? (
        <StepFooter step={step} onContinue={next} />
      ) : (
        <StepFooter
          step={step}
          busy={form.formState.isSubmitting}
          disabled={!canSubmitNow}
          continueLabel={t('id.submit')}
        />
      )}
    </form>
  );
}
