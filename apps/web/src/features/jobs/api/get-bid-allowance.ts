import type { BidAllowance } from '@adwuma/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { BIDS_API, jobKeys } from './keys.ts';

/** GET /api/bids/allowance: the provider's bids left this month. */
export const bidAllowanceQuery = () =>
  queryOptions({
    queryKey: jobKeys.allowance,
    queryFn: ({ signal }) => api<BidAllowance>(`${BIDS_API}/allowance`, { signal }),
    staleTime: 0,
  });

export function useBidAllowance(enabled = true) {
  return useQuery({ ...bidAllowanceQuery(), enabled });
}
