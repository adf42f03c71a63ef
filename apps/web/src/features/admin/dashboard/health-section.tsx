import { type MarketplaceHealth, TIERS } from '@adwuma/shared';
import type { ReactNode } from 'react';
import { cedis } from '../../../lib/money-format.ts';
import { formatDateTime } from '../admin-ui.tsx';
import {
  ChartCard,
  countColumn,
  type DataColumn,
  DataTable,
  FunnelSteps,
  formatCount,
  formatPercent,
  withDropOff,
} from './chart-card.tsx';

const ACTIVATION_LABELS: Record<MarketplaceHealth['provider_activation'][number]['step'], string> = {
  signed_up: 'Signed up',
  onboarded: 'Onboarded',
  verified: 'Verified',
  first_bid: 'First bid',
  first_booking: 'First booking',
};

function Figure({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div className="rounded-xl bg-muted/60 p-3 sm:p-4">
      <dt className="text-sm text-muted-fg">{label}</dt>
      <dd className="mt-1 text-xl font-extrabold tracking-tight tabular-nums sm:text-2xl">{value}</dd>
      {hint && <dd className="mt-0.5 text-xs text-muted-fg">{hint}</dd>}
    </div>
  );
}

function Panel({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5"
    >
      <h3 id={id} className="font-bold">
        {title}
      </h3>
      {lead && <p className="mt-0.5 text-sm text-muted-fg">{lead}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

const tierName = (tier: string) => TIERS.find((t) => t.id === tier)?.name ?? tier;

type TierSubscriptions = NonNullable<MarketplaceHealth['money']>['subscriptions'][number];
const TIER_COLUMNS: DataColumn<TierSubscriptions>[] = [
  { header: 'Tier', value: (s) => tierName(s.tier) },
  countColumn('Active', (s) => s.active),
  { header: 'MRR', value: (s) => s.mrr_minor, display: (s) => cedis(s.mrr_minor), numeric: true },
];

type Miss = MarketplaceHealth['searches_without_results'][number];
const MISS_COLUMNS: DataColumn<Miss>[] = [
  {
    header: 'Search',
    value: (m) => m.query,
    display: (m) => <span className="font-medium">{m.query || '—'}</span>,
  },
  { header: 'Category', value: (m) => m.category ?? '', display: (m) => m.category || 'Any' },
  { header: 'City', value: (m) => m.city ?? '', display: (m) => m.city || 'Anywhere' },
  countColumn('Searches', (m) => m.count),
  {
    header: 'Last seen',
    value: (m) => m.last_seen,
    display: (m) => <time dateTime={m.last_seen}>{formatDateTime(m.last_seen)}</time>,
  },
];

type Activation = MarketplaceHealth['provider_activation'][number] & {
  label: string;
  dropOff: number | null;
};
const ACTIVATION_COLUMNS: DataColumn<Activation>[] = [
  { header: 'Step', value: (s) => s.label },
  countColumn('Providers', (s) => s.providers),
  {
    header: 'Drop-off',
    value: (s) => s.dropOff ?? '',
    display: (s) => (s.dropOff === null ? '—' : formatPercent(s.dropOff)),
    numeric: true,
  },
];

/** Provider activation, job liquidity, bookings, disputes, rating, money (when payments exist) and searches that found nothing. */
export function HealthSection({ health }: { health: MarketplaceHealth }) {
  const steps = withDropOff(
    health.provider_activation.map((s) => ({ label: ACTIVATION_LABELS[s.step], count: s.providers })),
  );
  const activation: Activation[] = health.provider_activation.map((s, i) => ({
    ...s,
    label: steps[i]!.label,
    dropOff: steps[i]!.dropOff,
  }));
  const { jobs, money } = health;
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard
          id="activation"
          title="Provider activation"
          description="Providers who signed up in this range, and how many reached each later step."
          chartHeight={200}
          chart={<FunnelSteps steps={steps} unit={['provider', 'providers']} />}
          columns={ACTIVATION_COLUMNS}
          rows={activation}
          rowKey={(s) => s.step}
          filename={`provider-activation-${health.date_range.start}-${health.date_range.end}.csv`}
        />
        <Panel id="liquidity" title="Job liquidity" lead="Jobs posted in this range.">
          <dl className="grid grid-cols-2 gap-3">
            <Figure label="Jobs posted" value={formatCount(jobs.posted)} />
            <Figure label="Bid within 24 hours" value={formatPercent(jobs.bid_within_24h_percent)} />
            <Figure
              label="Median time to first bid"
              value={
                jobs.median_hours_to_first_bid === null
                  ? 'No bids'
                  : `${jobs.median_hours_to_first_bid.toFixed(1)} h`
              }
            />
            <Figure
              label="Fill rate"
              value={formatPercent(jobs.fill_rate_percent)}
              hint="Jobs that hired someone"
            />
          </dl>
        </Panel>
      </div>
      <Panel id="outcomes" title="Bookings and trust">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Figure label="Bookings completed" value={formatCount(health.bookings_completed)} />
          <Figure label="Disputes opened" value={formatCount(health.disputes_opened)} />
          <Figure
            label="Average rating"
            value={health.average_rating === null ? 'No reviews' : `${health.average_rating.toFixed(1)} of 5`}
            hint={
              health.average_rating === null
                ? undefined
                : `${formatCount(health.reviews)} ${health.reviews === 1 ? 'review' : 'reviews'}`
            }
          />
        </dl>
      </Panel>
      {money && (
        <Panel
          id="money"
          title="Money"
          lead="Booking payments captured in this range; subscriptions active now."
        >
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Figure label="GMV" value={cedis(money.gmv_minor)} hint="Gross booking value" />
            <Figure label="Commission" value={cedis(money.commission_minor)} />
            <Figure label="Take rate" value={formatPercent(money.take_rate_percent)} />
            <Figure label="MRR" value={cedis(money.mrr_minor)} hint="Monthly recurring revenue" />
          </dl>
          {money.subscriptions.length > 0 && (
            <div className="mt-4">
              <DataTable
                caption="Active subscriptions per tier"
                columns={TIER_COLUMNS}
                rows={money.subscriptions}
                rowKey={(s) => s.tier}
              />
            </div>
          )}
        </Panel>
      )}
      <Panel
        id="misses"
        title="Searches that found nothing"
        lead="People looked for these and found no provider: these are the providers to recruit, in these places."
      >
        {health.searches_without_results.length === 0 ? (
          <p className="text-sm text-muted-fg">Every search in this range found someone.</p>
        ) : (
          <DataTable
            caption="Searches that found nothing"
            columns={MISS_COLUMNS}
            rows={health.searches_without_results}
            rowKey={(m) => `${m.query}|${m.category ?? ''}|${m.city ?? ''}`}
          />
        )}
      </Panel>
    </div>
  );
}
