import { type ComponentProps, lazy, Suspense } from 'react';
import { CHART_HEIGHT } from './chart-size.ts';

// Recharts (~100 KB gzip) is downloaded when a chart is first drawn, after the dashboard's figures
// and tables are on screen, not with the admin pages' first download (issue 20).
const charts = () => import('./charts.tsx');
const Traffic = lazy(() => charts().then((m) => ({ default: m.TrafficChart })));
const Sources = lazy(() => charts().then((m) => ({ default: m.SourcesChart })));
const Pages = lazy(() => charts().then((m) => ({ default: m.PagesChart })));

/** The chart's room while recharts loads: the same height, so nothing jumps. */
function ChartPlaceholder() {
  return (
    <div aria-hidden="true" style={{ height: CHART_HEIGHT }} className="animate-pulse rounded-xl bg-muted" />
  );
}

export function TrafficChart(props: ComponentProps<typeof Traffic>) {
  return (
    <Suspense fallback={<ChartPlaceholder />}>
      <Traffic {...props} />
    </Suspense>
  );
}

export function SourcesChart(props: ComponentProps<typeof Sources>) {
  return (
    <Suspense fallback={<ChartPlaceholder />}>
      <Sources {...props} />
    </Suspense>
  );
}

export function PagesChart(props: ComponentProps<typeof Pages>) {
  return (
    <Suspense fallback={<ChartPlaceholder />}>
      <Pages {...props} />
    </Suspense>
  );
}
