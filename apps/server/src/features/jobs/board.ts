import type { jobBoardQuerySchema } from '@adwuma/shared';
import { JOB_BOARD_PAGE_SIZE, type JobBoardResponse, SEARCH_RADIUS_DEFAULT_KM } from '@adwuma/shared';
import { and, count, desc, eq, gt, gte, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  bookings,
  jobBids,
  jobs,
  profiles,
  providerLocations,
  providerSearch,
  providerSkills,
  serviceCategories,
} from '../../db/schema.ts';
import { bidAllowanceFor } from './bid-store.ts';
import { jobColumns, photosOf, toJobSummary } from './job-view.ts';

/**
 * The job board (GET /api/jobs) for an onboarded provider: open, unexpired jobs of other people.
 * Jobs that match — in one of the provider's categories and within their service radius (or, for a
 * job without a map point, in their city) — come first, then the rest, newest first within each.
 * Open jobs are read through the partial indexes on open jobs (jobs_open_idx, jobs_open_category_idx).
 */

export type JobBoardQuery = z.output<typeof jobBoardQuerySchema>;

/** Where the provider works from and what they do. */
export interface ProviderPlace {
  latitude: number | null;
  longitude: number | null;
  radiusKm: number;
  city: string | null;
  categories: string[];
}

export async function providerPlace(db: Db, providerId: string): Promise<ProviderPlace> {
  const [[location], [listing], skills] = await Promise.all([
    db
      .select({
        latitude: providerLocations.latitude,
        longitude: providerLocations.longitude,
        radius: providerLocations.search_radius,
        city: providerLocations.city,
      })
      .from(providerLocations)
      .where(eq(providerLocations.provider_id, providerId)),
    db
      .select({ categories: providerSearch.category_slugs })
      .from(providerSearch)
      .where(eq(providerSearch.provider_id, providerId)),
    db
      .select({ skill: providerSkills.skill })
      .from(providerSkills)
      .where(eq(providerSkills.provider_id, providerId)),
  ]);
  return {
    latitude: location?.latitude ?? null,
    longitude: location?.longitude ?? null,
    radiusKm: location?.radius ?? SEARCH_RADIUS_DEFAULT_KM,
    city: location?.city?.trim() || null,
    categories: [...new Set([...(listing?.categories ?? []), ...skills.map((s) => s.skill)])],
  };
}

/** Kilometres as the board and the job page show them: to 100 m. */
export const roundKm = (km: number | null): number | null => (km === null ? null : Math.round(km * 10) / 10);

/** Kilometres from the provider's base to the job's point; null when either has none. */
function distanceKm(place: ProviderPlace): SQL<number | null> {
  if (place.latitude === null || place.longitude === null) return sql<null>`null::float8`;
  return sql<
    number | null
  >`(case when ${jobs.latitude} is null then null else earth_distance(ll_to_earth(${jobs.latitude}, ${jobs.longitude}), ll_to_earth(${place.latitude}::float8, ${place.longitude}::float8)) / 1000 end)`;
}

/** The job has no map point but is in the provider's city. */
function sameCityWithoutPoint(place: ProviderPlace): SQL {
  if (!place.city) return sql`false`;
  return sql`(${jobs.latitude} is null and lower(${jobs.city}) = lower(${place.city}))`;
}

/** `word` as an ILIKE pattern matching it anywhere, its wildcards taken literally. */
const containsPattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const MAX_WORDS = 8;

/** Each word of the text must be in the title or the description. */
function textCondition(q: string | undefined): SQL[] {
  // Control characters (a NUL among them) cannot reach Postgres text; treat them as spaces.
  const words = (q ?? '')
    .replace(/\p{Cc}/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
  return words.map((word) => {
    const pattern = containsPattern(word);
    return or(ilike(jobs.title, pattern), ilike(jobs.description, pattern))!;
  });
}

export async function jobBoard(
  db: Db,
  providerId: string,
  query: JobBoardQuery,
  now = new Date(),
): Promise<JobBoardResponse> {
  const place = await providerPlace(db, providerId);
  const distance = distanceKm(place);
  const nearby = sql`coalesce(${distance} <= ${place.radiusKm}, ${sameCityWithoutPoint(place)})`;
  const inCategory = place.categories.length ? inArray(jobs.category_slug, place.categories) : sql`false`;
  const matches = sql<boolean>`coalesce(${inCategory} and ${nearby}, false)`;

  const conditions: SQL[] = [
    eq(jobs.status, 'open'),
    gt(jobs.expires_at, now),
    ne(jobs.customer_id, providerId),
    ...textCondition(query.q),
  ];
  if (query.category) conditions.push(eq(jobs.category_slug, query.category));
  if (query.distance !== undefined) {
    conditions.push(sql`coalesce(${distance} <= ${query.distance}, ${sameCityWithoutPoint(place)})`);
  }
  if (query.budget_min !== undefined) {
    conditions.push(sql`coalesce(${jobs.budget_max_minor}, ${jobs.budget_min_minor}) >= ${query.budget_min}`);
  }
  if (query.posted_since !== undefined) {
    conditions.push(gte(jobs.created_at, new Date(now.getTime() - query.posted_since * 86_400_000)));
  }
  const where = and(...conditions);
  const page = query.page;

  const [rows, [total], allowance] = await Promise.all([
    db
      .select({
        ...jobColumns,
        distance_km: distance.mapWith(Number),
        matches,
        my_bid_status: jobBids.status,
      })
      .from(jobs)
      .innerJoin(serviceCategories, eq(serviceCategories.slug, jobs.category_slug))
      .innerJoin(profiles, eq(profiles.id, jobs.customer_id))
      .leftJoin(bookings, eq(bookings.job_id, jobs.id))
      .leftJoin(jobBids, and(eq(jobBids.job_id, jobs.id), eq(jobBids.provider_id, providerId)))
      .where(where)
      .orderBy(desc(matches), desc(jobs.created_at), desc(jobs.id))
      .limit(JOB_BOARD_PAGE_SIZE)
      .offset((page - 1) * JOB_BOARD_PAGE_SIZE),
    db.select({ n: count() }).from(jobs).where(where),
    bidAllowanceFor(db, providerId, now),
  ]);
  const photos = await photosOf(
    db,
    rows.map((r) => r.job.id),
  );
  return {
    items: rows.map((r) => ({
      ...toJobSummary(r, photos.get(r.job.id) ?? [], false, now),
      distance_km: roundKm(r.distance_km),
      matches: r.matches === true,
      my_bid_status: r.my_bid_status ?? null,
    })),
    total: Number(total?.n ?? 0),
    page,
    page_size: JOB_BOARD_PAGE_SIZE,
    allowance,
  };
}
