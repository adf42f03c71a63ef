/** Roles and the effective-role rule of spec 4 "Effective role" and spec 6. */
export const ROLES = ['admin', 'service_provider', 'explorer', 'customer'] as const;
export type Role = (typeof ROLES)[number];

/** What signup stores (spec 3 Forms: userRole customer or explorer). */
export const SIGNUP_ROLES = ['customer', 'explorer'] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];

export const PROFILE_TYPES = ['customer', 'provider', 'explorer'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

export interface RoleFacts {
  /** Roles from user_roles. */
  userRoles: readonly string[];
  /** The profile's role, type and admin flag; null when there is no profile (or the lookup failed). */
  profile: { role: string | null; type: string | null; is_admin: boolean | null } | null;
  hasProviderSkills: boolean;
  hasProviderLocation: boolean;
}

/**
 * Spec 4, in order:
 * 1. admin: user_roles has admin, or profile is_admin.
 * 2. service_provider: user_roles has service_provider, or profile role/type is service_provider,
 *    provider or explorer.
 * 3. explorer: profile role/type explorer or provider; a customer with any provider_skills or
 *    provider_locations row becomes explorer.
 * 4. otherwise customer.
 * Step 2 swallows the profile half of step 3 (the spec's two readings overlap; the order decides),
 * so step 3 is reached only by the customer with a skill or location row.
 */
export function effectiveRole(facts: RoleFacts): Role {
  const { userRoles, profile } = facts;
  const roleOrType = [profile?.role, profile?.type];
  if (userRoles.includes('admin') || profile?.is_admin === true) return 'admin';
  if (
    userRoles.includes('service_provider') ||
    roleOrType.some((v) => v === 'service_provider' || v === 'provider' || v === 'explorer')
  ) {
    return 'service_provider';
  }
  if (roleOrType.some((v) => v === 'explorer' || v === 'provider')) return 'explorer';
  if (facts.hasProviderSkills || facts.hasProviderLocation) return 'explorer';
  return 'customer';
}

/** Spec 4: role lookup failure (or a 6 s timeout) falls back to customer. */
export const ROLE_FALLBACK: Role = 'customer';
export const ROLE_LOOKUP_TIMEOUT_MS = 6000;

export function isProviderLike(role: Role): boolean {
  return role === 'service_provider' || role === 'explorer';
}

export function isAdminRole(role: Role): boolean {
  return role === 'admin';
}

/** Spec 4: customers and providers can act as customer; provider if provider-like or onboarded. */
export function canActAsProvider(role: Role, onboardingCompleted: boolean): boolean {
  return isProviderLike(role) || onboardingCompleted;
}

export type Permission = 'view_admin_dashboard';

export function permissionsFor(role: Role): Permission[] {
  return role === 'admin' ? ['view_admin_dashboard'] : [];
}

/** Spec 6: 'Find Services' gives customer, 'Become a Provider' explorer; intent=provider forces explorer. */
export function signupRole(chosen: SignupRole | undefined, intentProvider: boolean): SignupRole {
  if (intentProvider) return 'explorer';
  return chosen === 'explorer' ? 'explorer' : 'customer';
}

/** The profile type stored for a signup role (spec 4 "Other": explorer is a provider type). */
export function profileTypeFor(role: SignupRole): ProfileType {
  return role === 'explorer' ? 'provider' : 'customer';
}

export type ActiveRole = 'customer' | 'provider';
export const ACTIVE_ROLE_STORAGE_KEY = 'activeRole';

/**
 * Spec 4: the active view is kept in local storage; provider or explorer may switch between customer
 * and provider views, others stay customer; provider is restored only if the user really is one.
 */
export function restoreActiveRole(stored: string | null | undefined, role: Role): ActiveRole {
  if (stored === 'provider' && isProviderLike(role)) return 'provider';
  if (stored === 'customer') return 'customer';
  return isProviderLike(role) ? 'provider' : 'customer';
}

export function canSwitchView(role: Role): boolean {
  return isProviderLike(role);
}

/** Badge labels for the header menu; colours live in the UI. */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  service_provider: 'Provider',
  explorer: 'Explorer',
  customer: 'Customer',
};
