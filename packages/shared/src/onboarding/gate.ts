import type { Role } from '../roles.ts';
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
}

export type ProviderGateResult = 'wait' | '/auth' | 'pass' | `/onboarding/${string}`;

/**
 * Spec 4 "Provider gate", in order:
 * 1. wait for loading; 2. no user or session: /auth; 3. admin passes; 4. roles other than
 * service_provider or explorer pass; 5. onboarding incomplete: /onboarding/{nextRequiredStep,
 * default profile}; 6. postOnboardingCompleted false with no uploaded documents and session status
 * not in_review, admin_approved or approved: /onboarding/verification; 7. otherwise render.
 * The UI adds `?returnTo=` to /auth.
 */
export function providerGate(input: ProviderGateInput): ProviderGateResult {
  if (input.loading) return 'wait';
  if (!input.signedIn) return '/auth';
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
