import { FUNNEL_STEP_LABELS, type FunnelAnalytics } from '@adwuma/shared';
import { ChartCard, countColumn, type DataColumn, FunnelSteps, percentColumn } from './chart-card.tsx';
import { CHART_HEIGHT } from './chart-size.ts';
import { PagesChart, SourcesChart, TrafficChart } from './lazy-charts.tsx';
import { dayLabel } from './range.ts';

type Day = FunnelAnalytics['time_series'][number];
const TRAFFIC_COLUMNS: DataColumn<Day>[] = [
  { header: 'Date', value: (d) => d.date, display: (d) => dayLabel(d.date) },
  countColumn('Visitors', (d) => d.visitors),
  countColumn('Page views', (d) => d.page_views),
  countColumn('Sign-ups', (d) => d.signups),
  countColumn('Conversions', (d) => d.conversions),
];

type Step = FunnelAnalytics['funnel_breakdown'][number];
const STEP_COLUMNS: DataColumn<Step>[] = [
  { header: 'Step', value: (s) => FUNNEL_STEP_LABELS[s.step] },
  countColumn('Sessions', (s) => s.sessions),
  percentColumn('Drop-off', (s) => s.drop_off_percent),
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
  countColumn('Page views', (s) => s.page_views),
  countColumn('Visitors', (s) => s.visitors),
  countColumn('Sign-ups', (s) => s.signups),
  countColumn('Conversions', (s) => s.conversions),
  percentColumn('Conversion rate', (s) => s.conversion_rate),
];

type Page = FunnelAnalytics['top_converting_pages'][number];
const PAGE_COLUMNS: DataColumn<Page>[] = [
  {
    header: 'Page',
    value: (p) => p.page_path,
    display: (p) => <span className="font-mono text-xs">{p.page_path}</span>,
  },
  countColumn('Conversions', (p) => p.conversions),
  countColumn('Page views', (p) => p.page_views),
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
