import type { App } from '../../types.ts';

/** Jobs and bids (issue 7): /api/jobs, /api/bids. */
export async function jobRoutes(_app: App) {}
