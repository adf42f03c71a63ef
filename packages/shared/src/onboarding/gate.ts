import { type ActiveRole, isProviderLike, type Role, restoreActiveRole } from '../roles.ts';
import type { OnboardingStatus } from './schemas.ts';
import { onboardingPath, type RequiredStep } from './steps.ts';

/** Spec 4 "Provider gate": the onboarding enforcement flag is on. */
export const ONBOARDING_ENFORCED = true;

/** Verification session statuses that let a provider past step 6 without uploaded documents. */
export const GATE_VERIFICATION_PASS_STATUSES = ['in_review', 'admin_approved', 'approved'] as const;

export interface ProviderGateInput {
  /** Auth, role or onboarding status still loading. */
  loading: boolean;
  /** A user with a session. */
  signedIn: boolean;
  role: Role | null;
  isOnboardingComplete: boolean;
  nextRequiredStep: RequiredStep | null;
  postOnboardingCompleted: boolean;
  /** Documents in a done status (uploaded, submitted, approved). */
  uploadedDocuments: number;
  /** The provider's (displayed) verification session status, if any. */
  verificationStatus: string | null;
  /** Defaults to ONBOARDING_ENFORCED. */
  enforce?: boolean;
  /**
   * Whether the page asked for is a provider page (isProviderPage). Defaults to true (the server's
   * gate on provider actions).
   */
  providerPage?: boolean;
  /**
   * The view the person works in (spec 4 "Effective role", the view switch). Issue 30
   * (docs/decisions/021): in the customer view the gate does not apply to customer pages.
   * Defaults to 'provider', where the spec's gate applies to every protected page.
   */
  view?: ActiveRole;
}

export type ProviderGateResult = 'wait' | '/auth' | 'pass' | `/onboarding/${string}`;

/**
 * Spec 4 "Provider gate", in order:
 * 1. wait for loading; 2. no user or session: /auth; 3. admin passes; 4. roles other than
 * service_provider or explorer pass; 5. onboarding incomplete: /onboarding/{nextRequiredStep,
 * default profile}; 6. postOnboardingCompleted false with no uploaded documents and session status
 * not in_review, admin_approved or approved: /onboarding/verification; 7. otherwise render.
 * The UI adds `?returnTo=` to /auth.
 * Issue 30 (docs/decisions/021): in the provider view (a provider-like person's default) the gate
 * applies to every protected page, exactly as above; in the customer view (the spec's view switch)
 * a page that is not a provider page renders after step 2.
 */
export function providerGate(input: ProviderGateInput): ProviderGateResult {
  if (input.loading) return 'wait';
  if (!input.signedIn) return '/auth';
  if ((input.view ?? 'provider') === 'customer' && !(input.providerPage ?? true)) return 'pass';
  if (input.role === 'admin') return 'pass';
  if (input.role !== 'service_provider' && input.role !== 'explorer') return 'pass';
  if (!(input.enforce ?? ONBOARDING_ENFORCED)) return 'pass';
  if (!input.isOnboardingComplete) return onboardingPath(input.nextRequiredStep ?? 'profile');
  if (
    !input.postOnboardingCompleted &&
    input.uploadedDocuments === 0 &&
    !(GATE_VERIFICATION_PASS_STATUSES as readonly (string | null)[]).includes(input.verificationStatus)
  ) {
    return onboardingPath('verification');
  }
  return 'pass';
}

/**
 * The gate for a signed-in person over the onboarding status the server computed (GET
 * /api/onboarding/status): the one reading of that status, for the server's page guard and the web
 * app's gate alike.
 */
