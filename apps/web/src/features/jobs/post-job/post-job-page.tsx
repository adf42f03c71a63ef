import {
  type CategoryGroup,
  formatJobWhen,
  JOB_LIMITS,
  JOB_WHEN_TYPES,
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
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ErrorScreen } from '../../../components/screens/error-screen.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, Select, Textarea } from '../../../components/ui/field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { fieldErrors } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { buildPath, ROUTES } from '../../../lib/routes.ts';
import { useSession } from '../../auth/auth-provider.tsx';
import { useCategories } from '../../search/api/get-categories.ts';
import { uploadJobPhoto } from '../api/job-photos.ts';
import { useCreateJob } from '../api/save-job.ts';
import { budgetText, isoDaysAhead, parseAmount } from '../format.ts';
import {
  clearDraft,
  type DraftErrors,
  type DraftField,
  EMPTY_DRAFT,
  firstStepWithIssues,
  JOB_STEPS,
  type JobDraft,
  LAST_STEP,
  loadDraft,
  saveDraft,
  stepIssues,
  stepOfField,
  validJob,
} from './job-draft.ts';
import { PhotoPicker } from './photo-picker.tsx';
import { WhereFields } from './where-fields.tsx';

export const POST_JOB_TEXT = {
  title: 'Post a job',
  lead: 'Describe what you need: providers near you send their prices, you compare and hire.',
  step: (n: number, total: number) => `Step ${n} of ${total}`,
  restored: 'We kept your draft from last time.',
  startOver: 'Start over',
  photosNotKept: 'Photos are not kept in a draft: add them again before posting.',
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
  post: 'Post job',
  posted: 'Your job is posted. Providers can bid now.',
  photosFailed: (n: number) =>
    `${n} photo${n === 1 ? ' was' : 's were'} not uploaded. Add ${n === 1 ? 'it' : 'them'} from the job page.`,
  notPosted: 'The job was not posted',
  edit: 'Edit',
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
        {POST_JOB_TEXT.step(step + 1, JOB_STEPS.length)} · {JOB_STEPS[step]?.label}
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
          aria-label={`${POST_JOB_TEXT.edit} ${title.toLowerCase()}`}
        >
          <Pencil aria-hidden="true" className="h-4 w-4" /> {POST_JOB_TEXT.edit}
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

/**
 * `/post-job` and `/tasks/create`: a job in five short steps, each checked with the shared rules
 * before the next. The draft stays in this browser (per user) until the job is posted.
 */
export function PostJobPage() {
  useDocumentTitle(POST_JOB_TEXT.title);
  const { user } = useSession();
  // The draft belongs to the signed-in person: the form waits until the session is known.
  if (!user) {
    return (
      <div role="status" aria-label="Loading" className="mx-auto grid max-w-3xl gap-3 px-4 py-10 sm:px-6">
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  return <PostJobForm key={user.id} userId={user.id} />;
}

function PostJobForm({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const categories = useCategories();
  const create = useCreateJob();
  const [stored] = useState(() => loadDraft(userId));
  const [draft, setDraft] = useState<JobDraft>(stored?.values ?? EMPTY_DRAFT);
  const [step, setStep] = useState(stored?.step ?? 0);
  const [restored, setRestored] = useState(stored !== null);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [photos, setPhotos] = useState<File[]>([]);
  const [posting, setPosting] = useState(false);
  const focusNext = useRef<string | null>(null);
  const posted = useRef(false);

  useEffect(() => {
    if (!posted.current) saveDraft(userId, { step, values: draft });
  }, [userId, step, draft]);

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
    goTo(Math.min(step + 1, LAST_STEP));
  };

  const startOver = () => {
    clearDraft(userId);
    setDraft(EMPTY_DRAFT);
    setPhotos([]);
    setRestored(false);
    goTo(0);
  };

  const post = async () => {
    const bad = firstStepWithIssues(draft);
    if (bad !== -1) return showIssues(bad, stepIssues(bad, draft));
    const values = validJob(draft);
    if (!values) return;
    setPosting(true);
    try {
      const job = await create.mutateAsync(values);
      posted.current = true;
      clearDraft(userId);
      let failed = 0;
      for (const file of photos) {
        try {
          await uploadJobPhoto(job.id, file);
        } catch {
          failed += 1;
        }
      }
      toast.success(POST_JOB_TEXT.posted);
      if (failed > 0) toast.warning(POST_JOB_TEXT.photosFailed(failed));
      navigate(buildPath(ROUTES.task, { id: job.id }));
    } catch (error) {
      const server = fieldErrors(error) as DraftErrors;
      const fields = Object.keys(server);
      if (fields.length > 0) {
        const target = Math.min(...fields.map(stepOfField).filter((s) => s >= 0), LAST_STEP);
        showIssues(target, server);
      }
    } finally {
      setPosting(false);
    }
  };

  const groups = categories.data?.groups ?? [];
  const current = JOB_STEPS[step] ?? JOB_STEPS[0];
  const today = isoDaysAhead(0);
  const lastDay = isoDaysAhead(JOB_LIMITS.maxDaysAhead);
  const min = parseAmount(draft.budget_min);
  const max = parseAmount(draft.budget_max);
  const preview =
    (min !== undefined || max !== undefined) && min !== null && max !== null
      ? budgetText({ budget_min: min ?? null, budget_max: max ?? null })
      : null;
  const serverError =
    create.error && Object.keys(fieldErrors(create.error)).length === 0 ? create.error : null;

  return (
    <div className="pb-12">
      <header className="border-b border-border bg-gradient-to-b from-brand-50 to-bg dark:from-brand-800/15">
        <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-4xl">{POST_JOB_TEXT.title}</h1>
          <p className="mt-2 text-muted-fg">{POST_JOB_TEXT.lead}</p>
          <StepProgress step={step} />
        </div>
      </header>

      <div className="mx-auto grid max-w-3xl gap-4 px-4 py-6 sm:px-6">
        {restored && (
          <Alert role="status" title={POST_JOB_TEXT.restored}>
            <p>{POST_JOB_TEXT.photosNotKept}</p>
            <Button size="sm" variant="outline" className="mt-2" onClick={startOver}>
              {POST_JOB_TEXT.startOver}
            </Button>
          </Alert>
        )}

        <form
          noValidate
          aria-labelledby="job-step-title"
          className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
          onSubmit={(e) => {
            e.preventDefault();
            if (step === LAST_STEP) void post();
            else next();
          }}
        >
          <h2 id="job-step-title" tabIndex={-1} className="text-lg font-bold focus:outline-none">
            {current.title}
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
                  <Field id="job-category" label={POST_JOB_TEXT.category} error={errors.category}>
                    {(control) => (
                      <Select
                        {...control}
                        value={draft.category}
                        onChange={(e) => update({ category: e.target.value })}
                      >
                        <option value="">{POST_JOB_TEXT.chooseCategory}</option>
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
                    label={POST_JOB_TEXT.jobTitle}
                    hint={POST_JOB_TEXT.titleHint}
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
                    label={POST_JOB_TEXT.description}
                    hint={`${POST_JOB_TEXT.descriptionHint} ${draft.description.trim().length} / ${JOB_LIMITS.descriptionMax}`}
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
                  <legend className="text-sm font-semibold text-fg">{POST_JOB_TEXT.whenLegend}</legend>
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
                      label={draft.when_type === 'date' ? POST_JOB_TEXT.date : POST_JOB_TEXT.firstDay}
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
                      <Field id="job-date_end" label={POST_JOB_TEXT.lastDay} error={errors.date_end}>
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
                      label={POST_JOB_TEXT.budgetMin}
                      value={draft.budget_min}
                      error={errors.budget_min}
                      onChange={(v) => update({ budget_min: v })}
                    />
                    <MoneyInput
                      field="budget_max"
                      label={POST_JOB_TEXT.budgetMax}
                      value={draft.budget_max}
                      error={errors.budget_max}
                      onChange={(v) => update({ budget_max: v })}
                    />
                  </div>
                  <p className="mt-1.5 text-xs text-muted-fg">
                    {preview ? POST_JOB_TEXT.budgetPreview(preview) : POST_JOB_TEXT.budgetHint}
                  </p>
                </div>
                <PhotoPicker files={photos} onChange={setPhotos} />
              </>
            )}

            {step === 4 && (
              <div className="grid gap-3">
                {serverError && (
                  <Alert tone="danger" role="alert" title={POST_JOB_TEXT.notPosted}>
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
                <ReviewSection title="Budget and photos" onEdit={() => goTo(3)}>
                  <p>{preview ?? 'No budget given'}</p>
                  <p className="text-muted-fg">
                    {photos.length === 0
                      ? 'No photos'
                      : `${photos.length} photo${photos.length === 1 ? '' : 's'}`}
                  </p>
                </ReviewSection>
              </div>
            )}
          </div>

          <div className="sticky bottom-0 -mx-5 mt-6 flex gap-2 border-t border-border bg-card px-5 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0 sm:pb-0">
            {step > 0 && (
              <Button variant="outline" onClick={() => goTo(step - 1)} disabled={posting}>
                <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {POST_JOB_TEXT.back}
              </Button>
            )}
            <Button type="submit" className="flex-1 sm:ml-auto sm:flex-none" busy={posting}>
              {step === LAST_STEP ? (
                <>
                  <Send aria-hidden="true" className="h-4 w-4" /> {POST_JOB_TEXT.post}
                </>
              ) : (
                <>
                  {POST_JOB_TEXT.next} <ArrowRight aria-hidden="true" className="h-4 w-4" />
                </>
              )}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
