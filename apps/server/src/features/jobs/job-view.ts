import {
  type Bid,
  isJobOpen,
  JOB_MESSAGES,
  type Job,
  type JobStatus,
  type JobSummary,
  shortName,
} from '@adwuma/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  bookings,
  jobBids,
  jobPhotos,
  jobs,
  profiles,
  providerLocations,
  providerSearch,
  serviceCategories,
} from '../../db/schema.ts';
import { publicFileUrl } from '../../kernel/files/public-images.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';

/**
 * How jobs and bids read in answers. Two views of a job: the exact one (its owner, and the provider
 * hired for it) and the public one every other provider sees before being hired: no street address,
 * the map point rounded to about a kilometre, the customer's first name and initial.
 */

export type JobRow = typeof jobs.$inferSelect;
export type BidRow = typeof jobBids.$inferSelect;
type Executor = Db | Tx;

export const jobNotFound = () => notFound(JOB_MESSAGES.notFound);

export { fieldError };

/** The columns a job answer needs; select them with `fromJobs`. */
export const jobColumns = {
  job: jobs,
  category_name: serviceCategories.name,
  customer_name: profiles.full_name,
  customer_avatar: profiles.avatar_url,
  booking_id: bookings.id,
};

export interface JobSelection {
  job: JobRow;
  category_name: string;
  customer_name: string | null;
  customer_avatar: string | null;
  booking_id: string | null;
}

/** Jobs with their category, customer and booking. */
export function selectJobs(db: Executor) {
  return db
    .select(jobColumns)
    .from(jobs)
    .innerJoin(serviceCategories, eq(serviceCategories.slug, jobs.category_slug))
    .innerJoin(profiles, eq(profiles.id, jobs.customer_id))
    .leftJoin(bookings, eq(bookings.job_id, jobs.id));
}

/** The job row locked for this transaction (status changes and bid counts are decided under it). */
export async function lockJob(tx: Tx, jobId: string): Promise<JobRow | undefined> {
  const [row] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
  return row;
}

/** The caller's own job, locked; 404 for a job of someone else (it does not exist for them). */
export async function lockOwnJob(tx: Tx, customerId: string, jobId: string): Promise<JobRow> {
  const row = await lockJob(tx, jobId);
  if (!row || row.customer_id !== customerId) throw jobNotFound();
  return row;
}

/** Declines the job's active bids (hired, cancelled or expired); answers their bidders. */
export async function declineActiveBids(tx: Tx, jobId: string): Promise<string[]> {
  const rows = await tx
    .update(jobBids)
    .set({ status: 'declined', updated_at: new Date() })
    .where(and(eq(jobBids.job_id, jobId), eq(jobBids.status, 'active')))
    .returning({ provider_id: jobBids.provider_id });
  return rows.map((r) => r.provider_id);
}

/** Serialises one person's writes that count their own rows (open jobs, bids this month). */
export async function lockProfile(tx: Tx, profileId: string): Promise<void> {
  await tx.execute(sql`select id from profiles where id = ${profileId} for update`);
}

/** An open job past its expiry is expired, whether or not the scheduled sweep got to it yet. */
export function effectiveStatus(job: Pick<JobRow, 'status' | 'expires_at'>, now = new Date()): JobStatus {
  if (job.status === 'open' && !isJobOpen(job, now)) return 'expired';
  return job.status;
}

/** Why a job refuses bids, edits and hiring now (409), or nothing when it is open. */
export function notOpenError(job: Pick<JobRow, 'status' | 'expires_at'>, now = new Date()): AppError | null {
  if (isJobOpen(job, now)) return null;
  const status = effectiveStatus(job, now);
  return new AppError(409, 'CONFLICT', status === 'expired' ? JOB_MESSAGES.expired : JOB_MESSAGES.notOpen);
}

export type JobPhoto = Job['photos'][number];

/** The photos of these jobs, in order. */
export async function photosOf(db: Executor, jobIds: string[]): Promise<Map<string, JobPhoto[]>> {
  const byJob = new Map<string, JobPhoto[]>();
  if (jobIds.length === 0) return byJob;
  const rows = await db
    .select()
    .from(jobPhotos)
    .where(inArray(jobPhotos.job_id, jobIds))
    .orderBy(asc(jobPhotos.job_id), asc(jobPhotos.position));
  for (const row of rows) {
    const list = byJob.get(row.job_id) ?? [];
    list.push({
      id: row.id,
      url: publicFileUrl(row.storage_key),
      thumb_url: publicFileUrl(row.public_key ?? row.storage_key),
      width: row.width,
      height: row.height,
    });
    byJob.set(row.job_id, list);
  }
  return byJob;
}