export function gateFromStatus(
  status: Pick<
    OnboardingStatus,
    'role' | 'isOnboardingComplete' | 'nextRequiredStep' | 'postOnboardingCompleted' | 'verification'
  >,
  page: { view: ActiveRole; providerPage: boolean },
): ProviderGateResult {
  return providerGate({
    loading: false,
    signedIn: true,
    role: status.role,
    isOnboardingComplete: status.isOnboardingComplete,
    nextRequiredStep: status.nextRequiredStep,
    postOnboardingCompleted: status.postOnboardingCompleted,
    uploadedDocuments: status.verification.uploadedDocuments,
    verificationStatus: status.verification.sessionStatus,
    view: page.view,
    providerPage: page.providerPage,
  });
}

/** Whether the gate needs the onboarding status at all: only a provider-like person in the provider view, or on a provider page. */
export function gateNeedsStatus(role: Role, page: { view: ActiveRole; providerPage: boolean }): boolean {
  return isProviderLike(role) && (page.view === 'provider' || page.providerPage);
}

/**
 * The pages only a provider uses (their services, quote requests, earnings, payouts, plan and
 * provider-profile checklist), with everything below them: gated in both views (decision 021).
 */
export const PROVIDER_PAGES = [
  '/post-service',
  '/service-requests',
  '/earnings',
  '/settings/payouts',
  '/subscription',
  '/profile-completion',
] as const;

/** Whether a pathname is a provider page (PROVIDER_PAGES or below one). */
export function isProviderPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PROVIDER_PAGES.some((page) => path === page || path.startsWith(`${page}/`));
}

/**
 * A provider-like person who has not finished onboarding: in the customer view the dashboard shows
 * "Finish your provider setup" (a link that switches to the provider view, decision 021).
 */
export function providerSetupPending(role: Role | null, onboardingCompleted: boolean): boolean {
  return role !== null && isProviderLike(role) && !onboardingCompleted;
}

export const PROVIDER_SETUP_TEXT = {
  banner: 'Finish your provider setup',
  bannerBody: 'Add your services, location and ID so customers can find and book you.',
  dialogTitle: 'Also offer services?',
  dialogBody:
    'You keep everything you do as a customer: your jobs, messages, bookings and payments stay as they are. Provider setup adds your services, area and ID so customers can book you.',
  start: 'Start provider setup',
  cancel: 'Cancel',
  backToCustomer: 'Back to my customer account',
} as const;

/**
 * Where `/` sends a signed-in person (spec 2 "/", decision 021): admins to /admin; a provider-like
 * person whom the gate stops on /dashboard (provider view, onboarding to finish) straight to the
 * gate's /onboarding/{step}; everyone else to /dashboard. `gate` is providerGate's answer for
 * /dashboard; signed out is /auth.
 */
export function homePath(input: { signedIn: boolean; role: Role | null; gate: ProviderGateResult }): string {
  if (!input.signedIn) return '/auth';
  if (input.role === 'admin') return '/admin';
  if (input.role !== null && isProviderLike(input.role) && input.gate.startsWith('/onboarding/')) {
    return input.gate;
  }
  return '/dashboard';
}

/**
 * The chosen view, kept in a cookie so the server knows it on a full page load, before any script
 * (decision 021). Set by the web app when the person switches (not HttpOnly, SameSite=Lax), read by
 * the server's page guard; the web app mirrors it in local storage (ACTIVE_ROLE_STORAGE_KEY).
 */
export const VIEW_COOKIE = 'adwuma_view';
/** A year: the choice outlives the session, like the spec's local storage. */
export const VIEW_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The view cookie's value in a Cookie header ('customer' or 'provider'), or null. */
export function viewCookieValue(cookieHeader: string | null | undefined): ActiveRole | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.split('=');
    if (name?.trim() !== VIEW_COOKIE) continue;
    const value = rest.join('=').trim();
    if (value === 'customer' || value === 'provider') return value;
  }
  return null;
}

/** The view a person is in: what they chose if their role allows it, else their role's default (spec 4). */
export function viewFor(cookieHeader: string | null | undefined, role: Role): ActiveRole {
  return restoreActiveRole(viewCookieValue(cookieHeader), role);
}
