import type { DayRange } from '@adwuma/shared';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { QueryError } from '../../../components/screens/query-error.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { AdminPageHeader } from '../admin-ui.tsx';
import { experimentsQuery, funnelQuery, healthQuery } from './api.ts';
import { ExperimentsSection } from './experiments-section.tsx';
import { FunnelCharts } from './funnel-section.tsx';
import { HealthSection } from './health-section.tsx';
import { KpiSkeleton, KpiTiles } from './kpi-tiles.tsx';
import { OverviewCounts } from './overview-counts.tsx';
import { rangeFromParams, rangeLabel } from './range.ts';
import { RangePicker } from './range-picker.tsx';

const FORBIDDEN = 'Admins only';

function Section({
  id,
  title,
  lead,
  aside,
  children,
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-10 first:mt-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={id} className="text-xl font-extrabold tracking-tight">
          {title}
        </h2>
        {aside}
      </div>
      {lead && <p className="mt-1 text-sm text-muted-fg">{lead}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** "Updating…" while a new range loads over the last one's figures (kept on screen, no jump). */
function Updating({ busy }: { busy: boolean }) {
  return (
    <span role="status" className="text-sm text-muted-fg">
      {busy ? 'Updating…' : ''}
    </span>
  );
}

/**
 * A section fed by one query: `loading` while it is pending, the error, or `children` with the data;
 * "Updating…" beside the title while a new range loads over the last one's figures.
 */
function QuerySection<T>({
  query,
  loading,
  children,
  ...section
}: {
  id: string;
  title: string;
  lead: ReactNode;
  query: UseQueryResult<T>;
  loading: ReactNode;
  children: (data: T) => ReactNode;
}) {
  return (
    <Section {...section} aside={<Updating busy={query.isPlaceholderData && query.isFetching} />}>
      {query.isPending ? (
        loading
      ) : query.isError ? (
        <QueryError query={query} forbiddenTitle={FORBIDDEN} />
      ) : (
        children(query.data)
      )}
    </Section>
  );
}

function DashboardBody({ range }: { range: DayRange }) {
  const funnel = useQuery(funnelQuery(range));
  const health = useQuery(healthQuery(range));
  const experiments = useQuery(experimentsQuery(range));
  return (
    <>
      <QuerySection
        id="funnel-heading"
        title="Visitors and conversions"
        lead={`${rangeLabel(range)}, compared with the ${range.days} days before.`}
        query={funnel}
        loading={
          <div role="status" aria-label="Loading the funnel" className="grid gap-4">
            <KpiSkeleton />
            <Skeleton className="h-[22rem]" />
            <div className="grid gap-4 lg:grid-cols-2">
              <Skeleton className="h-[22rem]" />
              <Skeleton className="h-[22rem]" />
            </div>
          </div>
        }
      >
        {(data) => (
          <div className="grid gap-4">
            <KpiTiles funnel={data} />
            <FunnelCharts funnel={data} />
          </div>
        )}
      </QuerySection>
      <QuerySection
        id="health-heading"
        title="Marketplace health"
        lead="Do providers get going, do jobs find someone, and what people searched for in vain."
        query={health}
        loading={
          <div role="status" aria-label="Loading marketplace health" className="grid gap-4">
            <div className="grid gap-4 lg:grid-cols-2">
              <Skeleton className="h-[20rem]" />
              <Skeleton className="h-[20rem]" />
            </div>
            <Skeleton className="h-40" />
            <Skeleton className="h-64" />
          </div>
        }
      >
        {(data) => <HealthSection health={data} />}
      </QuerySection>
      <QuerySection
        id="experiments-heading"
        title="A/B tests"
        lead="Conversion per variant in this range."
        query={experiments}
        loading={
          <div role="status" aria-label="Loading the experiments">
            <Skeleton className="h-56" />
          </div>
        }
      >
        {(data) => <ExperimentsSection results={data} />}
      </QuerySection>
    </>
  );
}

/**
 * /admin and /admin/dashboard (issue 19): the funnel over a date range with the period before,
 * its charts (each with a table and a CSV), marketplace health, the A/B tests, and today's counts.
 */
export function AdminDashboardPage() {
  useDocumentTitle('Dashboard · Admin');
  const [params] = useSearchParams();
  const search = params.toString();
  const current = useMemo(() => rangeFromParams(new URLSearchParams(search)), [search]);
  return (
    <div>
      <AdminPageHeader
        title="Dashboard"
        lead="How Adwuma is doing: visitors, sign-ups and conversions, marketplace health and experiments."
      />
      <div className="mt-6">
        <RangePicker current={current} />
      </div>
      <div className="mt-8">
        {current.problem ? (
          <Alert tone="danger" role="alert" title="This date range cannot be shown">
            {current.problem.message}. Pick another range above.
          </Alert>
        ) : current.range ? (
          <DashboardBody range={current.range} />
        ) : null}
        <Section
          id="overview-heading"
          title="Overview"
          lead="People, leads and problems across Adwuma right now."
        >
          <OverviewCounts />
        </Section>
      </div>
    </div>
  );
}
