import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const pushKeys = {
  /** How many push subscriptions the account has (every browser). */
  account: ['push', 'subscriptions'] as const,
  /** This browser's permission, worker and subscription (read from the browser, not the API). */
  device: ['push', 'device'] as const,
};

/** GET /api/push/key: the server's VAPID public key. */
export const fetchPushKey = () => api<{ public_key: string }>('/api/push/key');

/** GET /api/push/subscriptions. */
export const pushSubscriptionsQuery = () =>
  queryOptions({
    queryKey: pushKeys.account,
    queryFn: () => api<{ subscriptions: number }>('/api/push/subscriptions'),
    staleTime: 0,
  });

/** POST /api/push/subscriptions with a PushSubscription's JSON. */
export const savePushSubscription = (subscription: {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}) => api<unknown>('/api/push/subscriptions', { method: 'POST', json: subscription });

/** DELETE /api/push/subscriptions { endpoint }. */
export const deletePushSubscription = (endpoint: string) =>
  api<unknown>('/api/push/subscriptions', { method: 'DELETE', json: { endpoint } });
