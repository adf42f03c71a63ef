import { formatDistance, SEARCH_RADIUS_DEFAULT_KM, SEARCH_RADIUS_MAX_KM } from '@adwuma/shared';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import { insertNotices } from '../notifications/index.ts';
import { roundKm } from './board.ts';
import { jobNotices } from './job-notices.ts';

/**
 * New-job alerts: when a job is posted, the providers it matches get an in-app notice (no mail: a
 * busy category would flood inboxes). A provider matches when they are listed, the job is in one of
 * their categories (provider_search.category_slugs) and it lies within their service radius
 * (provider_locations.search_radius, 10 km when unset) — or, for a job without a map point, in their
 * city. The customer is never alerted about their own job. At most the 30 nearest are told.
 */

export const JOB_ALERTS_MAX = 30;

export interface PostedJob {
  id: string;
  title: string;
  customerId: string;
  category: string;
  categoryName: string;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface AlertMatch {
  providerId: string;
  /** Great-circle kilometres from the provider's public point; null for a city match. */
  distanceKm: number | null;
}

/**
 * The matching providers, nearest first. Both shapes stay on provider_search's indexes: the
 * category GIN (`@>`), and either the GiST earth_point (the box of the largest radius a provider may
 * set, then each provider's own radius as a chord, nearest first by `<->`, as search-sql.ts does) or
 * the lower(city) btree.
 */
export async function matchingProviders(tx: Tx, job: PostedJob): Promise<AlertMatch[]> {
  const common = sql`s.listed
    and s.category_slugs @> array[${job.category}::text]
    and s.provider_id <> ${job.customerId}`;
  let query: SQL;
  if (job.latitude !== null && job.longitude !== null) {
    const earth = sql`ll_to_earth(${job.latitude}::float8, ${job.longitude}::float8)`;
    const radiusM = sql`least(coalesce(l.search_radius, ${SEARCH_RADIUS_DEFAULT_KM}), ${SEARCH_RADIUS_MAX_KM})::float8 * 1000`;
    query = sql`select s.provider_id, sec_to_gc(cube_distance(s.earth_point, ${earth}::cube)) / 1000 as km
      from provider_search s
      left join provider_locations l on l.provider_id = s.provider_id
      where ${common}
        and earth_box(${earth}, ${SEARCH_RADIUS_MAX_KM * 1000}::float8) @> s.earth_point
        and cube_distance(s.earth_point, ${earth}::cube) <= 2 * earth() * sin(${radiusM} / (2 * earth()))
      order by s.earth_point <-> ${earth}::cube, s.provider_id
      limit ${JOB_ALERTS_MAX}`;
  } else if (job.city?.trim()) {
    query = sql`select s.provider_id, null::float8 as km
      from provider_search s
      where ${common} and lower(s.city) = lower(${job.city.trim()})
      order by s.rating desc, s.provider_id
      limit ${JOB_ALERTS_MAX}`;
  } else {
    return [];
  }
  return rowsOf(await tx.execute(query)).map((r) => ({
    providerId: String(r.provider_id),
    distanceKm: r.km === null || r.km === undefined ? null : roundKm(Number(r.km)),
  }));
}

/**
 * Stores the alerts of a job just posted, in the posting transaction; answers how many and the
 * notice ids to deliver (push, mail) after commit.
 */
export async function alertMatchingProviders(
  tx: Tx,
  job: PostedJob,
): Promise<{ count: number; noticeIds: string[] }> {
  const matches = await matchingProviders(tx, job);
  const ref = { id: job.id, title: job.title };
  const noticeIds = await insertNotices(
    tx,
    matches.map((m) => {
      const where =
        m.distanceKm === null ? `in ${job.city?.trim()}` : `${formatDistance(m.distanceKm)} from you`;
      return jobNotices.newJobNearby(m.providerId, ref, job.categoryName, where);
    }),
  );
  return { count: matches.length, noticeIds };
}
