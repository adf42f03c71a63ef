import {
  type CategoryGroup,
  formatJobWhen,
  JOB_LIMITS,
  JOB_WHEN_TYPES,
  type JobValues,
  type JobWhenType,
} from '@adwuma/shared';
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
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorScreen } from '../../../components/screens/error-screen.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Field, Input, Select, Textarea } from '../../../components/ui/field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { fieldErrors } from '../../../lib/api.ts';
import { useCategories } from '../../search/api/get-categories.ts';
import { budgetText, isoDaysAhead, parseAmount } from '../format.ts';
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
import { PhotoPicker } from './photo-picker.tsx';
import { WhereFields } from './where-fields.tsx';

/** The words of the job form, for posting and for editing. */
export const JOB_FORM_TEXT = {
  step: (n: number, total: number) => `Step ${n} of ${total}`,
  category: 'Category',
  chooseCategory: 'Select a category',
  jobTitle: 'Job title',
  titleHint: 'A short summary, e.g. “Fix a leaking kitchen tap”.',
  description: 'Description',
  descriptionHint: 'What needs doing, how big it is, anything the provider should bring.',
  whenLegend: 'When',
  date: 'Date',
  firstDay: 'First day',
  lastDay: 'Last day',
  budgetMin: 'Minimum budget in GH₵',
  budgetMax: 'Maximum budget in GH₵',
  budgetHint: 'Optional. Leave empty to let providers suggest a price.',
  budgetPreview: (text: string) => `Providers see: ${text}`,
  back: 'Back',
  next: 'Next',
  edit: 'Edit',
  post: {
    budgetTitle: 'Budget and photos',
    reviewTitle: 'Check and post',
    submit: 'Post job',
    failed: 'The job was not posted',
  },
  change: {
    budgetTitle: 'Budget',
    reviewTitle: 'Your job',
    submit: 'Save changes',
    failed: 'The job was not saved',
    done: 'Done',
    cancel: 'Cancel',
    photosHere: 'Photos are added and removed on the job page.',
    photosElsewhere: 'changed on the job page',
  },
  photoCount: (n: number) => (n === 0 ? 'No photos' : `${n} photo${n === 1 ? '' : 's'}`),
} as const;

const WHEN_OPTIONS: Record<JobWhenType, { label: string; hint: string; icon: ReactNode }> = {
  date: {
    label: 'On a date',
    hint: 'One specific day',
    icon: <CalendarDays aria-hidden="true" className="h-5 w-5" />,
  },
  window: {
    label: 'Within a window',
    hint: 'Any day between two dates',
    icon: <CalendarRange aria-hidden="true" className="h-5 w-5" />,
  },
  flexible: {
    label: "I'm flexible",
    hint: 'Whenever suits the provider',
    icon: <Sparkles aria-hidden="true" className="h-5 w-5" />,
  },
};

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

function StepProgress({ step }: { step: number }) {
  return (
    <div className="mt-5">
      <p className="text-sm font-semibold text-muted-fg sm:sr-only">
        {JOB_FORM_TEXT.step(step + 1, JOB_STEPS.length)} · {JOB_STEPS[step]?.label}
      </p>
      <div
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-muted sm:hidden"
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={1}
        aria-valuemax={JOB_STEPS.length}
        aria-valuenow={step + 1}
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-all"
          style={{ width: `${((step + 1) / JOB_STEPS.length) * 100}%` }}
        />
      </div>
      <ol aria-label="Steps" className="hidden gap-2 sm:grid sm:grid-cols-5">
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
            {s.label}
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
      {(control) => (
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute left-3.5 top-1/2 -translate-y-1/2 text-sm font-semibold text-muted-fg"
          >
            GH₵
          </span>
          <Input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            className="pl-14"
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        </div>
      )}
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
  return (
    <section className="rounded-xl border border-border p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-fg">{title}</h3>
        <Button
          size="sm"
          variant="ghost"
          onClick={onEdit}
          aria-label={`${JOB_FORM_TEXT.edit} ${title.toLowerCase()}`}
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
    current.id === 'review' ? words.reviewTitle : current.id === 'budget' ? words.budgetTitle : current.title;
  const today = isoDaysAhead(0);
  const lastDay = isoDaysAhead(JOB_LIMITS.maxDaysAhead);
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
            {step === 0 &&
              (categories.isPending ? (
                <div role="status" aria-label="Loading the categories" className="grid gap-3">
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
                      <Select
                        {...control}
                        value={draft.category}
                        onChange={(e) => update({ category: e.target.value })}
                      >
                        <option value="">{JOB_FORM_TEXT.chooseCategory}</option>
                        {groups.map((g) => (
                          <optgroup key={g.slug} label={g.name}>
                            {g.categories.map((c) => (
                              <option key={c.slug} value={c.slug}>
                                {c.name}
                              </option>
                            ))}
                          </optgroup>
                        ))}
                      </Select>
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
              ))}

            {step === 1 && <WhereFields draft={draft} update={update} errors={errors} />}

            {step === 2 && (
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
                        <span className="mt-0.5 text-brand-700 dark:text-brand-500">
                          {WHEN_OPTIONS[t].icon}
                        </span>
                        <span>
                          <span className="block text-sm font-semibold">{WHEN_OPTIONS[t].label}</span>
                          <span className="block text-xs text-muted-fg">{WHEN_OPTIONS[t].hint}</span>
                        </span>
                      </label>
                    ))}
                  </div>
                  {errors.when_type && (
                    <p
                      id="job-when_type-error"
                      role="alert"
                      className="mt-1.5 text-sm font-medium text-danger"
                    >
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
            )}

            {step === 3 && (
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
            )}

            {step === 4 && (
              <div className="grid gap-3">
                {serverError && (
                  <Alert tone="danger" role="alert" title={words.failed}>
                    <p>{serverError.message}</p>
                  </Alert>
                )}
                <ReviewSection title="What" onEdit={() => goTo(0)}>
                  <p className="font-semibold">{draft.title.trim()}</p>
                  <p className="text-muted-fg">{categoryName(groups, draft.category)}</p>
                  <p className="mt-2 whitespace-pre-line text-muted-fg">{draft.description.trim()}</p>
                </ReviewSection>
                <ReviewSection title="Where" onEdit={() => goTo(1)}>
                  <p>
                    {[draft.address.trim(), draft.city].filter(Boolean).join(', ') || 'A point on the map'}
                  </p>
                  {draft.latitude !== null && <p className="text-muted-fg">Pinned on the map</p>}
                </ReviewSection>
                <ReviewSection title="When" onEdit={() => goTo(2)}>
                  <p>
                    {draft.when_type
                      ? formatJobWhen({
                          when_type: draft.when_type,
                          date_start: draft.date_start || null,
                          date_end: draft.date_end || null,
                        })
                      : '—'}
                  </p>
                </ReviewSection>
                <ReviewSection title={JOB_FORM_TEXT.post.budgetTitle} onEdit={() => goTo(3)}>
                  <p>{preview ?? 'No budget given'}</p>
                  <p className="text-muted-fg">
                    {JOB_FORM_TEXT.photoCount(shownPhotos)}
                    {editing && ` · ${JOB_FORM_TEXT.change.photosElsewhere}`}
                  </p>
                </ReviewSection>
              </div>
            )}
          </div>

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
                  {words.submit}
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
        </form>
      </div>
    </div>
  );
}
