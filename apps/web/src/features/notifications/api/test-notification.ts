import type { NotificationChannel, TestNotificationAnswer } from '@adwuma/shared';
import { api } from '../../../lib/api.ts';

/** POST /api/notifications/test: sends a test notice through one channel and says what happened. */
export const sendTestNotification = (channel: NotificationChannel) =>
  api<TestNotificationAnswer>('/api/notifications/test', { method: 'POST', json: { channel } });
