import type {
  adminDisputesResponseSchema,
  Dispute,
  disputeResolutionSchema,
  disputeResponseSchema,
} from '@adwuma/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../../lib/api.ts';

export type DisputeStatusFilter = 'open' | 'resolved';
export type AdminDisputes = z.infer<typeof adminDisputesResponseSchema>;
export type AdminDisputeItem = AdminDisputes['items'][number];
export type DisputeResolution = z.input<typeof disputeResolutionSchema>;
export type { Dispute };

/** The server's page size for the admin list. */
export const ADMIN_DISPUTES_PAGE_SIZE = 20;

const base = '/api/admin/disputes';

export const disputeKeys = {
  all: ['admin', 'disputes'] as const,
  list: (status: DisputeStatusFilter, page: number) => ['admin', 'disputes', 'list', status, page] as const,
  detail: (id: string) => ['admin', 'disputes', 'detail', id] as const,
};

/** GET /api/admin/disputes?status=&page=: open or resolved disputes, a page at a time. */
export const adminDisputesQuery = (status: DisputeStatusFilter, page: number) =>
  queryOptions({
    queryKey: disputeKeys.list(status, page),
    queryFn: ({ signal }) =>
      api<AdminDisputes>(`${base}?${new URLSearchParams({ status, page: String(page) })}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

/** GET /api/admin/disputes/:id: the dispute with its booking, evidence (signed URLs) and history. */
export const adminDisputeQuery = (id: string) =>
  queryOptions({
    queryKey: disputeKeys.detail(id),
    queryFn: ({ signal }) =>
      api<z.infer<typeof disputeResponseSchema>>(`${base}/${encodeURIComponent(id)}`, { signal }).then(
        (r) => r.dispute,
      ),
    staleTime: 30_000,
  });

/** POST /api/admin/disputes/:id/resolve: in favour of one side, with a note; both are notified. */
export function resolveDispute(id: string, input: DisputeResolution): Promise<Dispute> {
  return api<z.infer<typeof disputeResponseSchema>>(`${base}/${encodeURIComponent(id)}/resolve`, {
    method: 'POST',
    json: input,
  }).then((r) => r.dispute);
}

export function useResolveDispute(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DisputeResolution) => resolveDispute(id, input),
    onSuccess: (dispute) => {
      queryClient.setQueryData(disputeKeys.detail(id), dispute);
      return queryClient.invalidateQueries({ queryKey: disputeKeys.all, refetchType: 'none' });
    },
  });
}
