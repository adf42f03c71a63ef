import { type PricingAnswer, parsePricingAnswer } from '@adwuma/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const PRICING_PATH = '/api/pricing';

/** GET /api/pricing: the plan prices in cedis and dollars, and how each currency can be paid here. */
export const pricingQuery = queryOptions({
  queryKey: ['pricing'] as const,
  queryFn: async ({ signal }): Promise<PricingAnswer> =>
    parsePricingAnswer(await api<unknown>(PRICING_PATH, { signal })),
});

export function usePricing() {
  return useQuery(pricingQuery);
}
