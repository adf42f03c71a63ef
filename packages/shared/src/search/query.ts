import { z } from 'zod';
import { MAX_PRICE_MINOR } from '../money.ts';
import { roundCoordinate } from './geo.ts';

/**
 * The provider search of `/search` and GET /api/search: what can be asked, its bounds, and how a
 * search is written to and read from the URL (so it can be shared and the back button works).
 */

export const SEARCH_SORTS = ['relevance', 'distance', 'rating', 'price'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const SEARCH_LIMITS = {
  qMax: 100,
  radiusMinKm: 1,
  radiusMaxKm: 200,
  radiusDefaultKm: 25,
  pageMax: 100,
  pageSize: 20,
} as const;

export const SEARCH_MESSAGES = {
  qTooLong: `Search for at most ${SEARCH_LIMITS.qMax} characters`,
  radius: `Radius must be between ${SEARCH_LIMITS.radiusMinKm} and ${SEARCH_LIMITS.radiusMaxKm} km`,
  rating: 'Minimum rating must be between 0 and 5',
  price: 'Price must be a whole number of pesewas between 0 and 100,000,000',
  priceOrder: 'The lowest price must not be above the highest',
  page: `Page must be between 1 and ${SEARCH_LIMITS.pageMax}`,
  lat: 'Latitude must be between -90 and 90',
  lng: 'Longitude must be between -180 and 180',
  bothCoordinates: 'Give both lat and lng, or neither',
  distanceNeedsPlace: 'Sorting by distance needs a place (lat and lng)',
  day: 'Day must be 0 (Sunday) to 6 (Saturday)',
  category: 'Unknown category',
} as const;

const num = (message: string) => z.coerce.number({ error: message });
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const searchQuerySchema = z
  .object({
    q: z
      .string()
      .max(SEARCH_LIMITS.qMax, { error: SEARCH_MESSAGES.qTooLong })
      .transform((s) => s.replace(/\s+/g, ' ').trim())
      .optional(),
    category: z
      .string()
      .regex(/^[a-z0-9-]{1,60}$/, { error: SEARCH_MESSAGES.category })
      .optional(),
    lat: num(SEARCH_MESSAGES.lat)
      .min(-90, { error: SEARCH_MESSAGES.lat })
      .max(90, { error: SEARCH_MESSAGES.lat })
      .transform(roundCoordinate)
      .optional(),
    lng: num(SEARCH_MESSAGES.lng)
      .min(-180, { error: SEARCH_MESSAGES.lng })
      .max(180, { error: SEARCH_MESSAGES.lng })
      .transform(roundCoordinate)
      .optional(),
    /** A place name shown back to the user ("Kumasi"); the coordinates are what is searched. */
    near: z.string().max(100).optional(),
    radius: num(SEARCH_MESSAGES.radius)
      .min(SEARCH_LIMITS.radiusMinKm, { error: SEARCH_MESSAGES.radius })
      .max(SEARCH_LIMITS.radiusMaxKm, { error: SEARCH_MESSAGES.radius })
      .default(SEARCH_LIMITS.radiusDefaultKm),
    min_rating: num(SEARCH_MESSAGES.rating)
      .min(0, { error: SEARCH_MESSAGES.rating })
      .max(5, { error: SEARCH_MESSAGES.rating })
      .optional(),
    price_min: num(SEARCH_MESSAGES.price)
      .int({ error: SEARCH_MESSAGES.price })
      .min(0, { error: SEARCH_MESSAGES.price })
      .max(MAX_PRICE_MINOR, { error: SEARCH_MESSAGES.price })
      .optional(),
    price_max: num(SEARCH_MESSAGES.price)
      .int({ error: SEARCH_MESSAGES.price })
      .min(0, { error: SEARCH_MESSAGES.price })
      .max(MAX_PRICE_MINOR, { error: SEARCH_MESSAGES.price })
      .optional(),
    verified: flag.optional(),
    /** Open on this weekday (0 = Sunday), from the providers' weekly hours. */
    day: num(SEARCH_MESSAGES.day)
      .int({ error: SEARCH_MESSAGES.day })
      .min(0, { error: SEARCH_MESSAGES.day })
      .max(6, { error: SEARCH_MESSAGES.day })
      .optional(),
    sort: z.enum(SEARCH_SORTS).optional(),
    page: num(SEARCH_MESSAGES.page)
      .int({ error: SEARCH_MESSAGES.page })
      .min(1, { error: SEARCH_MESSAGES.page })
      .max(SEARCH_LIMITS.pageMax, { error: SEARCH_MESSAGES.page })
      .default(1),
  })
  .superRefine((v, ctx) => {
    if ((v.lat === undefined) !== (v.lng === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [v.lat === undefined ? 'lat' : 'lng'],
        message: SEARCH_MESSAGES.bothCoordinates,
      });
    }
    if (v.price_min !== undefined && v.price_max !== undefined && v.price_min > v.price_max) {
      ctx.addIssue({ code: 'custom', path: ['price_min'], message: SEARCH_MESSAGES.priceOrder });
    }
    if (v.sort === 'distance' && v.lat === undefined) {
      ctx.addIssue({ code: 'custom', path: ['sort'], message: SEARCH_MESSAGES.distanceNeedsPlace });
    }
  });
export type SearchQueryInput = z.input<typeof searchQuerySchema>;
export type SearchQuery = z.output<typeof searchQuerySchema>;

/**
 * The sort actually used: the one asked for, else relevance when there is text, distance when there
 * is a place, else rating.
 */
export function effectiveSort(query: Pick<SearchQuery, 'sort' | 'q' | 'lat'>): SearchSort {
  if (query.sort) return query.sort;
  if (query.q) return 'relevance';
  if (query.lat !== undefined) return 'distance';
  return 'rating';
}

const URL_KEYS = [
  'q',
  'category',
  'near',
  'lat',
  'lng',
  'radius',
  'min_rating',
  'price_min',
  'price_max',
  'verified',
  'day',
  'sort',
  'page',
] as const;

/**
 * Writes a search to URL parameters in a fixed order, leaving out defaults and empty values, so the
 * same search always gives the same URL.
 */
export function searchToParams(query: Partial<SearchQueryInput>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of URL_KEYS) {
    const value = query[key];
    if (value === undefined || value === null || value === '' || value === false) continue;
    if (key === 'radius' && Number(value) === SEARCH_LIMITS.radiusDefaultKm) continue;
    if (key === 'page' && Number(value) === 1) continue;
    if (key === 'lat' || key === 'lng') {
      params.set(key, Number(value).toFixed(4));
      continue;
    }
    params.set(key, value === true ? 'true' : String(value));
  }
  return params;
}

/** Reads a search back from URL parameters; invalid values are dropped rather than failing the page. */
export function searchFromParams(params: URLSearchParams): SearchQuery {
  const raw: Record<string, string> = {};
  for (const key of URL_KEYS) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  const parsed = searchQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  for (const key of bad) delete raw[key];
  if (bad.has('lat') || bad.has('lng')) {
    delete raw.lat;
    delete raw.lng;
    if (raw.sort === 'distance') delete raw.sort;
  }
  const retry = searchQuerySchema.safeParse(raw);
  return retry.success ? retry.data : searchQuerySchema.parse({});
}
