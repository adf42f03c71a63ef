import { describe, expect, it } from 'vitest';
import {
  homePath,
  isProviderPage,
  PROVIDER_PAGES,
  type ProviderGateInput,
  providerGate,
  providerSetupPending,
  viewCookieValue,
  viewFor,
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

describe('the provider view and the customer view (issue 30, decision 021)', () => {
  const unfinished = provider({
    role: 'explorer',
    isOnboardingComplete: false,
    nextRequiredStep: 'location',
  });

  it('the provider view is the default: the gate applies to every protected page, customer pages too', () => {
    expect(providerGate({ ...unfinished, providerPage: false })).toBe('/onboarding/location');
    expect(providerGate({ ...unfinished, view: 'provider', providerPage: false })).toBe(
      '/onboarding/location',
    );
    expect(providerGate(provider({ postOnboardingCompleted: false, providerPage: false }))).toBe(
      '/onboarding/verification',
    );
  });

  it('in the customer view a customer page renders for an unfinished provider; provider pages stay gated', () => {
    expect(providerGate({ ...unfinished, view: 'customer', providerPage: false })).toBe('pass');
    expect(providerGate({ ...unfinished, view: 'customer', providerPage: true })).toBe(
      '/onboarding/location',
    );
    expect(
      providerGate(provider({ postOnboardingCompleted: false, view: 'customer', providerPage: false })),
    ).toBe('pass');
  });

  it('the customer view still waits while loading and still needs a signed-in user', () => {
    expect(providerGate(provider({ loading: true, view: 'customer', providerPage: false }))).toBe('wait');
    expect(
      providerGate(provider({ signedIn: false, role: null, view: 'customer', providerPage: false })),
    ).toBe('/auth');
  });

  it("provider pages are the provider's services, requests, earnings, payouts, plan and checklist, with their sub-pages", () => {
    for (const page of PROVIDER_PAGES) expect(isProviderPage(page)).toBe(true);
    expect(isProviderPage('/post-service/')).toBe(true);
    expect(isProviderPage('/subscription/receipts/abc')).toBe(true);
    for (const page of ['/dashboard', '/tasks', '/task/1', '/messaging', '/schedule', '/post-services']) {
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

describe('where / sends a person (spec 2 "/", decision 021)', () => {
  it('signed out goes to /auth, an admin to /admin', () => {
    expect(homePath({ signedIn: false, role: null, gate: '/auth' })).toBe('/auth');
    expect(homePath({ signedIn: true, role: 'admin', gate: 'pass' })).toBe('/admin');
  });

  it("a provider the gate stops goes to the gate's onboarding step", () => {
    expect(homePath({ signedIn: true, role: 'explorer', gate: '/onboarding/profile' })).toBe(
      '/onboarding/profile',
    );
    expect(homePath({ signedIn: true, role: 'service_provider', gate: '/onboarding/verification' })).toBe(
      '/onboarding/verification',
    );
  });

  it('everyone else goes to /dashboard', () => {
    expect(homePath({ signedIn: true, role: 'customer', gate: 'pass' })).toBe('/dashboard');
    expect(homePath({ signedIn: true, role: 'explorer', gate: 'pass' })).toBe('/dashboard');
  });
});

describe('the view cookie (decision 021)', () => {
  it('reads adwuma_view among other cookies; anything but customer or provider is no choice', () => {
    expect(viewCookieValue('a=1; adwuma_view=customer; b=2')).toBe('customer');
    expect(viewCookieValue('adwuma_view=provider')).toBe('provider');
    expect(viewCookieValue('adwuma_view=admin')).toBeNull();
    expect(viewCookieValue('xadwuma_view=customer')).toBeNull();
    expect(viewCookieValue(undefined)).toBeNull();
  });

  it('a provider-like person is in the provider view unless they chose the customer view; others stay customer', () => {
    expect(viewFor(undefined, 'explorer')).toBe('provider');
    expect(viewFor('adwuma_view=customer', 'service_provider')).toBe('customer');
    expect(viewFor('adwuma_view=provider', 'customer')).toBe('customer');
    expect(viewFor(null, 'customer')).toBe('customer');
  });
});
