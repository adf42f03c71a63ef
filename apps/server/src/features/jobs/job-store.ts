import {
  BID_MESSAGES,
  type Bid,
  canChangeJobStatus,
  isJobOpen,
  JOB_LIMITS,
  JOB_MESSAGES,
  JOB_STATUSES,
  type Job,
  type JobDetailResponse,
  type JobStatus,
  type JobUpdate,
  type JobValues,
  jobExpiresAt,
  jobIssues,
  normaliseJobWhen,
} from '@adwuma/shared';
import { and, count, desc, eq, gt, isNotNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { jobBids, jobs, providerLocations, serviceCategories } from '../../db/schema.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';
import { insertNotices, sendNoticeMails } from '../notifications/index.ts';
import { bidAllowanceFor } from './bid-store.ts';
import { roundKm } from './board.ts';
import { alertMatchingProviders } from './job-alerts.ts';
import { jobNotices } from './job-notices.ts';
import {
  declineActiveBids,
  fieldError,
  type JobRow,
  jobNotFound,
  loadJob,
  lockOwnJob,
  lockProfile,
  notOpenError,
  photosOf,
  selectBids,
  selectJobs,
  toBid,
  toJob,
} from './job-view.ts';

/**
 * A customer's jobs: posting, editing while open, cancelling, closing after the hire, and reading
 * them. Every change locks the job row first, so it cannot cross a bid or a hire in flight.
 */

/** The category's name; a 400 on the category field when there is no such category. */
async function assertCategory(db: Db | Tx, slug: string): Promise<string> {
  const [row] = await db
    .select({ name: serviceCategories.name })
    .from(serviceCategories)
    .where(eq(serviceCategories.slug, slug));
  if (!row) throw fieldError('category', 'Choose a category from the list');
  return row.name;
}

/** The owner's view of one of their jobs. */
async function ownerView(db: Db, jobId: string): Promise<Job> {
  const job = await loadJob(db, jobId, true);
  if (!job) throw jobNotFound();
  return job;
}

/**
 * Posts a job (any signed-in user); at most JOB_LIMITS.openPerCustomerMax open at once. The
 * providers it matches get an in-app alert in the same transaction (job-alerts.ts).
 */
export async function createJob(
  deps: Deps,
  log: FastifyBaseLogger,
  customerId: string,
  input: JobValues,
): Promise<Job> {
  const { db } = deps.database;
  const { id, noticeIds } = await db.transaction(async (tx) => {
    await lockProfile(tx, customerId);
    const categoryName = await assertCategory(tx, input.category);
    const now = new Date();
    const [open] = await tx
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.customer_id, customerId), eq(jobs.status, 'open'), gt(jobs.expires_at, now)));
    if (Number(open?.n ?? 0) >= JOB_LIMITS.openPerCustomerMax) throw conflict(JOB_MESSAGES.tooManyOpen);
    const [row] = await tx
      .insert(jobs)
      .values({
        customer_id: customerId,
        title: input.title,
        category_slug: input.category,
        description: input.description,
        city: input.city ?? null,
        address: input.address ?? null,
        latitude: input.latitude ?? null,
        longitude: input.longitude ?? null,
        when_type: input.when_type,
        date_start: input.date_start ?? null,
        date_end: input.date_end ?? null,
        budget_min_minor: input.budget_min ?? null,
        budget_max_minor: input.budget_max ?? null,
        status: 'open',
        expires_at: jobExpiresAt(now),
        created_at: now,
        updated_at: now,
      })
      .returning({ id: jobs.id });
    const alerts = await alertMatchingProviders(tx, {
      id: row!.id,
      title: input.title,
      customerId,
      category: input.category,
      categoryName,
      city: input.city ?? null,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
    });
    return { id: row!.id, noticeIds: alerts.noticeIds };
  });
  // The alerts' push (and any mail) go out once the job exists.
  await sendNoticeMails(deps, noticeIds, log);
  return ownerView(db, id);
}

/** The job's editable values as the input schema names them. */
function valuesOf(row: JobRow) {
  return {
    title: row.title,
    category: row.category_slug,
    description: row.description,
    city: row.city ?? undefined,
    address: row.address ?? undefined,
    latitude: row.latitude,
    longitude: row.longitude,
    when_type: row.when_type,
    date_start: row.date_start,
    date_end: row.date_end,
    budget_min: row.budget_min_minor,
    budget_max: row.budget_max_minor,
  };
}

/**
 * Edits an open job of the caller. A field sent as null or blank is cleared; the merged job is held
 * to the same rules as a new one (jobIssues). Active bidders get an in-app notice.
 */
