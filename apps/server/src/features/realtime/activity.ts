import type { ActivityItem, ServerFrame } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authUsers } from '../../db/schema.ts';

/**
 * Issue 19: an admin_activity row as its database trigger announces it (`{"a": …}`, see migration
 * 0011): the feed item without the actor's name.
 */
export type AnnouncedActivity = Omit<ActivityItem, 'actor_name'>;

/**
 * The frame for admins' sockets: the actor's name looked up by primary key, once per row for every
 * admin socket of this process (a sign-up carries it already).
 */
export async function activityFrame(db: Db, a: AnnouncedActivity): Promise<ServerFrame> {
  let actorName: string | null = null;
  if (a.kind === 'user_signed_up' && typeof a.data.name === 'string') actorName = a.data.name;
  else if (a.actor_id) {
    const [row] = await db
      .select({ name: authUsers.name })
      .from(authUsers)
      .where(eq(authUsers.id, a.actor_id));
    actorName = row?.name ?? null;
  }
  return {
    type: 'activity',
    item: {
      ...a,
      id: String(a.id),
      actor_name: actorName,
      created_at: new Date(a.created_at).toISOString(),
    },
  };
}
