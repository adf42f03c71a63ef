import type { App } from '../../types.ts';

/** Quote requests (issue 7): /api/quote-requests. */
export async function quoteRoutes(_app: App) {}
