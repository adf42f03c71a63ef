import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api.ts';

/** One admin as GET /api/admin/admins lists them (lead owners; the admin count of the user actions). */
export interface AdminSummary {
  id: string;
  email: string;
  name: string;
}

export const adminsKeys = { all: ['admin', 'admins'] as const };

/** GET /api/admin/admins: everyone who is an admin now. */
export const adminsQuery = () =>
  queryOptions({
    queryKey: adminsKeys.all,
    queryFn: ({ signal }) =>
      api<{ admins: AdminSummary[] }>('/api/admin/admins', { signal }).then((r) => r.admins),
    staleTime: 60_000,
  });
