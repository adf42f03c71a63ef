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

/**
 * The funnel (spec 7 get_marketing_funnel_analytics_enhanced) in one statement. The events of the
 * range are read once from the covering index on created_at (migration 0011; an index-only scan)
 * and grouped by (session, day, source): a few rows per session, from which the totals, the time
 * series, the funnel and the sources are derived by small hash aggregates (no sorts: separate
 * group-bys proved cheaper than grouping sets, and integer counts are summed as integers). The
 * previous period needs only its totals: its events are grouped by session alone. The converting
 * pages come from the conversion events (the (event_type, created_at) index) and the page views of
 * those pages only.
 *
 * Days are UTC days: Africa/Accra is UTC+0 all year (no daylight saving), so a day binned from the
 * range's first midnight UTC is Accra's calendar day.
 *
 * Visitors are sessions (session_id). Events without a session_id (API clients; the web app always
 * sends one) are counted in page_views, signups and conversions but belong to no visitor: they are
 * left out of total_visitors, the funnel steps and the sources' visitors rather than each counted as
 * a visitor of its own, which would inflate the visitors with what is not a visit.
 *
 * The funnel's steps are nested — a session counts at a step only when it also reached the steps
 * before it — so a drop-off is never negative (a waitlist conversion without a sign-up is a
 * conversion, but not one of the funnel's converted sessions). Per source, signups and conversions
 * are sessions too (so the rate is a share of the source's visitors); page views are events. Sources
 * rank by page views in the breakdown and by visitors in the performance table; both keep the top 5
 * and sum the rest as "(other)" (distinct sessions across the rest); a session's events count for the
 * source each event carried.
 */
export function funnelStatement(range: DayRange): SQL {
  const { from, to } = rangeInstants(range);
  const previousFrom = rangeInstants(previousRange(range)).from;
  const f = sql`${from.toISOString()}::timestamptz`;
  const t = sql`${to.toISOString()}::timestamptz`;
  const inRange = sql`created_at >= ${f} and created_at < ${t}`;
  return sql`
    with s as materialized (
      -- Day first: a key led by session_id tempts the planner, on a year, into reading the whole
      -- table through the (session_id, event_type) index to group it in order (slower than hashing).
      select date_bin('1 day', e.created_at, ${f}) as day, e.session_id as sid, e.utm_source as source,
        count(*) filter (where e.event_type = 'page_view')::int as pv,
        count(*) filter (where e.event_type = 'user_signup')::int as su,
        count(*) filter (where e.event_type = 'conversion')::int as cv
      from event_tracking e
      where e.${inRange}
      group by 1, 2, 3
    ),
    per_source as materialized (
      select source, sid, sum(pv)::int as pv, sum(su)::int as su, sum(cv)::int as cv
      from s group by source, sid
    ),
    sources as materialized (
      select source, sum(pv)::int as page_views, count(sid)::int as visitors,
        count(sid) filter (where su > 0)::int as signups, count(sid) filter (where cv > 0)::int as conversions,
        row_number() over (order by sum(pv) desc, source collate "C" nulls first) as by_views,
        row_number() over (order by count(sid) desc, sum(pv) desc, source collate "C" nulls first) as by_visitors
      from per_source group by source
    ),
    converting as materialized (
      select page_path, count(*)::int as conversions from event_tracking
      where event_type = 'conversion' and ${inRange}
      group by page_path
    )
    select
      (select row_to_json(x) from (
        select coalesce(sum(pv), 0) as page_views, coalesce(sum(su), 0) as signups,
          coalesce(sum(cv), 0) as conversions
        from s
      ) x) as events,
      (select row_to_json(x) from (
        select count(*) as visitors, count(*) filter (where cv > 0) as converted,
          count(*) filter (where pv > 0) as visited,
          count(*) filter (where pv > 0 and su > 0) as signed_up,
          count(*) filter (where pv > 0 and su > 0 and cv > 0) as funnel_converted
        from (select sum(pv) as pv, sum(su) as su, sum(cv) as cv from per_source where sid is not null group by sid) v
      ) x) as sessions,
      (select json_agg(x) from (
        select to_char(d.day at time zone 'UTC', 'YYYY-MM-DD') as date, d.page_views, d.signups, d.conversions,
          coalesce(v.visitors, 0) as visitors
        from (
          select day, sum(pv)::int as page_views, sum(su)::int as signups, sum(cv)::int as conversions
          from s group by day
        ) d
        left join (
          select day, count(*)::int as visitors
          from (select day, sid from s where sid is not null group by day, sid) g group by day
        ) v using (day)
      ) x) as days,
      (select json_agg(x) from (
        select source, page_views, visitors, signups, conversions, by_views, by_visitors
        from sources where by_views <= ${TOP_TRAFFIC_SOURCES} or by_visitors <= ${TOP_TRAFFIC_SOURCES}
      ) x) as top_sources,
      (select row_to_json(x) from (
        select count(*) as sources, coalesce(sum(page_views), 0) as page_views
        from sources where by_views > ${TOP_TRAFFIC_SOURCES}
      ) x) as other_views,
      (select row_to_json(x) from (
        select count(*) as visitors, count(*) filter (where su > 0) as signups,
          count(*) filter (where cv > 0) as conversions
        from (
          select p.sid, sum(p.su) as su, sum(p.cv) as cv
          from per_source p join sources o on o.source is not distinct from p.source
          where o.by_visitors > ${TOP_TRAFFIC_SOURCES} and p.sid is not null
          group by p.sid
        ) g
      ) x) as other_performance,
      (select row_to_json(x) from (
        select count(sid) as visitors, count(sid) filter (where cv > 0) as converted,
          coalesce(sum(pv), 0) as page_views, coalesce(sum(su), 0) as signups,
          coalesce(sum(cv), 0) as conversions
        from (
          select session_id as sid,
            count(*) filter (where event_type = 'page_view')::int as pv,
            count(*) filter (where event_type = 'user_signup')::int as su,
            count(*) filter (where event_type = 'conversion')::int as cv
          from event_tracking
          where created_at >= ${previousFrom.toISOString()}::timestamptz and created_at < ${f}
          group by session_id
        ) p
      ) x) as previous,
      (select json_agg(x) from (
        select c.page_path, c.conversions, coalesce(v.page_views, 0) as page_views
        from converting c
        left join (
          select page_path, count(*)::int as page_views from event_tracking
          where event_type = 'page_view' and ${inRange}
            and page_path in (select page_path from converting)
          group by page_path
        ) v using (page_path)
        order by c.conversions desc, page_views desc, c.page_path collate "C"
        limit ${TOP_PAGES}
      ) x) as pages`;
}

