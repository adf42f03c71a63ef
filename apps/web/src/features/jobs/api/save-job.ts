import type { Job, JobInput } from '@adwuma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { JOBS_API, jobKeys, jobPath } from './keys.ts';

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

/** What PATCH /api/jobs/:id takes: any of the fields; null clears an optional one. */
export type JobPatch = Partial<JobInput>;

/** PATCH /api/jobs/:id: edits the owner's open job; bidders are told by the server. */
export function updateJob(id: string, patch: JobPatch): Promise<Job> {
  return api<{ job: Job }>(jobPath(id), { method: 'PATCH', json: patch }).then((r) => r.job);
}

export function useUpdateJob(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: JobPatch) => updateJob(id, patch),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: jobKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: jobKeys.mine }),
      ]),
  });
}