export async function updateJob(
  deps: Deps,
  customerId: string,
  jobId: string,
  patch: JobUpdate,
  log: FastifyBaseLogger,
): Promise<Job> {
  const { db } = deps.database;
  const mailIds = await db.transaction(async (tx) => {
    const row = await lockOwnJob(tx, customerId, jobId);
    if (!isJobOpen(row)) throw conflict(JOB_MESSAGES.editLocked);
    if (Object.keys(patch).length === 0) return [];
    const merged: Record<string, unknown> = { ...valuesOf(row) };
    // Keys present in the body count, even when their value was cleared (blank text → undefined).
    for (const key of Object.keys(patch)) merged[key] = (patch as Record<string, unknown>)[key];
    const values = merged as ReturnType<typeof valuesOf>;
    const issues = jobIssues(values);
    if (issues.length) {
      const fields = issues.map((i) => ({ field: i.path, message: i.message }));
      throw new AppError(400, 'VALIDATION_ERROR', `${fields[0]!.field}: ${fields[0]!.message}`, { fields });
    }
    const v = normaliseJobWhen(values);
    if (v.category !== row.category_slug) await assertCategory(tx, v.category);
    await tx
      .update(jobs)
      .set({
        title: v.title,
        category_slug: v.category,
        description: v.description,
        city: v.city ?? null,
        address: v.address ?? null,
        latitude: v.latitude ?? null,
        longitude: v.longitude ?? null,
        when_type: v.when_type,
        date_start: v.date_start ?? null,
        date_end: v.date_end ?? null,
        budget_min_minor: v.budget_min ?? null,
        budget_max_minor: v.budget_max ?? null,
        updated_at: new Date(),
      })
      .where(eq(jobs.id, jobId));
    const bidders = await tx
      .select({ provider_id: jobBids.provider_id })
      .from(jobBids)
      .where(and(eq(jobBids.job_id, jobId), eq(jobBids.status, 'active')));
    const ref = { id: jobId, title: v.title };
    return insertNotices(
      tx,
      bidders.map((b) => jobNotices.jobChanged(b.provider_id, ref)),
    );
  });
  await sendNoticeMails(deps, mailIds, log);
  return ownerView(db, jobId);
}

/** The customer cancels an open job; active bids are declined and their bidders told politely. */
export async function cancelJob(
  deps: Deps,
  customerId: string,
  jobId: string,
  log: FastifyBaseLogger,
): Promise<Job> {
  const { db } = deps.database;
  const mailIds = await db.transaction(async (tx) => {
    const row = await lockOwnJob(tx, customerId, jobId);
    if (!canChangeJobStatus(row.status, 'cancelled')) {
      throw conflict(JOB_MESSAGES.transition(row.status, 'cancelled'));
    }
    const closed = notOpenError(row);
    if (closed) throw closed;
    const now = new Date();
    await tx
      .update(jobs)
      .set({ status: 'cancelled', bids_count: 0, closed_at: now, updated_at: now })
      .where(eq(jobs.id, jobId));
    const bidders = await declineActiveBids(tx, jobId);
    const ref = { id: jobId, title: row.title };
    return insertNotices(
      tx,
      bidders.map((providerId) => jobNotices.jobCancelled(providerId, ref)),
    );
  });
  await sendNoticeMails(deps, mailIds, log);
  return ownerView(db, jobId);
}

/** The customer closes a hired job once the work is settled (hired → closed). */
export async function closeJob(db: Db, customerId: string, jobId: string): Promise<Job> {
  await db.transaction(async (tx) => {
    const row = await lockOwnJob(tx, customerId, jobId);
    if (!canChangeJobStatus(row.status, 'closed')) {
      const from = row.status === 'open' && !isJobOpen(row) ? 'expired' : row.status;
      throw conflict(JOB_MESSAGES.transition(from, 'closed'));
    }
    const now = new Date();
    await tx
      .update(jobs)
      .set({ status: 'closed', closed_at: now, updated_at: now })
      .where(eq(jobs.id, jobId));
  });
  return ownerView(db, jobId);
}

/** The status as shown: an open job past its expiry is expired. */
function statusIs(status: JobStatus, now: Date): SQL {
  if (status === 'open') return and(eq(jobs.status, 'open'), gt(jobs.expires_at, now))!;
  if (status === 'expired') {
    return sql`(${jobs.status} = 'expired' or (${jobs.status} = 'open' and ${lte(jobs.expires_at, now)}))`;
  }
  return eq(jobs.status, status);
}

const MY_JOBS_MAX = 100;

