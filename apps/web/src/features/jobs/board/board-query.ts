import { type JOB_POSTED_SINCE, type JobBoardQuery, jobBoardQuerySchema } from '@adwuma/shared';
import { BOARD_PARAMS, boardParams } from '../api/get-job-board.ts';

/** The board's search as read from the URL: each parameter checked alone, a bad one dropped. */
export type BoardQuery = {
  q?: string;
  category?: string;
  distance?: number;
  budget_min?: number;
  posted_since?: number;
  page: number;
};

export function boardFromParams(params: URLSearchParams): BoardQuery {
  const out: BoardQuery = { page: 1 };
  for (const key of BOARD_PARAMS) {
    const raw = params.get(key);
    if (raw === null || raw.trim() === '') continue;
    const parsed = jobBoardQuerySchema.shape[key].safeParse(key === 'q' ? raw.trim() : raw);
    if (parsed.success && parsed.data !== undefined) (out as Record<string, unknown>)[key] = parsed.data;
  }
  return out;
}

/** A changed filter starts again at page 1. */
export function nextBoardQuery(query: BoardQuery, patch: Partial<JobBoardQuery>): BoardQuery {
  return { ...query, page: 1, ...patch } as BoardQuery;
}

/** "/jobs?…" of a board search. */
export function boardHref(path: string, query: Partial<JobBoardQuery>): string {
  const qs = boardParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

export const DISTANCE_OPTIONS_KM = [5, 10, 25, 50, 100, 200] as const;

export const POSTED_SINCE_LABELS: Record<(typeof JOB_POSTED_SINCE)[number], string> = {
  1: 'Last 24 h',
  3: 'Last 3 days',
  7: 'Last week',
  30: 'Last 30 days',
};

export function hasFilters(query: BoardQuery): boolean {
  return Boolean(
    query.q || query.category || query.distance || query.budget_min !== undefined || query.posted_since,
  );
}
