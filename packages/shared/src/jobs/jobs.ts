import { z } from 'zod';
import { MAX_PRICE_MINOR, MONEY_MESSAGES } from '../money.ts';
import { optionalSafeText, safeText } from '../schemas/common.ts';
import { roundCoordinate } from '../search/geo.ts';
import { daysBetween, toIsoDate } from './format.ts';

export { daysBetween, formatBudget, toIsoDate } from './format.ts';

/**
 * Jobs (issue 7): a customer describes what they need (`/post-job`, `/tasks/create`), providers bid
 * on it (`/jobs`), the customer hires one bid. Ghana keeps UTC all year (GMT, no daylight saving), so
 * "today" and calendar months are UTC dates.
 */

export const JOB_STATUSES = ['open', 'hired', 'closed', 'cancelled', 'expired'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  open: 'Open',
  hired: 'Hired',
  closed: 'Closed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

export const JOB_WHEN_TYPES = ['date', 'window', 'flexible'] as const;
export type JobWhenType = (typeof JOB_WHEN_TYPES)[number];

export const JOB_LIMITS = {
  titleMin: 5,
  titleMax: 100,
  descriptionMin: 20,
  descriptionMax: 5000,
  addressMax: 200,
  photosMax: 6,
  /** An open job expires this many days after it was posted. */
  openDays: 30,
  /** A job may be scheduled at most this far ahead. */
  maxDaysAhead: 365,
  /** Open jobs one customer may have at once (spam brake). */
  openPerCustomerMax: 20,
} as const;

export const JOB_MESSAGES = {
  datePast: 'The date cannot be in the past',
  dateTooFar: 'Choose a date within the next 12 months',
  dateRequired: 'Choose a date',
  windowEndRequired: 'Choose the last day of the window',
  windowOrder: 'The last day must be on or after the first day',
  budgetOrder: 'The minimum budget cannot be more than the maximum',
  placeRequired: 'Choose a city or a point on the map',
  tooManyOpen: `You can have at most ${JOB_LIMITS.openPerCustomerMax} open jobs. Close or cancel one first.`,
  notOpen: 'This job is no longer open.',
  expired: 'This job has expired.',
  notFound: 'Job not found',
  transition: (from: JobStatus, to: JobStatus) => `A job that is ${from} cannot become ${to}`,
  editLocked: 'A job can be edited only while it is open.',
} as const;

/** A calendar date "YYYY-MM-DD" (UTC: Ghana's time zone). */
export const isoDate = z
  .string({ error: 'Enter a date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Enter a date as YYYY-MM-DD' })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && toIsoDate(new Date(`${s}T00:00:00Z`)) === s, {
    error: 'Enter a real date',
  });

/** A date a customer may ask for: today or later, within JOB_LIMITS.maxDaysAhead. Null = fine. */
export function checkFutureDate(date: string, now: Date = new Date()): string | null {
  const ahead = daysBetween(toIsoDate(now), date);
  if (ahead < 0) return JOB_MESSAGES.datePast;
  if (ahead > JOB_LIMITS.maxDaysAhead) return JOB_MESSAGES.dateTooFar;
  return null;
}

const money = z
  .number({ error: MONEY_MESSAGES.invalid })
  .int({ error: MONEY_MESSAGES.invalid })
  .min(0, { error: MONEY_MESSAGES.negative })
  .max(MAX_PRICE_MINOR, { error: MONEY_MESSAGES.tooLarge });

/** A price that must be more than zero (bids, quotes). */
export const positiveMoney = money.min(100, { error: 'The price must be at least GH₵ 1' });

const latitude = z.number().min(-90).max(90).transform(roundCoordinate);
const longitude = z.number().min(-180).max(180).transform(roundCoordinate);

/**
 * What a customer sends to post a job. Where: a city and/or a map point; when: a date, a window
 * (first and last day), or flexible; budget optional, as a range in pesewas.
 */
