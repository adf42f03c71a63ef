import {
  type CurrentLocation,
  type OnboardingStatus,
  type ProviderLocation,
  REQUIRED_STEPS,
  type RequiredStep,
} from '@adwuma/shared';

/** An onboarding status as GET /api/onboarding/status answers it; `done` lists the complete steps. */
export function makeStatus(
  overrides: Partial<OnboardingStatus> & { done?: RequiredStep[]; avatar?: boolean } = {},
): OnboardingStatus {
  const { done = [], avatar = true, ...rest } = overrides;
  const has = (step: RequiredStep) => done.includes(step);
  const core = {
    profile_completed: avatar && has('profile'),
    location_completed: has('location'),
    skills_completed: has('services'),
  };
  const coreDone = Object.values(core).filter(Boolean).length;
  const nextRequiredStep = REQUIRED_STEPS.find((s) => !has(s)) ?? null;
  const post = ['availability', 'id', 'terms', 'subscription'].every((s) => has(s as RequiredStep));
  return {
    role: 'explorer',
    isProvider: true,
    isOnboardingComplete: coreDone === 3,
    nextRequiredStep,
    postOnboardingCompleted: post,
    currentStep: 'profile',
    completionPercentage: Math.round((coreDone / 3) * 100),
    core,
    post: {
      profile_complete: has('profile'),
      location_set: has('location'),
      services_added: has('services'),
      availability_set: has('availability'),
      id_uploaded: has('id'),
      terms_accepted: has('terms'),
      subscription_selected: has('subscription'),
    },
    steps: REQUIRED_STEPS.map((id) => ({ id, complete: has(id) })),
    introSeen: true,
    verification: { uploadedDocuments: has('id') ? 3 : 0, requiredDocuments: 3, sessionStatus: null },
    gate: 'pass',
    hasCustomerActivity: false,
    ...rest,
  };
}

export function makeLocation(overrides: Partial<ProviderLocation> = {}): ProviderLocation {
  return {
    id: 'loc-1',
    provider_id: 'user-1',
    latitude: 6.6885,
    longitude: -1.6244,
    address: 'Kumasi, Ghana',
    city: 'Kumasi',
    region: 'Ashanti',
    country: 'Ghana',
    postal_code: null,
    business_name: null,
    geocoding_accuracy: 'user',
    is_verified: false,
    last_geocoded_at: null,
    neighbourhood: null,
    search_radius: 10,
    service_areas: [],
    source: 'user',
    digital_address: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A reverse-geocoding answer (GET /api/geocode/reverse). */
export function makePlace(overrides: { city?: string; state?: string; lat?: number; lng?: number } = {}) {
  const city = overrides.city ?? 'Accra';
  const state = overrides.state ?? 'Greater Accra';
  return {
    display_name: `${city}, ${state}, Ghana`,
    address: { city, country: 'Ghana', state, postcode: null, neighbourhood: null },
    formatted: { formatted: `${city}, Ghana`, city, country: 'Ghana', state, postcode: null },
    latitude: overrides.lat ?? 5.6037,
    longitude: overrides.lng ?? -0.187,
    source: 'gazetteer',
  } satisfies CurrentLocation;
}
