import {
  JOB_WHEN_TYPES,
  type Job,
  type JobInput,
  type JobValues,
  type JobWhenType,
  jobInputSchema,
  jobIssues,
  parseMoney,
} from '@adwuma/shared';
import { safeStorage } from '../../../lib/storage.ts';
import { pesewasText } from '../format.ts';

/** The job form as typed: amounts as text (GH₵), dates as "YYYY-MM-DD", nothing chosen as ''. */
export interface JobDraft {
  category: string;
  title: string;
  description: string;
  city: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  when_type: JobWhenType | '';
  date_start: string;
  date_end: string;
  budget_min: string;
  budget_max: string;
}

export type DraftField = keyof JobDraft;

export const EMPTY_DRAFT: JobDraft = {
  category: '',
  title: '',
  description: '',
  city: '',
  address: '',
  latitude: null,
  longitude: null,
  when_type: '',
  date_start: '',
  date_end: '',
  budget_min: '',
  budget_max: '',
};

export const JOB_STEPS = [
  {
    id: 'what',
    label: 'What',
    title: 'What do you need done?',
    fields: ['category', 'title', 'description'],
  },
  { id: 'where', label: 'Where', title: 'Where is the job?', fields: ['city', 'latitude', 'address'] },
  {
    id: 'when',
    label: 'When',
    title: 'When do you need it?',
    fields: ['when_type', 'date_start', 'date_end'],
  },
  { id: 'budget', label: 'Budget', title: 'Budget and photos', fields: ['budget_min', 'budget_max'] },
  { id: 'review', label: 'Review', title: 'Check and post', fields: [] },
] as const satisfies readonly { id: string; label: string; title: string; fields: readonly string[] }[];

export const LAST_STEP = JOB_STEPS.length - 1;

const amount = (text: string): number | null => (text.trim() ? (parseMoney(text) ?? Number.NaN) : null);

/** What the API is sent: the draft in the shapes of jobInputSchema's input. */
export function toJobInput(d: JobDraft): JobInput {
  return {
    title: d.title,
    category: d.category,
    description: d.description,
    city: d.city.trim() || null,
    address: d.address.trim() || null,
    latitude: d.latitude,
    longitude: d.longitude,
    when_type: (d.when_type || undefined) as JobWhenType,
    date_start: d.when_type && d.when_type !== 'flexible' && d.date_start ? d.date_start : null,
    date_end: d.when_type === 'window' && d.date_end ? d.date_end : null,
    budget_min: amount(d.budget_min),
    budget_max: amount(d.budget_max),
  };
}

export type DraftErrors = Partial<Record<DraftField, string>>;

/**
 * Every problem of the draft by field, first message per field: the shared schema's field rules and
 * its cross-field rules (jobIssues), the latter asked directly so that they are known even while
 * another field is still wrong.
 */
export function draftIssues(d: JobDraft, now: Date = new Date()): DraftErrors {
  const input = toJobInput(d);
  const errors: DraftErrors = {};
  const add = (path: string, message: string) => {
    const field = (path === 'longitude' ? 'latitude' : path) as DraftField;
    if (field in EMPTY_DRAFT && !errors[field]) errors[field] = message;
  };
  const parsed = jobInputSchema.safeParse(input);
  if (!parsed.success)
    for (const issue of parsed.error.issues) add(String(issue.path[0] ?? ''), issue.message);
  for (const issue of jobIssues(input as Parameters<typeof jobIssues>[0], now))
    add(issue.path, issue.message);
  return errors;
}

/** The problems of one step's fields. */
export function stepIssues(step: number, d: JobDraft, now?: Date): DraftErrors {
  const fields: readonly string[] = JOB_STEPS[step]?.fields ?? [];
  const all = draftIssues(d, now);
  return Object.fromEntries(Object.entries(all).filter(([field]) => fields.includes(field))) as DraftErrors;
}

