import { z } from 'zod';

/**
 * Issue 19: the operator's numbers. Spec 3 "Funnel analytics result" and spec 7
 * get_marketing_funnel_analytics_enhanced (p_start_date, p_end_date; last 30 days by default; top 5
 * traffic sources). Dates are calendar days in Africa/Accra (UTC+0 all year, no daylight saving), so
 * a day is a UTC day; the range is inclusive of both ends.
 */
export const ANALYTICS_TIME_ZONE = 'Africa/Accra';
export const FUNNEL_DEFAULT_DAYS = 30;
export const FUNNEL_MAX_DAYS = 366;
/** The earliest day a range may start on (Adwuma has no events before it). */
export const FUNNEL_FIRST_DAY = '2000-01-01';
/** Spec 9: top 5 traffic sources; the rest are summed as "other". */
export const TOP_TRAFFIC_SOURCES = 5;
export const TOP_PAGES = 10;
/** The label for events without a utm_source. */
export const DIRECT_SOURCE = '(direct)';
export const OTHER_SOURCES = '(other)';
export const FUNNEL_PRESETS = [7, 30, 90] as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date like 2026-11-01' });

/** GET /api/admin/analytics/funnel and /api/admin/analytics/health querystring. */
export const analyticsRangeQuerySchema = z.object({
  start: day.optional(),
  end: day.optional(),
});
export type AnalyticsRangeQuery = z.infer<typeof analyticsRangeQuerySchema>;

export interface DayRange {
  /** First day, yyyy-mm-dd. */
  start: string;
  /** Last day, yyyy-mm-dd (inclusive). */
  end: string;
  days: number;
}

export const toDay = (date: Date): string => date.toISOString().slice(0, 10);
const addDays = (dayString: string, n: number): string =>
  toDay(new Date(Date.parse(`${dayString}T00:00:00Z`) + n * 86_400_000));
const dayCount = (start: string, end: string): number =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

/** A yyyy-mm-dd string naming a real calendar day (not 2026-02-30, not 6819-33-98). */
function isDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && toDay(new Date(time)) === value;
}

export type RangeProblem = { field: 'start' | 'end'; message: string };

/**
 * The range asked for, or the problem with it. No dates: the last 30 days ending today. Only an end:
 * the 30 days ending then. Only a start: from then to today. A day that does not exist, a start
 * before 2000, end before start, a range longer than 366 days or a start in the future are refused
 * with a message naming the field.
 */
export function resolveRange(query: AnalyticsRangeQuery, now: Date): DayRange | RangeProblem {
  const today = toDay(now);
  // The dates given are checked before a default is counted from them ("6819-33-98" is no day to
  // count 30 days back from).
  for (const field of ['start', 'end'] as const) {
    const value = query[field];
    if (value !== undefined && !isDay(value)) return { field, message: `${value} is not a date` };
  }
  const end = query.end ?? today;
  const start = query.start ?? addDays(end, -(FUNNEL_DEFAULT_DAYS - 1));
  // Also keeps the previous period's days real dates (no year 0 or before).
  if (start < FUNNEL_FIRST_DAY)
    return { field: query.start ? 'start' : 'end', message: `Choose a date from ${FUNNEL_FIRST_DAY} on` };
  if (start > today) return { field: 'start', message: 'The start date is in the future' };
  if (end < start) return { field: 'end', message: 'The end date is before the start date' };
  const days = dayCount(start, end);
  if (days > FUNNEL_MAX_DAYS) return { field: 'end', message: `Choose at most ${FUNNEL_MAX_DAYS} days` };
  return { start, end, days };
}

/** The same number of days just before the range: what the dashboard compares against. */
export function previousRange(range: DayRange): DayRange {
  return { start: addDays(range.start, -range.days), end: addDays(range.start, -1), days: range.days };
}

/** Half-open instants [from, to) covering the range's days in Africa/Accra. */
export function rangeInstants(range: DayRange): { from: Date; to: Date } {
  return { from: new Date(`${range.start}T00:00:00Z`), to: new Date(`${addDays(range.end, 1)}T00:00:00Z`) };
}

/** Every day of the range, for a time series without gaps. */
export function daysOf(range: DayRange): string[] {
  return Array.from({ length: range.days }, (_, i) => addDays(range.start, i));
}

