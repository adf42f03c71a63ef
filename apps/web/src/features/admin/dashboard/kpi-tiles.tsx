import { type FunnelAnalytics, percentChange } from '@adwuma/shared';
import { ArrowDownRight, ArrowRight, ArrowUpRight, Sparkles } from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatCount, formatPercent } from './chart-card.tsx';

export type ChangeDirection = 'up' | 'down' | 'flat' | 'new';

/** The change against the previous period, in words (never only a colour). */
export function describeChange(
  current: number,
  previous: number,
  days: number,
): { direction: ChangeDirection; text: string } {
  const period = `the previous ${days} ${days === 1 ? 'day' : 'days'}`;
  const change = percentChange(current, previous);
  if (change === null) return { direction: 'new', text: `New: none in ${period}` };
  if (change === 0) return { direction: 'flat', text: `No change on ${period}` };
  const size = formatPercent(Math.abs(change));
  return change > 0
    ? { direction: 'up', text: `Up ${size} on ${period}` }
    : { direction: 'down', text: `Down ${size} on ${period}` };
}

const DIRECTION_STYLE = {
  up: { icon: ArrowUpRight, className: 'text-leaf-700 dark:text-green-300' },
  down: { icon: ArrowDownRight, className: 'text-danger' },
  flat: { icon: ArrowRight, className: 'text-muted-fg' },
  new: { icon: Sparkles, className: 'text-muted-fg' },
} as const;

interface Kpi {
  label: string;
  current: number;
  previous: number;
  format: (n: number) => string;
}

function kpisOf(funnel: FunnelAnalytics): Kpi[] {
  const { previous } = funnel;
  return [
    {
      label: 'Visitors',
      current: funnel.total_visitors,
      previous: previous.total_visitors,
      format: formatCount,
    },
    { label: 'Sign-ups', current: funnel.signups, previous: previous.signups, format: formatCount },
    {
      label: 'Conversions',
      current: funnel.conversions,
      previous: previous.conversions,
      format: formatCount,
    },
    {
      label: 'Conversion rate',
      current: funnel.conversion_rate,
      previous: previous.conversion_rate,
      format: formatPercent,
    },
  ];
}

export const KPI_TILE_HEIGHT = 'min-h-[8.5rem]';

/** Visitors, sign-ups, conversions and the rate, each with its change on the period before. */
export function KpiTiles({ funnel }: { funnel: FunnelAnalytics }) {
  const days = funnel.date_range.days;
  return (
    <ul aria-label="Key figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {kpisOf(funnel).map((kpi) => {
        const change = describeChange(kpi.current, kpi.previous, days);
        const { icon: Icon, className } = DIRECTION_STYLE[change.direction];
        return (
          <li
            key={kpi.label}
            className={`${KPI_TILE_HEIGHT} rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5`}
          >
            <p className="text-sm font-semibold text-muted-fg">{kpi.label}</p>
            <p className="mt-1 text-2xl font-extrabold tracking-tight tabular-nums sm:text-3xl">
              {kpi.format(kpi.current)}
            </p>
            <p className={`mt-2 flex items-start gap-1 text-xs font-medium sm:text-sm ${className}`}>
              <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
              <span>
                {change.text}
                <span className="sr-only"> (then {kpi.format(kpi.previous)})</span>
              </span>
            </p>
          </li>
        );
      })}
    </ul>
  );
}

export function KpiSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className={KPI_TILE_HEIGHT} />
      ))}
    </div>
  );
}
