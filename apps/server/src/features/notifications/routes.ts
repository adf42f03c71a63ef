import {
  NOTIFICATIONS_LIMIT,
  notificationListSchema,
  notificationPreferencesSchema,
  notificationSchema,
  notificationsReadAllSchema,
  pushKeySchema,
  pushSubscriptionRequest,
  pushSubscriptionStateSchema,
  pushUnsubscribeRequest,
  testNotificationAnswer,
  testNotificationRequest,
  updatePreferencesRequest,
} from '@adwuma/shared';
import { z } from 'zod';
import { requireUser } from '../../kernel/http/session.ts';
import { AppError, errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './notification-store.ts';
import { sendTestNotice } from './notify.ts';
import { preferencesOf, updatePreferences } from './preferences.ts';
import { deleteSubscription, saveSubscription, subscriptionCount, validPushKeys, vapidKeys } from './push.ts';

/** In-app notifications, each user's own; their preferences, push subscriptions and test notices. */
export async function notificationRoutes(app: App) {
  const { db } = app.deps.database;
  await vapidKeys(app.deps.database);
  await preferenceRoutes(app);
  await pushRoutes(app);

  app.get(
    '/api/notifications',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: `Your newest ${NOTIFICATIONS_LIMIT} notifications and the unread count`,
        response: { 200: notificationListSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return listNotifications(db, user.id);
    },
  );

  app.post(
    '/api/notifications/:id/read',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of your notifications read',
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: notificationSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return markNotificationRead(db, user.id, request.params.id);
    },
  );

  app.post(
    '/api/notifications/read-all',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark all your notifications read',
        response: { 200: notificationsReadAllSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return markAllNotificationsRead(db, user.id);
    },
  );
}

const TEST_LIMIT = { max: 5, windowSeconds: 60 };

/** The user's choice of channels per kind, and the test notice. */
async function preferenceRoutes(app: App) {
  const { db } = app.deps.database;

  app.get(
    '/api/notifications/preferences',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Your channels per kind of notification (defaults filled in)',
        response: { 200: notificationPreferencesSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return preferencesOf(db, user.id);
    },
  );

  app.put(
    '/api/notifications/preferences',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Change your channels for any kinds of notification; answers all of them',
        // Kinds are checked by the handler, so an unknown one (or SMS for a kind without) is refused by name.
        body: updatePreferencesRequest,
        response: { 200: notificationPreferencesSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      await updatePreferences(db, user.id, request.body.items);
      return preferencesOf(db, user.id);
    },
  );

  app.post(
    '/api/notifications/test',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Send yourself a test notification through one channel and see what happened',
        body: testNotificationRequest,
        response: { 200: testNotificationAnswer, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const limit = await app.deps.limits.consume(`notifications:test:${user.id}`, TEST_LIMIT);
      if (!limit.allowed) {
        throw new AppError(
          429,
          'RATE_LIMITED',
          `Too many test notifications. Please try again in ${limit.retryAfter} seconds.`,
          { retry_after_seconds: limit.retryAfter },
        );
      }
      return sendTestNotice(app.deps, user, request.body.channel, request.log);
    },
  );
}

/** Web Push: the public key and the browsers of the signed-in user. */
async function pushRoutes(app: App) {
  const { database } = app.deps;
  const state = async (userId: string) => ({ subscriptions: await subscriptionCount(database, userId) });

  app.get(
    '/api/push/key',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'The VAPID public key to subscribe a browser with',
        response: { 200: pushKeySchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      await requireUser(request);
      return { public_key: (await vapidKeys(database)).publicKey };
    },
  );

  app.get(
    '/api/push/subscriptions',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'How many browsers receive your push notifications',
        response: { 200: pushSubscriptionStateSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return state(user.id);
    },
  );

  app.post(
    '/api/push/subscriptions',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: "Receive push notifications in this browser (its PushSubscription's JSON)",
        body: pushSubscriptionRequest,
        response: { 200: pushSubscriptionStateSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const input = request.body;
      if (!validPushKeys(input.keys)) {
        throw new AppError(400, 'VALIDATION_ERROR', 'The push subscription keys are not valid.', {
          fields: [
            { field: 'keys', message: 'p256dh must be a P-256 public key and auth 16 bytes (base64url).' },
          ],
        });
      }
      if (app.deps.config.env === 'production' && !isKnownPushService(input.endpoint)) {
        // The server posts to this URL: in production only the browsers' push services, over https.
        const message = 'A push endpoint must be an https URL of a browser push service.';
        throw new AppError(400, 'VALIDATION_ERROR', message, { fields: [{ field: 'endpoint', message }] });
      }
      const userAgent = request.headers['user-agent']?.slice(0, 500) ?? null;
      await saveSubscription(database, user.id, input, userAgent);
      return state(user.id);
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Stop push notifications to one of your browsers (by its endpoint)',
        body: pushUnsubscribeRequest,
        response: { 200: pushSubscriptionStateSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      await deleteSubscription(database, user.id, request.body.endpoint);
      return state(user.id);
    },
  );
}

/** The push services of Chrome/Android/Samsung/Opera (FCM), Firefox, Edge and Safari. */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

export function isKnownPushService(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.port !== '') return false;
  return PUSH_SERVICE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}
