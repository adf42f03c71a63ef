import type { JobValues } from '@adwuma/shared';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { fieldErrors } from '../../../lib/api.ts';
import { useCategories } from '../../search/index.ts';
import { parseAmount, useJobFormat } from '../format.ts';
import {
  type DraftErrors,
  type DraftField,
  firstStepWithIssues,
  JOB_STEPS,
  type JobDraft,
  LAST_STEP,
  type StoredDraft,
  stepIssues,
  stepOfField,
  validJob,
} from './job-draft.ts';
import { BudgetStep, FormButtons, ReviewStep, StepProgress, WhatStep, WhenStep } from './job-form-steps.tsx';
import { useJobFormText } from './job-form-text.ts';
import { WhereFields } from './where-fields.tsx';

export { useJobFormText } from './job-form-text.ts';

/** Focuses the field's control, or the first control inside it (a group, the place picker). */
function focusField(field: string) {
  const el = document.getElementById(`job-${field}`);
  if (!el) return;
  const target = el.matches('input, select, textarea, button')
    ? el
    : el.querySelector<HTMLElement>('input, select, textarea, button');
  target?.focus();
  target?.scrollIntoView?.({ block: 'center' });
}

function firstBadField(step: number, errors: DraftErrors): string | undefined {
  return (JOB_STEPS[step]?.fields as readonly string[] | undefined)?.find((f) => errors[f as DraftField]);
}

export interface JobFormProps {
  /** Posting a new job (five steps in order) or changing a posted one (a summary to edit from). */
  mode: 'post' | 'edit';
  initial: StoredDraft;
  /** After every change of step or values (the post form keeps its draft from it). */
  onProgress?: (stored: StoredDraft) => void;
  /** Sends the checked values (and, when posting, the photos picked); throws the API's error. */
  onSubmit: (values: JobValues, photos: File[], draft: JobDraft) => Promise<void>;
  /** Editing: the photos the job has (they are managed on the job page). */
  photoCount?: number;
  /** Editing: where Cancel goes. */
  cancelTo?: string;
  title: string;
  lead: string;
  /** A link above the title (editing: back to the job). */
  back?: { to: string; label: string };
  /** Above the form (the restored-draft notice). */
  notice?: ReactNode;
}

/**
 * The job form of `/post-job` and `/task/:id/edit`: each step checked with the shared rules before
 * moving on. Posting walks the steps in order; editing opens on the summary, and each section's
 * Edit leads to its step and back.
 */
export function JobForm({
  mode,
  initial,
  onProgress,
  onSubmit,
  photoCount = 0,
  cancelTo,
  title,
  lead,
  back,
  notice,
}: JobFormProps) {
  const categories = useCategories();
  const editing = mode === 'edit';
  const JOB_FORM_TEXT = useJobFormText();
  const { budgetText } = useJobFormat();
  const words = editing ? JOB_FORM_TEXT.change : JOB_FORM_TEXT.post;
  const [draft, setDraft] = useState<JobDraft>(initial.values);
  const [step, setStep] = useState(initial.step);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [photos, setPhotos] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<Error | null>(null);
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    onProgress?.({ step, values: draft });
  }, [onProgress, step, draft]);

  // After a render that changed the step or the errors: focus what was asked for.
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === 'heading') document.getElementById('job-step-title')?.focus();
    else focusField(target);
  });

  const update = (patch: Partial<JobDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const keys = Object.keys(patch).filter((k) => k in e);
      if (keys.length === 0) return e;
      const next = { ...e };
      for (const k of keys) delete next[k as DraftField];
      if ('longitude' in patch || 'latitude' in patch || 'city' in patch) {
        delete next.city;
        delete next.latitude;
      }
      return next;
    });
  };

  const goTo = (target: number) => {
    setStep(target);
    setErrors({});
    focusNext.current = 'heading';
  };

  const showIssues = (target: number, issues: DraftErrors) => {
    setStep(target);
    setErrors(issues);
    focusNext.current = firstBadField(target, issues) ?? 'heading';
  };

  const next = () => {
    const issues = stepIssues(step, draft);
    if (Object.keys(issues).length > 0) return showIssues(step, issues);
    // Editing: a section is done, back to the summary.
    goTo(editing ? LAST_STEP : Math.min(step + 1, LAST_STEP));
  };

  const submit = async () => {
    const bad = firstStepWithIssues(draft);
    if (bad !== -1) return showIssues(bad, stepIssues(bad, draft));
    const values = validJob(draft);
    if (!values) return;
    setSending(true);
    setServerError(null);
    try {
      await onSubmit(values, photos, draft);
    } catch (error) {
      const server = fieldErrors(error) as DraftErrors;
      const fields = Object.keys(server);
      if (fields.length > 0) {
        const target = Math.min(...fields.map(stepOfField).filter((s) => s >= 0), LAST_STEP);
        showIssues(target, server);
      } else {
        setServerError(error instanceof Error ? error : new Error(String(error)));
        goTo(LAST_STEP);
      }
    } finally {
      setSending(false);
    }
  };

  const groups = categories.data?.groups ?? [];
  const current = JOB_STEPS[step] ?? JOB_STEPS[0];
  const stepTitle =
    current.id === 'review'
      ? words.reviewTitle
      : current.id === 'budget'
        ? words.budgetTitle
        : JOB_FORM_TEXT.stepTitle(current.id);
  const min = parseAmount(draft.budget_min);
  const max = parseAmount(draft.budget_max);
  const preview =
    (min !== undefined || max !== undefined) && min !== null && max !== null
      ? budgetText({ budget_min: min ?? null, budget_max: max ?? null })
      : null;
  const shownPhotos = editing ? photoCount : photos.length;

  return (
    <div className="pb-12">
      <header className="border-b border-border bg-gradient-to-b from-brand-50 to-bg dark:from-brand-800/15">
        <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
          {back && (
            <Link
              to={back.to}
              className="mb-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-500"
            >
              <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {back.label}
            </Link>
          )}
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
          <p className="mt-2 text-muted-fg">{lead}</p>
          {!editing && <StepProgress step={step} />}
        </div>
      </header>

      <div className="mx-auto grid max-w-3xl gap-4 px-4 py-6 sm:px-6">
        {notice}
        <form
          noValidate
          aria-labelledby="job-step-title"
          className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
          onSubmit={(e) => {
            e.preventDefault();
            if (step === LAST_STEP) void submit();
            else next();
          }}
        >
          <h2 id="job-step-title" tabIndex={-1} className="text-lg font-bold focus:outline-none">
            {stepTitle}
          </h2>

          <div className="mt-5 grid gap-5">
            {step === 0 && <WhatStep categories={categories} draft={draft} update={update} errors={errors} />}

            {step === 1 && <WhereFields draft={draft} update={update} errors={errors} />}

            {step === 2 && <WhenStep draft={draft} update={update} errors={errors} />}

            {step === 3 && (
              <BudgetStep
                draft={draft}
                update={update}
                errors={errors}
                preview={preview}
                editing={editing}
                photos={photos}
                setPhotos={setPhotos}
              />
            )}

            {step === 4 && (
              <ReviewStep
                draft={draft}
                groups={groups}
                preview={preview}
                editing={editing}
                shownPhotos={shownPhotos}
                serverError={serverError}
                failedTitle={words.failed}
                goTo={goTo}
              />
            )}
          </div>

          <FormButtons
            step={step}
            editing={editing}
            sending={sending}
            cancelTo={cancelTo}
            submitLabel={words.submit}
            goTo={goTo}
          />
        </form>
      </div>
    </div>
  );
}
