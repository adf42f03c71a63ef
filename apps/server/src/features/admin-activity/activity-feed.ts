import { ACTIVITY_PAGE_SIZE, type ActivityItem, type ActivityKind } from '@adwuma/shared';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adminActivity, authUsers } from '../../db/schema.ts';
import { fieldError } from '../../lib/errors.ts';

export interface ActivityFilter {
  kinds?: ActivityKind[] | undefined;
  /** An activity id: only older rows. */
  before?: string | undefined;
}

/**
 * The live feed's history (issue 19): the newest ACTIVITY_PAGE_SIZE rows of admin_activity (written
 * by database triggers) before `before`, of `kinds`, with the actor's account name.
 */
export async function activityPage(
  db: Db,
  filter: ActivityFilter,
): Promise<{ items: ActivityItem[]; hasMore: boolean }> {
  // Past 18 digits an id no longer fits a bigint (the database would refuse the comparison).
  if (filter.before && filter.before.length > 18) throw fieldError('before', 'before must be an activity id');
  const rows = await db
    .select({ activity: adminActivity, actor_name: authUsers.name })
    .from(adminActivity)
    .leftJoin(authUsers, eq(authUsers.id, adminActivity.actor_id))
    .where(
      and(
        filter.kinds?.length ? inArray(adminActivity.kind, filter.kinds) : undefined,
        filter.before ? lt(adminActivity.id, sql`${filter.before}::bigint`) : undefined,
      ),
    )
    .orderBy(desc(adminActivity.id))
    .limit(ACTIVITY_PAGE_SIZE + 1);
  return {
    items: rows.slice(0, ACTIVITY_PAGE_SIZE).map(({ activity: a, actor_name }) => ({
      id: String(a.id),
      kind: a.kind,
      actor_id: a.actor_id,
      actor_name: actor_name ?? null,
      subject_id: a.subject_id,
      data: a.data,
      created_at: a.created_at.toISOString(),
    })),
    hasMore: rows.length > ACTIVITY_PAGE_SIZE,
  };
}
