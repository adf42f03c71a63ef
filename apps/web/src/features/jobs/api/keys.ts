/** The API paths and query keys of jobs and bids (issue 7). */
export const JOBS_API = '/api/jobs';
export const BIDS_API = '/api/bids';

export const jobPath = (id: string) => `${JOBS_API}/${encodeURIComponent(id)}`;
export const bidPath = (id: string) => `${BIDS_API}/${encodeURIComponent(id)}`;

export const jobKeys = {
  all: ['jobs'] as const,
  mine: ['jobs', 'mine'] as const,
  detail: (id: string) => ['jobs', 'detail', id] as const,
  boardAll: ['jobs', 'board'] as const,
  board: (qs: string) => ['jobs', 'board', qs] as const,
  allowance: ['bids', 'allowance'] as const,
};
