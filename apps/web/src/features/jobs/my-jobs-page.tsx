import type { Job, JobStatus } from '@adwuma/shared';
import { Briefcase, CalendarDays, ChevronRight, MessageSquareText, Plus, Wallet } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { ErrorScreen } from '../../components/screens/error-screen.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { buildPath, ROUTES } from '../../lib/routes.ts';
import { useMyJobs } from './api/get-my-jobs.ts';
import { JobStatusBadge } from './components/job-status-badge.tsx';
import { CLOSED_STATUSES, useJobFormat } from './format.ts';
import { useJobsText } from './i18n.ts';

const TABS = [
  { id: 'open', statuses: ['open'] as readonly JobStatus[] },
  { id: 'hired', statuses: ['hired'] as readonly JobStatus[] },
  { id: 'closed', statuses: CLOSED_STATUSES },
] as const;

type TabId = (typeof TABS)[number]['id'];

function JobRow({ job }: { job: Job }) {
  const { t, jobWhen, budgetText, bidCount, postedAgo } = useJobFormat();
  return (
    <li>
      <Link
        to={buildPath(ROUTES.task, { id: job.id })}
        className="group flex gap-3 rounded-2xl border border-border bg-card p-4 shadow-sm transition-shadow hover:shadow-md focus-visible:outline-2"
      >
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h2 className="min-w-0 font-semibold group-hover:underline">{job.title}</h2>
            <JobStatusBadge status={job.status} />
          </div>
          <p className="mt-0.5 text-sm text-muted-fg">{job.category_name}</p>
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" className="h-4 w-4 text-muted-fg" />
              {jobWhen(job)}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Wallet aria-hidden="true" className="h-4 w-4 text-muted-fg" />
              {budgetText(job)}
            </span>
            {job.status === 'open' && (
              <span className="inline-flex items-center gap-1.5 font-semibold">
                <MessageSquareText aria-hidden="true" className="h-4 w-4 text-muted-fg" />
                {bidCount(job.bids_count)}
              </span>
            )}
          </p>
          <p className="mt-1 text-xs text-muted-fg">{t('task.posted', { ago: postedAgo(job.created_at) })}</p>
        </div>
        <ChevronRight aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 self-center text-muted-fg" />
      </Link>
    </li>
  );
}

/** `/tasks`: the customer's jobs by status, with their bid counts. */
export function MyJobsPage() {
  const { t: text } = useJobsText();
  useDocumentTitle(text('myJobs.title'));
  const [params] = useSearchParams();
  const tab: TabId = TABS.some((t) => t.id === params.get('tab')) ? (params.get('tab') as TabId) : 'open';
  const jobs = useMyJobs();

  if (jobs.isError && !jobs.data) {
    return (
      <ErrorScreen
        detail={jobs.error.message}
        onRetry={() => void jobs.refetch()}
        retrying={jobs.isFetching}
      />
    );
  }

  const items = jobs.data?.items ?? [];
  const counts = jobs.data?.counts;
  const countOf = (statuses: readonly JobStatus[]) =>
    counts
      ? statuses.reduce((sum, s) => sum + (counts[s] ?? 0), 0)
      : items.filter((j) => statuses.includes(j.status)).length;
  const current = TABS.find((t) => t.id === tab) ?? TABS[0];
  const shown = items.filter((j) => current.statuses.includes(j.status));

  return (
    <div className="pb-12">
      <header className="border-b border-border bg-gradient-to-b from-brand-50 to-bg dark:from-brand-800/15">
        <div className="mx-auto flex max-w-3xl flex-wrap items-end justify-between gap-4 px-4 py-6 sm:px-6 sm:py-10">
          <div>
            <h1 className="text-2xl font-extrabold tracking-tight sm:text-4xl">{text('myJobs.title')}</h1>
            <p className="mt-2 text-muted-fg">{text('myJobs.lead')}</p>
          </div>
          <ButtonLink to={ROUTES.postJob}>
            <Plus aria-hidden="true" className="h-4 w-4" /> {text('myJobs.post')}
          </ButtonLink>
        </div>
      </header>

      <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
        {jobs.isPending ? (
          <div role="status" aria-label={text('myJobs.loading')} className="grid gap-3">
            <Skeleton className="h-11 w-full max-w-sm" />
            <Skeleton className="h-28" />
            <Skeleton className="h-28" />
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-border px-4 py-12 text-center">
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-muted text-muted-fg">
              <Briefcase aria-hidden="true" className="h-6 w-6" />
            </span>
            <p className="mt-3 text-lg font-semibold">{text('myJobs.emptyTitle')}</p>
            <p className="mt-1 max-w-sm text-sm text-muted-fg">{text('myJobs.emptyText')}</p>
            <ButtonLink to={ROUTES.postJob} className="mt-5">
              <Plus aria-hidden="true" className="h-4 w-4" /> {text('myJobs.post')}
            </ButtonLink>
          </div>
        ) : (
          <>
            <nav
              aria-label={text('myJobs.tabsLabel')}
              className="flex gap-1 overflow-x-auto rounded-full border border-border bg-card p-1"
            >
              {TABS.map((t) => (
                <Link
                  key={t.id}
                  to={t.id === 'open' ? ROUTES.tasks : buildPath(ROUTES.tasks, undefined, { tab: t.id })}
                  replace
                  preventScrollReset
                  aria-current={t.id === tab ? 'page' : undefined}
                  className={`inline-flex min-h-10 flex-1 items-center justify-center gap-1.5 whitespace-nowrap rounded-full px-3 text-sm font-semibold ${
                    t.id === tab ? 'bg-fg text-bg' : 'text-fg hover:bg-muted'
                  }`}
                >
                  {text(`myJobs.tabs.${t.id}`)}
                  <span
                    className={`inline-flex h-5 min-w-5 items-center justify-center rounded-full px-1 text-xs ${
                      t.id === tab ? 'bg-bg/20' : 'bg-muted'
                    }`}
                  >
                    {countOf(t.statuses)}
                  </span>
                </Link>
              ))}
            </nav>
            <section aria-label={text(`myJobs.sections.${current.id}`)} className="mt-4">
              {shown.length === 0 ? (
                <p className="rounded-2xl border border-dashed border-border p-5 text-sm text-muted-fg">
                  {text(`myJobs.emptyTab.${tab}`)}
                </p>
              ) : (
                <ul className="grid gap-3">
                  {shown.map((job) => (
                    <JobRow key={job.id} job={job} />
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </div>
    </div>
  );
}
