import {
  canChangeServiceStatus,
  SERVICE_LIMITS,
  SERVICE_MESSAGES,
  SERVICES_MESSAGES,
  type Service,
  type ServiceStatus,
  type ServiceUpdate,
  type ServiceValues,
} from '@adwuma/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, providerSearch, providerServices, serviceCategories } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { refreshProviderSearch } from '../search/provider-search.ts';

type ServiceRow = typeof providerServices.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const SERVICE_NOT_FOUND = 'No such service.';

const fieldError = (field: string, message: string) =>
  new AppError(400, 'VALIDATION_ERROR', `${field}: ${message}`, { fields: [{ field, message }] });

export function toService(row: ServiceRow, categoryName: string): Service {
  return {
    id: row.id,
    provider_id: row.provider_id,
    title: row.title,
    category: row.category_slug,
    category_name: categoryName,
    description: row.description,
    price_type: row.price_type as Service['price_type'],
    price_minor: row.price_minor,
    currency: 'GHS',
    duration_minutes: row.duration_minutes,
    service_areas: row.service_areas,
    status: row.status as ServiceStatus,
    published_at: row.published_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    // Photos arrive with the storage of the verification issue (service_photos is ready for them).
    photos: [],
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

/** Serialises one provider's service writes (the per-provider limit is counted under the lock). */
async function lockProvider(tx: Tx, providerId: string): Promise<void> {
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
    return toService(row!, name);
  });
}

/** The provider's own service (any status), or 404: another provider's service does not exist for them. */
async function ownRow(tx: Tx | Db, providerId: string, id: string, lock = false): Promise<ServiceRow> {
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
  return (await ownRow(db, providerId, id)).status as ServiceStatus;
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
    const from = current.status as ServiceStatus;
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
    return toService(row!, name);
  });
}

export async function deleteService(db: Db, providerId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockProvider(tx, providerId);
    await ownRow(tx, providerId, id, true);
    await tx.delete(providerServices).where(eq(providerServices.id, id));
    await refreshProviderSearch(tx, providerId);
  });
}

/** Every service of the provider, drafts included, newest first. */
export async function listOwnServices(db: Db, providerId: string): Promise<Service[]> {
  const rows = await db
    .select({ service: providerServices, category_name: serviceCategories.name })
    .from(providerServices)
    .innerJoin(serviceCategories, eq(serviceCategories.slug, providerServices.category_slug))
    .where(eq(providerServices.provider_id, providerId))
    .orderBy(sql`${providerServices.created_at} desc`, asc(providerServices.id));
  return rows.map((r) => toService(r.service, r.category_name));
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
  return {
    service: toService(row.service, row.category_name),
    provider: {
      provider_id: row.service.provider_id,
      slug: row.listed ? (row.slug ?? null) : null,
      name: row.name?.trim() || 'Provider',
    },
  };
}
