import { describe, expect, it } from 'vitest';
import {
  completionPercentage,
  computeOnboarding,
  coreOnboardingProgress,
  EMPTY_FACTS,
  isAvailabilityStepComplete,
  isCoreComplete,
  isDocumentDone,
  isIdStepComplete,
  isLocationStepComplete,
  isProfileStepComplete,
  isServicesStepComplete,
  isSubscriptionStepComplete,
  isTermsStepComplete,
  type OnboardingFacts,
  POST_ONBOARDING_FALLBACK,
  providerStepA,
  requiredStepStatus,
} from './completion.ts';

const profile = (over: Partial<NonNullable<OnboardingFacts['profile']>> = {}) => ({
  full_name: 'Ama Mensah',
  phone: '+233241234567',
  bio: 'Braids in Osu.',
  avatar_url: '/api/avatars/u1?v=1',
  availability_set: false,
  terms_accepted_at: null,
  intro_seen: true,
  ...over,
});

const facts = (over: Partial<OnboardingFacts> = {}): OnboardingFacts => ({ ...EMPTY_FACTS, ...over });

const complete = (): OnboardingFacts =>
  facts({
    profile: profile({ availability_set: true, terms_accepted_at: '2026-11-22T10:00:00Z' }),
    location: { geocoding_accuracy: 'user' },
    skillCount: 1,
    serviceTagCount: 2,
    idDocumentStatuses: ['uploaded', 'submitted', 'approved'],
    subscriptionStatuses: ['active'],
  });

describe('step completion (spec 5, set B)', () => {
  it('profile: non-blank full_name, phone and bio', () => {
    expect(isProfileStepComplete(facts({ profile: profile() }))).toBe(true);
    expect(isProfileStepComplete(facts({ profile: profile({ full_name: '  ' }) }))).toBe(false);
    expect(isProfileStepComplete(facts({ profile: profile({ phone: null }) }))).toBe(false);
    expect(isProfileStepComplete(facts({ profile: profile({ bio: '' }) }))).toBe(false);
    expect(isProfileStepComplete(facts())).toBe(false);
    // The avatar is a core item, not part of set B's profile step.
    expect(isProfileStepComplete(facts({ profile: profile({ avatar_url: null }) }))).toBe(true);
  });

  it("location: a location with geocoding_accuracy 'user'", () => {
    expect(isLocationStepComplete(facts({ location: { geocoding_accuracy: 'user' } }))).toBe(true);
    expect(isLocationStepComplete(facts({ location: { geocoding_accuracy: 'gps' } }))).toBe(false);
    expect(isLocationStepComplete(facts({ location: { geocoding_accuracy: null } }))).toBe(false);
    expect(isLocationStepComplete(facts())).toBe(false);
  });

  it('services: at least one service tag (skills alone do not count)', () => {
    expect(isServicesStepComplete(facts({ serviceTagCount: 1 }))).toBe(true);
    expect(isServicesStepComplete(facts({ skillCount: 3, serviceTagCount: 0 }))).toBe(false);
  });

  it('availability: availability_set true', () => {
    expect(isAvailabilityStepComplete(facts({ profile: profile({ availability_set: true }) }))).toBe(true);
    expect(isAvailabilityStepComplete(facts({ profile: profile() }))).toBe(false);
    expect(isAvailabilityStepComplete(facts())).toBe(false);
  });

  it('id: at least 3 documents, all uploaded, submitted or approved', () => {
    expect(isIdStepComplete(facts({ idDocumentStatuses: ['uploaded', 'submitted', 'approved'] }))).toBe(true);
    expect(
      isIdStepComplete(facts({ idDocumentStatuses: ['approved', 'approved', 'approved', 'uploaded'] })),
    ).toBe(true);
    expect(isIdStepComplete(facts({ idDocumentStatuses: ['uploaded', 'uploaded'] }))).toBe(false);
    expect(isIdStepComplete(facts({ idDocumentStatuses: ['uploaded', 'uploaded', 'rejected'] }))).toBe(false);
    expect(isIdStepComplete(facts({ idDocumentStatuses: ['uploaded', 'uploaded', 'uploading'] }))).toBe(
      false,
    );
  });

  it('document statuses counted done: uploaded, submitted, approved', () => {
    expect(['uploaded', 'submitted', 'approved'].every(isDocumentDone)).toBe(true);
    expect(['uploading', 'rejected', null, undefined, 'Uploaded'].some(isDocumentDone)).toBe(false);
  });

  it('terms: an acceptance with accepted_at, or profile terms_accepted_at', () => {
    expect(isTermsStepComplete(facts({ termsAcceptedAt: ['2026-11-22T10:00:00Z'] }))).toBe(true);
    expect(isTermsStepComplete(facts({ termsAcceptedAt: [new Date()] }))).toBe(true);
    expect(
      isTermsStepComplete(facts({ profile: profile({ terms_accepted_at: '2026-11-22T10:00:00Z' }) })),
    ).toBe(true);
    expect(isTermsStepComplete(facts({ termsAcceptedAt: [null], profile: profile() }))).toBe(false);
    expect(isTermsStepComplete(facts())).toBe(false);
  });

  it('subscription: status active, or any subscription row', () => {
    expect(isSubscriptionStepComplete(facts({ subscriptionStatuses: ['active'] }))).toBe(true);
    expect(isSubscriptionStepComplete(facts({ subscriptionStatuses: ['canceled'] }))).toBe(true);
    expect(isSubscriptionStepComplete(facts({ subscriptionStatuses: [] }))).toBe(false);
  });

  it('requiredStepStatus applies every rule', () => {
    expect(requiredStepStatus(complete())).toEqual({
      profile: true,
      location: true,
      services: true,
      availability: true,
      id: true,
      terms: true,
      subscription: true,
    });
    expect(Object.values(requiredStepStatus(facts())).every((v) => v === false)).toBe(true);
  });
});

