import { BarChart3, Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { type CsvColumn, downloadCsv, toCsv } from './csv.ts';

/** A column of a chart's data: the CSV value, and how the table shows it (the value when left out). */
export interface DataColumn<T> extends CsvColumn<T> {
  display?: (row: T) => ReactNode;
  /** Right-aligned, tabular figures. */
  numeric?: boolean;
}

const NUMBER = new Intl.NumberFormat('en-GB');
export const formatCount = (n: number) => NUMBER.format(n);
export const formatPercent = (n: number) => `${n.toFixed(1)}%`;

/** A numeric column of counts: the number in the CSV, "1,234" in the table. */
export const countColumn = <T,>(header: string, pick: (row: T) => number): DataColumn<T> => ({
  header,
  value: pick,
  display: (row) => formatCount(pick(row)),
  numeric: true,
});

/** A numeric column of percentages: the number in the CSV, "12.5%" in the table. */
export const percentColumn = <T,>(header: string, pick: (row: T) => number): DataColumn<T> => ({
  header,
  value: pick,
  display: (row) => formatPercent(pick(row)),
  numeric: true,
});

/** The data behind a chart as a real table (screen readers, exact figures); scrolls sideways on a phone. */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
}) {
  return (
    // A group, not a region: the chart card around it is the region of the same name.
    // biome-ignore lint/a11y/useSemanticElements: a scroller, not a form group
    <div
      className="overflow-x-auto rounded-xl border border-border focus-visible:outline-2 focus-visible:outline-brand-600"
      // A scrollable area must be reachable by keyboard (WCAG 2.1.1), hence the tabIndex.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region
      tabIndex={0}
      role="group"
      aria-label={caption}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60 text-xs uppercase tracking-wider text-muted-fg">
          <tr>
            {columns.map((c) => (
              <th
                key={c.header}
                scope="col"
                className={`whitespace-nowrap px-3 py-2 font-semibold ${c.numeric ? 'text-right' : ''}`}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((c) => (
                <td
                  key={c.header}
                  className={`px-3 py-2 ${c.numeric ? 'whitespace-nowrap text-right tabular-nums' : '[overflow-wrap:anywhere]'}`}
                >
                  {c.display ? c.display(row) : (c.value(row) ?? '—')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What a chart shows when the range has no data: the same height, so nothing jumps. */
function NoData({ height }: { height: number }) {
  return (
    <div
      style={{ height }}
      className="flex flex-col items-center justify-center rounded-xl border border-dashed border-border text-sm text-muted-fg"
    >
      <BarChart3 aria-hidden="true" className="h-7 w-7" />
      <p className="mt-2">No data in this range.</p>
    </div>
  );
}

/**
 * One chart of the dashboard: title, the chart, its data as a table (under "Show data as table")
 * and a CSV of the same rows made in the browser.
 */
export function ChartCard<T>({
  id,
  title,
  description,
  chart,
  chartHeight,
  columns,
  rows,
  rowKey,
  filename,
  className = '',
}: {
  id: string;
  title: string;
  description: string;
  chart: ReactNode;
  chartHeight: number;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  filename: string;
  className?: string;
}) {
  const titleId = `${id}-title`;
  return (
    <section
      aria-labelledby={titleId}
      className={`min-w-0 rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5 ${className}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="font-bold">
            {title}
          </h3>
          <p className="mt-0.5 text-sm text-muted-fg">{description}</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={rows.length === 0}
          aria-label={`Download CSV of ${title}`}
          onClick={() => downloadCsv(filename, toCsv(columns, rows))}
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          Download CSV
        </Button>
      </div>
      <div className="mt-4 text-muted-fg">{rows.length === 0 ? <NoData height={chartHeight} /> : chart}</div>
      {rows.length > 0 && (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-semibold text-brand-700 dark:text-brand-500">
            Show data as table
          </summary>
          <div className="mt-3">
            <DataTable caption={title} columns={columns} rows={rows} rowKey={rowKey} />
          </div>
        </details>
      )}
    </section>
  );
}

export interface Step {
  label: string;
  count: number;
  /** Percent lost since the step before; null for the first step. */
  dropOff: number | null;
}

/**
 * A funnel drawn as steps: a bar as wide as the step's share of the first, the drop-off beside it
 * (none after a step nobody reached: there was no one to lose). `unit` is [one, many].
 */
export function FunnelSteps({
  steps,
  unit: [one, many],
}: {
  steps: readonly Step[];
  unit: readonly [string, string];
}) {
  const first = steps[0]?.count ?? 0;
  return (
    <ol className="grid gap-3">
      {steps.map((step, i) => {
        const share = first > 0 ? (step.count / first) * 100 : 0;
        const lost = i > 0 && (steps[i - 1]?.count ?? 0) > 0 ? step.dropOff : null;
        return (
          <li key={step.label}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="font-semibold text-fg">{step.label}</span>
              <span className="tabular-nums text-fg">
                {formatCount(step.count)} {step.count === 1 ? one : many}
                {lost !== null && (
                  <span className="ml-2 text-muted-fg">−{formatPercent(lost)} from the step before</span>
                )}
              </span>
            </div>
            <div aria-hidden="true" className="mt-1.5 h-3 overflow-hidden rounded-full bg-muted">
              <div
                className="h-full rounded-full bg-brand-500"
                style={{ width: `${Math.max(share, step.count > 0 ? 2 : 0)}%` }}
              />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** Drop-off in percent from each step to the next (one decimal), as the funnel reports it. */
export function withDropOff(steps: readonly { label: string; count: number }[]): Step[] {
  return steps.map((step, i) => {
    if (i === 0) return { ...step, dropOff: null };
    const before = steps[i - 1]!.count;
    const dropOff = before > 0 ? Math.round(((before - step.count) / before) * 1000) / 10 : 0;
    return { ...step, dropOff };
  });
}
