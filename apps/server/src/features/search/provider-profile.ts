import {
  codeFromSlug,
  normalizeGhanaPhone,
  type ProviderProfileResponse,
  type Service,
  weekFromOpenDays,
} from '@adwuma/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  favorites,
  profiles,
  providerAvailability,
  providerLocations,
  providerSearch,
  providerServices,
  serviceCategories,
} from '../../db/schema.ts';
import { withPhotos } from '../services/index.ts';

/**
 * The public profile behind /providers/{slug}. Only the code at the end of the slug is trusted, so
 * a renamed provider's old links still resolve (the answer's canonicalSlug is the current one).
 * Null for an unknown code or a provider who is not listed.
 */
export async function loadProviderProfile(
  db: Db,
  slug: string,
  viewerId: string | undefined,
): Promise<ProviderProfileResponse | null> {
  const code = codeFromSlug(slug);
  if (!code) return null;
  const [row] = await db
    .select()
    .from(providerSearch)
    .where(and(eq(providerSearch.code, code), eq(providerSearch.listed, true)));
  if (!row) return null;
  const id = row.provider_id;

  const [[profile], [location], services, hours, categories, favorite] = await Promise.all([
    db
      .select({
        bio: profiles.bio,
        phone: profiles.phone,
        show_phone: profiles.show_phone,
        whatsapp_enabled: profiles.whatsapp_enabled,
        availability_set: profiles.availability_set,
      })
      .from(profiles)
      .where(eq(profiles.id, id)),
    db
      .select({
        business_name: providerLocations.business_name,
        service_areas: providerLocations.service_areas,
      })
      .from(providerLocations)
      .where(eq(providerLocations.provider_id, id)),
    db
      .select({ service: providerServices, category_name: serviceCategories.name })
      .from(providerServices)
      .innerJoin(serviceCategories, eq(serviceCategories.slug, providerServices.category_slug))
      .where(and(eq(providerServices.provider_id, id), eq(providerServices.status, 'published')))
      .orderBy(asc(providerServices.price_minor), asc(providerServices.created_at)),
    db
      .select({
        weekday: providerAvailability.weekday,
        opens: providerAvailability.opens,
        closes: providerAvailability.closes,
      })
      .from(providerAvailability)
      .where(eq(providerAvailability.provider_id, id)),
    row.category_slugs.length
      ? db
          .select({ slug: serviceCategories.slug, name: serviceCategories.name })
          .from(serviceCategories)
          .where(sql`${serviceCategories.slug} = any(${sql.param(row.category_slugs)}::text[])`)
          .orderBy(asc(serviceCategories.sort_order))
      : Promise.resolve([]),
    viewerId
      ? db
          .select({ provider_id: favorites.provider_id })
          .from(favorites)
          .where(and(eq(favorites.user_id, viewerId), eq(favorites.provider_id, id)))
      : Promise.resolve(null),
  ]);

  const serviceList: Service[] = await withPhotos(db, services);
  const areas: string[] = [];
  for (const area of [...(location?.service_areas ?? []), ...serviceList.flatMap((s) => s.service_areas)]) {
    if (!areas.some((a) => a.toLowerCase() === area.toLowerCase())) areas.push(area);
  }
  const phone = profile?.phone ? (normalizeGhanaPhone(profile.phone) ?? profile.phone) : null;
  const whatsappNumber = profile?.phone ? normalizeGhanaPhone(profile.phone) : null;

  return {
    provider: {
      provider_id: id,
      code: row.code,
      slug: row.slug,
      name: row.name,
      business_name: location?.business_name ?? null,
      avatar_url: row.avatar_url,
      bio: profile?.bio ?? null,
      city: row.city,
      region: row.region,
      latitude: row.latitude,
      longitude: row.longitude,
      verified: row.verified,
      member_since: row.member_since.toISOString(),
      response_time_minutes: row.response_time_minutes,
      categories,
      service_areas: areas,
      min_price_minor: row.min_price_minor,
      price_type: row.price_type,
      currency: 'GHS',
    },
    services: serviceList,
    availability: profile?.availability_set ? weekFromOpenDays(hours) : null,
    rating_summary: { average: Number(row.rating), count: row.total_reviews },
    contact: {
      phone: profile?.show_phone ? phone : null,
      whatsapp_url:
        profile?.whatsapp_enabled && whatsappNumber ? `https://wa.me/${whatsappNumber.slice(1)}` : null,
    },
    canonicalSlug: row.slug,
    ...(viewerId ? { favorited: (favorite?.length ?? 0) > 0 } : {}),
  };
}