const round = (n: number | null, decimals: number) =>
  n === null ? null : Math.round(n * 10 ** decimals) / 10 ** decimals;

export function toJob(row: JobSelection, photos: JobPhoto[], exact: boolean, now = new Date()): Job {
  const j = row.job;
  return {
    id: j.id,
    status: effectiveStatus(j, now),
    title: j.title,
    category: j.category_slug,
    category_name: row.category_name,
    description: j.description,
    city: j.city,
    address: exact ? j.address : null,
    latitude: exact ? j.latitude : round(j.latitude, 2),
    longitude: exact ? j.longitude : round(j.longitude, 2),
    when_type: j.when_type,
    date_start: j.date_start,
    date_end: j.date_end,
    budget_min: j.budget_min_minor,
    budget_max: j.budget_max_minor,
    currency: 'GHS',
    photos,
    bids_count: j.bids_count,
    created_at: j.created_at.toISOString(),
    expires_at: j.expires_at.toISOString(),
    customer: {
      id: j.customer_id,
      name: exact ? row.customer_name?.trim() || 'Customer' : shortName(row.customer_name),
      avatar_url: row.customer_avatar,
    },
    booking_id: exact ? row.booking_id : null,
  };
}

const EXCERPT_CHARS = 200;

export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= EXCERPT_CHARS ? flat : `${flat.slice(0, EXCERPT_CHARS - 1).trimEnd()}…`;
}

export function toJobSummary(
  row: JobSelection,
  photos: JobPhoto[],
  exact: boolean,
  now = new Date(),
): JobSummary {
  const { description, ...rest } = toJob(row, photos, exact, now);
  return { ...rest, excerpt: excerpt(description) };
}

/** Loads one job as `toJob` shapes it, or undefined. */
export async function loadJob(db: Executor, jobId: string, exact: boolean): Promise<Job | undefined> {
  const [row] = await selectJobs(db).where(eq(jobs.id, jobId));
  if (!row) return undefined;
  const photos = await photosOf(db, [jobId]);
  return toJob(row, photos.get(jobId) ?? [], exact);
}

/** Metres between the job's point and the bidder's base (null when either has none). */
const bidDistance = sql<
  number | null
>`case when ${jobs.latitude} is null or ${providerLocations.provider_id} is null then null
  else earth_distance(ll_to_earth(${jobs.latitude}, ${jobs.longitude}), ll_to_earth(${providerLocations.latitude}, ${providerLocations.longitude})) end`.mapWith(
  Number,
);

/** Bids with the bidder as a customer compares them; filter with `.where`. */
export function selectBids(db: Executor) {
  return db
    .select({
      bid: jobBids,
      name: profiles.full_name,
      avatar_url: profiles.avatar_url,
      listed: providerSearch.listed,
      slug: providerSearch.slug,
      verified: sql<boolean>`coalesce(${providerSearch.verified}, ${profiles.verified} or ${profiles.id_verified})`,
      rating: profiles.rating,
      total_reviews: profiles.total_reviews,
      city: sql<string | null>`coalesce(${providerSearch.city}, ${providerLocations.city})`,
      distance_m: bidDistance,
    })
    .from(jobBids)
    .innerJoin(jobs, eq(jobs.id, jobBids.job_id))
    .innerJoin(profiles, eq(profiles.id, jobBids.provider_id))
    .leftJoin(providerSearch, eq(providerSearch.provider_id, jobBids.provider_id))
    .leftJoin(providerLocations, eq(providerLocations.provider_id, jobBids.provider_id));
}

export type BidSelection = Awaited<ReturnType<ReturnType<typeof selectBids>['execute']>>[number];

export function toBid(row: BidSelection): Bid {
  const b = row.bid;
  return {
    id: b.id,
    job_id: b.job_id,
    status: b.status,
    price: b.price_minor,
    message: b.message,
    earliest_start: b.earliest_start,
    duration_minutes: b.duration_minutes,
    created_at: b.created_at.toISOString(),
    updated_at: b.updated_at.toISOString(),
    provider: {
      id: b.provider_id,
      name: row.name?.trim() || 'Provider',
      avatar_url: row.avatar_url,
      slug: row.listed ? (row.slug ?? null) : null,
      verified: row.verified === true,
      rating: Number(row.rating),
      total_reviews: row.total_reviews,
      city: row.city,
    },
    distance_km: row.distance_m === null ? null : Math.round(row.distance_m / 100) / 10,
  };
}

/** One bid as `toBid` shapes it. */
export async function loadBid(db: Executor, bidId: string): Promise<Bid> {
  const [row] = await selectBids(db).where(eq(jobBids.id, bidId));
  if (!row) throw notFound('Bid not found');
  return toBid(row);
}