describe('core completion (spec 4)', () => {
  it('profile item needs avatar plus name', () => {
    expect(coreOnboardingProgress(facts({ profile: profile() })).profile_completed).toBe(true);
    expect(coreOnboardingProgress(facts({ profile: profile({ avatar_url: null }) })).profile_completed).toBe(
      false,
    );
    expect(coreOnboardingProgress(facts({ profile: profile({ full_name: ' ' }) })).profile_completed).toBe(
      false,
    );
  });

  it('location item needs a location row of any accuracy', () => {
    expect(
      coreOnboardingProgress(facts({ location: { geocoding_accuracy: 'gps' } })).location_completed,
    ).toBe(true);
    expect(coreOnboardingProgress(facts()).location_completed).toBe(false);
  });

  it('skills item needs at least one skill or service tag', () => {
    expect(coreOnboardingProgress(facts({ skillCount: 1 })).skills_completed).toBe(true);
    expect(coreOnboardingProgress(facts({ serviceTagCount: 1 })).skills_completed).toBe(true);
    expect(coreOnboardingProgress(facts()).skills_completed).toBe(false);
  });

  it('completion percentage is completed core items out of 3', () => {
    const none = { profile_completed: false, location_completed: false, skills_completed: false };
    expect(completionPercentage(none)).toBe(0);
    expect(completionPercentage({ ...none, location_completed: true })).toBe(33);
    expect(completionPercentage({ ...none, location_completed: true, skills_completed: true })).toBe(67);
    expect(
      completionPercentage({ profile_completed: true, location_completed: true, skills_completed: true }),
    ).toBe(100);
    expect(
      isCoreComplete({ profile_completed: true, location_completed: true, skills_completed: true }),
    ).toBe(true);
    expect(isCoreComplete({ ...none, profile_completed: true, location_completed: true })).toBe(false);
  });
});

describe('provider step logic (spec 4, set A)', () => {
  it('no intro seen gives welcome', () => {
    expect(providerStepA(complete(), true)).toBe('complete');
    expect(providerStepA(facts({ ...complete(), profile: profile({ intro_seen: false }) }), true)).toBe(
      'welcome',
    );
    expect(providerStepA(facts(), false)).toBe('welcome');
  });
  it('no avatar or name gives profile', () => {
    expect(providerStepA(facts({ ...complete(), profile: profile({ avatar_url: null }) }), true)).toBe(
      'profile',
    );
    expect(providerStepA(facts({ ...complete(), profile: profile({ full_name: null }) }), true)).toBe(
      'profile',
    );
  });
  it('no location gives location', () => {
    expect(providerStepA(facts({ ...complete(), location: null }), true)).toBe('location');
  });
  it('no skills or service tags gives services', () => {
    expect(providerStepA(facts({ ...complete(), skillCount: 0, serviceTagCount: 0 }), true)).toBe('services');
    expect(providerStepA(facts({ ...complete(), skillCount: 1, serviceTagCount: 0 }), true)).toBe('complete');
  });
  it('core complete but post-onboarding not gives subscription; otherwise complete', () => {
    expect(providerStepA(complete(), false)).toBe('subscription');
    expect(providerStepA(complete(), true)).toBe('complete');
  });
});

describe('computeOnboarding', () => {
  it('counts non-providers as fully complete', () => {
    for (const role of ['customer', 'admin'] as const) {
      const result = computeOnboarding(role, facts());
      expect(result).toMatchObject({
        isOnboardingComplete: true,
        nextRequiredStep: null,
        postOnboardingCompleted: true,
        completionPercentage: 100,
        currentStep: 'complete',
        core: { profile_completed: true, location_completed: true, skills_completed: true },
      });
      expect(Object.values(result.post).every(Boolean)).toBe(true);
    }
  });

  it('computes a new provider as nothing done', () => {
    const result = computeOnboarding(
      'explorer',
      facts({ profile: profile({ avatar_url: null, bio: null, intro_seen: false }) }),
    );
    expect(result).toMatchObject({
      isOnboardingComplete: false,
      nextRequiredStep: 'profile',
      postOnboardingCompleted: false,
      currentStep: 'welcome',
      completionPercentage: 0,
      post: POST_ONBOARDING_FALLBACK,
    });
  });

  it('separates core completion (onboarding_completed) from set B steps and post-onboarding', () => {
    const coreOnly = facts({
      profile: profile(),
      location: { geocoding_accuracy: 'user' },
      skillCount: 1,
      serviceTagCount: 1,
    });
    const result = computeOnboarding('service_provider', coreOnly);
    expect(result).toMatchObject({
      isOnboardingComplete: true,
      nextRequiredStep: 'availability',
      postOnboardingCompleted: false,
      currentStep: 'subscription',
      completionPercentage: 100,
      postProgress: {
        availability_set: false,
        id_verification_completed: false,
        subscription_completed: false,
        terms_accepted: false,
      },
      post: {
        profile_complete: true,
        location_set: true,
        services_added: true,
        availability_set: false,
        id_uploaded: false,
        terms_accepted: false,
        subscription_selected: false,
      },
    });
  });

  it('computes a fully onboarded provider', () => {
    const result = computeOnboarding('service_provider', complete());
    expect(result).toMatchObject({
      isOnboardingComplete: true,
      nextRequiredStep: null,
      postOnboardingCompleted: true,
      currentStep: 'complete',
      completionPercentage: 100,
    });
  });
});
