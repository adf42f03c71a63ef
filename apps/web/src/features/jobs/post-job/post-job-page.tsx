import type { JobValues } from '@adwuma/shared';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { buildPath, ROUTES } from '../../../lib/routes.ts';
import { toast } from '../../../lib/toast.ts';
import { useSession } from '../../auth/index.ts';
import { uploadJobPhoto } from '../api/job-photos.ts';
import { useCreateJob } from '../api/save-job.ts';
import { useJobsText } from '../i18n.ts';
import { clearDraft, EMPTY_DRAFT, loadDraft, type StoredDraft, saveDraft } from './job-draft.ts';
import { JobForm } from './job-form.tsx';

/** The page's words in the page's language (jobs.json "post"). */
function usePostJobText() {
  const { t } = useJobsText();
  return {
    t,
    title: t('post.title'),
    lead: t('post.lead'),
    restored: t('post.restored'),
    startOver: t('post.startOver'),
    photosNotKept: t('post.photosNotKept'),
    posted: t('post.posted'),
    photosFailed: (n: number) => t('post.photosFailed', { count: n }),
  };
}

/**
 * `/post-job` and `/tasks/create`: a job in five short steps, each checked with the shared rules
 * before the next. The draft stays in this browser (per user) until the job is posted.
 */
export function PostJobPage() {
  const POST_JOB_TEXT = usePostJobText();
  useDocumentTitle(POST_JOB_TEXT.title);
  const { user } = useSession();
  // The draft belongs to the signed-in person: the form waits until the session is known.
  if (!user) {
    return (
      <div
        role="status"
        aria-label={POST_JOB_TEXT.t('post.loading')}
        className="mx-auto grid max-w-3xl gap-3 px-4 py-10 sm:px-6"
      >
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  return <PostJobForm key={user.id} userId={user.id} />;
}

function PostJobForm({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const create = useCreateJob();
  const POST_JOB_TEXT = usePostJobText();
  const [stored, setStored] = useState(() => loadDraft(userId));
  // A new form (Start over) is a new instance of the form.
  const [round, setRound] = useState(0);
  const posted = useRef(false);

  const keepDraft = useCallback(
    (draft: StoredDraft) => {
      if (!posted.current) saveDraft(userId, draft);
    },
    [userId],
  );

  const startOver = () => {
    clearDraft(userId);
    setStored(null);
    setRound((n) => n + 1);
  };

  const post = async (values: JobValues, photos: File[]) => {
    const job = await create.mutateAsync(values);
    posted.current = true;
    clearDraft(userId);
    let failed = 0;
    for (const file of photos) {
      try {
        await uploadJobPhoto(job.id, file);
      } catch {
        failed += 1;
      }
    }
    toast.success(POST_JOB_TEXT.posted);
    if (failed > 0) toast.warning(POST_JOB_TEXT.photosFailed(failed));
    navigate(buildPath(ROUTES.task, { id: job.id }));
  };

  return (
    <JobForm
      key={round}
      mode="post"
      title={POST_JOB_TEXT.title}
      lead={POST_JOB_TEXT.lead}
      initial={stored ?? { step: 0, values: EMPTY_DRAFT }}
      onProgress={keepDraft}
      onSubmit={post}
      notice={
        stored && (
          <Alert role="status" title={POST_JOB_TEXT.restored}>
            <p>{POST_JOB_TEXT.photosNotKept}</p>
            <Button size="sm" variant="outline" className="mt-2" onClick={startOver}>
              {POST_JOB_TEXT.startOver}
            </Button>
          </Alert>
        )
      }
    />
  );
}
