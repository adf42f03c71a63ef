import type { MyServicesResponse, Service } from '@adwuma/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { type UploadOptions, uploadFile } from '../../../lib/upload.ts';
import { SERVICES_API, serviceKeys } from './services.ts';

export const servicePhotosPath = (serviceId: string) => `${SERVICES_API}/${serviceId}/photos`;

/**
 * The answer of every photo change is the service with its photos: it replaces the one in "my
 * services" at once, and the public profile is read again.
 */
export function useApplyServiceChange() {
  const queryClient = useQueryClient();
  return (service: Service) => {
    queryClient.setQueryData<MyServicesResponse>(serviceKeys.mine, (old) =>
      old ? { ...old, items: old.items.map((s) => (s.id === service.id ? service : s)) } : old,
    );
    return queryClient.invalidateQueries({ queryKey: ['providers'] });
  };
}

/** POST /api/services/:id/photos (multipart field `file`), with upload progress. */
export function uploadServicePhoto(
  serviceId: string,
  file: File,
  options: UploadOptions = {},
): Promise<Service> {
  return uploadFile<{ service: Service }>(servicePhotosPath(serviceId), file, options).then((r) => r.service);
}

/** DELETE /api/services/:id/photos/:photoId. */
export function useRemoveServicePhoto() {
  const apply = useApplyServiceChange();
  return useMutation({
    mutationFn: ({ serviceId, photoId }: { serviceId: string; photoId: string }) =>
      api<{ service: Service }>(`${servicePhotosPath(serviceId)}/${photoId}`, { method: 'DELETE' }).then(
        (r) => r.service,
      ),
    onSuccess: apply,
  });
}

/** PUT /api/services/:id/photos/order: every photo id, first shown first. */
export function useReorderServicePhotos() {
  const apply = useApplyServiceChange();
  return useMutation({
    mutationFn: ({ serviceId, photoIds }: { serviceId: string; photoIds: string[] }) =>
      api<{ service: Service }>(`${servicePhotosPath(serviceId)}/order`, {
        method: 'PUT',
        json: { photo_ids: photoIds },
      }).then((r) => r.service),
    onSuccess: apply,
  });
}
