import { describe, expect, it } from 'vitest';
import {
  canActAsProvider,
  canSwitchView,
  effectiveRole,
  isProviderLike,
  permissionsFor,
  profileTypeFor,
  type RoleFacts,
  restoreActiveRole,
  signupRole,
} from './roles.ts';

const facts = (over: Partial<RoleFacts> = {}): RoleFacts => ({
  userRoles: [],
  profile: { role: 'customer', type: 'customer', is_admin: false },
  hasProviderSkills: false,
  hasProviderLocation: false,
  ...over,
});

describe('effectiveRole (spec 4, in order)', () => {
  it('1. admin from user_roles', () => {
    expect(effectiveRole(facts({ userRoles: ['admin'] }))).toBe('admin');
  });
  it('1. admin from profile is_admin, even over a provider profile', () => {
    expect(effectiveRole(facts({ profile: { role: 'explorer', type: 'provider', is_admin: true } }))).toBe(
      'admin',
    );
  });
  it('2. service_provider from user_roles', () => {
    expect(effectiveRole(facts({ userRoles: ['service_provider'] }))).toBe('service_provider');
  });
  it.each(['service_provider', 'provider', 'explorer'])(
    '2. service_provider from profile role %s',
    (role) => {
      expect(effectiveRole(facts({ profile: { role, type: 'customer', is_admin: false } }))).toBe(
        'service_provider',
      );
    },
  );
  it.each(['provider', 'explorer'])(
    '2. service_provider from profile type %s (order beats step 3)',
    (type) => {
      expect(effectiveRole(facts({ profile: { role: 'customer', type, is_admin: false } }))).toBe(
        'service_provider',
      );
    },
  );
  it('3. a customer with a provider_skills row becomes explorer', () => {
    expect(effectiveRole(facts({ hasProviderSkills: true }))).toBe('explorer');
  });
  it('3. a customer with a provider_locations row becomes explorer', () => {
    expect(effectiveRole(facts({ hasProviderLocation: true }))).toBe('explorer');
  });
  it('4. otherwise customer', () => {
    expect(effectiveRole(facts())).toBe('customer');
  });
  it('4. customer when the profile lookup failed (no profile, no roles)', () => {
    expect(effectiveRole(facts({ profile: null }))).toBe('customer');
  });
});

describe('role helpers', () => {
  it('provider-like is service_provider or explorer', () => {
    expect(isProviderLike('service_provider')).toBe(true);
    expect(isProviderLike('explorer')).toBe(true);
    expect(isProviderLike('customer')).toBe(false);
    expect(isProviderLike('admin')).toBe(false);
  });
  it('can act as provider when provider-like or onboarded (dual role)', () => {
    expect(canActAsProvider('customer', false)).toBe(false);
    expect(canActAsProvider('customer', true)).toBe(true);
    expect(canActAsProvider('explorer', false)).toBe(true);
  });
  it('only admin gets view_admin_dashboard', () => {
    expect(permissionsFor('admin')).toEqual(['view_admin_dashboard']);
    expect(permissionsFor('service_provider')).toEqual([]);
  });
  it('signup: Find Services → customer, Become a Provider → explorer, intent=provider forces explorer', () => {
    expect(signupRole('customer', false)).toBe('customer');
    expect(signupRole('explorer', false)).toBe('explorer');
    expect(signupRole('customer', true)).toBe('explorer');
    expect(signupRole(undefined, false)).toBe('customer');
    expect(profileTypeFor('explorer')).toBe('provider');
    expect(profileTypeFor('customer')).toBe('customer');
  });
  it('restores the provider view only for real providers', () => {
    expect(restoreActiveRole('provider', 'customer')).toBe('customer');
    expect(restoreActiveRole('provider', 'explorer')).toBe('provider');
    expect(restoreActiveRole('customer', 'service_provider')).toBe('customer');
    expect(restoreActiveRole(null, 'service_provider')).toBe('provider');
    expect(restoreActiveRole('admin', 'customer')).toBe('customer');
    expect(canSwitchView('customer')).toBe(false);
    expect(canSwitchView('explorer')).toBe(true);
  });
});
