import {
  apiErrorSchema,
  NOTIFICATIONS_LIMIT,
  notificationListSchema,
  notificationSchema,
  notificationsReadAllSchema,
} from '@adwuma/shared';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { requireUser } from '../auth/session.ts';
import { registerNoticeMailWorker } from './notify.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND_MESSAGE = 'No such notification.';

type Row = typeof notifications.$inferSelect;
const toNotification = (row: Row) => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  read_at: row.read_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
});

async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)));
  return row?.n ?? 0;
}

/** In-app notifications, each user's own (realtime delivery comes later). */
export async function notificationRoutes(app: App) {
  const { db } = app.deps.database;
  await registerNoticeMailWorker(app.deps);

  app.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: `Your newest ${NOTIFICATIONS_LIMIT} notifications and the unread count`,
        response: { 200: notificationListSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const [rows, unread] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(eq(notifications.user_id, user.id))
          .orderBy(desc(notifications.created_at), desc(notifications.id))
          .limit(NOTIFICATIONS_LIMIT),
        unreadCount(db, user.id),
      ]);
      return { items: rows.map(toNotification), unread };
    },
  );

  app.post(
    '/api/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of your notifications read',
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: notificationSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const { id } = request.params;
      if (!UUID.test(id)) throw notFound(NOT_FOUND_MESSAGE);
      const [row] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.user_id, user.id)));
      if (!row) throw notFound(NOT_FOUND_MESSAGE);
      if (row.read_at) return toNotification(row);
      const [updated] = await db
        .update(notifications)
        .set({ read_at: new Date() })
        .where(eq(notifications.id, row.id))
        .returning();
      return toNotification(updated ?? row);
    },
  );

  app.post(
    '/api/notifications/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark all your notifications read',
        response: { 200: notificationsReadAllSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const updated = await db
        .update(notifications)
        .set({ read_at: new Date() })
        .where(and(eq(notifications.user_id, user.id), isNull(notifications.read_at)))
        .returning({ id: notifications.id });
      return { updated: updated.length, unread: await unreadCount(db, user.id) };
    },
  );
}
