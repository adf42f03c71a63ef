import type { NotificationList, NotificationsReadAll } from '@adwuma/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const notificationKeys = { list: ['notifications'] as const };

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
