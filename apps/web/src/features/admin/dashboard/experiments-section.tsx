import type { ExperimentResults } from '@adwuma/shared';
import { countColumn, type DataColumn, DataTable, percentColumn } from './chart-card.tsx';

type Variant = ExperimentResults['experiments'][number]['variants'][number];

/** "96.4% confident", "Not enough data", or the baseline every other variant is measured against. */
export function confidenceText(variant: Variant, index: number): string {
  if (index === 0) return 'Baseline';
  return variant.confidence_percent === null
    ? 'Not enough data'
    : `${variant.confidence_percent.toFixed(1)}% confident`;
}

const columns = (variants: Variant[]): DataColumn<Variant>[] => [
  {
    header: 'Variant',
    value: (v) => v.variant,
    display: (v) => <span className="font-semibold">{v.variant}</span>,
  },
  countColumn('Visitors', (v) => v.visitors),
  countColumn('Conversions', (v) => v.conversions),
  percentColumn('Rate', (v) => v.conversion_rate),
  {
    header: 'Confidence',
    value: (v) => confidenceText(v, variants.indexOf(v)),
    display: (v) => {
      const index = variants.indexOf(v);
      const strong = index > 0 && (v.confidence_percent ?? 0) >= 95;
      return (
        <span className={strong ? 'font-semibold text-leaf-700 dark:text-green-300' : ''}>
          {confidenceText(v, index)}
        </span>
      );
    },
  },
];

const CONFIDENCE_NOTE =
  'Confidence compares each variant with the first; 95% or more is the usual bar for a real difference.';

/** Each running experiment: its variants' visitors, conversions and rate, and how sure the difference is. */
export function ExperimentsSection({ results }: { results: ExperimentResults }) {
  if (results.experiments.length === 0)
    return <p className="text-sm text-muted-fg">No experiments are running.</p>;
  const wide = results.experiments.length === 1;
  return (
    <div className={`grid gap-4 ${wide ? '' : 'lg:grid-cols-2'}`}>
      {results.experiments.map((experiment) => (
        <section
          key={experiment.name}
          aria-labelledby={`experiment-${experiment.name}`}
          className={`min-w-0 rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5 ${
            wide ? 'lg:grid lg:grid-cols-[1fr_1.6fr] lg:grid-rows-[auto_1fr] lg:gap-x-8' : ''
          }`}
        >
          <div>
            <h3 id={`experiment-${experiment.name}`} className="font-mono text-sm font-bold">
              {experiment.name}
            </h3>
            <p className="mt-0.5 text-sm text-muted-fg">{experiment.description}</p>
          </div>
          {/* Wide: the table on the right, beside the title and this note. */}
          <div className={`mt-4 ${wide ? 'lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:mt-0' : ''}`}>
            <DataTable
              caption={`Experiment ${experiment.name}`}
              columns={columns(experiment.variants)}
              rows={experiment.variants}
              rowKey={(v) => v.variant}
            />
          </div>
          <p className={`mt-2 text-xs text-muted-fg ${wide ? 'lg:col-start-1 lg:row-start-2' : ''}`}>
            {CONFIDENCE_NOTE}
          </p>
        </section>
      ))}
    </div>
  );
}
