import { and, eq, lte } from 'drizzle-orm';
import { jobs } from '../../db/schema.ts';
import type { Deps } from '../../types.ts';
import { insertNotices, sendNoticeMails } from '../notifications/index.ts';
import { jobNotices } from './job-notices.ts';
import { declineActiveBids, lockJob } from './job-view.ts';

export const JOBS_EXPIRE_QUEUE = 'jobs-expire';
/** Every 15 minutes (UTC). Every action already treats a job past its expiry as closed. */
export const JOBS_EXPIRE_CRON = '*/15 * * * *';

const BATCH = 100;

/**
 * Marks open jobs past `expires_at` as expired, one short transaction per job: its active bids are
 * declined (their bidders get an in-app notice) and the customer is told in-app and by mail.
 * Answers the ids of the jobs it expired.
 */
export async function expireJobs(deps: Deps, now: Date = new Date()): Promise<string[]> {
  const { db } = deps.database;
  const expired: string[] = [];
  for (;;) {
    const due = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'open'), lte(jobs.expires_at, now)))
      .orderBy(jobs.expires_at)
      .limit(BATCH);
    for (const { id } of due) {
      const mailIds = await db.transaction(async (tx) => {
        const job = await lockJob(tx, id);
        // Hired or cancelled meanwhile: nothing to do.
        if (job?.status !== 'open' || job.expires_at > now) return null;
        await tx
          .update(jobs)
          .set({ status: 'expired', bids_count: 0, closed_at: now, updated_at: now })
          .where(eq(jobs.id, id));
        const bidders = await declineActiveBids(tx, id);
        return insertNotices(tx, [
          jobNotices.jobExpired(job.customer_id, job),
          ...bidders.map((providerId) => jobNotices.bidExpired(providerId, job)),
        ]);
      });
      if (mailIds) {
        expired.push(id);
        await sendNoticeMails(deps, mailIds, deps.log);
      }
    }
    if (due.length < BATCH) return expired;
  }
}
