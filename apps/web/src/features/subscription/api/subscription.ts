import type {
  BillingCadence,
  ChangePlanAnswer,
  PricingAnswer,
  SubscriptionView,
  TierId,
} from '@adwuma/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const SUBSCRIPTION_API = {
  subscription: '/api/subscription',
  change: '/api/subscription/change',
  cancel: '/api/subscription/cancel',
  resume: '/api/subscription/resume',
  renew: '/api/subscription/renew',
  portal: '/api/subscription/portal',
  pricing: '/api/pricing',
} as const;

export const subscriptionKeys = {
  all: ['subscription'] as const,
  view: ['subscription', 'view'] as const,
  pricing: ['subscription', 'pricing'] as const,
};

/** GET /api/subscription: the provider's plan, its renewal and the billing history. */
export const subscriptionQuery = () =>
  queryOptions({
    queryKey: subscriptionKeys.view,
    queryFn: ({ signal }) =>
      api<{ subscription: SubscriptionView }>(SUBSCRIPTION_API.subscription, { signal }).then(
        (r) => r.subscription,
      ),
    staleTime: 30_000,
  });

/** GET /api/pricing: every paid plan's price in both currencies (for the plan cards). */
export const pricingQuery = () =>
  queryOptions({
    queryKey: subscriptionKeys.pricing,
    queryFn: ({ signal }) => api<PricingAnswer>(SUBSCRIPTION_API.pricing, { signal }),
    staleTime: 5 * 60_000,
  });

/** POST /api/subscription/change: an upgrade answers a pay link, a downgrade its effective date. */
export const changePlan = (json: { tier: TierId; cadence?: BillingCadence }) =>
  api<ChangePlanAnswer>(SUBSCRIPTION_API.change, { method: 'POST', json });

/** POST /api/subscription/renew: a pay link for the next (or the overdue) period. */
export const renewSubscription = () =>
  api<{ url: string; payment_id: string }>(SUBSCRIPTION_API.renew, { method: 'POST' });

/** POST /api/subscription/portal: the card portal's address. */
export const openCardPortal = () => api<{ url: string }>(SUBSCRIPTION_API.portal, { method: 'POST' });

/**
 * POST /api/subscription/cancel or /resume: the answer is the new view, written straight into the
 * cache so the page shows it without another round trip.
 */
export function useSubscriptionAction(action: 'cancel' | 'resume') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ subscription: SubscriptionView }>(SUBSCRIPTION_API[action], { method: 'POST' }).then(
        (r) => r.subscription,
      ),
    onSuccess: (view) => queryClient.setQueryData(subscriptionKeys.view, view),
  });
}

/** A downgrade is scheduled: the view changes (pending tier), so it is read again. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    onSuccess: (answer) => {
      if (answer.kind === 'downgrade')
        void queryClient.invalidateQueries({ queryKey: subscriptionKeys.view });
    },
  });
}
