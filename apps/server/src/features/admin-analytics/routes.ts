import {
  type AnalyticsRangeQuery,
  analyticsRangeQuerySchema,
  type DayRange,
  experimentResultsSchema,
  funnelAnalyticsSchema,
  marketplaceHealthSchema,
  resolveRange,
} from '@adwuma/shared';
import { errorResponses, fieldError } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { experimentResults } from './experiments-query.ts';
import { funnelAnalytics } from './funnel-query.ts';
import { marketplaceHealth } from './health-query.ts';

const errors = errorResponses(400, 401, 403);

/** The days asked for (30 days to today by default), or a 400 naming the field at fault. */
function rangeOf(query: AnalyticsRangeQuery): DayRange {
  const resolved = resolveRange(query, new Date());
  if ('field' in resolved) throw fieldError(resolved.field, resolved.message);
  return resolved;
}

/**
 * The operator's numbers (issue 19): the marketing funnel over event_tracking, the marketplace's
 * health and the A/B tests, each over a range of Accra days. Admin only (403 before validation).
 */
export async function adminAnalyticsRoutes(app: App) {
  const { database, config } = app.deps;
  const range = (summary: string) => ({
    tags: ['admin'],
    summary,
    querystring: analyticsRangeQuerySchema,
  });

  app.get(
    '/api/admin/analytics/funnel',
    {
      config: { access: 'admin' },
      schema: {
        ...range(
          'Funnel analytics over a range of days (start, end: yyyy-mm-dd; the last 30 days by default) with the previous period',
        ),
        response: { 200: funnelAnalyticsSchema, ...errors },
      },
    },
    async (request) => funnelAnalytics(database.db, rangeOf(request.query)),
  );

  app.get(
    '/api/admin/analytics/health',
    {
      config: { access: 'admin' },
      schema: {
        ...range(
          'Marketplace health over a range of days: provider activation, job liquidity, bookings, disputes, ratings, money, searches without results',
        ),
        response: { 200: marketplaceHealthSchema, ...errors },
      },
    },
    async (request) => marketplaceHealth(database.db, rangeOf(request.query), config.payments.ghsPrices),
  );

  app.get(
    '/api/admin/analytics/experiments',
    {
      config: { access: 'admin' },
      schema: {
        ...range('A/B tests over a range of days: visitors and conversions per variant with the confidence'),
        response: { 200: experimentResultsSchema, ...errors },
      },
    },
    async (request) => experimentResults(database.db, rangeOf(request.query)),
  );
}
