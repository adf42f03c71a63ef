import {
  isReusableAddress,
  type LocationSaveRequest,
  type ProviderLocation,
  SEARCH_RADIUS_DEFAULT_KM,
} from '@adwuma/shared';

// The location step's form values and how they map to and from the API.

export interface LocationValues {
  city: string;
  region: string;
  country: string;
  address: string;
  neighbourhood: string;
  digital_address: string;
  search_radius: number;
  service_areas: string[];
  /** Typed in the areas box but not added yet. */
  pending_area: string;
  latitude: number | null;
  longitude: number | null;
}

const EMPTY: LocationValues = {
  city: '',
  region: '',
  country: 'Ghana',
  address: '',
  neighbourhood: '',
  digital_address: '',
  search_radius: SEARCH_RADIUS_DEFAULT_KM,
  service_areas: [],
  pending_area: '',
  latitude: null,
  longitude: null,
};

export function valuesFromLocation(l: ProviderLocation | null): LocationValues {
  if (!l) return EMPTY;
  return {
    city: l.city ?? '',
    region: l.region ?? '',
    country: l.country ?? 'Ghana',
    address: l.address ?? '',
    neighbourhood: l.neighbourhood ?? '',
    digital_address: l.digital_address ?? '',
    search_radius: l.search_radius ?? SEARCH_RADIUS_DEFAULT_KM,
    service_areas: l.service_areas,
    pending_area: '',
    latitude: l.latitude,
    longitude: l.longitude,
  };
}

/**
 * What the step sends: a confirmed ('user') location with the service area. A typed address is kept
 * as the provider's address only if it is reusable (spec 5: a street, road, … or a house number and
 * street name); otherwise none is sent and the server stores 'city, country' (spec 7).
 */
export function locationRequest(v: LocationValues): LocationSaveRequest {
  const pending = v.pending_area.trim();
  const areas =
    pending && !v.service_areas.some((a) => a.toLowerCase() === pending.toLowerCase())
      ? [...v.service_areas, pending]
      : v.service_areas;
  return {
    city: v.city,
    region: v.region || null,
    country: v.country || 'Ghana',
    address: isReusableAddress(v.address) ? v.address.trim() : null,
    neighbourhood: v.neighbourhood || null,
    digital_address: v.digital_address || null,
    search_radius: v.search_radius,
    service_areas: areas,
    latitude: v.latitude,
    longitude: v.longitude,
    geocoding_accuracy: 'user',
  };
}
