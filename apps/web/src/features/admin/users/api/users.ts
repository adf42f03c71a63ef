import {
  ADMIN_USER_STATUSES,
  ADMIN_VERIFICATION_FILTERS,
  type AdminUserActionInput,
  type AdminUserDetail,
  type AdminUserStatus,
  type AdminUsersPage,
  ROLES,
  type Role,
} from '@adwuma/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api.ts';
import { adminsKeys } from './admins.ts';

export type AdminUserRow = AdminUsersPage['items'][number];
export type VerificationFilter = (typeof ADMIN_VERIFICATION_FILTERS)[number];

/** The list's filters as the address holds them (?q=&role=&verification=&status=&page=). */
export interface AdminUsersFilter {
  q: string;
  role: Role | '';
  verification: VerificationFilter | '';
  status: AdminUserStatus | '';
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';

/** Reads the filters from the address; unknown values are ignored (a hand-edited link still opens). */
export function usersFilterFrom(params: URLSearchParams): AdminUsersFilter {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    q: params.get('q')?.trim() ?? '',
    role: oneOf(ROLES, params.get('role')),
    verification: oneOf(ADMIN_VERIFICATION_FILTERS, params.get('verification')),
    status: oneOf(ADMIN_USER_STATUSES, params.get('status')),
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

/** The filters as query parameters: empty values and page 1 are left out. */
export function usersFilterParams(filter: AdminUsersFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.role) params.set('role', filter.role);
  if (filter.verification) params.set('verification', filter.verification);
  if (filter.status) params.set('status', filter.status);
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

export const userKeys = {
  all: ['admin', 'users'] as const,
  lists: ['admin', 'users', 'list'] as const,
  list: (filter: AdminUsersFilter) => ['admin', 'users', 'list', filter] as const,
  detail: (id: string) => ['admin', 'users', 'detail', id] as const,
};

/** GET /api/admin/users?page&q&role&verification&status: newest first, a page at a time. */
export const adminUsersQuery = (filter: AdminUsersFilter) =>
  queryOptions({
    queryKey: userKeys.list(filter),
    queryFn: ({ signal }) => {
      const qs = usersFilterParams(filter).toString();
      return api<AdminUsersPage>(`/api/admin/users${qs ? `?${qs}` : ''}`, { signal });
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** GET /api/admin/users/:id: the profile, roles, activity, reports, security events and audit. */
export const adminUserQuery = (id: string) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => api<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(id)}`, { signal }),
    staleTime: 15_000,
  });

/** POST /api/admin/users/:id/actions: answers the user as they are now (409 when refused). */
export function useAdminUserAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminUserActionInput) =>
      api<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(id)}/actions`, {
        method: 'POST',
        json: input,
      }),
    onSuccess: (detail, input) => {
      queryClient.setQueryData(userKeys.detail(id), detail);
      void queryClient.invalidateQueries({ queryKey: userKeys.lists });
      if (input.action === 'grant_admin' || input.action === 'remove_admin')
        void queryClient.invalidateQueries({ queryKey: adminsKeys.all });
    },
  });
}
