import {
  conversionRate,
  type DayRange,
  DIRECT_SOURCE,
  daysOf,
  FUNNEL_STEPS,
  type FunnelAnalytics,
  OTHER_SOURCES,
  previousRange,
  rangeInstants,
  TOP_PAGES,
  TOP_TRAFFIC_SOURCES,
} from '@adwuma/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runAnalytics } from './run-analytics.ts';

type Row = Record<string, unknown>;
const int = (value: unknown) => Number(value ?? 0);
const list = (value: unknown): Row[] =>
  (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as Row[];
const object = (value: unknown): Row =>
  (typeof value === 'string' ? JSON.parse(value) : (value ?? {})) as Row;

/**
 * The funnel (spec 7 get_marketing_funnel_analytics_enhanced) in one statement, read from
 * event_sessions: one row per visit (session), kept by a trigger on event_tracking (migration 0011).
 *
 * What counts where:
 * - A session is attributed, whole, to the Africa/Accra day of its earliest event and to the first
 *   utm_source it carried (null: "(direct)"). A visit that starts at 23:59 on the range's last day
 *   counts in the range with its events after midnight; one that started the day before the range
 *   counts in the previous period, with its events inside the range. Totals, time series, funnel,
 *   sources and the previous period all follow that rule, so they add up to one another.
 *   Accra is UTC+0 all year (no daylight saving): its day is the UTC day.
 * - Visitors are sessions (session_id). Events without a session_id (API clients; the web app always
 *   sends one) are summed per day in an anonymous row: they count in page_views, signups and
 *   conversions (and the day's first source they carried gets their page views), but belong to no
 *   visitor — not in total_visitors, the funnel, the sources' visitors or the time series' visitors.
 * - The funnel's steps are nested: visited = sessions with a page view, signed_up = those with a
 *   sign-up too, converted = those with a conversion too; a drop-off is never negative (a waitlist
 *   conversion without a sign-up is a conversion and counts in total_conversions, the sessions with
 *   a conversion, but is not one of the funnel's converted sessions).
 * - Per source, signups and conversions are sessions (so the rate is a share of the source's
 *   visitors); page views are events. Sources rank by page views in the breakdown and by visitors in
 *   the performance table; both keep the top 5 and sum the rest as "(other)" (each session has one
 *   source, so the rest add up).
 *
 * How it stays fast: the range and the previous period are read from the (day, utm_source) index of
 * event_sessions alone (an index-only scan, INCLUDE columns) and grouped by (day, source) in index
 * order — a few hundred groups for a month, each session a single row, so no session id is hashed.
 * The totals, days and sources are sums over those groups.
 *
 * The converting pages are counted by event time (conversion events in the range, through the
 * (event_type, created_at) index), with each of those pages' page views in the range counted through
 * the (page_path, event_type, created_at) index: only the pages that can make the top 10 (ties at
 * the tenth included, so the page-view tie-break is exact).
 */
export function funnelStatement(range: DayRange): SQL {
  const { from, to } = rangeInstants(range);
  const previousStart = previousRange(range).start;
  const f = sql`${from.toISOString()}::timestamptz`;
  const t = sql`${to.toISOString()}::timestamptz`;
  const start = sql`${range.start}::date`;
  const sums = sql`coalesce(sum(pv), 0)::int as page_views, coalesce(sum(su), 0)::int as signups,
    coalesce(sum(cv), 0)::int as conversions, coalesce(sum(visitors), 0)::int as visitors,
    coalesce(sum(converted), 0)::int as converted`;
  return sql`
    with g as materialized (
      select day, utm_source as source,
        sum(page_views)::int as pv, sum(signups)::int as su, sum(conversions)::int as cv,
        count(*) filter (where not anonymous)::int as visitors,
        count(*) filter (where not anonymous and signups > 0)::int as signed,
        count(*) filter (where not anonymous and conversions > 0)::int as converted,
        count(*) filter (where not anonymous and page_views > 0)::int as visited,
        count(*) filter (where not anonymous and page_views > 0 and signups > 0)::int as visited_signed,
        count(*) filter (where not anonymous and page_views > 0 and signups > 0 and conversions > 0)::int
          as visited_signed_converted
      from event_sessions
      where day >= ${previousStart}::date and day <= ${range.end}::date
      group by day, utm_source
    ),
    sources as materialized (
      select source, sum(pv)::int as page_views, sum(visitors)::int as visitors,
        sum(signed)::int as signups, sum(converted)::int as conversions,
        row_number() over (order by sum(pv) desc, source collate "C" nulls first) as by_views,
        row_number() over (order by sum(visitors) desc, sum(pv) desc, source collate "C" nulls first)
          as by_visitors
      from g where day >= ${start}
      group by source
    ),
    converting as materialized (
      select page_path, count(*)::int as conversions from event_tracking
      where event_type = 'conversion' and created_at >= ${f} and created_at < ${t}
      group by page_path
    )
    select
      (select row_to_json(x) from (
        select ${sums}, coalesce(sum(visited), 0)::int as visited,
          coalesce(sum(visited_signed), 0)::int as signed_up,
          coalesce(sum(visited_signed_converted), 0)::int as funnel_converted
        from g where day >= ${start}
      ) x) as totals,
      (select row_to_json(x) from (select ${sums} from g where day < ${start}) x) as previous,
      (select json_agg(x) from (
        select to_char(day, 'YYYY-MM-DD') as date, ${sums}
        from g where day >= ${start} group by day
      ) x) as days,
      (select json_agg(x) from (
        select source, page_views, visitors, signups, conversions, by_views, by_visitors
        from sources where by_views <= ${TOP_TRAFFIC_SOURCES} or by_visitors <= ${TOP_TRAFFIC_SOURCES}
      ) x) as top_sources,
      (select row_to_json(x) from (
        select count(*)::int as sources, coalesce(sum(page_views), 0)::int as page_views
        from sources where by_views > ${TOP_TRAFFIC_SOURCES}
      ) x) as other_views,
      (select row_to_json(x) from (
        select coalesce(sum(visitors), 0)::int as visitors, coalesce(sum(signups), 0)::int as signups,
          coalesce(sum(conversions), 0)::int as conversions
        from sources where by_visitors > ${TOP_TRAFFIC_SOURCES}
      ) x) as other_performance,
      (select json_agg(x) from (
        select c.page_path, c.conversions,
          (select count(*) from event_tracking e
            where e.page_path = c.page_path and e.event_type = 'page_view'
              and e.created_at >= ${f} and e.created_at < ${t})::int as page_views
        from converting c
        where c.conversions >= coalesce(
          (select conversions from converting order by conversions desc offset ${TOP_PAGES - 1} limit 1), 0)
        order by c.conversions desc, page_views desc, c.page_path collate "C"
        limit ${TOP_PAGES}
      ) x) as pages`;
}

const sourceName = (source: unknown) =>
  source === null || source === undefined ? DIRECT_SOURCE : String(source);

function totalsOf(sums: Row) {
  const visitors = int(sums.visitors);
  const converted = int(sums.converted);
  return {
    page_views: int(sums.page_views),
    signups: int(sums.signups),
    conversions: int(sums.conversions),
    conversion_rate: conversionRate(converted, visitors),
    total_visitors: visitors,
    total_conversions: converted,
  };
}

/** GET /api/admin/analytics/funnel: the range's funnel with the previous period's totals. */
export async function funnelAnalytics(db: Db, range: DayRange): Promise<FunnelAnalytics> {
  const [row = {}] = await runAnalytics(db, funnelStatement(range));
  const totals = object(row.totals);
  const days = new Map(list(row.days).map((d) => [String(d.date), d]));
  const sources = list(row.top_sources);
  const otherViews = object(row.other_views);
  const steps = [
    { step: FUNNEL_STEPS[0], sessions: int(totals.visited) },
    { step: FUNNEL_STEPS[1], sessions: int(totals.signed_up) },
    { step: FUNNEL_STEPS[2], sessions: int(totals.funnel_converted) },
  ];
  const top = (rank: 'by_views' | 'by_visitors') =>
    sources.filter((s) => int(s[rank]) <= TOP_TRAFFIC_SOURCES).sort((a, b) => int(a[rank]) - int(b[rank]));
  const performance = (source: string, p: Row) => ({
    source,
    visitors: int(p.visitors),
    signups: int(p.signups),
    conversions: int(p.conversions),
    conversion_rate: conversionRate(int(p.conversions), int(p.visitors)),
  });
  const more = int(otherViews.sources) > 0;
  return {
    ...totalsOf(totals),
    date_range: range,
    utm_breakdown: [
      ...top('by_views').map((s) => ({ source: sourceName(s.source), page_views: int(s.page_views) })),
      ...(more ? [{ source: OTHER_SOURCES, page_views: int(otherViews.page_views) }] : []),
    ],
    funnel_breakdown: steps.map((step, i) => {
      const before = i === 0 ? step.sessions : steps[i - 1]!.sessions;
      return {
        ...step,
        drop_off_percent: before > 0 ? Math.round(((before - step.sessions) / before) * 1000) / 10 : 0,
      };
    }),
    utm_performance: [
      ...top('by_visitors').map((s) => performance(sourceName(s.source), s)),
      ...(more ? [performance(OTHER_SOURCES, object(row.other_performance))] : []),
    ],
    top_converting_pages: list(row.pages).map((p) => ({
      page_path: String(p.page_path),
      conversions: int(p.conversions),
      page_views: int(p.page_views),
    })),
    time_series: daysOf(range).map((date) => {
      const d = days.get(date);
      return {
        date,
        visitors: int(d?.visitors),
        page_views: int(d?.page_views),
        signups: int(d?.signups),
        conversions: int(d?.conversions),
      };
    }),
    previous: { ...totalsOf(object(row.previous)), date_range: previousRange(range) },
  };
}
