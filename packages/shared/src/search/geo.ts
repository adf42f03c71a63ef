/** Distances and bounding boxes for "near a place within a radius" (spherical Earth, km). */

export const EARTH_RADIUS_KM = 6371.0088;

const rad = (deg: number) => (deg * Math.PI) / 180;

/**
 * A coordinate kept to 6 decimals (about 10 cm): finer is noise, and a subnormal such as 1e-320
 * underflows Postgres' earth functions (ll_to_earth). -0 becomes 0.
 */
export function roundCoordinate(degrees: number): number {
  return Math.round(degrees * 1e6) / 1e6 || 0;
}

/** Great-circle distance in km (haversine). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/**
 * The box that surely contains every point within `radiusKm` of the centre: what an index can answer
 * before the exact distance is checked. Longitude widens with latitude (clamped near the poles).
 */
export function boundingBox(center: { lat: number; lng: number }, radiusKm: number): BoundingBox {
  const dLat = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI);
  const cos = Math.max(Math.cos(rad(center.lat)), 1e-6);
  const dLng = Math.min(180, dLat / cos);
  return {
    minLat: Math.max(-90, center.lat - dLat),
    maxLat: Math.min(90, center.lat + dLat),
    minLng: Math.max(-180, center.lng - dLng),
    maxLng: Math.min(180, center.lng + dLng),
  };
}

/** "850 m", "3.2 km", "45 km". */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  if (km < 10) return `${km.toFixed(1)} km`;
  return `${Math.round(km)} km`;
}
