import { type CategoryGroup, JOB_LIMITS, JOB_WHEN_TYPES, type JobWhenType } from '@adwuma/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  ArrowLeft,
  ArrowRight,
  CalendarDays,
  CalendarRange,
  Check,
  Pencil,
  Send,
  Sparkles,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { ErrorScreen } from '../../../components/screens/error-screen.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { CategorySelect } from '../../../components/ui/category-select.tsx';
import { CediInput, Field, Input, Textarea } from '../../../components/ui/field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { isoDaysAhead, useJobFormat } from '../format.ts';
import { type DraftErrors, type DraftField, JOB_STEPS, type JobDraft, LAST_STEP } from './job-draft.ts';
import { useJobFormText } from './job-form-text.ts';
import { PhotoPicker } from './photo-picker.tsx';

// The steps of the job form (job-form.tsx holds the state and moves between them).

type StepProps = { draft: JobDraft; update: (patch: Partial<JobDraft>) => void; errors: DraftErrors };

const WHEN_ICONS: Record<JobWhenType, ReactNode> = {
  date: <CalendarDays aria-hidden="true" className="h-5 w-5" />,
  window: <CalendarRange aria-hidden="true" className="h-5 w-5" />,
  flexible: <Sparkles aria-hidden="true" className="h-5 w-5" />,
};

export function StepProgress({ step }: { step: number }) {
  const JOB_FORM_TEXT = useJobFormText();
  return (
    <div className="mt-5">
      <p className="text-sm font-semibold text-muted-fg sm:sr-only">
        {JOB_FORM_TEXT.step(step + 1, JOB_STEPS.length)} ·{' '}
        {JOB_STEPS[step] ? JOB_FORM_TEXT.stepLabel(JOB_STEPS[step].id) : ''}
      </p>
      <div
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-muted sm:hidden"
        role="progressbar"
        aria-label={JOB_FORM_TEXT.t('form.progress')}
        aria-valuemin={1}
        aria-valuemax={JOB_STEPS.length}
        aria-valuenow={step + 1}
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-all"
          style={{ width: `${((step + 1) / JOB_STEPS.length) * 100}%` }}
        />
      </div>
      <ol aria-label={JOB_FORM_TEXT.t('form.steps')} className="hidden gap-2 sm:grid sm:grid-cols-5">
        {JOB_STEPS.map((s, i) => (
          <li
            key={s.id}
            aria-current={i === step ? 'step' : undefined}
            className={`flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-semibold ${
              i === step
                ? 'border-brand-600 bg-brand-600 text-white'
                : i < step
                  ? 'border-border bg-card text-fg'
                  : 'border-border bg-transparent text-muted-fg'
            }`}
          >
            <span
              className={`inline-flex h-5 w-5 items-center justify-center rounded-full text-xs ${
                i === step ? 'bg-white/20' : i < step ? 'bg-leaf-600 text-white' : 'bg-muted'
              }`}
            >
              {i < step ? <Check aria-hidden="true" className="h-3 w-3" /> : i + 1}
            </span>
            {JOB_FORM_TEXT.stepLabel(s.id)}
          </li>
        ))}
      </ol>
    </div>
  );
}

