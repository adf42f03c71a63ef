import type { availabilityResponseSchema } from '@adwuma/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

export type ProviderHours = NonNullable<z.infer<typeof availabilityResponseSchema>['availability']>;

/** GET /api/onboarding/availability: the caller's own weekly hours (providers), shaded on the week. */
export const providerHoursQuery = () =>
  queryOptions({
    queryKey: ['schedule', 'provider-hours'] as const,
    queryFn: ({ signal }) =>
      api<z.infer<typeof availabilityResponseSchema>>('/api/onboarding/availability', { signal }).then(
        (r) => r.availability,
      ),
    staleTime: 5 * 60_000,
  });

export function useProviderHours(enabled: boolean) {
  return useQuery({ ...providerHoursQuery(), enabled });
}
