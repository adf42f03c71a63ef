import { isJobOpen, type Job } from '@adwuma/shared';
import { Lock, SearchX } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ErrorScreen } from '../../../components/screens/error-screen.tsx';
import { ScreenShell } from '../../../components/screens/screen-shell.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { buildPath, ROUTES } from '../../../lib/routes.ts';
import { toast } from '../../../lib/toast.ts';
import { useJob } from '../api/get-job.ts';
import { useUpdateJob } from '../api/save-job.ts';
import { useJobsText } from '../i18n.ts';
import { changedFields, draftFromJob, LAST_STEP } from './job-draft.ts';
import { JobForm } from './job-form.tsx';

/** The page's words in the page's language (jobs.json "edit"). */
function useEditJobText() {
  const { t } = useJobsText();
  return {
    t,
    title: t('edit.title'),
    lead: t('edit.lead'),
    back: t('edit.back'),
    saved: t('edit.saved'),
    unchanged: t('edit.unchanged'),
    notFound: t('edit.notFound'),
    notFoundText: t('edit.notFoundText'),
    myJobs: t('edit.myJobs'),
    locked: t('edit.locked'),
    lockedText: t('edit.lockedText'),
    open: t('edit.open'),
  };
}

function EditJobSkeleton() {
  const { t } = useJobsText();
  return (
    <div
      role="status"
      aria-label={t('edit.loading')}
      className="mx-auto grid max-w-3xl gap-3 px-4 py-10 sm:px-6"
    >
      <Skeleton className="h-4 w-28" />
      <Skeleton className="h-10 w-1/2" />
      <Skeleton className="h-80" />
    </div>
  );
}

/** `/task/:id/edit`: the owner changes their open job with the post-job form, prefilled. */
export function EditJobPage() {
  const { id = '' } = useParams();
  const job = useJob(id);
  const EDIT_JOB_TEXT = useEditJobText();
  useDocumentTitle(EDIT_JOB_TEXT.title);
  const taskPath = buildPath(ROUTES.task, { id });

  if (job.isPending) return <EditJobSkeleton />;
  if (job.isError || job.data.viewer !== 'owner') {
    const error = job.error;
    if (!error || (error instanceof ApiError && [400, 403, 404].includes(error.status))) {
      return (
        <ScreenShell
          icon={<SearchX aria-hidden="true" className="h-7 w-7" />}
          title={EDIT_JOB_TEXT.notFound}
          actions={<ButtonLink to={ROUTES.tasks}>{EDIT_JOB_TEXT.myJobs}</ButtonLink>}
        >
          <p>{EDIT_JOB_TEXT.notFoundText}</p>
        </ScreenShell>
      );
    }
    return (
      <ErrorScreen detail={error.message} onRetry={() => void job.refetch()} retrying={job.isFetching} />
    );
  }
  if (!isJobOpen(job.data.job)) {
    return (
      <ScreenShell
        icon={<Lock aria-hidden="true" className="h-7 w-7" />}
        title={EDIT_JOB_TEXT.locked}
        actions={<ButtonLink to={taskPath}>{EDIT_JOB_TEXT.open}</ButtonLink>}
      >
        <p>{EDIT_JOB_TEXT.lockedText}</p>
      </ScreenShell>
    );
  }
  return <EditJobForm job={job.data.job} taskPath={taskPath} />;
}

function EditJobForm({ job, taskPath }: { job: Job; taskPath: string }) {
  const navigate = useNavigate();
  const update = useUpdateJob(job.id);
  const EDIT_JOB_TEXT = useEditJobText();
  // The job as it was when the form opened: what "changed" is measured against.
  const [initial] = useState(() => ({ step: LAST_STEP, values: draftFromJob(job) }));

  return (
    <JobForm
      mode="edit"
      title={EDIT_JOB_TEXT.title}
      lead={EDIT_JOB_TEXT.lead}
      back={{ to: taskPath, label: EDIT_JOB_TEXT.back }}
      cancelTo={taskPath}
      initial={initial}
      photoCount={job.photos.length}
      onSubmit={async (_values, _photos, draft) => {
        const patch = changedFields(initial.values, draft);
        if (Object.keys(patch).length === 0) {
          toast(EDIT_JOB_TEXT.unchanged);
        } else {
          await update.mutateAsync(patch);
          toast.success(EDIT_JOB_TEXT.saved);
        }
        navigate(taskPath);
      }}
    />
  );
}
