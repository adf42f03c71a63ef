import {
  conversionRate,
  type DayRange,
  EXPERIMENT_NAMES,
  EXPERIMENTS,
  type ExperimentResults,
  rangeInstants,
  variantConfidence,
} from '@adwuma/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runAnalytics } from './run-analytics.ts';

/**
 * Visitors per (experiment, variant): distinct sessions with an ab_test event {experiment, variant}
 * in the range; conversions: those of them with a conversion event in the range. One statement:
 * the ab_test and conversion events are read through the (event_type, created_at) index.
 */
export function experimentsStatement(range: DayRange): SQL {
  const { from, to } = rangeInstants(range);
  const inRange = sql`created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz`;
  return sql`
    with seen as (
      select distinct event_data->>'experiment' as experiment, event_data->>'variant' as variant, session_id
      from event_tracking
      where event_type = 'ab_test' and ${inRange} and session_id is not null
    ),
    converted as (
      select distinct session_id from event_tracking
      where event_type = 'conversion' and ${inRange} and session_id is not null
    )
    select s.experiment, s.variant, count(*)::int as visitors, count(c.session_id)::int as conversions
    from seen s left join converted c on c.session_id = s.session_id
    group by s.experiment, s.variant`;
}

/**
 * GET /api/admin/analytics/experiments: every experiment Adwuma runs (EXPERIMENTS) with each of its
 * variants, in their order, zeros where nothing was seen; the confidence compares each variant with
 * the first (control). Variants the data names but the experiment does not know are left out.
 */
export async function experimentResults(db: Db, range: DayRange): Promise<ExperimentResults> {
  const rows = await runAnalytics(db, experimentsStatement(range));
  const countsOf = (experiment: string, variant: string) => {
    const row = rows.find((r) => r.experiment === experiment && r.variant === variant);
    return { visitors: Number(row?.visitors ?? 0), conversions: Number(row?.conversions ?? 0) };
  };
  return {
    experiments: EXPERIMENT_NAMES.map((name) => {
      const { variants, description } = EXPERIMENTS[name];
      const control = countsOf(name, variants[0]);
      return {
        name,
        description,
        variants: variants.map((variant, i) => {
          const counts = countsOf(name, variant);
          return {
            variant,
            ...counts,
            conversion_rate: conversionRate(counts.conversions, counts.visitors),
            confidence_percent: i === 0 ? null : variantConfidence(control, counts),
          };
        }),
      };
    }),
  };
}
