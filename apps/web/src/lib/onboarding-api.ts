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
import {
  isProviderLike,
  MISSING_TABLE_CODE,
  onboardingPath,
  onboardingRetryDelay,
  POST_ONBOARDING_FALLBACK,
  REQUIRED_STEPS,
  type Role,
  shouldRetryOnboardingQuery,
} from '@adwuma/shared';
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

/**
 * Spec 8: a failed post-onboarding status fetch gives all-false flags. What the gate reads when GET
 * /api/onboarding/status failed: core onboarding as the profile states it, every post-onboarding
 * flag false, no documents and no verification session (so a finished provider is shown the
 * verification step, where the real state is read again) — instead of an error screen.
 */
export function fallbackOnboardingStatus(me: { role: Role; profile: Profile }): OnboardingStatus {
  const { profile } = me;
  const core = profile.core_onboarding_progress;
  const coreSteps = {
    profile: core.profile_completed,
    location: core.location_completed,
    services: core.skills_completed,
  };
  const complete = profile.onboarding_completed;
  const next = complete
    ? null
    : (REQUIRED_STEPS.find((step) => step in coreSteps && !coreSteps[step as keyof typeof coreSteps]) ??
      'profile');
  const done = Object.values(coreSteps).filter(Boolean).length;
  return {
    role: me.role,
    isProvider: isProviderLike(me.role),
    isOnboardingComplete: complete,
    nextRequiredStep: next,
    postOnboardingCompleted: false,
    currentStep: complete
      ? 'subscription'
      : !profile.intro_seen
        ? 'welcome'
        : next === 'services'
          ? 'services'
          : next === 'location'
            ? 'location'
            : 'profile',
    completionPercentage: Math.round((done / 3) * 100),
    core: { ...core },
    post: { ...POST_ONBOARDING_FALLBACK },
    steps: REQUIRED_STEPS.map((id) => ({
      id,
      complete: id in coreSteps ? coreSteps[id as keyof typeof coreSteps] : false,
    })),
    introSeen: profile.intro_seen,
    verification: { uploadedDocuments: 0, requiredDocuments: 3, sessionStatus: null },
    gate: onboardingPath(next ?? 'verification'),
    hasCustomerActivity: false,
  };
}

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
