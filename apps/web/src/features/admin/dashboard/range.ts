import {
  type DayRange,
  FUNNEL_DEFAULT_DAYS,
  FUNNEL_PRESETS,
  type RangeProblem,
  resolveRange,
  toDay,
} from '@adwuma/shared';

export type RangePreset = (typeof FUNNEL_PRESETS)[number];
export type RangeChoice = RangePreset | 'custom';

/** The dashboard's range, read from ?start=&end= (none: the last 30 days), or what is wrong with it. */
export interface DashboardRange {
  range: DayRange | null;
  problem: RangeProblem | null;
  /** Which button is on: a preset when the range is the last 7/30/90 days ending today. */
  choice: RangeChoice;
}

export function rangeFromParams(params: URLSearchParams, now: Date = new Date()): DashboardRange {
  const start = params.get('start') || undefined;
  const end = params.get('end') || undefined;
  const resolved = resolveRange({ start, end }, now);
  if ('message' in resolved) {
    return { range: null, problem: resolved, choice: 'custom' };
  }
  const endsToday = resolved.end === toDay(now);
  const preset = FUNNEL_PRESETS.find((days) => days === resolved.days);
  return { range: resolved, problem: null, choice: endsToday && preset ? preset : 'custom' };
}

/** The last `days` days ending today, as the address keeps them. */
export function presetParams(days: RangePreset, now: Date = new Date()): URLSearchParams {
  const resolved = resolveRange({ end: toDay(now) }, now);
  if ('message' in resolved) return new URLSearchParams();
  const end = resolved.end;
  const start = toDay(new Date(Date.parse(`${end}T00:00:00Z`) - (days - 1) * 86_400_000));
  return new URLSearchParams({ start, end });
}

export const DEFAULT_DAYS = FUNNEL_DEFAULT_DAYS;

const DAY_LABEL = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const SHORT_DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "2026-11-05" → "5 Nov 2026" (calendar days of Africa/Accra, which is UTC). */
export function dayLabel(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : DAY_LABEL.format(date);
}

/** "2026-11-05" → "5 Nov", for chart axes. */
export function shortDayLabel(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : SHORT_DAY.format(date);
}

/** "5 Nov 2026 – 4 Dec 2026 (30 days)". */
export function rangeLabel(range: DayRange): string {
  return `${dayLabel(range.start)} – ${dayLabel(range.end)} (${range.days} ${range.days === 1 ? 'day' : 'days'})`;
}