const jobObject = z.strictObject({
  title: safeText({ minLength: JOB_LIMITS.titleMin, maxLength: JOB_LIMITS.titleMax }),
  category: z.string().regex(/^[a-z0-9-]{1,60}$/, { error: 'Choose a category' }),
  description: safeText({ minLength: JOB_LIMITS.descriptionMin, maxLength: JOB_LIMITS.descriptionMax }),
  city: optionalSafeText({ maxLength: 80 }),
  address: optionalSafeText({ maxLength: JOB_LIMITS.addressMax }),
  latitude: latitude.nullish(),
  longitude: longitude.nullish(),
  when_type: z.enum(JOB_WHEN_TYPES, { error: 'Choose when you need it' }),
  date_start: isoDate.nullish(),
  date_end: isoDate.nullish(),
  budget_min: money.nullish(),
  budget_max: money.nullish(),
});

type JobObject = z.output<typeof jobObject>;

/** Cross-field rules of a job; `now` decides what "past" means. Issues name their field. */
export function jobIssues(
  v: Partial<JobObject>,
  now: Date = new Date(),
): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  const hasPoint = v.latitude != null && v.longitude != null;
  if (!v.city && !hasPoint) issues.push({ path: 'city', message: JOB_MESSAGES.placeRequired });
  if ((v.latitude == null) !== (v.longitude == null))
    issues.push({ path: 'latitude', message: 'Give both latitude and longitude' });
  if (v.when_type === 'date' || v.when_type === 'window') {
    if (!v.date_start) issues.push({ path: 'date_start', message: JOB_MESSAGES.dateRequired });
    else {
      const m = checkFutureDate(v.date_start, now);
      if (m) issues.push({ path: 'date_start', message: m });
    }
  }
  if (v.when_type === 'window') {
    if (!v.date_end) issues.push({ path: 'date_end', message: JOB_MESSAGES.windowEndRequired });
    else if (v.date_start && daysBetween(v.date_start, v.date_end) < 0)
      issues.push({ path: 'date_end', message: JOB_MESSAGES.windowOrder });
    else {
      const m = checkFutureDate(v.date_end, now);
      if (m) issues.push({ path: 'date_end', message: m });
    }
  }
  if (v.budget_min != null && v.budget_max != null && v.budget_min > v.budget_max)
    issues.push({ path: 'budget_min', message: JOB_MESSAGES.budgetOrder });
  return issues;
}

/** Normalises the "when" fields: a date has no end; flexible has no dates. */
function normaliseWhen<T extends Partial<JobObject>>(v: T): T {
  if (v.when_type === 'flexible') return { ...v, date_start: null, date_end: null };
  if (v.when_type === 'date') return { ...v, date_end: null };
  return v;
}

export const jobInputSchema = jobObject
  .superRefine((v, ctx) => {
    for (const i of jobIssues(v)) ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
  })
  .transform(normaliseWhen);
export type JobInput = z.input<typeof jobInputSchema>;
export type JobValues = z.output<typeof jobInputSchema>;

/** Edits of an open job: any field; the merged result is checked again with jobIssues. */
export const jobUpdateSchema = jobObject.partial();
export type JobUpdate = z.output<typeof jobUpdateSchema>;

export { normaliseWhen as normaliseJobWhen };

/** Allowed job status changes: open → hired → closed; open → cancelled (customer) or expired. */
export function canChangeJobStatus(from: JobStatus, to: JobStatus): boolean {
  if (from !== 'open') return from === 'hired' && to === 'closed';
  return to === 'hired' || to === 'cancelled' || to === 'expired';
}

/** When an open job posted at `postedAt` expires. */
export function jobExpiresAt(postedAt: Date): Date {
  return new Date(postedAt.getTime() + JOB_LIMITS.openDays * 86_400_000);
}

/** Whether a job accepts bids and hiring now: open and not past its expiry. */
export function isJobOpen(
  job: { status: string; expires_at: string | Date },
  now: Date = new Date(),
): boolean {
  return job.status === 'open' && new Date(job.expires_at).getTime() > now.getTime();
}

/** "Any day", "On Tue 3 Mar", "3 Mar – 7 Mar". */
export function formatJobWhen(job: {
  when_type: JobWhenType;
  date_start: string | null;
  date_end: string | null;
}): string {
  const fmt = (d: string) =>
    new Date(`${d}T00:00:00Z`).toLocaleDateString('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
  if (job.when_type === 'flexible' || !job.date_start) return 'Flexible';
  if (job.when_type === 'date' || !job.date_end || job.date_end === job.date_start)
    return `On ${fmt(job.date_start)}`;
  return `${fmt(job.date_start)} – ${fmt(job.date_end)}`;
}
