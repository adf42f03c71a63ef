import { BID_LIMITS, formatBudget, formatMoney, type JobStatus, parseMoney, toIsoDate } from '@adwuma/shared';

/** "GH₵ 250" (".00" dropped). */
export const money = (minor: number) => formatMoney(minor, 'GHS');

/** "GH₵ 200 – 400", "Up to GH₵ 400", "No budget given". */
export const budgetText = (job: { budget_min: number | null; budget_max: number | null }) =>
  formatBudget(job.budget_min, job.budget_max, money);

/** "just now", "12 min ago", "2 h ago", "3 days ago", then the date. */
export function postedAgo(iso: string, now = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const minutes = Math.floor((now - then) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} day${days === 1 ? '' : 's'} ago`;
  return new Date(then).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** "Tue 3 Mar" of a "YYYY-MM-DD" date (Ghana = UTC). */
export function shortDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
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
