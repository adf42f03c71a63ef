import { z } from 'zod';

/** How many notifications GET /api/notifications answers (newest first). */
export const NOTIFICATIONS_LIMIT = 50;

/** Kinds of in-app notification. */
export const NOTIFICATION_KINDS = ['verification', 'job', 'bid', 'quote', 'booking'] as const;

/** One in-app notification, as its owner sees it. Timestamps are ISO strings. */
export const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** An app path to open, e.g. /onboarding/verification. */
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: your newest notifications and how many of all yours are unread. */
export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** POST /api/notifications/read-all. */
export const notificationsReadAllSchema = z.object({
  /** How many were unread and are now read. */
  updated: z.number().int(),
  unread: z.number().int(),
});
export type NotificationsReadAll = z.infer<typeof notificationsReadAllSchema>;
