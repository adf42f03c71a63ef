import type { MyServicesResponse, Service, ServiceInput, ServiceUpdate } from '@adwuma/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type { Service } from '@adwuma/shared';

export const SERVICES_API = '/api/services';

export const serviceKeys = {
  mine: ['services', 'mine'] as const,
};

/** GET /api/services/mine: the provider's services, drafts and paused ones included. */
export const myServicesQuery = () =>
  queryOptions({
    queryKey: serviceKeys.mine,
    queryFn: ({ signal }) => api<MyServicesResponse>(`${SERVICES_API}/mine`, { signal }),
    staleTime: 0,
  });

export function useMyServices(enabled = true) {
  return useQuery({ ...myServicesQuery(), enabled });
}

/**
 * Every change to a service also changes what search and the provider's profile show: those are read
 * again afterwards.
 */
function useInvalidateAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: serviceKeys.mine }),
      queryClient.invalidateQueries({ queryKey: ['search'] }),
      queryClient.invalidateQueries({ queryKey: ['providers'] }),
    ]);
}

/**
 * POST /api/services (new) or PATCH /api/services/:id (edit). The saved service is in "my services"
 * at once (a new one first, as the list is newest first), before the list is read again.
 */
export function useSaveService() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ServiceInput | ServiceUpdate }) =>
      api<{ service: Service }>(id ? `${SERVICES_API}/${id}` : SERVICES_API, {
        method: id ? 'PATCH' : 'POST',
        json: input,
      }).then((r) => r.service),
    onSuccess: (service) => {
      queryClient.setQueryData<MyServicesResponse>(serviceKeys.mine, (old) => {
        if (!old) return old;
        const known = old.items.some((s) => s.id === service.id);
        return {
          ...old,
          items: known ? old.items.map((s) => (s.id === service.id ? service : s)) : [service, ...old.items],
        };
      });
      return invalidate();
    },
  });
}

/** DELETE /api/services/:id. */
export function useDeleteService() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (id: string) => api<null>(`${SERVICES_API}/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
