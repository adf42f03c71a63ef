import { MAX_PRICE_MINOR } from '../money.ts';
import { roundCoordinate } from './geo.ts';
import type { SearchQuery, SearchQueryInput } from './query.ts';

/**
 * The provider search of `/search` and GET /api/search: what can be asked, its bounds, and how a
 * search is written to and read from the URL (so it can be shared and the back button works).
 * No zod here: the public pages that read a search from their URL stay free of it (issue 20); the
 * server validates with searchQuerySchema (query.ts), and params.test.ts proves that reading a URL
 * here gives exactly what the schema gives.
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

/** Counting stops here: "1000+ providers" (the search answer's total, schemas.ts). */
export const SEARCH_TOTAL_CAP = 1000;

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

const FLAGS = new Set(['true', 'false', '1', '0']);

type Raw = Partial<Record<(typeof URL_KEYS)[number], string>>;

/**
 * What searchQuerySchema.safeParse gives for URL strings, without zod: the parsed search, or the
 * fields with an issue. As in zod, a value of the wrong kind (not a number, a fraction where a whole
 * number is asked, an unknown sort or flag) stops the cross-field rules; a value out of bounds does not.
 */
function parseRaw(raw: Raw): { ok: true; data: SearchQuery } | { ok: false; bad: Set<string> } {
  const bad = new Set<string>();
  let wrongKind = false;
  const data: Record<string, unknown> = {};
  const number = (
    key: 'lat' | 'lng' | 'radius' | 'min_rating' | 'price_min' | 'price_max' | 'day' | 'page',
    min: number,
    max: number,
    whole = false,
  ): number | undefined => {
    const text = raw[key];
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!Number.isFinite(n) || (whole && !Number.isInteger(n))) {
      bad.add(key);
      wrongKind = true;
      return undefined;
    }
    if (n < min || n > max || (whole && !Number.isSafeInteger(n))) bad.add(key);
    return n;
  };

  if (raw.q !== undefined) {
    if (raw.q.length > SEARCH_LIMITS.qMax) bad.add('q');
    data.q = raw.q.replace(/\s+/g, ' ').trim();
  }
  if (raw.category !== undefined) {
    if (!/^[a-z0-9-]{1,60}$/.test(raw.category)) bad.add('category');
    data.category = raw.category;
  }
  const lat = number('lat', -90, 90);
  const lng = number('lng', -180, 180);
  if (lat !== undefined) data.lat = roundCoordinate(lat);
  if (lng !== undefined) data.lng = roundCoordinate(lng);
  if (raw.near !== undefined) {
    if (raw.near.length > 100) bad.add('near');
    data.near = raw.near;
  }
  data.radius =
    number('radius', SEARCH_LIMITS.radiusMinKm, SEARCH_LIMITS.radiusMaxKm) ?? SEARCH_LIMITS.radiusDefaultKm;
  const minRating = number('min_rating', 0, 5);
  if (minRating !== undefined) data.min_rating = minRating;
  const priceMin = number('price_min', 0, MAX_PRICE_MINOR, true);
  const priceMax = number('price_max', 0, MAX_PRICE_MINOR, true);
  if (priceMin !== undefined) data.price_min = priceMin;
  if (priceMax !== undefined) data.price_max = priceMax;
  if (raw.verified !== undefined) {
    if (FLAGS.has(raw.verified)) data.verified = raw.verified === 'true' || raw.verified === '1';
    else {
      bad.add('verified');
      wrongKind = true;
    }
  }
  const day = number('day', 0, 6, true);
  if (day !== undefined) data.day = day;
  if (raw.sort !== undefined) {
    if ((SEARCH_SORTS as readonly string[]).includes(raw.sort)) data.sort = raw.sort;
    else {
      bad.add('sort');
      wrongKind = true;
    }
  }
  data.page = number('page', 1, SEARCH_LIMITS.pageMax, true) ?? 1;

  // The schema's cross-field rules (its superRefine), which zod skips after a value of the wrong kind.
  if (!wrongKind) {
    if ((lat === undefined) !== (lng === undefined)) bad.add(lat === undefined ? 'lat' : 'lng');
    if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax) bad.add('price_min');
    if (data.sort === 'distance' && lat === undefined) bad.add('sort');
  }
  return bad.size === 0 ? { ok: true, data: data as SearchQuery } : { ok: false, bad };
}

/** Reads a search back from URL parameters; invalid values are dropped rather than failing the page. */
export function searchFromParams(params: URLSearchParams): SearchQuery {
  const raw: Raw = {};
  for (const key of URL_KEYS) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  const parsed = parseRaw(raw);
  if (parsed.ok) return parsed.data;
  const { bad } = parsed;
  for (const key of bad) delete raw[key as keyof Raw];
  if (bad.has('lat') || bad.has('lng')) {
    delete raw.lat;
    delete raw.lng;
    if (raw.sort === 'distance') delete raw.sort;
  }
  const retry = parseRaw(raw);
  return retry.ok ? retry.data : { radius: SEARCH_LIMITS.radiusDefaultKm, page: 1 };
}
