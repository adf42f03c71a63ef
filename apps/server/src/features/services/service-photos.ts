import { SERVICE_LIMITS, SERVICE_PHOTO_MESSAGES, type Service } from '@adwuma/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { servicePhotos } from '../../db/schema.ts';
import { removePublicImages, storePhotoThen } from '../../kernel/files/public-images.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';
import { loadOwnService, lockProvider, ownRow } from './service-store.ts';

/**
 * A service's photos (at most SERVICE_LIMITS.photosMax), in the storage's public area through
 * storePublicImage: the large variant's key in storage_key, the thumbnail's in public_key.
 * Positions stay 0…n-1 in the order shown. Every change is the owner's only: another provider's
 * service answers 404, as it does for the service itself.
 */

type PhotoDeps = Pick<Deps, 'database' | 'storage' | 'log'>;

const tooMany = () => conflict(SERVICE_PHOTO_MESSAGES.tooMany, { max: SERVICE_LIMITS.photosMax });

async function photoCount(db: Db | Tx, serviceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(servicePhotos)
    .where(eq(servicePhotos.service_id, serviceId));
  return Number(row?.n ?? 0);
}

/**
 * Before reading an upload: the caller's own service (404 otherwise) with room for one more photo
 * (409 otherwise). Checked again under the lock when the photo is saved.
 */
export async function assertPhotoRoom(db: Db, providerId: string, serviceId: string): Promise<void> {
  await ownRow(db, providerId, serviceId);
  if ((await photoCount(db, serviceId)) >= SERVICE_LIMITS.photosMax) throw tooMany();
}

/** Stores the image's variants, then its row (last in order); the files go again if the row fails. */
export async function addServicePhoto(
  deps: PhotoDeps,
  providerId: string,
  serviceId: string,
  bytes: Buffer,
): Promise<Service> {
  const { db } = deps.database;
  await storePhotoThen(deps, bytes, `services/${serviceId}`, (columns) =>
    db.transaction(async (tx) => {
      await lockProvider(tx, providerId);
      await ownRow(tx, providerId, serviceId, true);
      const n = await photoCount(tx, serviceId);
      if (n >= SERVICE_LIMITS.photosMax) throw tooMany();
      await tx.insert(servicePhotos).values({ service_id: serviceId, position: n, ...columns });
    }),
  );
  return loadOwnService(db, providerId, serviceId);
}

/**
 * Gives the photos positions 0…n-1 in the order of `ids`. The unique (service, position) is checked
 * row by row, so everything first moves out of the way (+10, inside the column's 0–20 check).
 */
async function renumber(tx: Tx, serviceId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(servicePhotos)
    .set({ position: sql`${servicePhotos.position} + 10` })
    .where(eq(servicePhotos.service_id, serviceId));
  for (const [position, id] of ids.entries()) {
    await tx
      .update(servicePhotos)
      .set({ position })
      .where(and(eq(servicePhotos.id, id), eq(servicePhotos.service_id, serviceId)));
  }
}

async function photoIds(tx: Tx, serviceId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: servicePhotos.id })
    .from(servicePhotos)
    .where(eq(servicePhotos.service_id, serviceId))
    .orderBy(servicePhotos.position);
  return rows.map((r) => r.id);
}

/** Removes one photo of the caller's service, closes the gap in the order, then removes its files. */
export async function removeServicePhoto(
  deps: PhotoDeps,
  providerId: string,
  serviceId: string,
  photoId: string,
): Promise<Service> {
  const { db } = deps.database;
  const keys = await db.transaction(async (tx) => {
    await lockProvider(tx, providerId);
    await ownRow(tx, providerId, serviceId, true);
    const [removed] = await tx
      .delete(servicePhotos)
      .where(and(eq(servicePhotos.id, photoId), eq(servicePhotos.service_id, serviceId)))
      .returning({ large: servicePhotos.storage_key, thumb: servicePhotos.public_key });
    if (!removed) throw notFound(SERVICE_PHOTO_MESSAGES.notFound);
    await renumber(tx, serviceId, await photoIds(tx, serviceId));
    return [removed.large, removed.thumb];
  });
  await removePublicImages(deps, keys);
  return loadOwnService(db, providerId, serviceId);
}

/** Puts the photos of the caller's service in the order given: every photo id exactly once. */
export async function reorderServicePhotos(
  db: Db,
  providerId: string,
  serviceId: string,
  order: string[],
): Promise<Service> {
  await db.transaction(async (tx) => {
    await lockProvider(tx, providerId);
    await ownRow(tx, providerId, serviceId, true);
    const current = await photoIds(tx, serviceId);
    const same =
      order.length === current.length &&
      new Set(order).size === order.length &&
      order.every((id) => current.includes(id));
    if (!same) {
      throw new AppError(400, 'VALIDATION_ERROR', `photo_ids: ${SERVICE_PHOTO_MESSAGES.order}`, {
        fields: [{ field: 'photo_ids', message: SERVICE_PHOTO_MESSAGES.order }],
      });
    }
    await renumber(tx, serviceId, order);
  });
  return loadOwnService(db, providerId, serviceId);
}
