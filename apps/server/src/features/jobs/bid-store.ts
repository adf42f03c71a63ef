import {
  BID_MESSAGES,
  BID_STATUSES,
  type Bid,
  type BidAllowance,
  type BidStatus,
  type BidValues,
  bidAllowance,
  type Job,
  type JobSummary,
  monthStart,
} from '@adwuma/shared';
import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { jobBids, jobs, profiles } from '../../db/schema.ts';
import { providerTier } from '../../kernel/provider-tier.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';
import { createBooking } from '../bookings/index.ts';
import { insertNotices, sendNoticeMails } from '../notifications/index.ts';
import { jobNotices } from './job-notices.ts';
import {
  type BidRow,
  declineActiveBids,
  type JobRow,
  jobNotFound,
  loadBid,
  loadJob,
  lockJob,
  lockOwnJob,
  lockProfile,
  notOpenError,
  photosOf,
  selectBids,
  selectJobs,
  toBid,
  toJobSummary,
} from './job-view.ts';

/**
 * Bids: placing one (within the month's allowance of the provider's tier), editing or withdrawing it
 * while the job is open, and the customer hiring one. Lock order everywhere: the provider's profile
 * row (placing only), then the job row, then bid rows — so concurrent writes queue, never deadlock.
 */

const bidNotFound = () => notFound(BID_MESSAGES.notYours);

/**
 * What the provider may still bid this calendar month (UTC): every bid created this month counts,
 * withdrawn ones too. Inside a transaction that locked the provider's profile, the count is exact.
 */
export async function bidAllowanceFor(
  db: Db | Tx,
  providerId: string,
  now = new Date(),
): Promise<BidAllowance> {
  // One after the other: inside a transaction both run on its one connection.
  const tier = await providerTier(db, providerId);
  const [used] = await db
    .select({ n: count() })
    .from(jobBids)
    .where(and(eq(jobBids.provider_id, providerId), gte(jobBids.created_at, monthStart(now))));
  return bidAllowance(tier, Number(used?.n ?? 0), now);
}

/** The Starter limit reached: 403 BID_LIMIT with the way out (`/subscription`) and the allowance. */
export function bidLimitError(allowance: BidAllowance): AppError {
  return new AppError(403, 'BID_LIMIT', BID_MESSAGES.limitReached(allowance.limit ?? 0), {
    upgrade: '/subscription',
    allowance,
  });
}

async function nameOf(tx: Tx, profileId: string, fallback: string): Promise<string> {
  const [row] = await tx
    .select({ name: profiles.full_name })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return row?.name?.trim() || fallback;
}

const changeCount = (jobId: string, by: 1 | -1) =>
  sql`update jobs set bids_count = greatest(0, bids_count + ${by}), updated_at = now() where id = ${jobId}`;

/**
 * A provider bids on an open job of someone else: one bid per job (a withdrawn one comes back with
 * the new values and does not count again). The month's limit is counted and the bid stored in one
 * transaction that first locks the provider's profile row, so concurrent bids queue and can never
 * exceed it. The customer is told in-app and by mail.
 */
