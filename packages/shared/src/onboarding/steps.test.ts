import { describe, expect, it } from 'vitest';
import {
  isRequiredStep,
  nextRequiredStep,
  nextWizardStep,
  ONBOARDING_SEGMENTS,
  onboardingPath,
  previousWizardStep,
  REQUIRED_STEPS,
  type RequiredStep,
  ROUTE_SET_A,
  ROUTE_SET_B,
  WIZARD_STEPS,
  wizardProgress,
  wizardStepFor,
} from './steps.ts';

const allDone = Object.fromEntries(REQUIRED_STEPS.map((s) => [s, true])) as Record<RequiredStep, boolean>;

describe('onboarding steps (spec 4, set B order)', () => {
  it('orders set B as profile, location, services, availability, id, terms, subscription', () => {
    expect(REQUIRED_STEPS).toEqual([
      'profile',
      'location',
      'services',
      'availability',
      'id',
      'terms',
      'subscription',
    ]);
  });

  it('nextRequiredStep is the first incomplete step in that order', () => {
    expect(nextRequiredStep({ ...allDone, profile: false, terms: false })).toBe('profile');
    expect(nextRequiredStep({ ...allDone, location: false, availability: false })).toBe('location');
    expect(nextRequiredStep({ ...allDone, services: false })).toBe('services');
    expect(nextRequiredStep({ ...allDone, availability: false, subscription: false })).toBe('availability');
    expect(nextRequiredStep({ ...allDone, id: false })).toBe('id');
    expect(nextRequiredStep({ ...allDone, terms: false })).toBe('terms');
    expect(nextRequiredStep({ ...allDone, subscription: false })).toBe('subscription');
  });

  it('all complete means none', () => {
    expect(nextRequiredStep(allDone)).toBeNull();
  });

  it('isRequiredStep knows only set B steps', () => {
    expect(isRequiredStep('id')).toBe(true);
    expect(isRequiredStep('welcome')).toBe(false);
    expect(isRequiredStep(3)).toBe(false);
  });
});

describe('one wizard over both route sets (DESIGN.md)', () => {
  it('runs welcome → profile → location → services → availability → id → terms → subscription → review → complete', () => {
    expect(WIZARD_STEPS).toEqual([
      'welcome',
      'profile',
      'location',
      'services',
      'availability',
      'id',
      'terms',
      'subscription',
      'review',
      'complete',
    ]);
  });

  it('resolves every URL of set A and set B to a wizard step', () => {
    for (const segment of [...ROUTE_SET_A, ...ROUTE_SET_B]) {
      expect(wizardStepFor(segment), segment).not.toBeNull();
      expect(ONBOARDING_SEGMENTS).toContain(segment);
    }
  });

  it('maps the aliases: skills = services, verification = id, finish = subscription', () => {
    expect(wizardStepFor('skills')).toBe('services');
    expect(wizardStepFor('verification')).toBe('id');
    expect(wizardStepFor('finish')).toBe('subscription');
    expect(wizardStepFor('Services')).toBe('services');
  });

  it('refuses unknown segments', () => {
    expect(wizardStepFor('payments')).toBeNull();
    expect(wizardStepFor('')).toBeNull();
    expect(wizardStepFor(undefined)).toBeNull();
  });

  it('steps forward and back, with progress', () => {
    expect(nextWizardStep('welcome')).toBe('profile');
    expect(nextWizardStep('subscription')).toBe('review');
    expect(nextWizardStep('complete')).toBeNull();
    expect(previousWizardStep('profile')).toBe('welcome');
    expect(previousWizardStep('welcome')).toBeNull();
    expect(wizardProgress('location')).toEqual({ position: 3, total: 10 });
  });

  it('builds /onboarding/{step}', () => {
    expect(onboardingPath('services')).toBe('/onboarding/services');
  });
});
