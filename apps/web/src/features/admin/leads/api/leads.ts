import {
  type AdminEnterpriseLeadsPage,
  type AdminLead,
  type AdminLeadUpdate,
  LEAD_STATUSES,
  type LeadStatus,
} from '@adwuma/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api.ts';

/** The list's filters as the address holds them (?status=&q=&page=). */
export interface LeadsFilter {
  status: LeadStatus | '';
  q: string;
  page: number;
}

export function leadsFilterFrom(params: URLSearchParams): LeadsFilter {
  const status = params.get('status');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    status: status && (LEAD_STATUSES as readonly string[]).includes(status) ? (status as LeadStatus) : '',
    q: params.get('q')?.trim() ?? '',
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

/** The filters as query parameters (empty values and page 1 left out); `page: false` drops the page. */
export function leadsFilterParams(filter: LeadsFilter, { page = true } = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.q) params.set('q', filter.q);
  if (page && filter.page > 1) params.set('page', String(filter.page));
  return params;
}

/** GET /api/admin/enterprise-leads.csv?status&q: every lead the filters match, as a download. */
export function leadsCsvHref(filter: LeadsFilter): string {
  const qs = leadsFilterParams(filter, { page: false }).toString();
  return `/api/admin/enterprise-leads.csv${qs ? `?${qs}` : ''}`;
}

export const leadKeys = {
  lists: ['admin', 'enterprise-leads'] as const,
  list: (filter: LeadsFilter) => ['admin', 'enterprise-leads', filter] as const,
};

/** GET /api/admin/enterprise-leads?page&status&q. */
export const adminLeadsQuery = (filter: LeadsFilter) =>
  queryOptions({
    queryKey: leadKeys.list(filter),
    queryFn: ({ signal }) => {
      const qs = leadsFilterParams(filter).toString();
      return api<AdminEnterpriseLeadsPage>(`/api/admin/enterprise-leads${qs ? `?${qs}` : ''}`, { signal });
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/**
 * PATCH /api/admin/enterprise-leads/:id: the saved lead replaces the one in every cached page (no
 * optimistic write: the card stays disabled until the server answers), then the lists refetch since
 * a status change may move the lead out of a filtered list.
 */
export function useUpdateLead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: AdminLeadUpdate) =>
      api<AdminLead>(`/api/admin/enterprise-leads/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        json: update,
      }),
    onSuccess: (lead) => {
      queryClient.setQueriesData<AdminEnterpriseLeadsPage>({ queryKey: leadKeys.lists }, (page) =>
        page ? { ...page, items: page.items.map((item) => (item.id === lead.id ? lead : item)) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: leadKeys.lists });
    },
  });
}
