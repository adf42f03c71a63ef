import type { JobBoardQuery, JobBoardResponse } from '@adwuma/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { JOBS_API, jobKeys } from './keys.ts';

/** The board's filters, in the order the URL and the API both use. */
export const BOARD_PARAMS = ['q', 'category', 'distance', 'budget_min', 'posted_since', 'page'] as const;

/** The query string of a board search (page 1 is left out). */
export function boardParams(query: Partial<JobBoardQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of BOARD_PARAMS) {
    const value = query[key];
    if (value === undefined || value === null || value === '') continue;
    if (key === 'page' && Number(value) <= 1) continue;
    params.set(key, String(value));
  }
  return params;
}

/** GET /api/jobs: open jobs for providers, best matches first. */
export const jobBoardQuery = (query: Partial<JobBoardQuery>) => {
  const qs = boardParams(query).toString();
  return queryOptions({
    queryKey: jobKeys.board(qs),
    queryFn: ({ signal }) => api<JobBoardResponse>(qs ? `${JOBS_API}?${qs}` : JOBS_API, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
};

export function useJobBoard(query: Partial<JobBoardQuery>, enabled = true) {
  return useQuery({ ...jobBoardQuery(query), enabled });
}
