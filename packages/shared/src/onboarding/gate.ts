import { isProviderLike, type Role } from '../roles.ts';
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
   * Whether the page asked for is a provider page (isProviderPage). Issue 22: the gate guards
   * provider pages only. Defaults to true (the server's gate on provider actions).
   */
  providerPage?: boolean;
}

export type ProviderGateResult = 'wait' | '/auth' | 'pass' | `/onboarding/${string}`;

/**
 * Spec 4 "Provider gate", in order:
 * 1. wait for loading; 2. no user or session: /auth; 3. admin passes; 4. roles other than
 * service_provider or explorer pass; 5. onboarding incomplete: /onboarding/{nextRequiredStep,
 * default profile}; 6. postOnboardingCompleted false with no uploaded documents and session status
 * not in_review, admin_approved or approved: /onboarding/verification; 7. otherwise render.
 * The UI adds `?returnTo=` to /auth.
 * Issue 22 (docs/decisions/017): after step 2, a page that is not a provider page renders for anyone
 * signed in — a customer who starts provider onboarding keeps every customer page.
 */
export function providerGate(input: ProviderGateInput): ProviderGateResult {
  if (input.loading) return 'wait';
  if (!input.signedIn) return '/auth';
  if (!(input.providerPage ?? true)) return 'pass';
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
 * Issue 22: the pages only a provider uses (their services, quote requests, earnings, payouts, plan
 * and provider-profile checklist), with everything below them. Every other signed-in page is a customer page and is not gated.
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
 * Issue 22: a provider-like person who has not finished onboarding is shown "Finish your provider
 * setup" (a link, not a redirect) on customer pages.
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
} as const;
