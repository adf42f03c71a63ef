import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profileAvatars } from '../../db/schema.ts';

/** A user's stored profile picture (bytes, type, last change), if any. */
export async function findAvatar(db: Db, userId: string) {
  const [avatar] = await db.select().from(profileAvatars).where(eq(profileAvatars.user_id, userId));
  return avatar;
}
