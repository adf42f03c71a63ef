import type { Job, JobInput } from '@adwuma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { JOBS_API, jobKeys } from './keys.ts';

/** POST /api/jobs: posts a job (the shared jobInputSchema's input). */
export function createJob(input: JobInput): Promise<Job> {
  return api<{ job: Job }>(JOBS_API, { method: 'POST', json: input }).then((r) => r.job);
}

export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.mine }),
  });
}
