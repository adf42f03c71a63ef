import type {
  CategoriesResponse,
  CurrentLocation,
  GeocodeSearchResponse,
  LocationSaveRequest,
  OnboardingProfileRequest,
  OnboardingServicesRequest,
  OnboardingStatus,
  OnboardingSummary,
  Profile,
  ProviderLocation,
  ProviderServices,
  WeeklyAvailabilityRequest,
} from '@adwuma/shared';
import { MISSING_TABLE_CODE, onboardingRetryDelay, shouldRetryOnboardingQuery } from '@adwuma/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from './api.ts';

export const ONBOARDING_API = {
  status: '/api/onboarding/status',
  profile: '/api/onboarding/profile',
  location: '/api/onboarding/location',
  services: '/api/onboarding/services',
  availability: '/api/onboarding/availability',
  terms: '/api/onboarding/terms',
  subscription: '/api/onboarding/subscription',
  introSeen: '/api/onboarding/intro-seen',
  summary: '/api/onboarding/summary',
  categories: '/api/categories',
  geocodeSearch: '/api/geocode/search',
  geocodeReverse: '/api/geocode/reverse',
} as const;

export type WeekAnswer = {
  timezone: string;
  days: { weekday: number; closed: boolean; opens: string | null; closes: string | null }[];
};

export const onboardingKeys = {
  status: ['onboarding', 'status'] as const,
  location: ['onboarding', 'location'] as const,
  services: ['onboarding', 'services'] as const,
  availability: ['onboarding', 'availability'] as const,
  summary: ['onboarding', 'summary'] as const,
  categories: ['categories'] as const,
};

/** True when the failure names Postgres code 42P01 (in its code, its details or its message). */
export function mentionsMissingTable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const details = error instanceof ApiError ? (error.details as { code?: unknown } | undefined) : undefined;
  const code = error instanceof ApiError ? error.code : (error as { code?: unknown }).code;
  return (
    code === MISSING_TABLE_CODE ||
    details?.code === MISSING_TABLE_CODE ||
    error.message.includes(MISSING_TABLE_CODE)
  );
}

/**
 * Spec 8 retry rule of the onboarding queries, for TanStack Query: not for code 42P01 (nor any 4xx
 * refusal), otherwise up to 2 retries.
 */
export function retryOnboardingQuery(failureCount: number, error: unknown): boolean {
  return shouldRetryOnboardingQuery(
    failureCount,
    error instanceof ApiError && error.status > 0 ? error.status : undefined,
    mentionsMissingTable(error) ? MISSING_TABLE_CODE : null,
  );
}

/** Spec 8/9: 1 s doubling up to 30 s. */
export const ONBOARDING_QUERY_RETRY = {
  retry: retryOnboardingQuery,
  retryDelay: onboardingRetryDelay,
} as const;

export const fetchOnboardingStatus = () => api<OnboardingStatus>(ONBOARDING_API.status);
export const fetchSavedLocation = () => api<{ location: ProviderLocation | null }>(ONBOARDING_API.location);

/** GET /api/onboarding/status: what the provider gate, `/` and the wizard read. */
export const onboardingStatusQuery = queryOptions({
  queryKey: onboardingKeys.status,
  queryFn: fetchOnboardingStatus,
  ...ONBOARDING_QUERY_RETRY,
});

export const useOnboardingStatus = () => useQuery(onboardingStatusQuery);

export const savedLocationQuery = queryOptions({
  queryKey: onboardingKeys.location,
  queryFn: fetchSavedLocation,
  staleTime: 0,
  ...ONBOARDING_QUERY_RETRY,
});

export const useSavedLocation = () => useQuery(savedLocationQuery);

export const useSavedServices = () =>
  useQuery({
    queryKey: onboardingKeys.services,
    queryFn: () => api<ProviderServices>(ONBOARDING_API.services),
    staleTime: 0,
    ...ONBOARDING_QUERY_RETRY,
  });

export const useSavedAvailability = () =>
  useQuery({
    queryKey: onboardingKeys.availability,
    queryFn: () => api<{ availability: WeekAnswer | null }>(ONBOARDING_API.availability),
    staleTime: 0,
    ...ONBOARDING_QUERY_RETRY,
  });

export const useSummary = () =>
  useQuery({
    queryKey: onboardingKeys.summary,
    queryFn: () => api<OnboardingSummary>(ONBOARDING_API.summary),
    staleTime: 0,
    ...ONBOARDING_QUERY_RETRY,
  });

export const useCategories = () =>
  useQuery({
    queryKey: onboardingKeys.categories,
    queryFn: () => api<CategoriesResponse>(ONBOARDING_API.categories),
    staleTime: 5 * 60_000,
  });

export const saveProfile = (json: OnboardingProfileRequest) =>
  api<{ profile: Profile; status: OnboardingStatus }>(ONBOARDING_API.profile, { method: 'PUT', json });
export const saveLocation = (json: LocationSaveRequest) =>
  api<{ location: ProviderLocation; warnings: string[]; status: OnboardingStatus }>(ONBOARDING_API.location, {
    method: 'PUT',
    json,
  });
export const saveServices = (json: OnboardingServicesRequest) =>
  api<ProviderServices>(ONBOARDING_API.services, { method: 'PUT', json });
export const saveAvailability = (json: WeeklyAvailabilityRequest) =>
  api<{ availability: WeekAnswer }>(ONBOARDING_API.availability, { method: 'PUT', json });
export const acceptTerms = () =>
  api<unknown>(ONBOARDING_API.terms, { method: 'POST', json: { accepted: true } });
export const keepStarter = () =>
  api<unknown>(ONBOARDING_API.subscription, { method: 'POST', json: { tier: 'starter' } });
export const markIntroSeen = () => api<unknown>(ONBOARDING_API.introSeen, { method: 'POST' });

export const searchPlaces = (q: string) =>
  api<GeocodeSearchResponse>(`${ONBOARDING_API.geocodeSearch}?${new URLSearchParams({ q })}`);
export const reverseGeocode = (lat: number, lng: number) =>
  api<CurrentLocation>(
    `${ONBOARDING_API.geocodeReverse}?${new URLSearchParams({ lat: String(lat), lng: String(lng) })}`,
  );
