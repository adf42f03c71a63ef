import {
  DEFAULT_COUNTRY,
  defaultAddress,
  type LocationSaveInput,
  type ProviderLocation,
  tidyPlaceName,
  validateLocationForSave,
} from '@adwuma/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { profiles, providerLocations } from '../../db/schema.ts';
import type { SessionUser } from '../../kernel/http/session.ts';
import { refreshProfileScores } from '../../kernel/profile-scores.ts';
import { refreshProviderSearch } from '../../kernel/provider-search.ts';
import { AppError } from '../../lib/errors.ts';
import { regionOf } from '../geocoding/index.ts';
import { ownProfile } from '../profile/index.ts';

type LocationRow = typeof providerLocations.$inferSelect;

export const KEPT_LOCATION_WARNING = 'You already saved a location; it was kept.';

export function toProviderLocation(row: LocationRow): ProviderLocation {
  return {
    id: row.id,
    provider_id: row.provider_id,
    latitude: row.latitude,
    longitude: row.longitude,
    address: row.address,
    city: row.city,
    region: row.region,
    country: row.country,
    postal_code: row.postal_code,
    business_name: row.business_name,
    geocoding_accuracy: row.geocoding_accuracy,
    is_verified: row.is_verified,
    last_geocoded_at: row.last_geocoded_at?.toISOString() ?? null,
    neighbourhood: row.neighbourhood,
    search_radius: row.search_radius,
    service_areas: row.service_areas,
    source: row.source,
    digital_address: row.digital_address,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Spec 7: the provider's one location row, by provider_id. */
export async function findLocation(db: Db, providerId: string): Promise<LocationRow | null> {
  const [row] = await db
    .select()
    .from(providerLocations)
    .where(eq(providerLocations.provider_id, providerId));
  return row ?? null;
}

/**
 * Spec 7 provider_locations upsert (city, country, address default 'city, country', latitude,
 * longitude, geocoding_accuracy default user, source user) with the save rules of spec 5 and the
 * messages of spec 8. A PUT: fields left out are cleared (the region of a known Ghanaian town is
 * filled in). The profile's city, state and country
 * follow. A device fix ('gps') is only saved when no location exists (spec 4 "Location context").
 * One transaction.
 */
export async function saveLocation(
  db: Db,
  user: SessionUser,
  input: LocationSaveInput,
): Promise<{ row: LocationRow; warnings: string[] }> {
  const check = validateLocationForSave(input);
  if (!check.ok) throw new AppError(400, 'VALIDATION_ERROR', check.message, { fields: check.fields });
  await ownProfile(db, user);
  const city = tidyPlaceName(input.city!);
  const country = tidyPlaceName(input.country!);
  const now = new Date();
  const values = {
    provider_id: user.id,
    city,
    country,
    // A Ghanaian town named without its region gets it from the gazetteer (Ho → Volta).
    region: input.region ?? (country === DEFAULT_COUNTRY ? regionOf(city) : null),
    address: input.address ?? defaultAddress(city, country),
    latitude: input.latitude!,
    longitude: input.longitude!,
    geocoding_accuracy: input.geocoding_accuracy,
    source: 'user',
    neighbourhood: input.neighbourhood ?? null,
    postal_code: input.postal_code ?? null,
    digital_address: input.digital_address ?? null,
    search_radius: input.search_radius ?? null,
    service_areas: input.service_areas ?? [],
    updated_at: now,
  };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from profiles where id = ${user.id} for update`);
    if (input.geocoding_accuracy === 'gps') {
      const [inserted] = await tx.insert(providerLocations).values(values).onConflictDoNothing().returning();
      if (!inserted) {
        const [kept] = await tx
          .select()
          .from(providerLocations)
          .where(eq(providerLocations.provider_id, user.id));
        return { row: kept!, warnings: [KEPT_LOCATION_WARNING] };
      }
      await syncProfile(tx, user.id, inserted, now);
      return { row: inserted, warnings: check.warnings };
    }
    const { provider_id: _id, ...changes } = values;
    const [row] = await tx
      .insert(providerLocations)
      .values(values)
      .onConflictDoUpdate({ target: providerLocations.provider_id, set: changes })
      .returning();
    await syncProfile(tx, user.id, row!, now);
    return { row: row!, warnings: check.warnings };
  });
}

async function syncProfile(tx: Tx, userId: string, row: LocationRow, now: Date): Promise<void> {
  await tx
    .update(profiles)
    .set({ city: row.city, state: row.region, country: row.country ?? 'Ghana', updated_at: now })
    .where(eq(profiles.id, userId));
  await refreshProviderSearch(tx, userId);
  await refreshProfileScores(tx, userId);
}
