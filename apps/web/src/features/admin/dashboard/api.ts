import type { DayRange, ExperimentResults, FunnelAnalytics, MarketplaceHealth } from '@adwuma/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

const rangeQuery = (range: DayRange) => `?start=${range.start}&end=${range.end}`;

export const dashboardKeys = {
  all: ['admin', 'analytics'] as const,
  funnel: (range: DayRange) => ['admin', 'analytics', 'funnel', range.start, range.end] as const,
  health: (range: DayRange) => ['admin', 'analytics', 'health', range.start, range.end] as const,
  experiments: (range: DayRange) => ['admin', 'analytics', 'experiments', range.start, range.end] as const,
};

/** GET /api/admin/analytics/<report>?start&end, the last range's figures kept while the next loads. */
const analyticsQuery = <T>(report: 'funnel' | 'health' | 'experiments', range: DayRange) =>
  queryOptions({
    queryKey: dashboardKeys[report](range),
    queryFn: () => api<T>(`/api/admin/analytics/${report}${rangeQuery(range)}`),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** Spec 7's funnel with the previous period. */
export const funnelQuery = (range: DayRange) => analyticsQuery<FunnelAnalytics>('funnel', range);

/** Activation, liquidity, money, searches without results. */
export const healthQuery = (range: DayRange) => analyticsQuery<MarketplaceHealth>('health', range);

/** Conversion per variant with its confidence. */
export const experimentsQuery = (range: DayRange) => analyticsQuery<ExperimentResults>('experiments', range);
