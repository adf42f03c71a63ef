/**
 * The pure date and budget helpers of jobs (no zod: a booking page uses them before any form's
 * schema loads; jobs.ts re-exports them).
 */

/** "YYYY-MM-DD" of a moment, in Ghana (UTC). */
export function toIsoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both "YYYY-MM-DD"); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** "GH₵ 200 – 400", "Up to GH₵ 400", "From GH₵ 200", "No budget given". */
export function formatBudget(
  min: number | null,
  max: number | null,
  format: (minor: number) => string,
): string {
  if (min != null && max != null) return min === max ? format(min) : `${format(min)} – ${format(max)}`;
  if (max != null) return `Up to ${format(max)}`;
  if (min != null) return `From ${format(min)}`;
  return 'No budget given';
}
