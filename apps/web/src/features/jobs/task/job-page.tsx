import { Briefcase, SearchX } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { ErrorScreen } from '../../../components/screens/error-screen.tsx';
import { ScreenShell } from '../../../components/screens/screen-shell.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { ROUTES } from '../../../lib/routes.ts';
import { useJob } from '../api/get-job.ts';
import { useJobsText } from '../i18n.ts';
import { BidCardSkeleton } from './bid-card.tsx';

// Each viewer downloads only their side of the job: the owner never needs the bid form (with its
// form and schema libraries), a provider never needs the hiring view (issue 20).
const OwnerView = lazy(() => import('./owner-view.tsx').then((m) => ({ default: m.OwnerView })));
const ProviderView = lazy(() => import('./provider-view.tsx').then((m) => ({ default: m.ProviderView })));

function useJobPageText() {
  const { t } = useJobsText();
  return {
    t,
    notFound: t('task.notFound'),
    notFoundText: t('task.notFoundText'),
    forbidden: t('task.forbidden'),
    myJobs: t('task.myJobs'),
    board: t('task.board'),
  };
}

function JobPageSkeleton() {
  const { t } = useJobsText();
  return (
    <div role="status" aria-label={t('task.loading')}>
      <div className="border-b border-border bg-gradient-to-b from-brand-50 to-bg dark:from-brand-800/15">
        <div className="mx-auto max-w-5xl space-y-3 px-4 py-5 sm:px-6 sm:py-8">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-8 w-3/4 max-w-md" />
          <Skeleton className="h-4 w-40" />
        </div>
      </div>
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid gap-4">
          <Skeleton className="h-48" />
          <BidCardSkeleton />
        </div>
        <Skeleton className="h-56" />
      </div>
    </div>
  );
}

/** `/task/:id`: the job for its owner (bids to compare and hire) or for a provider (the bid form). */
export function JobPage() {
  const { id = '' } = useParams();
  const job = useJob(id);
  const JOB_PAGE_TEXT = useJobPageText();
  useDocumentTitle(job.data?.job.title ?? JOB_PAGE_TEXT.t('task.title'));

  if (job.isPending) return <JobPageSkeleton />;
  if (job.isError) {
    const error = job.error;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return (
        <ScreenShell
          icon={<SearchX aria-hidden="true" className="h-7 w-7" />}
          title={JOB_PAGE_TEXT.notFound}
          actions={
            <>
              <ButtonLink to={ROUTES.tasks}>{JOB_PAGE_TEXT.myJobs}</ButtonLink>
              <ButtonLink to={ROUTES.jobs} variant="outline">
                {JOB_PAGE_TEXT.board}
              </ButtonLink>
            </>
          }
        >
          <p>{JOB_PAGE_TEXT.notFoundText}</p>
        </ScreenShell>
      );
    }
    if (error instanceof ApiError && error.status === 403) {
      return (
        <ScreenShell
          icon={<Briefcase aria-hidden="true" className="h-7 w-7" />}
          title={JOB_PAGE_TEXT.forbidden}
          actions={<ButtonLink to={ROUTES.tasks}>{JOB_PAGE_TEXT.myJobs}</ButtonLink>}
        >
          <p>{error.message}</p>
        </ScreenShell>
      );
    }
    return (
      <ErrorScreen detail={error.message} onRetry={() => void job.refetch()} retrying={job.isFetching} />
    );
  }
  return (
    <Suspense fallback={<JobPageSkeleton />}>
      {job.data.viewer === 'owner' ? <OwnerView data={job.data} /> : <ProviderView data={job.data} />}
    </Suspense>
  );
}
