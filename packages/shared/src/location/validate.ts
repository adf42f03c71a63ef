import type { FieldIssue } from '../errors.ts';
import { LOCATION_MESSAGES } from './messages.ts';

/** Ghana's extent (4.74–11.17 N, 3.26 W–1.20 E), padded a little for the coast and borders. */
export const GHANA_BOUNDS = { south: 4.5, north: 11.3, west: -3.4, east: 1.4 } as const;

export const COORDINATE_MESSAGES = {
  latitude: 'Latitude must be between -90 and 90',
  longitude: 'Longitude must be between -180 and 180',
  pickPoint: 'Choose a point on the map',
  city: 'Enter the town or city',
  country: 'Enter the country',
  outsideGhana: 'This point is outside Ghana. Check the pin if you work in Ghana.',
} as const;

export function isValidLatitude(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= -90 && value <= 90;
}

export function isValidLongitude(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= -180 && value <= 180;
}

export function isInGhana(latitude: number, longitude: number): boolean {
  return (
    latitude >= GHANA_BOUNDS.south &&
    latitude <= GHANA_BOUNDS.north &&
    longitude >= GHANA_BOUNDS.west &&
    longitude <= GHANA_BOUNDS.east
  );
}

/** A city or country that is present: not blank and not 'Unknown' (any case). */
export function isKnownPlaceName(value: string | null | undefined): boolean {
  const text = value?.trim();
  return !!text && text.toLowerCase() !== 'unknown';
}

export interface LocationCandidate {
  city?: string | null;
  country?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

export type LocationCheck =
  | { ok: true; warnings: string[] }
  | { ok: false; message: string; fields: FieldIssue[] };

/**
 * Spec 5 "Location" save rules with spec 8's messages:
 * - nothing to save, or no point: 'Cannot save: missing location data';
 * - city or country blank or 'Unknown', or coordinates out of range (latitude −90..90, longitude
 *   −180..180): 'Invalid location data - please select a valid location';
 * - a point outside Ghana is saved with a warning, not refused.
 */
export function validateLocationForSave(candidate: LocationCandidate | null | undefined): LocationCheck {
  const missing = (fields: FieldIssue[]): LocationCheck => ({
    ok: false,
    message: LOCATION_MESSAGES.missingData,
    fields,
  });
  if (!candidate) return missing([{ field: 'location', message: LOCATION_MESSAGES.missingData }]);
  const { city, country, latitude, longitude } = candidate;
  const noPoint =
    latitude === null || latitude === undefined || longitude === null || longitude === undefined;
  if (noPoint && !city?.trim() && !country?.trim()) {
    return missing([{ field: 'location', message: LOCATION_MESSAGES.missingData }]);
  }
  if (noPoint) {
    const field = latitude === null || latitude === undefined ? 'latitude' : 'longitude';
    return missing([{ field, message: COORDINATE_MESSAGES.pickPoint }]);
  }
  const fields: FieldIssue[] = [];
  if (!isKnownPlaceName(city)) fields.push({ field: 'city', message: COORDINATE_MESSAGES.city });
  if (!isKnownPlaceName(country)) fields.push({ field: 'country', message: COORDINATE_MESSAGES.country });
  if (!isValidLatitude(latitude)) fields.push({ field: 'latitude', message: COORDINATE_MESSAGES.latitude });
  if (!isValidLongitude(longitude))
    fields.push({ field: 'longitude', message: COORDINATE_MESSAGES.longitude });
  if (fields.length) return { ok: false, message: LOCATION_MESSAGES.invalidData, fields };
  return { ok: true, warnings: isInGhana(latitude, longitude) ? [] : [COORDINATE_MESSAGES.outsideGhana] };
}
