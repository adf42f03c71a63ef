import type { FunnelAnalytics } from '@adwuma/shared';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CHART_HEIGHT } from './chart-size.ts';
import { shortDayLabel } from './range.ts';

// Recharts lives only in this folder, loaded by lazy-charts.tsx when a chart is drawn: never on the
// landing page or the public pages, nor in an admin page's first download (scripts/check-bundle-size.mjs).

/** Colours that read on the light and the dark theme; lines also differ by dash, not only colour. */
export const SERIES_COLOURS = {
  visitors: '#d97706',
  signups: '#0ea5e9',
  conversions: '#16a34a',
} as const;

const AXIS_TICK = { fill: 'currentColor', fontSize: 12 };
const TOOLTIP_STYLE = {
  contentStyle: {
    background: 'var(--card)',
    border: '1px solid var(--border)',
    borderRadius: 12,
    color: 'var(--fg)',
    fontSize: 13,
  },
  cursor: { fill: 'var(--muted)', opacity: 0.6 },
};
const NUMBER = new Intl.NumberFormat('en-GB');
const formatCount = (value: unknown) => (typeof value === 'number' ? NUMBER.format(value) : String(value));

/** Visitors, sign-ups and conversions per day. */
export function TrafficChart({ series }: { series: FunnelAnalytics['time_series'] }) {
  return (
    <ResponsiveContainer
      width="100%"
      height={CHART_HEIGHT}
      initialDimension={{ width: 320, height: CHART_HEIGHT }}
    >
      <LineChart data={series} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="date"
          tickFormatter={shortDayLabel}
          tick={AXIS_TICK}
          minTickGap={24}
          stroke="var(--border)"
        />
        <YAxis allowDecimals={false} tick={AXIS_TICK} stroke="var(--border)" width={48} />
        <Tooltip
          {...TOOLTIP_STYLE}
          labelFormatter={(d) => shortDayLabel(String(d))}
          formatter={formatCount}
        />
        <Legend wrapperStyle={{ fontSize: 13 }} itemSorter={null} />
        <Line
          type="monotone"
          dataKey="visitors"
          name="Visitors"
          stroke={SERIES_COLOURS.visitors}
          strokeWidth={2}
          dot={false}
        />
        <Line
          type="monotone"
          dataKey="signups"
          name="Sign-ups"
          stroke={SERIES_COLOURS.signups}
          strokeWidth={2}
          strokeDasharray="6 3"
          dot={false}
        />
        <Line
          type="monotone"
          dataKey="conversions"
          name="Conversions"
          stroke={SERIES_COLOURS.conversions}
          strokeWidth={2}
          strokeDasharray="2 3"
          dot={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

/**
 * Bars laid sideways, one row a category: long names (sources, page paths) stay readable side by
 * side on a 360 px phone. The chart grows with the rows; labels longer than `labelChars` end in "…".
 */
function HorizontalBars<Row extends object>({
  rows,
  category,
  value,
  name,
  colour,
  labelWidth,
  labelChars,
  rowHeight,
  padding,
}: {
  rows: readonly Row[];
  category: keyof Row & string;
  value: keyof Row & string;
  name: string;
  colour: string;
  labelWidth: number;
  labelChars: number;
  rowHeight: number;
  padding: number;
}) {
  const height = Math.max(CHART_HEIGHT, rows.length * rowHeight + padding);
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 320, height }}>
      <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} stroke="var(--border)" />
        <YAxis
          type="category"
          dataKey={category as string}
          width={labelWidth}
          tick={AXIS_TICK}
          interval={0}
          stroke="var(--border)"
          tickFormatter={shorten(labelChars)}
        />
        <Tooltip {...TOOLTIP_STYLE} formatter={formatCount} />
        <Bar dataKey={value as string} name={name} fill={colour} radius={[0, 6, 6, 0]} maxBarSize={28} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Page views per traffic source: the top 5, then the rest as "(other)". */
export function SourcesChart({ sources }: { sources: FunnelAnalytics['utm_breakdown'] }) {
  return (
    <HorizontalBars
      rows={sources}
      category="source"
      value="page_views"
      name="Page views"
      colour={SERIES_COLOURS.visitors}
      labelWidth={96}
      labelChars={13}
      rowHeight={36}
      padding={28}
    />
  );
}

/** The pages conversions happened on, most first. */
export function PagesChart({ pages }: { pages: FunnelAnalytics['top_converting_pages'] }) {
  return (
    <HorizontalBars
      rows={pages}
      category="page_path"
      value="conversions"
      name="Conversions"
      colour={SERIES_COLOURS.conversions}
      labelWidth={112}
      labelChars={16}
      rowHeight={32}
      padding={24}
    />
  );
}

const shorten = (max: number) => (text: unknown) => {
  const value = String(text);
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
};
