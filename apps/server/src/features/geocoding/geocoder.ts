import {
  type CurrentLocation,
  type GeocodeSearchResponse,
  type GeocodeSource,
  normalizeLocationText,
} from '@adwuma/shared';
import type { FastifyBaseLogger } from 'fastify';
import { reverseFromGazetteer, searchGazetteer } from './gazetteer.ts';
import { createNominatimClient, type NominatimClient } from './nominatim.ts';

/**
 * Geocoding as the app uses it: the offline gazetteer by default; with GEOCODER_URL a
 * Nominatim-compatible server first, the gazetteer when it fails. Answers are cached (a map pin
 * dragged back and forth, a search typed twice) so an upstream server sees few repeats.
 */
export interface Geocoder {
  readonly source: GeocodeSource;
  reverse(latitude: number, longitude: number): Promise<CurrentLocation | null>;
  search(query: string): Promise<GeocodeSearchResponse>;
  /** The shipped gazetteer only: never asks GEOCODER_URL (signed-out visitors). */
  searchOffline(query: string): GeocodeSearchResponse;
}

const CACHE_MAX = 1000;
const CACHE_TTL_MS = 24 * 3600_000;
export const SEARCH_LIMIT = 8;

class TtlCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();
  get(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }
  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: Date.now() + CACHE_TTL_MS });
    if (this.entries.size > CACHE_MAX) this.entries.delete(this.entries.keys().next().value!);
  }
}

export function createGeocoder(options: {
  geocoderUrl: string | undefined;
  userAgent: string;
  log: FastifyBaseLogger;
  client?: NominatimClient;
}): Geocoder {
  const upstream =
    options.client ??
    (options.geocoderUrl
      ? createNominatimClient({ baseUrl: options.geocoderUrl, userAgent: options.userAgent })
      : null);
  const reverseCache = new TtlCache<CurrentLocation | null>();
  const searchCache = new TtlCache<GeocodeSearchResponse>();

  const offlineSearch = (query: string): GeocodeSearchResponse => ({
    query,
    normalized: normalizeLocationText(query),
    results: searchGazetteer(query, SEARCH_LIMIT),
    source: 'gazetteer',
  });

  return {
    source: upstream ? 'geocoder' : 'gazetteer',
    searchOffline: offlineSearch,

    async reverse(latitude, longitude) {
      if (!upstream) return reverseFromGazetteer(latitude, longitude);
      // ~1 m: the same pin, not the same neighbourhood.
      const key = `${latitude.toFixed(5)},${longitude.toFixed(5)}`;
      const cached = reverseCache.get(key);
      if (cached !== undefined) return cached;
      try {
        const found = await upstream.reverse(latitude, longitude);
        const answer = found ?? reverseFromGazetteer(latitude, longitude);
        reverseCache.set(key, answer);
        return answer;
      } catch (error) {
        options.log.warn({ err: error }, 'geocoder reverse lookup failed; using the offline gazetteer');
        return reverseFromGazetteer(latitude, longitude);
      }
    },

    async search(query) {
      if (!upstream) return offlineSearch(query);
      const key = query.trim().toLowerCase();
      const cached = searchCache.get(key);
      if (cached) return cached;
      try {
        const results = await upstream.search(query, SEARCH_LIMIT);
        const answer: GeocodeSearchResponse = {
          query,
          normalized: normalizeLocationText(query),
          results,
          source: 'geocoder',
        };
        searchCache.set(key, answer);
        return answer;
      } catch (error) {
        options.log.warn({ err: error }, 'geocoder search failed; using the offline gazetteer');
        return offlineSearch(query);
      }
    },
  };
}