/** Conversions per visitor, as a percentage with one decimal; 0 when nobody visited. */
export function conversionRate(conversions: number, visitors: number): number {
  if (visitors <= 0) return 0;
  return Math.round((conversions / visitors) * 1000) / 10;
}

/** Change against the previous period in percent (one decimal); null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** The funnel's steps, in order: visitors (sessions with a page view) → signed up → converted. */
export const FUNNEL_STEPS = ['visited', 'signed_up', 'converted'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
export const FUNNEL_STEP_LABELS: Record<FunnelStep, string> = {
  visited: 'Visited',
  signed_up: 'Signed up',
  converted: 'Converted',
};

const count = z.number().int().nonnegative();
const rangeSchema = z.object({ start: z.string(), end: z.string(), days: z.number().int() });

/** Spec 3 "Funnel analytics result", with the previous period for comparison. */
export const funnelTotalsSchema = z.object({
  page_views: count,
  signups: count,
  conversions: count,
  /** Percent of total_visitors who converted, one decimal. */
  conversion_rate: z.number(),
  /** Distinct sessions with at least one event. */
  total_visitors: count,
  total_conversions: count,
});
export const funnelAnalyticsSchema = funnelTotalsSchema.extend({
  date_range: rangeSchema,
  /** Page views per utm_source: top 5 then "(other)"; "(direct)" for no source. */
  utm_breakdown: z.array(z.object({ source: z.string(), page_views: count })),
  /** Sessions reaching each step, with the drop-off from the step before in percent. */
  funnel_breakdown: z.array(
    z.object({ step: z.enum(FUNNEL_STEPS), sessions: count, drop_off_percent: z.number() }),
  ),
  /** Per utm_source (top 5 then "(other)"): visitors, sign-ups, conversions and the rate. */
  utm_performance: z.array(
    z.object({
      source: z.string(),
      visitors: count,
      signups: count,
      conversions: count,
      conversion_rate: z.number(),
    }),
  ),
  /** The pages conversions happened on, most first (top 10). */
  top_converting_pages: z.array(z.object({ page_path: z.string(), conversions: count, page_views: count })),
  /** One entry per day of the range, no gaps. */
  time_series: z.array(
    z.object({ date: z.string(), visitors: count, page_views: count, signups: count, conversions: count }),
  ),
  previous: funnelTotalsSchema.extend({ date_range: rangeSchema }),
});
export type FunnelAnalytics = z.infer<typeof funnelAnalyticsSchema>;

/** Marketplace health (GET /api/admin/analytics/health) over the same range. Money in pesewas. */
export const marketplaceHealthSchema = z.object({
  date_range: rangeSchema,
  /** Providers who signed up in the range, and how many of them reached each later step (ever). */
  provider_activation: z.array(
    z.object({
      step: z.enum(['signed_up', 'onboarded', 'verified', 'first_bid', 'first_booking']),
      providers: count,
    }),
  ),
  jobs: z.object({
    posted: count,
    /** Jobs posted in the range with a bid within 24 hours, in percent (one decimal). */
    bid_within_24h_percent: z.number(),
    /** Median hours from posting to the first bid, null when no job had a bid. */
    median_hours_to_first_bid: z.number().nullable(),
    /** Jobs posted in the range that were hired, in percent. */
    fill_rate_percent: z.number(),
  }),
  bookings_completed: count,
  disputes_opened: count,
  /** Average rating of reviews written in the range, one decimal; null without reviews. */
  average_rating: z.number().nullable(),
  reviews: count,
  /** Present only when payments exist in the product (issue 17/18 tables). */
  money: z
    .object({
      currency: z.literal('GHS'),
      /** Booking payments captured (held or later) in the range. */
      gmv_minor: count,
      commission_minor: count,
      /** commission / gmv in percent, one decimal. */
      take_rate_percent: z.number(),
      /** Active subscriptions per paid tier now, and their monthly recurring revenue in pesewas. */
      subscriptions: z.array(z.object({ tier: z.string(), active: count, mrr_minor: count })),
      mrr_minor: count,
    })
    .nullable(),
  /** Searches that found nothing in the range, most asked first (top 20). */
  searches_without_results: z.array(
    z.object({
      query: z.string(),
      category: z.string().nullable(),
      city: z.string().nullable(),
      count: count,
      last_seen: z.string(),
    }),
  ),
});
export type MarketplaceHealth = z.infer<typeof marketplaceHealthSchema>;
