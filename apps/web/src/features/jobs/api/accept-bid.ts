import type { Bid, Job } from '@adwuma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { jobKeys, jobPath } from './keys.ts';

/** What hiring answers: the hired job, the accepted bid and the booking made from them. */
export interface HireResult {
  job: Job;
  bid: Bid;
  booking_id: string;
}

/** POST /api/jobs/:id/bids/:bidId/accept: hires the bid (the booking gets its price, date and place). */
export function acceptBid(jobId: string, bidId: string): Promise<HireResult> {
  return api<HireResult>(`${jobPath(jobId)}/bids/${encodeURIComponent(bidId)}/accept`, { method: 'POST' });
}

export function useAcceptBid(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bidId: string) => acceptBid(jobId, bidId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: jobKeys.detail(jobId) }),
        queryClient.invalidateQueries({ queryKey: jobKeys.mine }),
        queryClient.invalidateQueries({ queryKey: ['bookings'] }),
      ]),
  });
}
