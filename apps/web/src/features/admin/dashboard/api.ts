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

/** GET /api/admin/analytics/funnel?start&end: spec 7's funnel with the previous period. */
export const funnelQuery = (range: DayRange) =>
  queryOptions({
    queryKey: dashboardKeys.funnel(range),
    queryFn: () => api<FunnelAnalytics>(`/api/admin/analytics/funnel${rangeQuery(range)}`),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** GET /api/admin/analytics/health?start&end: activation, liquidity, money, searches without results. */
export const healthQuery = (range: DayRange) =>
  queryOptions({
    queryKey: dashboardKeys.health(range),
    queryFn: () => api<MarketplaceHealth>(`/api/admin/analytics/health${rangeQuery(range)}`),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** GET /api/admin/analytics/experiments?start&end: conversion per variant with its confidence. */
export const experimentsQuery = (range: DayRange) =>
  queryOptions({
    queryKey: dashboardKeys.experiments(range),
    queryFn: () => api<ExperimentResults>(`/api/admin/analytics/experiments${rangeQuery(range)}`),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
