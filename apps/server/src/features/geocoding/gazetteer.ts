import {
  type CurrentLocation,
  DEFAULT_COUNTRY,
  type GeocodeSearchResult,
  normalizeLocationText,
} from '@adwuma/shared';
import type { GhanaPlace } from './build-gazetteer.ts';
import { GHANA_NEIGHBOURHOODS } from './ghana-neighbourhoods.ts';
import { GHANA_PLACES } from './ghana-places.gen.ts';

/**
 * The offline Ghana gazetteer: nearest place for a point (reverse) and name lookup (forward), over
 * the GeoNames places in ghana-places.gen.ts and the curated neighbourhoods in
 * ghana-neighbourhoods.ts. No network, no database.
 */

/**
 * The generated towns and suburbs plus the curated neighbourhoods. A neighbourhood the generated
 * list already has (same name, same city) keeps the GeoNames row.
 */
export function mergePlaces(
  generated: readonly GhanaPlace[],
  neighbourhoods: readonly GhanaPlace[],
): readonly GhanaPlace[] {
  const key = (p: GhanaPlace) => `${foldName(p.name)}|${foldName(p.city ?? p.name)}`;
  const known = new Set(generated.map(key));
  return [...generated, ...neighbourhoods.filter((n) => !known.has(key(n)))];
}

/** Farther than this from every place we know, we do not guess (spec 8 'Unable to determine your location'). */
export const MAX_NEAREST_KM = 120;

const EARTH_RADIUS_KM = 6371;

export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Everything the gazetteer searches and reverse-geocodes over. */
export const PLACES: readonly GhanaPlace[] = mergePlaces(GHANA_PLACES, GHANA_NEIGHBOURHOODS);

export function nearestPlace(
  latitude: number,
  longitude: number,
  places: readonly GhanaPlace[] = PLACES,
): { place: GhanaPlace; distanceKm: number } | null {
  let best: { place: GhanaPlace; distanceKm: number } | null = null;
  for (const place of places) {
    const d = distanceKm(latitude, longitude, place.latitude, place.longitude);
    if (!best || d < best.distanceKm) best = { place, distanceKm: d };
  }
  return best;
}

function placeParts(place: GhanaPlace) {
  const city = place.city ?? place.name;
  const neighbourhood = place.city ? place.name : null;
  return { city, neighbourhood, state: place.region, country: DEFAULT_COUNTRY };
}

/** Spec 3 "Current location" for a point: the nearest Ghanaian place with its region, or null. */
export function reverseFromGazetteer(latitude: number, longitude: number): CurrentLocation | null {
  const nearest = nearestPlace(latitude, longitude);
  if (!nearest || nearest.distanceKm > MAX_NEAREST_KM) return null;
  const { city, neighbourhood, state, country } = placeParts(nearest.place);
  return {
    display_name: [neighbourhood, city, state, country].filter(Boolean).join(', '),
    address: { city, country, state, postcode: null, neighbourhood },
    formatted: { formatted: [city, state, country].join(', '), city, country, state, postcode: null },
    latitude,
    longitude,
    source: 'gazetteer',
  };
}

/** Lower case, accents and punctuation dropped: "Lomé" and "lome", "Domaa-Ahenkro" and "domaa ahenkro". */
export function foldName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function matchScore(place: GhanaPlace, needle: string): number | null {
  let best: number | null = null;
  for (const name of [place.name, ...place.aliases]) {
    const folded = foldName(name);
    let score: number | null = null;
    if (folded === needle) score = 0;
    else if (folded.startsWith(needle)) score = 1;
    else if (folded.split(' ').some((word) => word.startsWith(needle))) score = 2;
    else if (needle.length >= 3 && folded.includes(needle)) score = 3;
    if (score !== null && (best === null || score < best)) best = score;
  }
  return best;
}

export function toSearchResult(place: GhanaPlace): GeocodeSearchResult {
  const { city, neighbourhood, state, country } = placeParts(place);
  return {
    display_name: [neighbourhood, city, state, country].filter(Boolean).join(', '),
    city,
    state,
    country,
    neighbourhood,
    latitude: place.latitude,
    longitude: place.longitude,
  };
}

/**
 * "bantama kumasi" (no comma): a place name, then the town it is in. The neighbourhood part and the
 * town when the last words name a town (not a suburb) of the gazetteer, else null.
 */
function splitTownSuffix(query: string): { neighbourhood: string; town: GhanaPlace } | null {
  if (query.includes(',')) return null;
  const folded = foldName(query);
  // "Sefwi Wiawso", "Akim Oda": a name as a whole wins over a split.
  if (PLACES.some((p) => matchScore(p, folded) === 0)) return null;
  const words = folded.split(' ').filter(Boolean);
  for (let i = 1; i < words.length; i++) {
    const tail = words.slice(i).join(' ');
    const town = PLACES.find(
      (p) => p.city === null && [p.name, ...p.aliases].some((n) => foldName(n) === tail),
    );
    if (town) return { neighbourhood: words.slice(0, i).join(' '), town };
  }
  return null;
}

/**
 * Forward lookup for the location search box: spec 5's normalisation first ("kumasi" → Kumasi,
 * Ashanti; "East Legon, Accra" looks for East Legon, then Accra; "bantama kumasi" for Bantama in
 * Kumasi, then Kumasi), then names and spellings that equal, start with, or contain what was typed.
 * Towns before suburbs, then alphabetical.
 */
export function searchGazetteer(query: string, limit = 8): GeocodeSearchResult[] {
  const normalized = normalizeLocationText(query);
  if (!normalized) return [];
  if (normalized.country && foldName(normalized.country) !== foldName(DEFAULT_COUNTRY)) return [];
  const found: { place: GhanaPlace; rank: number }[] = [];
  const add = (place: GhanaPlace, rank: number) => {
    const existing = found.find((f) => f.place === place);
    if (existing) existing.rank = Math.min(existing.rank, rank);
    else found.push({ place, rank });
  };
  const split = splitTownSuffix(query);
  if (split) {
    const inTown = (p: GhanaPlace) => p === split.town || p.city === split.town.name;
    for (const place of PLACES) {
      const score = inTown(place) ? matchScore(place, split.neighbourhood) : null;
      if (score !== null) add(place, score);
    }
    add(split.town, 10);
  }
  const needles = [normalized.neighbourhood, normalized.city].filter((n): n is string => !!n).map(foldName);
  needles.forEach((needle, i) => {
    if (!needle) return;
    for (const place of PLACES) {
      const score = matchScore(place, needle);
      if (score === null) continue;
      if (normalized.region && place.region !== normalized.region && place.city !== normalized.city) continue;
      add(place, (split ? 20 : 0) + i * 10 + score);
    }
  });
  return found
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        Number(a.place.city !== null) - Number(b.place.city !== null) ||
        a.place.name.localeCompare(b.place.name, 'en', { numeric: true }),
    )
    .slice(0, limit)
    .map((f) => toSearchResult(f.place));
}

/** The region of a Ghanaian town or suburb named exactly (any case or accent), else null. */
export function regionOf(name: string): string | null {
  const needle = foldName(name);
  if (!needle) return null;
  const place = PLACES.find((p) => [p.name, ...p.aliases].some((n) => foldName(n) === needle));
  return place?.region ?? null;
}
