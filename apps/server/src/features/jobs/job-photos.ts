import { isJobOpen, JOB_LIMITS, JOB_MESSAGES, type Job } from '@adwuma/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { jobPhotos, jobs } from '../../db/schema.ts';
import { removePublicImages, storePhotoThen } from '../../kernel/files/public-images.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';
import { jobNotFound, loadJob, lockOwnJob } from './job-view.ts';

/**
 * A job's photos (at most JOB_LIMITS.photosMax), stored as public images: the large variant's key
 * in storage_key, the thumbnail's in public_key; positions 0…n-1 in order. Only the owner of an
 * open job may change them.
 */

type PhotoDeps = Pick<Deps, 'database' | 'storage' | 'log'>;

export const JOB_PHOTO_MESSAGES = {
  tooMany: `A job can have at most ${JOB_LIMITS.photosMax} photos.`,
  notFound: 'Photo not found',
} as const;

const tooMany = () => conflict(JOB_PHOTO_MESSAGES.tooMany, { max: JOB_LIMITS.photosMax });

async function photoCount(db: Db | Tx, jobId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(jobPhotos).where(eq(jobPhotos.job_id, jobId));
  return Number(row?.n ?? 0);
}

/** Before reading an upload: the caller's own open job with room for a photo. Checked again when saved. */
export async function assertJobPhotoRoom(db: Db, customerId: string, jobId: string): Promise<void> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!row || row.customer_id !== customerId) throw jobNotFound();
  if (!isJobOpen(row)) throw conflict(JOB_MESSAGES.editLocked);
  if ((await photoCount(db, jobId)) >= JOB_LIMITS.photosMax) throw tooMany();
}

async function ownerJob(db: Db, jobId: string): Promise<Job> {
  const job = await loadJob(db, jobId, true);
  if (!job) throw jobNotFound();
  return job;
}

/** Stores the image's variants, then its row (last in order); the files go again if the row fails. */
export async function addJobPhoto(
  deps: PhotoDeps,
  customerId: string,
  jobId: string,
  bytes: Buffer,
): Promise<Job> {
  const { db } = deps.database;
  await storePhotoThen(deps, bytes, `jobs/${jobId}`, (columns) =>
    db.transaction(async (tx) => {
      const job = await lockOwnJob(tx, customerId, jobId);
      if (!isJobOpen(job)) throw conflict(JOB_MESSAGES.editLocked);
      const n = await photoCount(tx, jobId);
      if (n >= JOB_LIMITS.photosMax) throw tooMany();
      await tx.insert(jobPhotos).values({ job_id: jobId, position: n, ...columns });
    }),
  );
  return ownerJob(db, jobId);
}

/** Removes one photo of the caller's open job, closes the gap in the order, then removes its files. */
export async function removeJobPhoto(
  deps: PhotoDeps,
  customerId: string,
  jobId: string,
  photoId: string,
): Promise<Job> {
  const { db } = deps.database;
  const keys = await db.transaction(async (tx) => {
    const job = await lockOwnJob(tx, customerId, jobId);
    if (!isJobOpen(job)) throw conflict(JOB_MESSAGES.editLocked);
    const [removed] = await tx
      .delete(jobPhotos)
      .where(and(eq(jobPhotos.id, photoId), eq(jobPhotos.job_id, jobId)))
      .returning({ large: jobPhotos.storage_key, thumb: jobPhotos.public_key, position: jobPhotos.position });
    if (!removed) throw notFound(JOB_PHOTO_MESSAGES.notFound);
    // Positions after the gap move up one, in ascending order so the unique (job, position) holds.
    const later = await tx
      .select({ id: jobPhotos.id, position: jobPhotos.position })
      .from(jobPhotos)
      .where(and(eq(jobPhotos.job_id, jobId), sql`${jobPhotos.position} > ${removed.position}`))
      .orderBy(jobPhotos.position);
    for (const photo of later) {
      await tx
        .update(jobPhotos)
        .set({ position: photo.position - 1 })
        .where(eq(jobPhotos.id, photo.id));
    }
    return [removed.large, removed.thumb];
  });
  await removePublicImages(deps, keys);
  return ownerJob(db, jobId);
}
