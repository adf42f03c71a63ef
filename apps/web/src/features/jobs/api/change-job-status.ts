import type { Job } from '@adwuma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { jobKeys, jobPath } from './keys.ts';

export type JobStatusAction = 'cancel' | 'close';

/** POST /api/jobs/:id/cancel or /close (the owner). */
export function changeJobStatus(id: string, action: JobStatusAction): Promise<Job> {
  return api<{ job: Job }>(`${jobPath(id)}/${action}`, { method: 'POST' }).then((r) => r.job);
}

export function useChangeJobStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: JobStatusAction) => changeJobStatus(id, action),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: jobKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: jobKeys.mine }),
      ]),
  });
}
