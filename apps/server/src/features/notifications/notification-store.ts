import { NOTIFICATIONS_LIMIT } from '@adwuma/shared';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { toNotification } from './notify.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND_MESSAGE = 'No such notification.';

async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(eq(notifications.user_id, userId), eq(notifications.in_app, true), isNull(notifications.read_at)),
    );
  return row?.n ?? 0;
}

/** The user's newest in-app notifications and how many are unread. */
export async function listNotifications(db: Db, userId: string) {
  const [rows, unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, userId), eq(notifications.in_app, true)))
      .orderBy(desc(notifications.created_at), desc(notifications.id))
      .limit(NOTIFICATIONS_LIMIT),
    unreadCount(db, userId),
  ]);
  return { items: rows.map(toNotification), unread };
}

/** Marks one of the user's in-app notifications read (once); 404 for anyone else's. */
export async function markNotificationRead(db: Db, userId: string, id: string) {
  if (!UUID.test(id)) throw notFound(NOT_FOUND_MESSAGE);
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId), eq(notifications.in_app, true)));
  if (!row) throw notFound(NOT_FOUND_MESSAGE);
  if (row.read_at) return toNotification(row);
  const [updated] = await db
    .update(notifications)
    .set({ read_at: new Date() })
    .where(eq(notifications.id, row.id))
    .returning();
  return toNotification(updated ?? row);
}

/** Marks all the user's notifications read: how many changed, and the unread count after. */
export async function markAllNotificationsRead(db: Db, userId: string) {
  const updated = await db
    .update(notifications)
    .set({ read_at: new Date() })
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)))
    .returning({ id: notifications.id });
  return { updated: updated.length, unread: await unreadCount(db, userId) };
}