function MoneyInput({
  field,
  label,
  value,
  error,
  onChange,
}: {
  field: DraftField;
  label: string;
  value: string;
  error?: string;
  onChange: (v: string) => void;
}) {
  return (
    <Field id={`job-${field}`} label={label} error={error} optional>
      {(control) => <CediInput {...control} value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

function ReviewSection({
  title,
  onEdit,
  children,
}: {
  title: string;
  onEdit: () => void;
  children: ReactNode;
}) {
  const JOB_FORM_TEXT = useJobFormText();
  return (
    <section className="rounded-xl border border-border p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-fg">{title}</h3>
        <Button
          size="sm"
          variant="ghost"
          onClick={onEdit}
          aria-label={JOB_FORM_TEXT.t('form.editSection', { section: title.toLowerCase() })}
        >
          <Pencil aria-hidden="true" className="h-4 w-4" /> {JOB_FORM_TEXT.edit}
        </Button>
      </div>
      <div className="mt-1 text-sm">{children}</div>
    </section>
  );
}

function categoryName(groups: CategoryGroup[], slug: string): string {
  for (const g of groups) for (const c of g.categories) if (c.slug === slug) return c.name;
  return slug;
}

/** Step 1, "What": the category, a title and a description. */
export function WhatStep({
  categories,
  draft,
  update,
  errors,
}: StepProps & { categories: UseQueryResult<{ groups: CategoryGroup[] }> }) {
  const groups = categories.data?.groups ?? [];
  const JOB_FORM_TEXT = useJobFormText();
  return categories.isPending ? (
    <div role="status" aria-label={JOB_FORM_TEXT.t('form.loadingCategories')} className="grid gap-3">
      <Skeleton className="h-11" />
      <Skeleton className="h-11" />
      <Skeleton className="h-32" />
    </div>
  ) : categories.isError ? (
    <ErrorScreen detail={categories.error.message} onRetry={() => void categories.refetch()} />
  ) : (
    <>
      <Field id="job-category" label={JOB_FORM_TEXT.category} error={errors.category}>
        {(control) => (
          <CategorySelect
            {...control}
            groups={groups}
            placeholder={JOB_FORM_TEXT.chooseCategory}
            value={draft.category}
            onChange={(e) => update({ category: e.target.value })}
          />
        )}
      </Field>
      <Field
        id="job-title"
        label={JOB_FORM_TEXT.jobTitle}
        hint={JOB_FORM_TEXT.titleHint}
        error={errors.title}
      >
        {(control) => (
          <Input
            {...control}
            value={draft.title}
            maxLength={JOB_LIMITS.titleMax + 20}
            onChange={(e) => update({ title: e.target.value })}
          />
        )}
      </Field>
      <Field
        id="job-description"
        label={JOB_FORM_TEXT.description}
        hint={`${JOB_FORM_TEXT.descriptionHint} ${draft.description.trim().length} / ${JOB_LIMITS.descriptionMax}`}
        error={errors.description}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={6}
            value={draft.description}
            onChange={(e) => update({ description: e.target.value })}
          />
        )}
      </Field>
    </>
  );
}

/** Step 3, "When": a date, a window or flexible. */
export function WhenStep({ draft, update, errors }: StepProps) {
  const JOB_FORM_TEXT = useJobFormText();
  const today = isoDaysAhead(0);
  const lastDay = isoDaysAhead(JOB_LIMITS.maxDaysAhead);
  return (
    <>
      <fieldset id="job-when_type">
        <legend className="text-sm font-semibold text-fg">{JOB_FORM_TEXT.whenLegend}</legend>
        <div className="mt-1.5 grid gap-2 sm:grid-cols-3">
          {JOB_WHEN_TYPES.map((t) => (
            <label
              key={t}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-border bg-card p-3 has-[:checked]:border-brand-600 has-[:checked]:ring-1 has-[:checked]:ring-brand-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500"
            >
              <input
                type="radio"
                name="when_type"
                value={t}
                checked={draft.when_type === t}
                onChange={() => update({ when_type: t })}
                aria-describedby={errors.when_type ? 'job-when_type-error' : undefined}
                className="sr-only"
              />
              <span className="mt-0.5 text-brand-700 dark:text-brand-500">{WHEN_ICONS[t]}</span>
              <span>
                <span className="block text-sm font-semibold">{JOB_FORM_TEXT.t(`form.when.${t}`)}</span>
                <span className="block text-xs text-muted-fg">{JOB_FORM_TEXT.t(`form.when.${t}Hint`)}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.when_type && (
          <p id="job-when_type-error" role="alert" className="mt-1.5 text-sm font-medium text-danger">
            {errors.when_type}
          </p>
        )}
      </fieldset>
      {(draft.when_type === 'date' || draft.when_type === 'window') && (
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            id="job-date_start"
            label={draft.when_type === 'date' ? JOB_FORM_TEXT.date : JOB_FORM_TEXT.firstDay}
            error={errors.date_start}
          >
            {(control) => (
              <Input
                {...control}
                type="date"
                min={today}
                max={lastDay}
                value={draft.date_start}
                onChange={(e) => update({ date_start: e.target.value })}
              />
            )}
          </Field>
          {draft.when_type === 'window' && (
            <Field id="job-date_end" label={JOB_FORM_TEXT.lastDay} error={errors.date_end}>
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  min={draft.date_start || today}
                  max={lastDay}
                  value={draft.date_end}
                  onChange={(e) => update({ date_end: e.target.value })}
                />
              )}
            </Field>
          )}
        </div>
      )}
    </>
  );
}

/** Step 4: the budget and, when posting, the photos. */
export function BudgetStep({
  draft,
  update,
  errors,
  preview,
  editing,
  photos,
  setPhotos,
}: StepProps & {
  preview: string | null;
  editing: boolean;
  photos: File[];
  setPhotos: (files: File[]) => void;
}) {
  const JOB_FORM_TEXT = useJobFormText();
  return (
    <>
      <div>
        <div className="grid gap-5 sm:grid-cols-2">
          <MoneyInput
            field="budget_min"
            label={JOB_FORM_TEXT.budgetMin}
            value={draft.budget_min}
            error={errors.budget_min}
            onChange={(v) => update({ budget_min: v })}
          />
          <MoneyInput
            field="budget_max"
            label={JOB_FORM_TEXT.budgetMax}
            value={draft.budget_max}
            error={errors.budget_max}
            onChange={(v) => update({ budget_max: v })}
          />
        </div>
        <p className="mt-1.5 text-xs text-muted-fg">
          {preview ? JOB_FORM_TEXT.budgetPreview(preview) : JOB_FORM_TEXT.budgetHint}
        </p>
      </div>
      {editing ? (
        <p className="text-sm text-muted-fg">{JOB_FORM_TEXT.change.photosHere}</p>
      ) : (
        <PhotoPicker files={photos} onChange={setPhotos} />
      )}
    </>
  );
}

/** Step 5: the summary, each section with Edit. */
export function ReviewStep({
  draft,
  groups,
  preview,
  editing,
  shownPhotos,
  serverError,
  failedTitle,
  goTo,
}: {
  draft: JobDraft;
  groups: CategoryGroup[];
  preview: string | null;
  editing: boolean;
  shownPhotos: number;
  serverError: Error | null;
  failedTitle: string;
  goTo: (step: number) => void;
}) {
  const JOB_FORM_TEXT = useJobFormText();
  const { t } = JOB_FORM_TEXT;
  const { jobWhen } = useJobFormat();
  return (
    <div className="grid gap-3">
      {serverError && (
        <Alert tone="danger" role="alert" title={failedTitle}>
          <p>{serverError.message}</p>
        </Alert>
      )}
      <ReviewSection title={t('form.stepLabels.what')} onEdit={() => goTo(0)}>
        <p className="font-semibold">{draft.title.trim()}</p>
        <p className="text-muted-fg">{categoryName(groups, draft.category)}</p>
        <p className="mt-2 whitespace-pre-line text-muted-fg">{draft.description.trim()}</p>
      </ReviewSection>
      <ReviewSection title={t('form.stepLabels.where')} onEdit={() => goTo(1)}>
        <p>{[draft.address.trim(), draft.city].filter(Boolean).join(', ') || t('form.mapPoint')}</p>
        {draft.latitude !== null && <p className="text-muted-fg">{t('form.pinned')}</p>}
      </ReviewSection>
      <ReviewSection title={t('form.stepLabels.when')} onEdit={() => goTo(2)}>
        <p>
          {draft.when_type
            ? jobWhen({
                when_type: draft.when_type,
                date_start: draft.date_start || null,
                date_end: draft.date_end || null,
              })
            : '—'}
        </p>
      </ReviewSection>
      <ReviewSection title={JOB_FORM_TEXT.post.budgetTitle} onEdit={() => goTo(3)}>
        <p>{preview ?? t('form.noBudget')}</p>
        <p className="text-muted-fg">
          {JOB_FORM_TEXT.photoCount(shownPhotos)}
          {editing && ` · ${JOB_FORM_TEXT.change.photosElsewhere}`}
        </p>
      </ReviewSection>
    </div>
  );
}

/** Back, Cancel (editing) and Next / Done / Post under the form. */
export function FormButtons({
  step,
  editing,
  sending,
  cancelTo,
  submitLabel,
  goTo,
}: {
  step: number;
  editing: boolean;
  sending: boolean;
  cancelTo?: string;
  submitLabel: string;
  goTo: (step: number) => void;
}) {
  const JOB_FORM_TEXT = useJobFormText();
  return (
    <div className="sticky bottom-0 -mx-5 mt-6 flex gap-2 border-t border-border bg-card px-5 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0 sm:pb-0">
      {!editing && step > 0 && (
        <Button variant="outline" onClick={() => goTo(step - 1)} disabled={sending}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {JOB_FORM_TEXT.back}
        </Button>
      )}
      {editing && step === LAST_STEP && cancelTo && (
        <ButtonLink to={cancelTo} variant="outline">
          {JOB_FORM_TEXT.change.cancel}
        </ButtonLink>
      )}
      <Button type="submit" className="flex-1 sm:ml-auto sm:flex-none" busy={sending}>
        {step === LAST_STEP ? (
          <>
            {editing ? (
              <Check aria-hidden="true" className="h-4 w-4" />
            ) : (
              <Send aria-hidden="true" className="h-4 w-4" />
            )}{' '}
            {submitLabel}
          </>
        ) : editing ? (
          <>
            <Check aria-hidden="true" className="h-4 w-4" /> {JOB_FORM_TEXT.change.done}
          </>
        ) : (
          <>
            {JOB_FORM_TEXT.next} <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </>
        )}
      </Button>
    </div>
  );
}