export async function placeBid(
  deps: Deps,
  providerId: string,
  jobId: string,
  input: BidValues,
  log: FastifyBaseLogger,
): Promise<{ bid: Bid; allowance: BidAllowance }> {
  const { db } = deps.database;
  let result: { bidId: string; mailIds: string[] };
  try {
    result = await db.transaction(async (tx) => {
      await lockProfile(tx, providerId);
      const job = await lockJob(tx, jobId);
      if (!job) throw jobNotFound();
      if (job.customer_id === providerId) throw new AppError(403, 'FORBIDDEN', BID_MESSAGES.ownJob);
      const closed = notOpenError(job);
      if (closed) throw closed;
      const [existing] = await tx
        .select()
        .from(jobBids)
        .where(and(eq(jobBids.job_id, jobId), eq(jobBids.provider_id, providerId)))
        .for('update');
      if (existing && existing.status !== 'withdrawn') throw conflict(BID_MESSAGES.alreadyBid);
      const now = new Date();
      const values = {
        price_minor: input.price,
        message: input.message,
        earliest_start: input.earliest_start ?? null,
        duration_minutes: input.duration_minutes ?? null,
        status: 'active',
        updated_at: now,
      } satisfies Partial<typeof jobBids.$inferInsert>;
      let bidId: string;
      if (existing) {
        await tx
          .update(jobBids)
          .set({ ...values, withdrawn_at: null })
          .where(eq(jobBids.id, existing.id));
        bidId = existing.id;
      } else {
        const allowance = await bidAllowanceFor(tx, providerId, now);
        if (!allowance.allowed) throw bidLimitError(allowance);
        const [row] = await tx
          .insert(jobBids)
          .values({ ...values, job_id: jobId, provider_id: providerId, created_at: now })
          .returning({ id: jobBids.id });
        bidId = row!.id;
      }
      await tx.execute(changeCount(jobId, 1));
      const providerName = await nameOf(tx, providerId, 'A provider');
      const mailIds = await insertNotices(tx, [
        jobNotices.newBid(job.customer_id, job, providerName, input.price),
      ]);
      return { bidId, mailIds };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(BID_MESSAGES.alreadyBid);
    throw error;
  }
  await sendNoticeMails(deps, result.mailIds, log);
  const [bid, allowance] = await Promise.all([loadBid(db, result.bidId), bidAllowanceFor(db, providerId)]);
  return { bid, allowance };
}

/**
 * The provider's own bid with its job locked: 404 for anyone else's bid; 409 when the job is no
 * longer open or the bid no longer active.
 */
async function lockOwnActiveBid(
  tx: Tx,
  providerId: string,
  bidId: string,
): Promise<{ bid: BidRow; job: JobRow }> {
  const [found] = await tx
    .select({ job_id: jobBids.job_id, provider_id: jobBids.provider_id })
    .from(jobBids)
    .where(eq(jobBids.id, bidId));
  if (!found || found.provider_id !== providerId) throw bidNotFound();
  const job = await lockJob(tx, found.job_id);
  if (!job) throw bidNotFound();
  const [bid] = await tx.select().from(jobBids).where(eq(jobBids.id, bidId)).for('update');
  if (!bid) throw bidNotFound();
  const closed = notOpenError(job);
  if (closed) throw closed;
  if (bid.status !== 'active') throw conflict(BID_MESSAGES.notActive);
  return { bid, job };
}

/** Edits the provider's active bid on an open job; the customer gets an in-app notice. */
export async function updateBid(
  deps: Deps,
  providerId: string,
  bidId: string,
  patch: Partial<BidValues>,
): Promise<{ bid: Bid; allowance: BidAllowance }> {
  const { db } = deps.database;
  const noticeIds = await db.transaction(async (tx) => {
    const { bid, job } = await lockOwnActiveBid(tx, providerId, bidId);
    if (Object.keys(patch).length === 0) return [];
    const [row] = await tx
      .update(jobBids)
      .set({
        ...(patch.price !== undefined ? { price_minor: patch.price } : {}),
        ...(patch.message !== undefined ? { message: patch.message } : {}),
        ...('earliest_start' in patch ? { earliest_start: patch.earliest_start ?? null } : {}),
        ...('duration_minutes' in patch ? { duration_minutes: patch.duration_minutes ?? null } : {}),
        updated_at: new Date(),
      })
      .where(eq(jobBids.id, bid.id))
      .returning({ price: jobBids.price_minor });
    const providerName = await nameOf(tx, providerId, 'A provider');
    return insertNotices(tx, [jobNotices.bidChanged(job.customer_id, job, providerName, row!.price)]);
  });
  await sendNoticeMails(deps, noticeIds, deps.log);
  const [bid, allowance] = await Promise.all([loadBid(db, bidId), bidAllowanceFor(db, providerId)]);
  return { bid, allowance };
}

/** Withdraws the provider's active bid on an open job (it still counts towards this month). */
export async function withdrawBid(
  deps: Deps,
  providerId: string,
  bidId: string,
): Promise<{ bid: Bid; allowance: BidAllowance }> {
  const { db } = deps.database;
  const noticeIds = await db.transaction(async (tx) => {
    const { bid, job } = await lockOwnActiveBid(tx, providerId, bidId);
    const now = new Date();
    await tx
      .update(jobBids)
      .set({ status: 'withdrawn', withdrawn_at: now, updated_at: now })
      .where(eq(jobBids.id, bid.id));
    await tx.execute(changeCount(job.id, -1));
    const providerName = await nameOf(tx, providerId, 'A provider');
    return insertNotices(tx, [jobNotices.bidWithdrawn(job.customer_id, job, providerName)]);
  });
  await sendNoticeMails(deps, noticeIds, deps.log);
  const [bid, allowance] = await Promise.all([loadBid(db, bidId), bidAllowanceFor(db, providerId)]);
  return { bid, allowance };
}

/** The booking's dates: the job's date or window; for a flexible job, the bid's earliest start. */
function bookingDates(job: JobRow, bid: BidRow): { start: string | null; end: string | null } {
  if (job.when_type === 'date') return { start: job.date_start, end: null };
  if (job.when_type === 'window') {
    const start =
      bid.earliest_start &&
      job.date_start &&
      job.date_end &&
      bid.earliest_start > job.date_start &&
      bid.earliest_start <= job.date_end
        ? bid.earliest_start
        : job.date_start;
    return { start, end: job.date_end };
  }
  return { start: bid.earliest_start, end: null };
}

/**
 * The customer hires one bid of their open job. One transaction holding the job row: the job
 * becomes hired, the bid accepted, every other active bid declined, and the booking is made with the
 * bid's price and the job's date and place. A second accept (of any bid, even at the same moment)
 * waits for the lock and then finds the job hired: 409. Notices to all; mails after commit.
 */
export async function acceptBid(
  deps: Deps,
  customerId: string,
  jobId: string,
  bidId: string,
  log: FastifyBaseLogger,
): Promise<{ job: Job; bid: Bid; booking_id: string }> {
  const { db } = deps.database;
  let result: { bookingId: string; mailIds: string[] };
  try {
    result = await db.transaction(async (tx) => {
      const job = await lockOwnJob(tx, customerId, jobId);
      if (job.status === 'hired' || job.status === 'closed') throw conflict(BID_MESSAGES.acceptTwice);
      const closed = notOpenError(job);
      if (closed) throw closed;
      const [bid] = await tx
        .select()
        .from(jobBids)
        .where(and(eq(jobBids.id, bidId), eq(jobBids.job_id, jobId)))
        .for('update');
      if (!bid) throw bidNotFound();
      if (bid.status !== 'active') throw conflict(BID_MESSAGES.acceptNotActive);

      const now = new Date();
      await tx
        .update(jobs)
        .set({ status: 'hired', hired_bid_id: bid.id, bids_count: 0, updated_at: now })
        .where(eq(jobs.id, jobId));
      await tx.update(jobBids).set({ status: 'accepted', updated_at: now }).where(eq(jobBids.id, bid.id));
      const others = await declineActiveBids(tx, jobId);
      const dates = bookingDates(job, bid);
      const bookingId = await createBooking(tx, {
        customerId,
        providerId: bid.provider_id,
        source: 'bid',
        jobId,
        bidId: bid.id,
        title: job.title,
        price: bid.price_minor,
        scheduledDate: dates.start,
        scheduledEndDate: dates.end,
        city: job.city,
        address: job.address,
        latitude: job.latitude,
        longitude: job.longitude,
      });
      const customerName = await nameOf(tx, customerId, 'The customer');
      const providerName = await nameOf(tx, bid.provider_id, 'the provider');
      const mailIds = await insertNotices(tx, [
        jobNotices.hired(bid.provider_id, job, customerName, bid.price_minor),
        jobNotices.hireConfirmed(customerId, job, providerName, bid.price_minor),
        ...others.map((providerId) => jobNotices.notSelected(providerId, job)),
      ]);
      return { bookingId, mailIds };
    });
  } catch (error) {
    // The booking's unique job_id: the last line of defence behind the job lock.
    if (isUniqueViolation(error)) throw conflict(BID_MESSAGES.acceptTwice);
    throw error;
  }
  await sendNoticeMails(deps, result.mailIds, log);
  const [job, bid] = await Promise.all([loadJob(db, jobId, true), loadBid(db, bidId)]);
  if (!job) throw jobNotFound();
  return { job, bid, booking_id: result.bookingId };
}

const MY_BIDS_MAX = 100;

/** The provider's bids (newest activity first, at most 100) with their jobs, counts by status and allowance. */
export async function listMyBids(db: Db, providerId: string) {
  const mine = eq(jobBids.provider_id, providerId);
  const [bidRows, countRows, allowance] = await Promise.all([
    selectBids(db).where(mine).orderBy(desc(jobBids.updated_at), desc(jobBids.id)).limit(MY_BIDS_MAX),
    db.select({ status: jobBids.status, n: count() }).from(jobBids).where(mine).groupBy(jobBids.status),
    bidAllowanceFor(db, providerId),
  ]);
  const jobIds = [...new Set(bidRows.map((r) => r.bid.job_id))];
  const [jobRows, photos] = await Promise.all([
    jobIds.length ? selectJobs(db).where(inArray(jobs.id, jobIds)) : Promise.resolve([]),
    photosOf(db, jobIds),
  ]);
  const byId = new Map(jobRows.map((r) => [r.job.id, r]));
  const now = new Date();
  const items: { bid: Bid; job: JobSummary }[] = [];
  for (const row of bidRows) {
    const jobRow = byId.get(row.bid.job_id);
    if (!jobRow) continue;
    const bid = toBid(row);
    // Only the hired provider sees the job's exact place and the customer's full name.
    items.push({
      bid,
      job: toJobSummary(jobRow, photos.get(jobRow.job.id) ?? [], bid.status === 'accepted', now),
    });
  }
  const counts = Object.fromEntries(BID_STATUSES.map((s) => [s, 0])) as Record<BidStatus, number>;
  for (const row of countRows) counts[row.status] = Number(row.n);
  return { items, counts, allowance };
}
