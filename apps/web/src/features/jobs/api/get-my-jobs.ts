import type { myJobsResponseSchema } from '@adwuma/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { JOBS_API, jobKeys } from './keys.ts';

export type MyJobsResponse = z.infer<typeof myJobsResponseSchema>;

/** GET /api/jobs/mine: every job of the signed-in customer, newest first, with counts by status. */
export const myJobsQuery = () =>
  queryOptions({
    queryKey: jobKeys.mine,
    queryFn: ({ signal }) => api<MyJobsResponse>(`${JOBS_API}/mine`, { signal }),
    staleTime: 0,
  });

export function useMyJobs(enabled = true) {
  return useQuery({ ...myJobsQuery(), enabled });
}
