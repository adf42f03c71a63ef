import { describe, expect, it } from 'vitest';
import {
  isProviderPage,
  PROVIDER_PAGES,
  type ProviderGateInput,
  providerGate,
  providerSetupPending,
} from './gate.ts';

const provider = (over: Partial<ProviderGateInput> = {}): ProviderGateInput => ({
  loading: false,
  signedIn: true,
  role: 'service_provider',
  isOnboardingComplete: true,
  nextRequiredStep: null,
  postOnboardingCompleted: true,
  uploadedDocuments: 0,
  verificationStatus: null,
  ...over,
});

describe('provider gate (spec 4, in order)', () => {
  it('1. waits while loading, before anything else', () => {
    expect(providerGate(provider({ loading: true, signedIn: false, role: null }))).toBe('wait');
  });

  it('2. no user or session goes to /auth', () => {
    expect(providerGate(provider({ signedIn: false, role: null }))).toBe('/auth');
    expect(providerGate(provider({ signedIn: false, role: 'admin' }))).toBe('/auth');
  });

  it('3. an admin passes, even with onboarding incomplete', () => {
    expect(
      providerGate(provider({ role: 'admin', isOnboardingComplete: false, nextRequiredStep: 'location' })),
    ).toBe('pass');
  });

  it('4. roles other than service_provider or explorer pass', () => {
    expect(providerGate(provider({ role: 'customer', isOnboardingComplete: false }))).toBe('pass');
  });

  it('5. onboarding incomplete goes to /onboarding/{nextRequiredStep}, default profile', () => {
    expect(providerGate(provider({ isOnboardingComplete: false, nextRequiredStep: 'services' }))).toBe(
      '/onboarding/services',
    );
    expect(
      providerGate(provider({ role: 'explorer', isOnboardingComplete: false, nextRequiredStep: null })),
    ).toBe('/onboarding/profile');
  });

  it('6. post-onboarding incomplete with no uploaded documents and no review under way goes to /onboarding/verification', () => {
    expect(providerGate(provider({ postOnboardingCompleted: false }))).toBe('/onboarding/verification');
    expect(providerGate(provider({ postOnboardingCompleted: false, verificationStatus: 'pending' }))).toBe(
      '/onboarding/verification',
    );
    // Any of the three escapes step 6.
    expect(providerGate(provider({ postOnboardingCompleted: false, uploadedDocuments: 1 }))).toBe('pass');
    for (const status of ['in_review', 'admin_approved', 'approved']) {
      expect(providerGate(provider({ postOnboardingCompleted: false, verificationStatus: status }))).toBe(
        'pass',
      );
    }
  });

  it('7. otherwise renders', () => {
    expect(providerGate(provider())).toBe('pass');
    expect(providerGate(provider({ role: 'explorer' }))).toBe('pass');
  });

  it('checks onboarding (5) before verification (6)', () => {
    expect(
      providerGate(
        provider({ isOnboardingComplete: false, nextRequiredStep: 'id', postOnboardingCompleted: false }),
      ),
    ).toBe('/onboarding/id');
  });

  it('lets providers through when enforcement is off', () => {
    expect(providerGate(provider({ isOnboardingComplete: false, enforce: false }))).toBe('pass');
  });
});

describe('the provider gate guards provider pages only (issue 22)', () => {
  it('a customer page renders for an unfinished provider, who would be sent to onboarding on a provider page', () => {
    const unfinished = provider({
      role: 'explorer',
      isOnboardingComplete: false,
      nextRequiredStep: 'profile',
    });
    expect(providerGate({ ...unfinished, providerPage: false })).toBe('pass');
    expect(providerGate({ ...unfinished, providerPage: true })).toBe('/onboarding/profile');
    // Verification (6) is not asked on a customer page either.
    expect(providerGate(provider({ postOnboardingCompleted: false, providerPage: false }))).toBe('pass');
  });

  it('a customer page still waits while loading and still needs a signed-in user', () => {
    expect(providerGate(provider({ loading: true, providerPage: false }))).toBe('wait');
    expect(providerGate(provider({ signedIn: false, role: null, providerPage: false }))).toBe('/auth');
  });

  it("provider pages are the provider's services, requests, earnings, payouts, plan and checklist, with their sub-pages", () => {
    for (const page of PROVIDER_PAGES) expect(isProviderPage(page)).toBe(true);
    expect(isProviderPage('/post-service/')).toBe(true);
    expect(isProviderPage('/subscription/receipts/abc')).toBe(true);
    for (const page of [
      '/dashboard',
      '/tasks',
      '/task/1',
      '/post-job',
      '/messaging',
      '/schedule',
      '/favorites',
      '/reviews',
      '/payments',
      '/jobs',
      '/profile',
      '/bookings/1',
      '/notifications/diagnostics',
      '/post-services',
      '/earnings-report',
    ]) {
      expect(isProviderPage(page), page).toBe(false);
    }
  });

  it('provider setup is pending for a provider-like person who has not finished onboarding', () => {
    expect(providerSetupPending('explorer', false)).toBe(true);
    expect(providerSetupPending('service_provider', false)).toBe(true);
    expect(providerSetupPending('explorer', true)).toBe(false);
    expect(providerSetupPending('customer', false)).toBe(false);
    expect(providerSetupPending('admin', false)).toBe(false);
    expect(providerSetupPending(null, false)).toBe(false);
  });
});
