import { FUNNEL_STEP_LABELS, type FunnelAnalytics } from '@adwuma/shared';
import { ChartCard, type DataColumn, FunnelSteps, formatCount, formatPercent } from './chart-card.tsx';
import { CHART_HEIGHT, PagesChart, SourcesChart, TrafficChart } from './charts.tsx';
import { dayLabel } from './range.ts';

type Day = FunnelAnalytics['time_series'][number];
const TRAFFIC_COLUMNS: DataColumn<Day>[] = [
  { header: 'Date', value: (d) => d.date, display: (d) => dayLabel(d.date) },
  { header: 'Visitors', value: (d) => d.visitors, display: (d) => formatCount(d.visitors), numeric: true },
  {
    header: 'Page views',
    value: (d) => d.page_views,
    display: (d) => formatCount(d.page_views),
    numeric: true,
  },
  { header: 'Sign-ups', value: (d) => d.signups, display: (d) => formatCount(d.signups), numeric: true },
  {
    header: 'Conversions',
    value: (d) => d.conversions,
    display: (d) => formatCount(d.conversions),
    numeric: true,
  },
];

type Step = FunnelAnalytics['funnel_breakdown'][number];
const STEP_COLUMNS: DataColumn<Step>[] = [
  { header: 'Step', value: (s) => FUNNEL_STEP_LABELS[s.step] },
  { header: 'Sessions', value: (s) => s.sessions, display: (s) => formatCount(s.sessions), numeric: true },
  {
    header: 'Drop-off',
    value: (s) => s.drop_off_percent,
    display: (s) => formatPercent(s.drop_off_percent),
    numeric: true,
  },
];

export interface SourceRow {
  source: string;
  page_views: number;
  visitors: number;
  signups: number;
  conversions: number;
  conversion_rate: number;
}

/** The chart's page views per source beside each source's visitors, sign-ups and conversions. */
export function sourceRows(funnel: FunnelAnalytics): SourceRow[] {
  const performance = new Map(funnel.utm_performance.map((p) => [p.source, p]));
  const rows: SourceRow[] = funnel.utm_breakdown.map((b) => {
    const p = performance.get(b.source);
    return {
      source: b.source,
      page_views: b.page_views,
      visitors: p?.visitors ?? 0,
      signups: p?.signups ?? 0,
      conversions: p?.conversions ?? 0,
      conversion_rate: p?.conversion_rate ?? 0,
    };
  });
  for (const p of funnel.utm_performance)
    if (!rows.some((r) => r.source === p.source)) rows.push({ ...p, page_views: 0 });
  return rows;
}

const SOURCE_COLUMNS: DataColumn<SourceRow>[] = [
  { header: 'Source', value: (s) => s.source },
  {
    header: 'Page views',
    value: (s) => s.page_views,
    display: (s) => formatCount(s.page_views),
    numeric: true,
  },
  { header: 'Visitors', value: (s) => s.visitors, display: (s) => formatCount(s.visitors), numeric: true },
  { header: 'Sign-ups', value: (s) => s.signups, display: (s) => formatCount(s.signups), numeric: true },
  {
    header: 'Conversions',
    value: (s) => s.conversions,
    display: (s) => formatCount(s.conversions),
    numeric: true,
  },
  {
    header: 'Conversion rate',
    value: (s) => s.conversion_rate,
    display: (s) => formatPercent(s.conversion_rate),
    numeric: true,
  },
];

type Page = FunnelAnalytics['top_converting_pages'][number];
const PAGE_COLUMNS: DataColumn<Page>[] = [
  {
    header: 'Page',
    value: (p) => p.page_path,
    display: (p) => <span className="font-mono text-xs">{p.page_path}</span>,
  },
  {
    header: 'Conversions',
    value: (p) => p.conversions,
    display: (p) => formatCount(p.conversions),
    numeric: true,
  },
  {
    header: 'Page views',
    value: (p) => p.page_views,
    display: (p) => formatCount(p.page_views),
    numeric: true,
  },
];

/** The four charts of the funnel, each with its table and CSV. */
export function FunnelCharts({ funnel }: { funnel: FunnelAnalytics }) {
  const { start, end } = funnel.date_range;
  const file = (name: string) => `${name}-${start}-${end}.csv`;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard
        id="traffic"
        className="lg:col-span-2"
        title="Visitors, sign-ups and conversions"
        description="Per day, in Accra time."
        chartHeight={CHART_HEIGHT}
        chart={<TrafficChart series={funnel.time_series} />}
        columns={TRAFFIC_COLUMNS}
        rows={funnel.time_series}
        rowKey={(d) => d.date}
        filename={file('traffic')}
      />
      <ChartCard
        id="funnel"
        title="Funnel"
        description="Sessions reaching each step, and how many were lost on the way."
        chartHeight={160}
        chart={
          <FunnelSteps
            unit={['session', 'sessions']}
            steps={funnel.funnel_breakdown.map((s, i) => ({
              label: FUNNEL_STEP_LABELS[s.step],
              count: s.sessions,
              dropOff: i === 0 ? null : s.drop_off_percent,
            }))}
          />
        }
        columns={STEP_COLUMNS}
        rows={funnel.funnel_breakdown}
        rowKey={(s) => s.step}
        filename={file('funnel')}
      />
      <ChartCard
        id="sources"
        title="Traffic sources"
        description="Page views by utm_source: the top 5, then every other source together."
        chartHeight={CHART_HEIGHT}
        chart={<SourcesChart sources={funnel.utm_breakdown} />}
        columns={SOURCE_COLUMNS}
        rows={sourceRows(funnel)}
        rowKey={(s) => s.source}
        filename={file('traffic-sources')}
      />
      <ChartCard
        id="pages"
        className="lg:col-span-2"
        title="Top converting pages"
        description="The pages conversions happened on, most first."
        chartHeight={CHART_HEIGHT}
        chart={<PagesChart pages={funnel.top_converting_pages} />}
        columns={PAGE_COLUMNS}
        rows={funnel.top_converting_pages}
        rowKey={(p) => p.page_path}
        filename={file('top-converting-pages')}
      />
    </div>
  );
}
