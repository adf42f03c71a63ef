import { z } from 'zod';
import { weeklyAvailabilityResponseSchema } from '../onboarding/availability.ts';
import { PRICE_TYPES, SERVICE_STATUSES } from '../services/rules.ts';
import { SEARCH_LIMITS, SEARCH_SORTS } from './params.ts';

/**
 * What the finding-providers API answers (GET /api/search, /api/providers/:slug, /api/directory,
 * /api/categories/:slug/providers, /api/favorites, /api/services*). Money is integer minor units
 * (pesewas) with its currency; coordinates are public approximations (3 decimals, about 100 m).
 */

export const providerCardSchema = z.object({
  provider_id: z.string(),
  /** Use in links: /providers/{slug}. */
  slug: z.string(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  verified: z.boolean(),
  /** 0–5, two decimals; 0 with total_reviews 0 means "no reviews yet". */
  rating: z.number(),
  total_reviews: z.number().int(),
  /** The lowest published price in pesewas; null when the provider has no published service yet. */
  min_price_minor: z.number().int().nullable(),
  price_type: z.enum(PRICE_TYPES).nullable(),
  currency: z.literal('GHS'),
  /** Only when the search has a place (lat/lng). */
  distance_km: z.number().nullable(),
  /** Category slugs. */
  categories: z.array(z.string()),
  response_time_minutes: z.number().int().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Present only for a signed-in caller: whether it is among their favorites. */
  favorited: z.boolean().optional(),
});
export type ProviderCard = z.infer<typeof providerCardSchema>;

const pageFields = {
  /** Matches, counted up to SEARCH_TOTAL_CAP. */
  total: z.number().int(),
  /** True when there are more matches than `total` says. */
  total_capped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
};

export const searchResponseSchema = z.object({
  items: z.array(providerCardSchema),
  ...pageFields,
  /** The sort applied (effectiveSort of the query). */
  sort: z.enum(SEARCH_SORTS),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

// ---- directory --------------------------------------------------------------------------------------

export const DIRECTORY_SORTS = ['name', 'rating'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

export const directoryQuerySchema = z.object({
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/, { error: 'Unknown category' })
    .optional(),
  city: z.string().trim().min(1).max(60, { error: 'City must be at most 60 characters' }).optional(),
  sort: z.enum(DIRECTORY_SORTS, { error: 'Sort by name or rating' }).default('name'),
  page: z.coerce
    .number({ error: `Page must be between 1 and ${SEARCH_LIMITS.pageMax}` })
    .int({ error: `Page must be between 1 and ${SEARCH_LIMITS.pageMax}` })
    .min(1, { error: `Page must be between 1 and ${SEARCH_LIMITS.pageMax}` })
    .max(SEARCH_LIMITS.pageMax, { error: `Page must be between 1 and ${SEARCH_LIMITS.pageMax}` })
    .default(1),
});
export type DirectoryQueryInput = z.input<typeof directoryQuerySchema>;
export type DirectoryQuery = z.output<typeof directoryQuerySchema>;

export const directoryResponseSchema = z.object({
  items: z.array(providerCardSchema),
  ...pageFields,
  sort: z.enum(DIRECTORY_SORTS),
});
export type DirectoryResponse = z.infer<typeof directoryResponseSchema>;

export const directoryCitiesResponseSchema = z.object({
  cities: z.array(
    z.object({
      city: z.string(),
      region: z.string().nullable(),
      providers: z.number().int(),
      /** Where "near {city}" searches from: the median point of its providers. */
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
    }),
  ),
});
export type DirectoryCitiesResponse = z.infer<typeof directoryCitiesResponseSchema>;

export const categoryProvidersResponseSchema = searchResponseSchema.extend({
  category: z.object({
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    group_slug: z.string(),
    group_name: z.string(),
  }),
});
export type CategoryProvidersResponse = z.infer<typeof categoryProvidersResponseSchema>;

// ---- services ---------------------------------------------------------------------------------------

/**
 * A photo of a service, in its order (position 0 first). `url` is the large WebP (at most 1200 px
 * on its longer side), `thumb_url` the thumbnail (at most 400 px); both are public, stable and
 * cacheable forever. `width`/`height` are the large one's (the thumbnail has the same aspect ratio).
 */
export const servicePhotoSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  url: z.string(),
  thumb_url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type ServicePhoto = z.infer<typeof servicePhotoSchema>;

/** A service as its owner sees it (GET /api/services/mine) and as customers see published ones. */
export const serviceSchema = z.object({
  id: z.string(),
  provider_id: z.string(),
  title: z.string(),
  /** Category slug (what the input's `category` names). */
  category: z.string(),
  category_name: z.string(),
  description: z.string(),
  price_type: z.enum(PRICE_TYPES),
  /** Pesewas (the input's `price`). */
  price_minor: z.number().int(),
  currency: z.literal('GHS'),
  duration_minutes: z.number().int().nullable(),
  service_areas: z.array(z.string()),
  status: z.enum(SERVICE_STATUSES),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  photos: z.array(servicePhotoSchema),
});
export type Service = z.infer<typeof serviceSchema>;

export const serviceResponseSchema = z.object({ service: serviceSchema });
export const myServicesResponseSchema = z.object({
  items: z.array(serviceSchema),
  /** SERVICE_LIMITS.perProviderMax. */
  max: z.number().int(),
  /** The provider's public profile slug while they are listed (for "View your public profile"). */
  profile_slug: z.string().nullable(),
});
export type MyServicesResponse = z.infer<typeof myServicesResponseSchema>;
/** GET /api/services/:id: the service and a card of its provider (for the link back). */
export const publicServiceResponseSchema = z.object({
  service: serviceSchema,
  provider: z.object({ provider_id: z.string(), slug: z.string().nullable(), name: z.string() }),
});

// ---- provider profile -------------------------------------------------------------------------------

export const providerProfileResponseSchema = z.object({
  provider: z.object({
    provider_id: z.string(),
    code: z.string(),
    slug: z.string(),
    name: z.string(),
    business_name: z.string().nullable(),
    avatar_url: z.string().nullable(),
    bio: z.string().nullable(),
    city: z.string().nullable(),
    region: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    verified: z.boolean(),
    member_since: z.string(),
    response_time_minutes: z.number().int().nullable(),
    categories: z.array(z.object({ slug: z.string(), name: z.string() })),
    /** Areas served: the location's areas and every published service's, without duplicates. */
    service_areas: z.array(z.string()),
    min_price_minor: z.number().int().nullable(),
    price_type: z.enum(PRICE_TYPES).nullable(),
    currency: z.literal('GHS'),
  }),
  /** Published services, cheapest first. */
  services: z.array(serviceSchema),
  /** Weekly hours, Ghana time; null when not set. */
  availability: weeklyAvailabilityResponseSchema.nullable(),
  rating_summary: z.object({ average: z.number(), count: z.number().int() }),
  contact: z.object({
    /** Only when the provider chose show_phone. E.164, e.g. +233241234567. */
    phone: z.string().nullable(),
    /** https://wa.me/233…, only when the provider enabled WhatsApp and has a Ghana number. */
    whatsapp_url: z.string().nullable(),
  }),
  /** The current slug: when it differs from the one requested, replace the URL (the provider was renamed). */
  canonicalSlug: z.string(),
  favorited: z.boolean().optional(),
});
export type ProviderProfileResponse = z.infer<typeof providerProfileResponseSchema>;

// ---- favorites --------------------------------------------------------------------------------------

export const favoriteStateSchema = z.object({ provider_id: z.string(), favorited: z.boolean() });
export const favoritesResponseSchema = z.object({
  items: z.array(providerCardSchema.extend({ favorited_at: z.string() })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type FavoritesResponse = z.infer<typeof favoritesResponseSchema>;
export const favoriteIdsResponseSchema = z.object({ provider_ids: z.array(z.string()) });
