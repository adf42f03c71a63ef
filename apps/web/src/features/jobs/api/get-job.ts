import type { JobDetailResponse } from '@adwuma/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api.ts';
import { jobKeys, jobPath } from './keys.ts';

/** GET /api/jobs/:id: the job as its owner or a provider sees it. */
export const jobQuery = (id: string) =>
  queryOptions({
    queryKey: jobKeys.detail(id),
    queryFn: ({ signal }) => api<JobDetailResponse>(jobPath(id), { signal }),
    staleTime: 0,
    // A job that is not there (or not visible to this person) will not appear on a retry.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

export function useJob(id: string) {
  return useQuery(jobQuery(id));
}
