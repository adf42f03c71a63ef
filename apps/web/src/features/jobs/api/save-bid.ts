import type { Bid, BidAllowance, BidInput } from '@adwuma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api.ts';
import { bidPath, jobKeys, jobPath } from './keys.ts';

/** The server's refusal when the month's bids are used up. */
export const BID_LIMIT_CODE = 'BID_LIMIT';

export interface BidLimitDetails {
  upgrade: string;
  allowance?: BidAllowance;
}

/** The details of a BID_LIMIT refusal, or null for any other error. */
export function bidLimitOf(error: unknown): BidLimitDetails | null {
  if (!(error instanceof ApiError) || error.code !== BID_LIMIT_CODE) return null;
  const details = (error.details ?? {}) as Partial<BidLimitDetails>;
  return { upgrade: details.upgrade ?? '/subscription', allowance: details.allowance };
}

/** A bid change answers the bid and the month's allowance after it. */
export interface BidResult {
  bid: Bid;
  allowance: BidAllowance;
}

/** POST /api/jobs/:id/bids (a new bid, or a withdrawn one placed again) or PATCH /api/bids/:id. */
export function saveBid({ jobId, bidId, input }: { jobId: string; bidId?: string; input: BidInput }) {
  return api<BidResult>(bidId ? bidPath(bidId) : `${jobPath(jobId)}/bids`, {
    method: bidId ? 'PATCH' : 'POST',
    json: input,
  });
}

/** POST /api/bids/:id/withdraw. */
export function withdrawBid(bidId: string) {
  return api<BidResult>(`${bidPath(bidId)}/withdraw`, { method: 'POST' });
}

/** A bid changes the job and the board's "You bid" marker (read again); the allowance comes with the answer. */
function useInvalidateAfterBid(jobId: string) {
  const queryClient = useQueryClient();
  return (result: BidResult) => {
    queryClient.setQueryData(jobKeys.allowance, result.allowance);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: jobKeys.detail(jobId) }),
      queryClient.invalidateQueries({ queryKey: jobKeys.boardAll }),
    ]);
  };
}

export function useSaveBid(jobId: string) {
  const invalidate = useInvalidateAfterBid(jobId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { bidId?: string; input: BidInput }) => saveBid({ jobId, ...args }),
    onSuccess: invalidate,
    onError: (error) => {
      const limit = bidLimitOf(error);
      if (limit?.allowance) queryClient.setQueryData(jobKeys.allowance, limit.allowance);
    },
  });
}

export function useWithdrawBid(jobId: string) {
  const invalidate = useInvalidateAfterBid(jobId);
  return useMutation({ mutationFn: withdrawBid, onSuccess: invalidate });
}
