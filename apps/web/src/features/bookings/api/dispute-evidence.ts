import type { Dispute } from '@adwuma/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { type UploadOptions, uploadFile } from '../../../lib/upload.ts';

export type { Dispute } from '@adwuma/shared';
export type DisputeFile = Dispute['photos'][number];

export const disputeApiPath = (id: string) => `/api/disputes/${encodeURIComponent(id)}`;

export const disputeKeys = {
  one: (id: string) => ['disputes', 'one', id] as const,
};

/** GET /api/disputes/:id: the dispute with its evidence (signed URLs, valid for an hour). */
export const disputeQuery = (id: string) =>
  queryOptions({
    queryKey: disputeKeys.one(id),
    queryFn: ({ signal }) => api<{ dispute: Dispute }>(disputeApiPath(id), { signal }).then((r) => r.dispute),
    // The signed URLs last an hour: read again well before they expire.
    staleTime: 5 * 60_000,
  });

export function useDispute(id: string) {
  return useQuery(disputeQuery(id));
}

/** POST /api/disputes/:id/photos (multipart field `file`), with upload progress. */
export function uploadDisputeEvidence(id: string, file: File, options: UploadOptions = {}): Promise<Dispute> {
  return uploadFile<{ dispute: Dispute }>(`${disputeApiPath(id)}/photos`, file, options).then(
    (r) => r.dispute,
  );
}

/** The answer of an upload is the whole dispute: it replaces the cached one at once. */
export function useApplyDispute() {
  const queryClient = useQueryClient();
  return (dispute: Dispute) => queryClient.setQueryData(disputeKeys.one(dispute.id), dispute);
}
