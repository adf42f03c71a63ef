import type { NotificationList, NotificationsReadAll } from '@adwuma/shared';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

import { notificationKeys } from '../../realtime/index.ts';

export { notificationKeys };

/** GET /api/notifications: the newest notifications and the unread count. */
export const notificationsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.list,
    queryFn: () => api<NotificationList>('/api/notifications'),
    staleTime: 30_000,
  });

/** POST /api/notifications/:id/read. */
export const markNotificationRead = (id: string) =>
  api<unknown>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });

/** POST /api/notifications/read-all. */
export const markAllNotificationsRead = () =>
  api<NotificationsReadAll>('/api/notifications/read-all', { method: 'POST' });

/** Marks one notification read in the cached list (before the server answers). */
export function markReadInCache(queryClient: QueryClient, id: string, now = new Date().toISOString()): void {
  queryClient.setQueryData<NotificationList>(notificationKeys.list, (list) => {
    if (!list) return list;
    const target = list.items.find((item) => item.id === id);
    if (!target || target.read_at) return list;
    return {
      items: list.items.map((item) => (item.id === id ? { ...item, read_at: now } : item)),
      unread: Math.max(0, list.unread - 1),
    };
  });
}

/** Marks every cached notification read. */
export function markAllReadInCache(queryClient: QueryClient, now = new Date().toISOString()): void {
  queryClient.setQueryData<NotificationList>(notificationKeys.list, (list) =>
    list ? { items: list.items.map((item) => ({ ...item, read_at: item.read_at ?? now })), unread: 0 } : list,
  );
}