/** The first step with a problem, or -1. */
export function firstStepWithIssues(d: JobDraft, now?: Date): number {
  const all = draftIssues(d, now);
  return JOB_STEPS.findIndex((s) => (s.fields as readonly string[]).some((f) => f in all));
}

/** The step a field is asked on (server errors are shown there). */
export function stepOfField(field: string): number {
  const field2 = field === 'longitude' ? 'latitude' : field;
  return JOB_STEPS.findIndex((s) => (s.fields as readonly string[]).includes(field2));
}

/** The validated values to send, or null while something is wrong. */
export function validJob(d: JobDraft): JobValues | null {
  const parsed = jobInputSchema.safeParse(toJobInput(d));
  return parsed.success ? parsed.data : null;
}

// ---- Editing a posted job ------------------------------------------------------------------------

/** A posted job as the form holds it (what its owner sees: the exact point and address). */
export function draftFromJob(job: Job): JobDraft {
  return {
    category: job.category,
    title: job.title,
    description: job.description,
    city: job.city ?? '',
    address: job.address ?? '',
    latitude: job.latitude,
    longitude: job.longitude,
    when_type: job.when_type,
    date_start: job.date_start ?? '',
    date_end: job.date_end ?? '',
    budget_min: pesewasText(job.budget_min),
    budget_max: pesewasText(job.budget_max),
  };
}

/**
 * The fields whose value to send differs between two drafts (PATCH /api/jobs/:id): only what the
 * owner changed is sent, so an untouched save changes nothing and tells no bidder.
 */
export function changedFields(before: JobDraft, after: JobDraft): Partial<JobInput> {
  const from = toJobInput(before) as Record<string, unknown>;
  const to = toJobInput(after) as Record<string, unknown>;
  const norm = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
  return Object.fromEntries(
    Object.keys(to)
      .filter((key) => norm(from[key]) !== norm(to[key]))
      .map((key) => [key, to[key]]),
  ) as Partial<JobInput>;
}

// ---- The draft in local storage, per user -----------------------------------------------------------

export const DRAFT_KEY_PREFIX = 'adwuma-job-draft:';
export const draftKey = (userId: string) => `${DRAFT_KEY_PREFIX}${userId}`;

export interface StoredDraft {
  step: number;
  values: JobDraft;
}

/** Reads back only the known fields with the right types: an old or tampered entry cannot break the form. */
export function loadDraft(userId: string): StoredDraft | null {
  const raw = safeStorage.get(draftKey(userId));
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as { step?: unknown; values?: Record<string, unknown> };
    const values = { ...EMPTY_DRAFT };
    const source = stored.values ?? {};
    for (const key of Object.keys(EMPTY_DRAFT) as DraftField[]) {
      const v = source[key];
      if (key === 'latitude' || key === 'longitude') {
        if (typeof v === 'number' && Number.isFinite(v)) values[key] = v;
      } else if (key === 'when_type') {
        if ((JOB_WHEN_TYPES as readonly unknown[]).includes(v)) values.when_type = v as JobWhenType;
      } else if (typeof v === 'string') {
        values[key] = v;
      }
    }
    if (isEmptyDraft(values)) return null;
    const step =
      typeof stored.step === 'number' ? Math.min(Math.max(0, Math.floor(stored.step)), LAST_STEP) : 0;
    return { step, values };
  } catch {
    return null;
  }
}

export function isEmptyDraft(d: JobDraft): boolean {
  return (Object.keys(EMPTY_DRAFT) as DraftField[]).every((k) => d[k] === EMPTY_DRAFT[k]);
}

export function saveDraft(userId: string, draft: StoredDraft): void {
  if (isEmptyDraft(draft.values)) safeStorage.remove(draftKey(userId));
  else safeStorage.set(draftKey(userId), JSON.stringify(draft));
}

export function clearDraft(userId: string): void {
  safeStorage.remove(draftKey(userId));
}
