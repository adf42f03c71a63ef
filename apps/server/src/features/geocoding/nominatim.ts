import type { CurrentLocation, GeocodeSearchResult } from '@adwuma/shared';

/**
 * A Nominatim-compatible HTTP geocoder (GEOCODER_URL): /reverse and /search with format=jsonv2 and
 * addressdetails=1. Throws on network failures, timeouts and non-2xx answers (the caller falls back
 * to the gazetteer); answers null when the server found nothing.
 */

export const GEOCODER_TIMEOUT_MS = 5000;

interface NominatimAddress {
  city?: string;
  town?: string;
  village?: string;
  hamlet?: string;
  municipality?: string;
  suburb?: string;
  neighbourhood?: string;
  quarter?: string;
  city_district?: string;
  state?: string;
  region?: string;
  country?: string;
  postcode?: string;
}

interface NominatimPlace {
  display_name?: string;
  lat?: string;
  lon?: string;
  address?: NominatimAddress;
  error?: string;
}

export interface NominatimClient {
  reverse(latitude: number, longitude: number): Promise<CurrentLocation | null>;
  search(query: string, limit: number): Promise<GeocodeSearchResult[]>;
}

function parts(address: NominatimAddress | undefined) {
  const a = address ?? {};
  const city = a.city ?? a.town ?? a.village ?? a.municipality ?? a.hamlet ?? null;
  const neighbourhood = a.suburb ?? a.neighbourhood ?? a.quarter ?? a.city_district ?? null;
  return {
    city,
    neighbourhood: neighbourhood && neighbourhood !== city ? neighbourhood : null,
    state: a.state ?? a.region ?? null,
    country: a.country ?? null,
    postcode: a.postcode ?? null,
  };
}

export function createNominatimClient(options: {
  baseUrl: string;
  userAgent: string;
  fetch?: typeof fetch;
}): NominatimClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;

  async function getJson(path: string, params: Record<string, string>): Promise<unknown> {
    const url = `${base}${path}?${new URLSearchParams({ format: 'jsonv2', addressdetails: '1', 'accept-language': 'en', ...params })}`;
    const res = await doFetch(url, {
      headers: { accept: 'application/json', 'user-agent': options.userAgent },
      signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
    return res.json();
  }

  return {
    async reverse(latitude, longitude) {
      const body = (await getJson('/reverse', {
        lat: String(latitude),
        lon: String(longitude),
        zoom: '16',
      })) as NominatimPlace;
      if (!body || body.error || !body.address) return null;
      const p = parts(body.address);
      const formatted = [p.city, p.state, p.country].filter(Boolean).join(', ');
      return {
        display_name: body.display_name ?? formatted,
        address: {
          city: p.city,
          country: p.country,
          state: p.state,
          postcode: p.postcode,
          neighbourhood: p.neighbourhood,
        },
        formatted: { formatted, city: p.city, country: p.country, state: p.state, postcode: p.postcode },
        latitude,
        longitude,
        source: 'geocoder',
      };
    },

    async search(query, limit) {
      const body = await getJson('/search', { q: query, countrycodes: 'gh', limit: String(limit) });
      if (!Array.isArray(body)) return [];
      return (body as NominatimPlace[])
        .filter((r) => r.lat !== undefined && r.lon !== undefined)
        .map((r) => {
          const p = parts(r.address);
          return {
            display_name:
              r.display_name ?? [p.neighbourhood, p.city, p.state, p.country].filter(Boolean).join(', '),
            city: p.city,
            state: p.state,
            country: p.country,
            neighbourhood: p.neighbourhood,
            latitude: Number(r.lat),
            longitude: Number(r.lon),
          };
        })
        .filter((r) => Number.isFinite(r.latitude) && Number.isFinite(r.longitude));
    },
  };
}
