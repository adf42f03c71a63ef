/**
 * Spec 5 "Location": free-text normalisation and the reusable-address rule.
 */

export const DEFAULT_COUNTRY = 'Ghana';
/** Spec 9: default country Ghana; cities Accra, Kumasi, Tamale. */
export const DEFAULT_CITIES = ['Accra', 'Kumasi', 'Tamale'] as const;

/** The cities the normalisation knows, with their regions (spec 5). */
export const KNOWN_CITY_REGIONS: Readonly<Record<string, { city: string; region: string }>> = {
  accra: { city: 'Accra', region: 'Greater Accra' },
  kumasi: { city: 'Kumasi', region: 'Ashanti' },
  tamale: { city: 'Tamale', region: 'Northern' },
};

export interface NormalizedLocation {
  city: string;
  /** Region (state), when known. */
  region: string | null;
  country: string;
  /** The part before a known city ("Osu, Accra" gives Osu), else null. */
  neighbourhood: string | null;
}

/** Trims, collapses spaces, and capitalises words of an all-lowercase name ("cape coast" → "Cape Coast"). */
export function tidyPlaceName(value: string): string {
  const text = value.trim().replace(/\s+/g, ' ');
  if (text !== text.toLowerCase()) return text;
  return text.replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

/**
 * Spec 5: 'accra' gives city Accra, region Greater Accra; 'kumasi' gives Ashanti; 'tamale' gives
 * Northern; otherwise the first comma part is the city and the second the country, default Ghana.
 * One extension, so "East Legon, Accra" does not give the country "Accra": a known city in a later
 * part is the city, and the first part its neighbourhood. Blank text gives null.
 */
export function normalizeLocationText(text: string | null | undefined): NormalizedLocation | null {
  const parts = (text ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  // Own keys only: typed text such as "__proto__" or "constructor" is not a known city.
  const knownOf = (part: string) => {
    const key = part.toLowerCase();
    return Object.hasOwn(KNOWN_CITY_REGIONS, key) ? KNOWN_CITY_REGIONS[key] : undefined;
  };
  const knownIndex = parts.findIndex((p) => knownOf(p) !== undefined);
  if (knownIndex >= 0) {
    const known = knownOf(parts[knownIndex]!)!;
    return {
      city: known.city,
      region: known.region,
      country: DEFAULT_COUNTRY,
      neighbourhood: knownIndex > 0 ? tidyPlaceName(parts[0]!) : null,
    };
  }
  return {
    city: tidyPlaceName(parts[0]!),
    region: null,
    country: parts[1] ? tidyPlaceName(parts[1]) : DEFAULT_COUNTRY,
    neighbourhood: null,
  };
}

const ADDRESS_WORDS = /\b(street|road|avenue|drive|lane|boulevard|city|town|village)\b/i;
const NUMBER_AND_STREET = /^\s*\d{1,6}[a-z]?,?\s+\p{L}[\p{L}'’.-]+/iu;

/**
 * Spec 5: an address is reusable if it contains street, road, avenue, drive, lane, boulevard, city,
 * town or village, or looks like a number followed by a street name ("12 Oxford Street",
 * "5 Liberation"). Whole words, any case.
 */
export function isReusableAddress(address: string | null | undefined): boolean {
  if (!address?.trim()) return false;
  return ADDRESS_WORDS.test(address) || NUMBER_AND_STREET.test(address);
}

/** Spec 7: the address saved when none is given: 'city, country'. */
export function defaultAddress(city: string, country: string): string {
  return `${city}, ${country}`;
}

/** The address to prefill from a geocoded or earlier one: it if reusable, else 'city, country'. */
export function reusableAddressOr(address: string | null | undefined, city: string, country: string): string {
  return isReusableAddress(address) ? address!.trim() : defaultAddress(city, country);
}
