import type {
  CategoriesResponse,
  CurrentLocation,
  GeocodeSearchResponse,
  LocationSaveRequest,
  OnboardingProfileRequest,
  OnboardingServicesRequest,
  OnboardingStatus,
  OnboardingSummary,
  ProviderLocation,
  ProviderServices,
  WeeklyAvailabilityRequest,
} from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

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

export const useOnboardingStatus = () =>
  useQuery({ queryKey: onboardingKeys.status, queryFn: () => api<OnboardingStatus>(ONBOARDING_API.status) });

export const useSavedLocation = () =>
  useQuery({
    queryKey: onboardingKeys.location,
    queryFn: () => api<{ location: ProviderLocation | null }>(ONBOARDING_API.location),
    staleTime: 0,
  });

export const useSavedServices = () =>
  useQuery({
    queryKey: onboardingKeys.services,
    queryFn: () => api<ProviderServices>(ONBOARDING_API.services),
    staleTime: 0,
  });

export const useSavedAvailability = () =>
  useQuery({
    queryKey: onboardingKeys.availability,
    queryFn: () => api<{ availability: WeekAnswer | null }>(ONBOARDING_API.availability),
    staleTime: 0,
  });

export const useSummary = () =>
  useQuery({
    queryKey: onboardingKeys.summary,
    queryFn: () => api<OnboardingSummary>(ONBOARDING_API.summary),
    staleTime: 0,
  });

export const useCategories = () =>
  useQuery({
    queryKey: onboardingKeys.categories,
    queryFn: () => api<CategoriesResponse>(ONBOARDING_API.categories),
    staleTime: 5 * 60_000,
  });

export const saveProfile = (json: OnboardingProfileRequest) =>
  api<{ status: OnboardingStatus }>(ONBOARDING_API.profile, { method: 'PUT', json });
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
