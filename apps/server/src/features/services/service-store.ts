import {
  canChangeServiceStatus,
  SERVICE_LIMITS,
  SERVICE_MESSAGES,
  SERVICES_MESSAGES,
  type Service,
  type ServicePhoto,
  type ServiceStatus,
  type ServiceUpdate,
  type ServiceValues,
} from '@adwuma/shared';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  profiles,
  providerSearch,
  providerServices,
  serviceCategories,
  servicePhotos,
} from '../../db/schema.ts';
import { publicFileUrl, removePublicImages } from '../../kernel/files/public-images.ts';
import { refreshProfileScores } from '../../kernel/profile-scores.ts';
import { refreshProviderSearch } from '../../kernel/provider-search.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';

type ServiceRow = typeof providerServices.$inferSelect;
type PhotoRow = typeof servicePhotos.$inferSelect;

export const SERVICE_NOT_FOUND = 'No such service.';

/**
 * storage_key is the large variant, public_key the thumbnail (both in the storage's public area);
 * width/height are the large one's. A row without a thumbnail shows the large one in its place.
 */
export function toServicePhoto(row: PhotoRow): ServicePhoto {
  return {
    id: row.id,
    position: row.position,
    url: publicFileUrl(row.storage_key),
    thumb_url: publicFileUrl(row.public_key ?? row.storage_key),
    width: row.width,
    height: row.height,
  };
}

/** The photos of each service, in order (services without photos are absent from the map). */
export async function photosOf(db: Db | Tx, serviceIds: string[]): Promise<Map<string, ServicePhoto[]>> {
  const byService = new Map<string, ServicePhoto[]>();
  if (serviceIds.length === 0) return byService;
  const rows = await db
    .select()
    .from(servicePhotos)
    .where(inArray(servicePhotos.service_id, serviceIds))
    .orderBy(asc(servicePhotos.service_id), asc(servicePhotos.position));
  for (const row of rows) {
    const list = byService.get(row.service_id) ?? [];
    list.push(toServicePhoto(row));
    byService.set(row.service_id, list);
  }
  return byService;
}

/** Services with their photos (one query for all of them). */
export async function withPhotos(
  db: Db | Tx,
  rows: { service: ServiceRow; category_name: string }[],
): Promise<Service[]> {
  const photos = await photosOf(
    db,
    rows.map((r) => r.service.id),
  );
  return rows.map((r) => toService(r.service, r.category_name, photos.get(r.service.id) ?? []));
}

export function toService(row: ServiceRow, categoryName: string, photos: ServicePhoto[] = []): Service {
  return {
    id: row.id,
    provider_id: row.provider_id,
    title: row.title,
    category: row.category_slug,
    category_name: categoryName,
    description: row.description,
    price_type: row.price_type,
    price_minor: row.price_minor,
    currency: 'GHS',
    duration_minutes: row.duration_minutes,
    service_areas: row.service_areas,
    status: row.status,
    published_at: row.published_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    photos,
  };
}

async function categoryName(tx: Tx | Db, slug: string): Promise<string> {
  const [row] = await tx
    .select({ name: serviceCategories.name })
    .from(serviceCategories)
    .where(eq(serviceCategories.slug, slug));
  if (!row) throw fieldError('category', SERVICES_MESSAGES.unknownCategory(slug));
  return row.name;
}

/**
 * Serialises one provider's service writes (the per-provider limit and a service's photos are
 * counted under the lock).
 */
export async function lockProvider(tx: Tx, providerId: string): Promise<void> {
  await tx.execute(sql`select id from profiles where id = ${providerId} for update`);
}

/** A new service of the provider; the read model follows in the same transaction. */
export async function createService(db: Db, providerId: string, input: ServiceValues): Promise<Service> {
  return db.transaction(async (tx) => {
    await lockProvider(tx, providerId);
    const name = await categoryName(tx, input.category);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(providerServices)
      .where(eq(providerServices.provider_id, providerId));
    if (Number(n) >= SERVICE_LIMITS.perProviderMax) throw conflict(SERVICE_MESSAGES.tooMany);
    const now = new Date();
    const [row] = await tx
      .insert(providerServices)
      .values({
        provider_id: providerId,
        title: input.title,
        category_slug: input.category,
        description: input.description,
        price_type: input.price_type,
        price_minor: input.price,
        duration_minutes: input.duration_minutes ?? null,
        service_areas: input.service_areas,
        status: input.status,
        published_at: input.status === 'published' ? now : null,
        created_at: now,
        updated_at: now,
      })
      .returning();
    await refreshProviderSearch(tx, providerId);
    await refreshProfileScores(tx, providerId);
    return toService(row!, name);
  });
}

