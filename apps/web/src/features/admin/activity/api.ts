import { ACTIVITY_KINDS, type ActivityKind, type adminActivityPageSchema } from '@adwuma/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

export type ActivityPage = z.infer<typeof adminActivityPageSchema>;

/** The kinds asked for, in the shared order (so the same filter is one cache entry). */
export const normaliseKinds = (kinds: readonly string[]): ActivityKind[] =>
  ACTIVITY_KINDS.filter((k) => kinds.includes(k));

export function activityPath(kinds: readonly ActivityKind[], before?: string): string {
  const search = new URLSearchParams();
  if (kinds.length) search.set('kinds', kinds.join(','));
  if (before) search.set('before', before);
  const qs = search.toString();
  return `/api/admin/activity${qs ? `?${qs}` : ''}`;
}

/** GET /api/admin/activity?kinds&before: 50 at a time, newest first; "Load older" asks before the last. */
export const activityQuery = (kinds: readonly ActivityKind[]) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'activity', kinds.join(',')],
    queryFn: ({ pageParam }) => api<ActivityPage>(activityPath(kinds, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.items.at(-1)?.id : undefined),
    // Read again whenever the page opens: what arrived while it was closed came over no socket.
    staleTime: 0,
  });
