import type { PayoutLookupAnswer, PayoutLookupRequest, PayoutSettings } from '@adwuma/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { earningsKeys } from '../../earnings/index.ts';

export type { PayoutLookupAnswer, PayoutLookupRequest, PayoutSettings } from '@adwuma/shared';

export const PAYOUTS_API = {
  settings: '/api/payouts/settings',
  lookup: '/api/payouts/lookup',
} as const;

export const payoutKeys = { settings: ['payouts', 'settings'] as const };

/** GET /api/payouts/settings: the saved payout method, a hold after a change, and the banks. */
export const payoutSettingsQuery = () =>
  queryOptions({
    queryKey: payoutKeys.settings,
    queryFn: ({ signal }) => api<PayoutSettings>(PAYOUTS_API.settings, { signal }),
    staleTime: 60_000,
  });

/** POST /api/payouts/lookup: the account holder's name, to confirm before saving. */
export function useLookupAccount() {
  return useMutation({
    mutationFn: (body: PayoutLookupRequest) =>
      api<PayoutLookupAnswer>(PAYOUTS_API.lookup, { method: 'POST', json: body }),
  });
}

const isSettings = (answer: unknown): answer is PayoutSettings =>
  Boolean(answer && typeof answer === 'object' && 'method' in answer && 'banks' in answer);

/** PUT /api/payouts/settings with the lookup's confirmation: saves exactly the account looked up. */
export function useSavePayoutMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmation: string) =>
      api<unknown>(PAYOUTS_API.settings, { method: 'PUT', json: { confirmation } }),
    onSuccess: (answer) => {
      if (isSettings(answer)) queryClient.setQueryData(payoutKeys.settings, answer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: payoutKeys.settings }),
        queryClient.invalidateQueries({ queryKey: earningsKeys.all }),
      ]);
    },
  });
}
