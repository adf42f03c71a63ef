import { Briefcase, ClipboardList, Plus, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ROUTES } from '../../lib/routes.ts';
import { useBidAllowance } from './api/get-bid-allowance.ts';
import { useMyJobs } from './api/get-my-jobs.ts';
import { allowanceText } from './components/allowance-note.tsx';
import { useJobsText } from './i18n.ts';

function CardFrame({ title, text, children }: { title: string; text: ReactNode; children: ReactNode }) {
  return (
    <section
      aria-labelledby="dashboard-jobs"
      className="mt-6 flex flex-col gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="flex items-start gap-3">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700 dark:bg-brand-800/30 dark:text-brand-500">
          <Briefcase aria-hidden="true" className="h-5 w-5" />
        </span>
        <div>
          <h2 id="dashboard-jobs" className="text-lg font-bold tracking-tight">
            {title}
          </h2>
          <div className="mt-0.5 text-sm text-muted-fg">{text}</div>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">{children}</div>
    </section>
  );
}

function CustomerJobs() {
  const { t } = useJobsText();
  const jobs = useMyJobs();
  const open = jobs.data?.counts.open ?? 0;
  const hired = jobs.data?.counts.hired ?? 0;
  return (
    <CardFrame
      title={t('dashboard.customerTitle')}
      text={
        jobs.isPending ? (
          <Skeleton className="h-4 w-48" />
        ) : open > 0 ? (
          t('dashboard.customerOpen', { open, hired })
        ) : hired > 0 ? (
          t('dashboard.customerHired', { hired })
        ) : (
          t('dashboard.customerNone')
        )
      }
    >
      <ButtonLink to={ROUTES.postJob} size="sm">
        <Plus aria-hidden="true" className="h-4 w-4" /> {t('dashboard.postJob')}
      </ButtonLink>
      <ButtonLink to={ROUTES.tasks} size="sm" variant="outline">
        <ClipboardList aria-hidden="true" className="h-4 w-4" /> {t('dashboard.myJobs')}
      </ButtonLink>
    </CardFrame>
  );
}

function ProviderJobs() {
  const { t } = useJobsText();
  const allowance = useBidAllowance();
  return (
    <CardFrame
      title={t('dashboard.providerTitle')}
      text={
        allowance.isPending ? (
          <Skeleton className="h-4 w-48" />
        ) : allowance.data ? (
          t('dashboard.providerAllowance', { allowance: allowanceText(allowance.data, t) })
        ) : (
          t('dashboard.providerNone')
        )
      }
    >
      <ButtonLink to={ROUTES.jobs} size="sm">
        <Search aria-hidden="true" className="h-4 w-4" /> {t('dashboard.findJobs')}
      </ButtonLink>
    </CardFrame>
  );
}

/** The dashboard's jobs card: post and follow jobs (customers), find jobs and bids left (providers). */
export function JobsDashboardCard({ providerView }: { providerView: boolean }) {
  return providerView ? <ProviderJobs /> : <CustomerJobs />;
}
