import {
  effectiveRole,
  isProviderLike,
  type ProfileScoreFacts,
  profileCompletionPercentage,
  profileStrengthScore,
  STRENGTH_WEIGHTS,
} from '@adwuma/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';

/** A database or an open transaction: the refresh runs inside the caller's transaction. */
type Executor = Pick<Db, 'execute'>;

export interface ProfileScores {
  profile_completion_percentage: number;
  profile_strength_score: number;
}

/**
 * Everything the two scores measure, one row per profile, in one statement. The texts come back
 * whole so "filled" means exactly what the onboarding rules mean by it (the shared rule decides).
 */
function factsSql(filter: SQL, tail: SQL = sql``): SQL {
  return sql`
    select p.id, p.full_name, p.avatar_url, p.bio, p.phone, p.role, p.type, p.is_admin,
      p.availability_set, (p.verified or p.id_verified) as verified, p.total_reviews,
      p.rating::float8 as rating, p.profile_completion_percentage, p.profile_strength_score,
      coalesce((select json_agg(r.role) from user_roles r where r.user_id = p.id), '[]'::json) as roles,
      exists (select 1 from provider_skills k where k.provider_id = p.id) as has_skills,
      exists (select 1 from provider_service_tags t where t.provider_id = p.id) as has_tags,
      exists (select 1 from provider_locations l where l.provider_id = p.id) as has_location,
      (select count(*)::int from provider_services s
        where s.provider_id = p.id and s.status = 'published') as published_services,
      (select count(*)::int from bookings b
        where b.provider_id = p.id and b.status = 'completed') as completed_bookings
    from profiles p
    where ${filter} ${tail}`;
}

const filled = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/** The shared rule's facts from one row of factsSql (the effective role by the shared role rule). */
export function scoreFactsOf(row: Record<string, unknown>): ProfileScoreFacts {
  const roles = typeof row.roles === 'string' ? JSON.parse(row.roles) : row.roles;
  const role = effectiveRole({
    userRoles: Array.isArray(roles) ? (roles as string[]) : [],
    profile: {
      role: (row.role as string | null) ?? null,
      type: (row.type as string | null) ?? null,
      is_admin: row.is_admin === true,
    },
    hasProviderSkills: row.has_skills === true,
    hasProviderLocation: row.has_location === true,
  });
  const reviews = Number(row.total_reviews ?? 0);
  return {
    isProviderLike: isProviderLike(role),
    hasName: filled(row.full_name),
    hasAvatar: filled(row.avatar_url),
    hasBio: filled(row.bio),
    hasPhone: filled(row.phone),
    hasLocation: row.has_location === true,
    hasSkills: row.has_skills === true || row.has_tags === true,
    publishedServices: Number(row.published_services ?? 0),
    availabilitySet: row.availability_set === true,
    verified: row.verified === true,
    reviews,
    rating: reviews > 0 ? Number(row.rating) : null,
    completedBookings: Number(row.completed_bookings ?? 0),
  };
}

function scoresOf(row: Record<string, unknown>): ProfileScores {
  const facts = scoreFactsOf(row);
  return {
    profile_completion_percentage: profileCompletionPercentage(facts),
    profile_strength_score: profileStrengthScore(facts),
  };
}

const differs = (row: Record<string, unknown>, scores: ProfileScores) =>
  Number(row.profile_completion_percentage) !== scores.profile_completion_percentage ||
  Number(row.profile_strength_score) !== scores.profile_strength_score;

/**
 * Brings one user's profile_completion_percentage and profile_strength_score up to date (written
 * only when they differ; updated_at is left alone: nothing the user wrote changed). Call it in the
 * same transaction as every write that changes what they measure: profile, avatar, location,
 * skills and tags, services, availability, role, verification decision, published reviews,
 * completed bookings. Answers the scores (null without a profile).
 */
export async function refreshProfileScores(db: Executor, userId: string): Promise<ProfileScores | null> {
  const [row] = rowsOf(await db.execute(factsSql(sql`p.id = ${userId}`)));
  if (!row) return null;
  const scores = scoresOf(row);
  if (differs(row, scores)) await writeScores(db, [{ id: userId, ...scores }]);
  return scores;
}

type ScoredRow = ProfileScores & { id: string };

async function writeScores(db: Executor, rows: ScoredRow[]): Promise<void> {
  await db.execute(sql`
    update profiles p
    set profile_completion_percentage = v.c, profile_strength_score = v.s
    from json_to_recordset(${JSON.stringify(
      rows.map((r) => ({ id: r.id, c: r.profile_completion_percentage, s: r.profile_strength_score })),
    )}::json) as v(id text, c integer, s integer)
    where p.id = v.id
      and (p.profile_completion_percentage <> v.c or p.profile_strength_score <> v.s)`);
}

const BATCH = 1000;

/**
 * Recomputes the scores of the given profiles (or of every profile, in keyset batches of BATCH)
 * and writes those that differ. Used by the demo seed and the start-up backfill. Answers how many
 * profiles changed.
 */
export async function refreshAllProfileScores(db: Executor, userIds?: readonly string[]): Promise<number> {
  let changed = 0;
  const apply = async (rows: Record<string, unknown>[]) => {
    const stale = rows
      .map((row) => ({ row, scores: scoresOf(row) }))
      .filter(({ row, scores }) => differs(row, scores))
      .map(({ row, scores }) => ({ id: row.id as string, ...scores }));
    if (stale.length) await writeScores(db, stale);
    changed += stale.length;
  };
  if (userIds) {
    for (let i = 0; i < userIds.length; i += BATCH) {
      const ids = userIds.slice(i, i + BATCH);
      await apply(rowsOf(await db.execute(factsSql(sql`p.id = any(${sql.param(ids)}::text[])`))));
    }
    return changed;
  }
  let after = '';
  for (;;) {
    const rows = rowsOf(await db.execute(factsSql(sql`p.id > ${after}`, sql`order by p.id limit ${BATCH}`)));
    await apply(rows);
    if (rows.length < BATCH) return changed;
    after = rows[rows.length - 1]!.id as string;
  }
}

const BACKFILL_KEY = 'profile_scores_version';
/**
 * What the stored scores were computed with: bump the number when the rule changes; a change of
 * weights changes it by itself. A database whose marker differs is rescored once at start-up.
 */
export const PROFILE_SCORES_VERSION = `1:${JSON.stringify(STRENGTH_WEIGHTS)}`;

/**
 * The start-up backfill: profiles written before issue 19 (or under other weights) get their true
 * scores once; afterwards it is one primary-key read. Two servers starting together may both run
 * it: the writes are idempotent. Answers how many profiles changed.
 */
export async function backfillProfileScores(db: Executor): Promise<number> {
  const [marker] = rowsOf(await db.execute(sql`select value from app_settings where key = ${BACKFILL_KEY}`));
  if (marker?.value === PROFILE_SCORES_VERSION) return 0;
  const changed = await refreshAllProfileScores(db);
  await db.execute(sql`
    insert into app_settings (key, value) values (${BACKFILL_KEY}, ${PROFILE_SCORES_VERSION})
    on conflict (key) do update set value = excluded.value`);
  return changed;
}