/** The provider's own service (any status), or 404: another provider's service does not exist for them. */
export async function ownRow(tx: Tx | Db, providerId: string, id: string, lock = false): Promise<ServiceRow> {
  const query = tx
    .select()
    .from(providerServices)
    .where(and(eq(providerServices.id, id), eq(providerServices.provider_id, providerId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(SERVICE_NOT_FOUND);
  return row;
}

/** The current status of the provider's own service (404 otherwise): routes decide who may publish. */
export async function serviceStatus(db: Db, providerId: string, id: string): Promise<ServiceStatus> {
  return (await ownRow(db, providerId, id)).status;
}

/** Edits the provider's own service; status changes follow canChangeServiceStatus. */
export async function updateService(
  db: Db,
  providerId: string,
  id: string,
  input: ServiceUpdate,
): Promise<Service> {
  return db.transaction(async (tx) => {
    await lockProvider(tx, providerId);
    const current = await ownRow(tx, providerId, id, true);
    const from = current.status;
    const to = input.status ?? from;
    if (!canChangeServiceStatus(from, to)) throw fieldError('status', SERVICE_MESSAGES.transition(from, to));
    const slug = input.category ?? current.category_slug;
    const name = await categoryName(tx, slug);
    const now = new Date();
    const [row] = await tx
      .update(providerServices)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.category !== undefined ? { category_slug: input.category } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.price_type !== undefined ? { price_type: input.price_type } : {}),
        ...(input.price !== undefined ? { price_minor: input.price } : {}),
        ...(input.duration_minutes !== undefined ? { duration_minutes: input.duration_minutes } : {}),
        ...(input.service_areas !== undefined ? { service_areas: input.service_areas } : {}),
        status: to,
        ...(to === 'published' && from !== 'published' ? { published_at: now } : {}),
        updated_at: now,
      })
      .where(eq(providerServices.id, id))
      .returning();
    await refreshProviderSearch(tx, providerId);
    await refreshProfileScores(tx, providerId);
    return toService(row!, name, (await photosOf(tx, [id])).get(id) ?? []);
  });
}

/** The provider's own service (any status) with its photos, or 404. */
export async function loadOwnService(db: Db | Tx, providerId: string, id: string): Promise<Service> {
  const row = await ownRow(db, providerId, id);
  const [service] = await withPhotos(db, [
    { service: row, category_name: await categoryName(db, row.category_slug) },
  ]);
  return service!;
}

/** Deletes the provider's own service; its photos' rows go with it (cascade), then their files. */
export async function deleteService(
  deps: Pick<Deps, 'database' | 'storage' | 'log'>,
  providerId: string,
  id: string,
): Promise<void> {
  const keys = await deps.database.db.transaction(async (tx) => {
    await lockProvider(tx, providerId);
    await ownRow(tx, providerId, id, true);
    const photos = await tx
      .select({ large: servicePhotos.storage_key, thumb: servicePhotos.public_key })
      .from(servicePhotos)
      .where(eq(servicePhotos.service_id, id));
    await tx.delete(providerServices).where(eq(providerServices.id, id));
    await refreshProviderSearch(tx, providerId);
    await refreshProfileScores(tx, providerId);
    return photos.flatMap((p) => [p.large, p.thumb]);
  });
  await removePublicImages(deps, keys);
}

/** Every service of the provider, drafts included, newest first. */
export async function listOwnServices(db: Db, providerId: string): Promise<Service[]> {
  const rows = await db
    .select({ service: providerServices, category_name: serviceCategories.name })
    .from(providerServices)
    .innerJoin(serviceCategories, eq(serviceCategories.slug, providerServices.category_slug))
    .where(eq(providerServices.provider_id, providerId))
    .orderBy(sql`${providerServices.created_at} desc`, asc(providerServices.id));
  return withPhotos(db, rows);
}

/**
 * One service: a published one of a listed provider for anyone; any status for its owner; 404 for
 * everything else (a draft of another provider does not exist for the caller).
 */
export async function findVisibleService(
  db: Db,
  id: string,
  viewerId: string | undefined,
): Promise<{
  service: Service;
  provider: { provider_id: string; slug: string | null; name: string };
} | null> {
  const [row] = await db
    .select({
      service: providerServices,
      category_name: serviceCategories.name,
      slug: providerSearch.slug,
      name: profiles.full_name,
      listed: providerSearch.listed,
    })
    .from(providerServices)
    .innerJoin(serviceCategories, eq(serviceCategories.slug, providerServices.category_slug))
    .innerJoin(profiles, eq(profiles.id, providerServices.provider_id))
    .leftJoin(providerSearch, eq(providerSearch.provider_id, providerServices.provider_id))
    .where(eq(providerServices.id, id));
  if (!row) return null;
  const isOwner = viewerId !== undefined && viewerId === row.service.provider_id;
  const isPublic = row.service.status === 'published' && row.listed === true;
  if (!isOwner && !isPublic) return null;
  const [service] = await withPhotos(db, [row]);
  return {
    service: service!,
    provider: {
      provider_id: row.service.provider_id,
      slug: row.listed ? (row.slug ?? null) : null,
      name: row.name?.trim() || 'Provider',
    },
  };
}
