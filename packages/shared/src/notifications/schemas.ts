import { z } from 'zod';

// In a module without zod: the app shell's realtime bridge trims its cached list to it.
export { NOTIFICATIONS_LIMIT } from './limits.ts';

/** Kinds of notification; each has its own preferences per channel. */
export const NOTIFICATION_KINDS = [
  'message',
  'job',
  'bid',
  'quote',
  'booking',
  'review',
  'dispute',
  'verification',
  'billing',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { label: string; hint: string }> = {
  message: {
    label: 'Messages',
    hint: 'New messages in your conversations (mailed together, not one by one)',
  },
  job: { label: 'Jobs', hint: 'New jobs that match your services, and being hired' },
  bid: { label: 'Bids', hint: 'Bids on your jobs and what happens to yours' },
  quote: { label: 'Quote requests', hint: 'Requests, quotes and replies' },
  booking: { label: 'Bookings', hint: 'Changes, reminders and completion' },
  review: { label: 'Reviews', hint: 'Reviews you receive and replies' },
  dispute: { label: 'Disputes', hint: 'Disputes opened and their resolution' },
  verification: { label: 'Verification', hint: 'Decisions on your identity documents' },
  billing: { label: 'Billing', hint: 'Payments, receipts, renewals and your plan' },
};

export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  in_app: 'In the app',
  email: 'Email',
  push: 'Push',
};

export interface ChannelChoice {
  in_app: boolean;
  email: boolean;
  push: boolean;
  /** Issue 21: SMS to the account's verified phone; only for SMS_KINDS. */
  sms: boolean;
}

/** What a user gets before they change anything: every channel on but SMS (off unless chosen). */
export const DEFAULT_CHANNELS: ChannelChoice = { in_app: true, email: true, push: true, sms: false };

/**
 * Issue 21: the kinds that may go out by SMS, each for one event only (the others of the kind never
 * do): a booking confirmed, a payment received, a new message while the user is offline.
 */
export const SMS_KINDS = ['booking', 'billing', 'message'] as const satisfies readonly NotificationKind[];
export type SmsKind = (typeof SMS_KINDS)[number];
/** What an SMS of each kind is about (English; the web catalogs translate it). */
export const SMS_KIND_EVENTS: Record<SmsKind, string> = {
  booking: 'When a booking is confirmed',
  billing: 'When a payment is received',
  message: 'New messages while you are offline',
};
export function isSmsKind(kind: string): kind is SmsKind {
  return (SMS_KINDS as readonly string[]).includes(kind);
}

/**
 * The channels a notice goes out on: the user's stored choice for its kind (or the default), mail
 * only where the sender asked for it (`wantsMail`: some notices are in-app only), SMS only where the
 * sender asked for it (`wantsSms`: the one SMS event of an SMS kind) and the kind may go by SMS.
 * Whether the user has a verified phone is the server's check on top.
 */
export function channelsFor(
  stored: Partial<ChannelChoice> | undefined,
  wantsMail: boolean,
  wantsSms = false,
  kind?: string,
): ChannelChoice {
  const choice = { ...DEFAULT_CHANNELS, ...stored };
  return {
    in_app: choice.in_app,
    email: choice.email && wantsMail,
    push: choice.push,
    sms: choice.sms === true && wantsSms && (kind === undefined || isSmsKind(kind)),
  };
}

export const notificationPreferencesSchema = z.object({
  items: z.array(
    z.object({
      kind: z.enum(NOTIFICATION_KINDS),
      in_app: z.boolean(),
      email: z.boolean(),
      push: z.boolean(),
      /** Always false for a kind not in SMS_KINDS. */
      sms: z.boolean(),
    }),
  ),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
/**
 * PUT /api/notifications/preferences: any subset of kinds. `sms` may be left out (the stored choice
 * stays; off for a kind never chosen); sms true for a kind not in SMS_KINDS is refused by name.
 */
export const updatePreferencesRequest = z.object({
  items: z
    .array(
      z.object({
        kind: z.string().min(1).max(50),
        in_app: z.boolean(),
        email: z.boolean(),
        push: z.boolean(),
        sms: z.boolean().optional(),
      }),
    )
    .max(50),
});
export type UpdatePreferencesRequest = z.infer<typeof updatePreferencesRequest>;

/** GET /api/push/key. */
export const pushKeySchema = z.object({ public_key: z.string() });
/** POST /api/push/subscriptions (a PushSubscription's JSON); DELETE takes { endpoint }. */
export const pushSubscriptionRequest = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'A push endpoint must be an http(s) URL.' }).max(2000),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export const pushUnsubscribeRequest = z.object({ endpoint: z.string().min(1).max(2000) });
export const pushSubscriptionStateSchema = z.object({ subscriptions: z.number().int() });

/** POST /api/notifications/test: send a test notice through one channel and say what happened. */
export const testNotificationRequest = z.object({ channel: z.enum(NOTIFICATION_CHANNELS) });
export const testNotificationAnswer = z.object({
  channel: z.enum(NOTIFICATION_CHANNELS),
  ok: z.boolean(),
  /** e.g. "Sent to 2 devices", "Mail queued to ama@example.com", "No push subscription on this account". */
  detail: z.string(),
});
export type TestNotificationAnswer = z.infer<typeof testNotificationAnswer>;

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