/** The customer's jobs, newest first (at most 100), optionally of one status, with counts by status. */
export async function listMyJobs(db: Db, customerId: string, status: JobStatus | undefined) {
  const now = new Date();
  const mine = eq(jobs.customer_id, customerId);
  const shownStatus = sql<JobStatus>`case when ${jobs.status} = 'open' and ${jobs.expires_at} <= ${now.toISOString()}::timestamptz then 'expired' else ${jobs.status} end`;
  const [rows, countRows] = await Promise.all([
    selectJobs(db)
      .where(status ? and(mine, statusIs(status, now)) : mine)
      .orderBy(desc(jobs.created_at), desc(jobs.id))
      .limit(MY_JOBS_MAX),
    db
      .select({ status: shownStatus, n: count() })
      .from(jobs)
      .where(mine)
      // By position: the expression's parameter would not match a repeated one in GROUP BY.
      .groupBy(sql`1`),
  ]);
  const photos = await photosOf(
    db,
    rows.map((r) => r.job.id),
  );
  const counts = Object.fromEntries(JOB_STATUSES.map((s) => [s, 0])) as Record<JobStatus, number>;
  for (const row of countRows) counts[row.status] = Number(row.n);
  return {
    items: rows.map((r) => toJob(r, photos.get(r.job.id) ?? [], true, now)),
    counts,
  };
}

/**
 * GET /api/jobs/:id for its owner: the job with every bid that was not withdrawn (hired first,
 * then active ones by price).
 */
export async function ownerDetail(db: Db, row: JobRow): Promise<JobDetailResponse> {
  const [job, bidRows] = await Promise.all([
    ownerView(db, row.id),
    selectBids(db)
      .where(and(eq(jobBids.job_id, row.id), ne(jobBids.status, 'withdrawn')))
      .orderBy(
        sql`case ${jobBids.status} when 'accepted' then 0 when 'active' then 1 else 2 end`,
        jobBids.price_minor,
        jobBids.created_at,
      ),
  ]);
  return {
    job,
    viewer: 'owner',
    bids: bidRows.map(toBid),
    my_bid: null,
    can_bid: false,
    cannot_bid_reason: null,
    distance_km: null,
  };
}

/**
 * GET /api/jobs/:id for an onboarded provider: an open job, or one they bid on (any status); their
 * own bid; whether they may bid now, and why not. Undefined when the job is not theirs to see.
 */
export async function providerDetail(
  db: Db,
  providerId: string,
  row: JobRow,
): Promise<JobDetailResponse | undefined> {
  const [[mine], distanceKm] = await Promise.all([
    selectBids(db).where(and(eq(jobBids.job_id, row.id), eq(jobBids.provider_id, providerId))),
    distanceToJob(db, providerId, row.id),
  ]);
  const open = isJobOpen(row);
  if (!open && !mine) return undefined;
  const myBid: Bid | null = mine ? toBid(mine) : null;
  const hired = myBid?.status === 'accepted';
  const job = await loadJob(db, row.id, hired);
  if (!job) return undefined;

  let reason: string | null = null;
  if (!open) reason = notOpenError(row)?.message ?? JOB_MESSAGES.notOpen;
  else if (myBid && myBid.status !== 'withdrawn') reason = BID_MESSAGES.alreadyBid;
  else if (!myBid) {
    // A withdrawn bid comes back without counting again; a new one needs this month's allowance.
    const allowance = await bidAllowanceFor(db, providerId);
    if (!allowance.allowed) reason = BID_MESSAGES.limitReached(allowance.limit ?? 0);
  }
  return {
    job,
    viewer: 'provider',
    bids: null,
    my_bid: myBid,
    can_bid: reason === null,
    cannot_bid_reason: reason,
    distance_km: distanceKm,
  };
}

/**
 * Kilometres from the provider's base to the job's exact point, rounded as on the board; null when
 * the job has no point or the provider no location.
 */
async function distanceToJob(db: Db, providerId: string, jobId: string): Promise<number | null> {
  const [found] = await db
    .select({
      km: sql<number>`earth_distance(ll_to_earth(${jobs.latitude}, ${jobs.longitude}), ll_to_earth(${providerLocations.latitude}, ${providerLocations.longitude})) / 1000`.mapWith(
        Number,
      ),
    })
    .from(jobs)
    .innerJoin(providerLocations, eq(providerLocations.provider_id, providerId))
    .where(and(eq(jobs.id, jobId), isNotNull(jobs.latitude), isNotNull(jobs.longitude)));
  return roundKm(found?.km ?? null);
}

/** The job row, unlocked, or undefined. */
export async function findJobRow(db: Db, jobId: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  return row;
}
