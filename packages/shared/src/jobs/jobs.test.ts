import { describe, expect, it } from 'vitest';
import {
  canChangeJobStatus,
  checkFutureDate,
  daysBetween,
  formatBudget,
  formatJobWhen,
  isJobOpen,
  JOB_MESSAGES,
  jobExpiresAt,
  jobInputSchema,
  jobIssues,
} from './jobs.ts';

const now = new Date('2026-11-22T10:00:00Z');
const base = {
  title: 'Fix a leaking kitchen tap',
  category: 'plumbing',
  description: 'The kitchen tap drips all night; needs a new washer or cartridge.',
  city: 'Kumasi',
  when_type: 'flexible' as const,
};

describe('job dates', () => {
  it('counts whole days between calendar dates', () => {
    expect(daysBetween('2026-11-22', '2026-11-25')).toBe(3);
    expect(daysBetween('2026-11-22', '2026-11-21')).toBe(-1);
  });
  it('refuses a date in the past and one more than a year ahead; today is fine', () => {
    expect(checkFutureDate('2026-11-21', now)).toBe(JOB_MESSAGES.datePast);
    expect(checkFutureDate('2026-11-22', now)).toBeNull();
    expect(checkFutureDate('2027-11-23', now)).toBe(JOB_MESSAGES.dateTooFar);
  });
  it('refuses dates that do not exist', () => {
    const r = jobInputSchema.safeParse({ ...base, when_type: 'date', date_start: '2026-02-30' });
    expect(r.success).toBe(false);
  });
});

describe('job input', () => {
  it('accepts a flexible job with a city and drops any dates', () => {
    const r = jobInputSchema.parse({ ...base, date_start: '2030-01-01' });
    expect(r.date_start).toBeNull();
    expect(r.date_end).toBeNull();
  });
  it('needs a city or a map point', () => {
    expect(jobIssues({ ...base, city: undefined }, now)).toEqual([
      { path: 'city', message: JOB_MESSAGES.placeRequired },
    ]);
    expect(jobIssues({ ...base, city: undefined, latitude: 6.69, longitude: -1.62 }, now)).toEqual([]);
  });
  it('a date job needs a date that is not past; its end is dropped', () => {
    expect(jobIssues({ ...base, when_type: 'date' }, now)[0]?.path).toBe('date_start');
    expect(jobIssues({ ...base, when_type: 'date', date_start: '2026-11-01' }, now)[0]?.message).toBe(
      JOB_MESSAGES.datePast,
    );
  });
  it('a window needs an end on or after its start', () => {
    expect(
      jobIssues({ ...base, when_type: 'window', date_start: '2026-12-05', date_end: '2026-12-01' }, now)[0],
    ).toEqual({ path: 'date_end', message: JOB_MESSAGES.windowOrder });
    expect(jobIssues({ ...base, when_type: 'window', date_start: '2026-12-05' }, now)[0]?.message).toBe(
      JOB_MESSAGES.windowEndRequired,
    );
  });
  it('refuses a budget whose minimum is above its maximum, and negative or absurd amounts', () => {
    expect(jobIssues({ ...base, budget_min: 50_000, budget_max: 20_000 }, now)[0]?.message).toBe(
      JOB_MESSAGES.budgetOrder,
    );
    expect(jobInputSchema.safeParse({ ...base, budget_min: -1 }).success).toBe(false);
    expect(jobInputSchema.safeParse({ ...base, budget_max: 1e12 }).success).toBe(false);
  });
  it('refuses unknown fields and script in text', () => {
    expect(jobInputSchema.safeParse({ ...base, status: 'hired' }).success).toBe(false);
    expect(jobInputSchema.safeParse({ ...base, title: '<script>alert(1)</script>' }).success).toBe(false);
  });
});

describe('job status', () => {
  it('an open job may be hired, cancelled or expired; a hired one only closed', () => {
    expect(canChangeJobStatus('open', 'closed')).toBe(false);
    expect(canChangeJobStatus('open', 'hired')).toBe(true);
    expect(canChangeJobStatus('open', 'cancelled')).toBe(true);
    expect(canChangeJobStatus('hired', 'closed')).toBe(true);
    expect(canChangeJobStatus('hired', 'cancelled')).toBe(false);
    expect(canChangeJobStatus('cancelled', 'open')).toBe(false);
    expect(canChangeJobStatus('expired', 'hired')).toBe(false);
  });
  it('expires 30 days after posting and is not open past that', () => {
    const expires = jobExpiresAt(now);
    expect(daysBetween('2026-11-22', expires.toISOString().slice(0, 10))).toBe(30);
    expect(isJobOpen({ status: 'open', expires_at: expires }, now)).toBe(true);
    expect(isJobOpen({ status: 'open', expires_at: expires }, new Date(expires.getTime() + 1))).toBe(false);
    expect(isJobOpen({ status: 'hired', expires_at: expires }, now)).toBe(false);
  });
});

describe('job labels', () => {
  const fmt = (m: number) => `GH₵ ${m / 100}`;
  it('formats the budget', () => {
    expect(formatBudget(20_000, 40_000, fmt)).toBe('GH₵ 200 – GH₵ 400');
    expect(formatBudget(null, 40_000, fmt)).toBe('Up to GH₵ 400');
    expect(formatBudget(20_000, null, fmt)).toBe('From GH₵ 200');
    expect(formatBudget(null, null, fmt)).toBe('No budget given');
  });
  it('formats when', () => {
    expect(formatJobWhen({ when_type: 'flexible', date_start: null, date_end: null })).toBe('Flexible');
    expect(formatJobWhen({ when_type: 'date', date_start: '2026-12-01', date_end: null })).toBe(
      'On Tue 1 Dec',
    );
    expect(formatJobWhen({ when_type: 'window', date_start: '2026-12-01', date_end: '2026-12-04' })).toBe(
      'Tue 1 Dec – Fri 4 Dec',
    );
  });
});
