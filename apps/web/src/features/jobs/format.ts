import {
  BID_LIMITS,
  formatBudget,
  formatDate,
  formatMoney,
  type JobStatus,
  type JobWhenType,
  type Language,
  parseMoney,
  toIsoDate,
} from '@adwuma/shared';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useLanguage } from '../../i18n/index.ts';
import { useJobsText } from './i18n.ts';

/** "GH₵ 250" (".00" dropped). */
export const money = (minor: number) => formatMoney(minor, 'GHS');

/** "GH₵ 200 – 400", "Up to GH₵ 400", "No budget given". */
export const budgetText = (job: { budget_min: number | null; budget_max: number | null }, t?: TFunction) => {
  if (t && job.budget_min === null && job.budget_max === null) return t('form.noBudget');
  if (t && job.budget_min === null && job.budget_max !== null)
    return t('format.upTo', { amount: money(job.budget_max) });
  if (t && job.budget_max === null && job.budget_min !== null)
    return t('format.from', { amount: money(job.budget_min) });
  return formatBudget(job.budget_min, job.budget_max, money);
};

/** "just now", "12 min ago", "2 h ago", "3 days ago", then the date. */
export function postedAgo(iso: string, now = Date.now(), t?: TFunction, language: Language = 'en'): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const minutes = Math.floor((now - then) / 60_000);
  if (minutes < 1) return t ? t('format.justNow') : 'just now';
  if (minutes < 60) return t ? t('format.minutesAgo', { count: minutes }) : `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t ? t('format.hoursAgo', { count: hours }) : `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return t ? t('format.daysAgo', { count: days }) : `${days} day${days === 1 ? '' : 's'} ago`;
  // "3 Mar" / "Ɔbɛ 3".
  const day = formatDate(then, language, 'short-day').replace(/,? \d{4}$/, '');
  return day;
}

/** "Tue 3 Mar" of a "YYYY-MM-DD" date (Ghana = UTC); "Ben, Ɔbɛ 3" in Twi. */
export function shortDate(date: string, language: Language = 'en'): string {
  return formatDate(`${date}T00:00:00Z`, language, 'moment').replace(/, \d\d:\d\d$/, '');
}

/** "Flexible", "On Tue 3 Mar", "Tue 3 Mar – Sat 7 Mar" (the shared formatJobWhen, in the page's language). */
export function jobWhenText(
  job: { when_type: JobWhenType; date_start: string | null; date_end: string | null },
  t: TFunction,
  language: Language,
): string {
  if (job.when_type === 'flexible' || !job.date_start) return t('format.flexible');
  if (job.when_type === 'date' || !job.date_end || job.date_end === job.date_start)
    return t('format.on', { date: shortDate(job.date_start, language) });
  return `${shortDate(job.date_start, language)} – ${shortDate(job.date_end, language)}`;
}

/** The formatting helpers bound to the page's language and the jobs texts. */
export function useJobFormat() {
  const language = useLanguage();
  const { t } = useJobsText();
  return useMemo(
    () => ({
      t,
      language,
      budgetText: (job: { budget_min: number | null; budget_max: number | null }) => budgetText(job, t),
      postedAgo: (iso: string, now?: number) => postedAgo(iso, now, t, language),
      shortDate: (date: string) => shortDate(date, language),
      bidCount: (n: number) => (n === 0 ? t('format.noBids') : t('format.bids', { count: n })),
      jobWhen: (job: { when_type: JobWhenType; date_start: string | null; date_end: string | null }) =>
        jobWhenText(job, t, language),
    }),
    [t, language],
  );
}

/** "YYYY-MM-DD" today and `days` ahead (Ghana = UTC), for date inputs' min and max. */
export function isoDaysAhead(days: number, now = new Date()): string {
  return toIsoDate(new Date(now.getTime() + days * 86_400_000));
}

/** First name only: what a provider sees of the customer. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

/** "3 bids", "1 bid", "No bids yet". */
export function bidCount(n: number): string {
  if (n === 0) return 'No bids yet';
  return `${n} bid${n === 1 ? '' : 's'}`;
}

/** The job statuses of the "Closed" tab. */
export const CLOSED_STATUSES: readonly JobStatus[] = ['closed', 'cancelled', 'expired'];

/** Estimated-duration choices for a bid: quarter hours to 8 h, days to a week, then weeks. */
export const BID_DURATION_OPTIONS: number[] = [
  30,
  60,
  90,
  120,
  180,
  240,
  300,
  360,
  480,
  ...[1, 2, 3, 4, 5, 6, 7, 14, 21, 30, 60, 90].map((d) => d * 24 * 60),
].filter((m) => m >= BID_LIMITS.durationMin && m <= BID_LIMITS.durationMax);

/** Pesewas as a person types them: 15000 → "150", 15050 → "150.50". */
export function pesewasText(minor: number | null | undefined): string {
  if (minor === null || minor === undefined) return '';
  const rest = minor % 100;
  return rest ? `${Math.floor(minor / 100)}.${String(rest).padStart(2, '0')}` : String(minor / 100);
}

/** What a person typed as GH₵: undefined when empty, null when not an amount, else pesewas. */
export function parseAmount(text: string): number | null | undefined {
  if (!text.trim()) return undefined;
  return parseMoney(text);
}
