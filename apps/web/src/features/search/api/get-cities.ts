import { type DirectoryCitiesResponse, type DirectoryResponse, SEARCH_LIMITS } from '@adwuma/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const CITIES_API = '/api/directory/cities';

/**
 * A city with listed providers. The API may add the city's centre; until it does, the centre is
 * worked out from the city's providers (see cityCentre).
 */
export type CityOption = DirectoryCitiesResponse['cities'][number] & {
  latitude?: number | null;
  longitude?: number | null;
};

export function getCities(signal?: AbortSignal): Promise<{ cities: CityOption[] }> {
  return api<{ cities: CityOption[] }>(CITIES_API, { signal });
}

export const citiesQuery = () =>
  queryOptions({
    queryKey: ['directory', 'cities'] as const,
    queryFn: ({ signal }) => getCities(signal),
    staleTime: 5 * 60_000,
  });

export function useCities(enabled = true) {
  return useQuery({ ...citiesQuery(), enabled });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Where to centre a search "near {city}": the API's centre when it gives one, else the median
 * position of the city's listed providers (GET /api/directory?city=…), which the search only needs
 * to within a few km. Null when the city has no provider with a position.
 */
export async function cityCentre(city: CityOption): Promise<{ lat: number; lng: number } | null> {
  if (typeof city.latitude === 'number' && typeof city.longitude === 'number') {
    return { lat: city.latitude, lng: city.longitude };
  }
  const params = new URLSearchParams({ city: city.city });
  const { items } = await api<DirectoryResponse>(`/api/directory?${params}`);
  const points = items
    .slice(0, SEARCH_LIMITS.pageSize)
    .filter((p) => p.latitude !== null && p.longitude !== null) as { latitude: number; longitude: number }[];
  if (points.length === 0) return null;
  return { lat: median(points.map((p) => p.latitude)), lng: median(points.map((p) => p.longitude)) };
}
