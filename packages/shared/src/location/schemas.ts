import { z } from 'zod';
import { roundCoordinate } from '../search/geo.ts';
import { validateText } from '../validation/text.ts';
import { DIGITAL_ADDRESS_MESSAGE, normalizeDigitalAddress } from './digital-address.ts';

/** Optional text held to the general text rules (no HTML, no SQL), blank → undefined. */
function optionalText(maxLength: number) {
  return z
    .string()
    .nullish()
    .superRefine((value, ctx) => {
      const message = validateText(value, { required: false, maxLength });
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((value) => (value?.trim() ? value.trim().replace(/\s+/g, ' ') : undefined));
}

export const GEOCODING_ACCURACIES = ['user', 'gps'] as const;
export type GeocodingAccuracy = (typeof GEOCODING_ACCURACIES)[number];

export const SEARCH_RADIUS_MIN_KM = 1;
export const SEARCH_RADIUS_MAX_KM = 200;
export const SEARCH_RADIUS_DEFAULT_KM = 10;
export const SERVICE_AREAS_MAX = 20;

/**
 * PUT /api/onboarding/location (spec 7 provider_locations upsert). Shapes and text rules only: the
 * save rules of spec 5 (city, country, coordinates) run after it, in `validateLocationForSave`, so
 * that their messages are spec 8's exactly.
 */
export const locationSaveRequestSchema = z.strictObject({
  city: optionalText(80),
  country: optionalText(80),
  /** Region (state), e.g. Greater Accra. */
  region: optionalText(80),
  address: optionalText(200),
  latitude: z.number({ error: 'Latitude must be a number' }).transform(roundCoordinate).nullish(),
  longitude: z.number({ error: 'Longitude must be a number' }).transform(roundCoordinate).nullish(),
  /** 'user' (the provider confirmed it; the default) or 'gps' (from the device, unconfirmed). */
  geocoding_accuracy: z.enum(GEOCODING_ACCURACIES, { error: 'Use user or gps' }).default('user'),
  neighbourhood: optionalText(80),
  postal_code: optionalText(20),
  digital_address: z
    .string()
    .nullish()
    .transform((value, ctx) => {
      if (!value?.trim()) return undefined;
      const normalized = normalizeDigitalAddress(value);
      if (!normalized) {
        ctx.addIssue({ code: 'custom', message: DIGITAL_ADDRESS_MESSAGE });
        return z.NEVER;
      }
      return normalized;
    }),
  /** How far the provider travels, in km. */
  search_radius: z
    .number()
    .int({ error: 'Use whole kilometres' })
    .min(SEARCH_RADIUS_MIN_KM, { error: `At least ${SEARCH_RADIUS_MIN_KM} km` })
    .max(SEARCH_RADIUS_MAX_KM, { error: `At most ${SEARCH_RADIUS_MAX_KM} km` })
    .nullish(),
  /** Towns or neighbourhoods served. */
  service_areas: z
    .array(
      z
        .string()
        .superRefine((value, ctx) => {
          const message = validateText(value, { maxLength: 80 });
          if (message) ctx.addIssue({ code: 'custom', message });
        })
        .transform((v) => v.trim().replace(/\s+/g, ' ')),
    )
    .max(SERVICE_AREAS_MAX, { error: `At most ${SERVICE_AREAS_MAX} service areas` })
    .nullish()
    .transform((areas) => {
      if (!areas) return undefined;
      const seen = new Set<string>();
      return areas.filter((a) => {
        const key = a.toLowerCase();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    }),
});
export type LocationSaveRequest = z.input<typeof locationSaveRequestSchema>;
export type LocationSaveInput = z.output<typeof locationSaveRequestSchema>;

/** Spec 3 "provider_locations", every field, plus region and digital_address. */
export const providerLocationSchema = z.object({
  id: z.string(),
  provider_id: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  postal_code: z.string().nullable(),
  business_name: z.string().nullable(),
  geocoding_accuracy: z.string().nullable(),
  is_verified: z.boolean(),
  last_geocoded_at: z.string().nullable(),
  neighbourhood: z.string().nullable(),
  search_radius: z.number().int().nullable(),
  service_areas: z.array(z.string()),
  source: z.string().nullable(),
  digital_address: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProviderLocation = z.infer<typeof providerLocationSchema>;

// ---- Geocoding --------------------------------------------------------------------------------------

export const GEOCODE_SOURCES = ['gazetteer', 'geocoder'] as const;
export type GeocodeSource = (typeof GEOCODE_SOURCES)[number];

const coordinate = (min: number, max: number, name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .transform(Number)
    .refine((v) => Number.isFinite(v) && v >= min && v <= max, {
      error: `${name} must be between ${min} and ${max}`,
    });

/** GET /api/geocode/reverse?lat=&lng= */
export const reverseGeocodeQuerySchema = z.object({
  lat: coordinate(-90, 90, 'Latitude'),
  lng: coordinate(-180, 180, 'Longitude'),
});

/** Spec 3 "Current location" (reverse geocoding), plus the point and where the answer came from. */
export const currentLocationSchema = z.object({
  display_name: z.string(),
  address: z.object({
    city: z.string().nullable(),
    country: z.string().nullable(),
    state: z.string().nullable(),
    postcode: z.string().nullable(),
    neighbourhood: z.string().nullable(),
  }),
  formatted: z.object({
    formatted: z.string(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    state: z.string().nullable(),
    postcode: z.string().nullable(),
  }),
  latitude: z.number(),
  longitude: z.number(),
  source: z.enum(GEOCODE_SOURCES),
});
export type CurrentLocation = z.infer<typeof currentLocationSchema>;

export const GEOCODE_QUERY_MAX = 120;

/** GET /api/geocode/search?q= */
export const geocodeSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Type a town or area' })
    .trim()
    .min(2, { error: 'Type at least 2 characters' })
    .max(GEOCODE_QUERY_MAX, { error: `Cannot exceed ${GEOCODE_QUERY_MAX} characters` }),
});

export const geocodeSearchResultSchema = z.object({
  display_name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  neighbourhood: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});
export type GeocodeSearchResult = z.infer<typeof geocodeSearchResultSchema>;

export const geocodeSearchResponseSchema = z.object({
  query: z.string(),
  /** Spec 5's free-text normalisation of the query (what to save when nothing matches). */
  normalized: z
    .object({
      city: z.string(),
      region: z.string().nullable(),
      country: z.string(),
      neighbourhood: z.string().nullable(),
    })
    .nullable(),
  results: z.array(geocodeSearchResultSchema),
  source: z.enum(GEOCODE_SOURCES),
});
export type GeocodeSearchResponse = z.infer<typeof geocodeSearchResponseSchema>;