const object = (value: unknown): Row =>
  (typeof value === 'string' ? JSON.parse(value) : (value ?? {})) as Row;
const sourceName = (source: unknown) =>
  source === null || source === undefined ? DIRECT_SOURCE : String(source);

function totalsOf(events: Row, visitors: number, converted: number) {
  return {
    page_views: int(events.page_views),
    signups: int(events.signups),
    conversions: int(events.conversions),
    conversion_rate: conversionRate(converted, visitors),
    total_visitors: visitors,
    total_conversions: converted,
  };
}

/** GET /api/admin/analytics/funnel: the range's funnel with the previous period's totals. */
export async function funnelAnalytics(db: Db, range: DayRange): Promise<FunnelAnalytics> {
  const [row = {}] = await runAnalytics(db, funnelStatement(range));
  const sessions = object(row.sessions);
  const previous = object(row.previous);
  const days = new Map(list(row.days).map((d) => [String(d.date), d]));
  const sources = list(row.top_sources);
  const otherViews = object(row.other_views);
  const otherPerformance = object(row.other_performance);
  const steps = [
    { step: FUNNEL_STEPS[0], sessions: int(sessions.visited) },
    { step: FUNNEL_STEPS[1], sessions: int(sessions.signed_up) },
    { step: FUNNEL_STEPS[2], sessions: int(sessions.funnel_converted) },
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
    ...totalsOf(object(row.events), int(sessions.visitors), int(sessions.converted)),
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
      ...(more ? [performance(OTHER_SOURCES, otherPerformance)] : []),
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
    previous: {
      ...totalsOf(previous, int(previous.visitors), int(previous.converted)),
      date_range: previousRange(range),
    },
  };
}
