import type { Job } from '@adwuma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { jobKeys, jobPath } from './keys.ts';

/** POST /api/jobs/:id/photos (multipart field `file`): adds one photo; answers the job with it. */
export function uploadJobPhoto(jobId: string, file: File): Promise<Job> {
  const body = new FormData();
  body.append('file', file);
  return api<{ job: Job }>(`${jobPath(jobId)}/photos`, { method: 'POST', body }).then((r) => r.job);
}

/** DELETE /api/jobs/:id/photos/:photoId: answers the job without it. */
export function deleteJobPhoto(jobId: string, photoId: string): Promise<Job> {
  return api<{ job: Job }>(`${jobPath(jobId)}/photos/${encodeURIComponent(photoId)}`, {
    method: 'DELETE',
  }).then((r) => r.job);
}

export function useJobPhotos(jobId: string) {
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: jobKeys.detail(jobId) });
  const upload = useMutation({
    mutationFn: (file: File) => uploadJobPhoto(jobId, file),
    onSettled: invalidate,
  });
  const remove = useMutation({
    mutationFn: (photoId: string) => deleteJobPhoto(jobId, photoId),
    onSettled: invalidate,
  });
  return { upload, remove };
}
