import { isProviderLike, type Role } from '../roles.ts';
import { nextRequiredStep, REQUIRED_STEPS, type RequiredStep, type RequiredStepStatus } from './steps.ts';

/**
 * Spec 4 "Onboarding" and spec 5 "Onboarding step completion" as pure functions over the facts the
 * server reads for one user. The server computes them (never trusting the client); the client only
 * mirrors them.
 */

/** Spec 9: ID documents required. */
export const ID_DOCUMENTS_REQUIRED = 3;
/** Spec 4: core items. */
export const CORE_ITEMS = 3;

/** Spec 4: document statuses counted done. */
export const DOCUMENT_DONE_STATUSES = ['uploaded', 'submitted', 'approved'] as const;

export function isDocumentDone(status: string | null | undefined): boolean {
  return (DOCUMENT_DONE_STATUSES as readonly (string | null | undefined)[]).includes(status);
}

export interface OnboardingFacts {
  profile: {
    full_name: string | null;
    phone: string | null;
    bio: string | null;
    avatar_url: string | null;
    availability_set: boolean;
    terms_accepted_at: string | Date | null;
    intro_seen: boolean;
  } | null;
  /** The provider_locations row, if any. */
  location: { geocoding_accuracy: string | null } | null;
  skillCount: number;
  serviceTagCount: number;
  /** doc_status of every id_documents row of the provider. */
  idDocumentStatuses: readonly (string | null)[];
  /** accepted_at of every terms_acceptances row of the user. */
  termsAcceptedAt: readonly (string | Date | null)[];
  /** status of every subscriptions row of the user. */
  subscriptionStatuses: readonly (string | null)[];
}

export const EMPTY_FACTS: OnboardingFacts = {
  profile: null,
  location: null,
  skillCount: 0,
  serviceTagCount: 0,
  idDocumentStatuses: [],
  termsAcceptedAt: [],
  subscriptionStatuses: [],
};

const filled = (value: string | null | undefined): boolean =>
  typeof value === 'string' && value.trim() !== '';

// ---- Spec 5 "Onboarding step completion (set B)", one function per step ---------------------------

/** profile: non-blank full_name, phone and bio. */
export function isProfileStepComplete(facts: OnboardingFacts): boolean {
  const p = facts.profile;
  return !!p && filled(p.full_name) && filled(p.phone) && filled(p.bio);
}

/** location: a location with geocoding_accuracy 'user' (user-confirmed). */
export function isLocationStepComplete(facts: OnboardingFacts): boolean {
  return facts.location?.geocoding_accuracy === 'user';
}

/** services: at least one service tag. */
export function isServicesStepComplete(facts: OnboardingFacts): boolean {
  return facts.serviceTagCount >= 1;
}

/** availability: availability_set true. */
export function isAvailabilityStepComplete(facts: OnboardingFacts): boolean {
  return facts.profile?.availability_set === true;
}

/** id: at least 3 id documents, all in status uploaded, submitted or approved. */
export function isIdStepComplete(facts: OnboardingFacts): boolean {
  const docs = facts.idDocumentStatuses;
  return docs.length >= ID_DOCUMENTS_REQUIRED && docs.every(isDocumentDone);
}

/** terms: a terms acceptance with accepted_at, or profile terms_accepted_at. */
export function isTermsStepComplete(facts: OnboardingFacts): boolean {
  return facts.termsAcceptedAt.some((at) => at !== null && at !== '') || !!facts.profile?.terms_accepted_at;
}

/** subscription: status active or any subscription row exists. */
export function isSubscriptionStepComplete(facts: OnboardingFacts): boolean {
  return facts.subscriptionStatuses.some((s) => s === 'active') || facts.subscriptionStatuses.length > 0;
}

export const STEP_RULES: Readonly<Record<RequiredStep, (facts: OnboardingFacts) => boolean>> = {
  profile: isProfileStepComplete,
  location: isLocationStepComplete,
  services: isServicesStepComplete,
  availability: isAvailabilityStepComplete,
  id: isIdStepComplete,
  terms: isTermsStepComplete,
  subscription: isSubscriptionStepComplete,
};

export function requiredStepStatus(facts: OnboardingFacts): RequiredStepStatus {
  return Object.fromEntries(REQUIRED_STEPS.map((step) => [step, STEP_RULES[step](facts)])) as Record<
    RequiredStep,
    boolean
  >;
}

// ---- Spec 3 "Post-onboarding status result" ---------------------------------------------------------

export interface PostOnboardingStatusResult {
  profile_complete: boolean;
  location_set: boolean;
  services_added: boolean;
  availability_set: boolean;
  id_uploaded: boolean;
  terms_accepted: boolean;
  subscription_selected: boolean;
}

export function postOnboardingStatusResult(status: RequiredStepStatus): PostOnboardingStatusResult {
  return {
    profile_complete: status.profile,
    location_set: status.location,
    services_added: status.services,
    availability_set: status.availability,
    id_uploaded: status.id,
    terms_accepted: status.terms,
    subscription_selected: status.subscription,
  };
}

/** Spec 8: a failed post-onboarding status fetch gives all-false flags. */
export const POST_ONBOARDING_FALLBACK: PostOnboardingStatusResult = {
  profile_complete: false,
  location_set: false,
  services_added: false,
  availability_set: false,
  id_uploaded: false,
  terms_accepted: false,
  subscription_selected: false,
};

/** Spec 3 profiles.post_onboarding_progress. */
export interface PostOnboardingProgress {
  availability_set: boolean;
  id_verification_completed: boolean;
  subscription_completed: boolean;
  terms_accepted: boolean;
}

export function postOnboardingProgress(status: RequiredStepStatus): PostOnboardingProgress {
  return {
    availability_set: status.availability,
    id_verification_completed: status.id,
    subscription_completed: status.subscription,
    terms_accepted: status.terms,
  };
}

/** The post-onboarding steps (after the core ones) are all done. */
export function isPostOnboardingComplete(progress: PostOnboardingProgress): boolean {
  return (
    progress.availability_set &&
    progress.id_verification_completed &&
    progress.subscription_completed &&
    progress.terms_accepted
  );
}

// ---- Spec 4 core completion -----------------------------------------------------------------------

/** Spec 3 profiles.core_onboarding_progress. */
export interface CoreOnboardingProgress {
  profile_completed: boolean;
  location_completed: boolean;
  skills_completed: boolean;
}

export const CORE_COMPLETE: CoreOnboardingProgress = {
  profile_completed: true,
  location_completed: true,
  skills_completed: true,
};

/** Spec 4: avatar plus name, a location row, at least one skill or service tag. */
export function coreOnboardingProgress(facts: OnboardingFacts): CoreOnboardingProgress {
  return {
    profile_completed: filled(facts.profile?.avatar_url) && filled(facts.profile?.full_name),
    location_completed: facts.location !== null,
    skills_completed: facts.skillCount > 0 || facts.serviceTagCount > 0,
  };
}

export function isCoreComplete(core: CoreOnboardingProgress): boolean {
  return core.profile_completed && core.location_completed && core.skills_completed;
}

/** Spec 4: completed core items out of 3, as a whole percentage (0, 33, 67, 100). */
export function completionPercentage(core: CoreOnboardingProgress): number {
  const done = [core.profile_completed, core.location_completed, core.skills_completed].filter(
    Boolean,
  ).length;
  return Math.round((done / CORE_ITEMS) * 100);
}

// ---- Spec 4 set A provider step logic ------------------------------------------------------------

export const SET_A_STEPS = [
  'welcome',
  'profile',
  'location',
  'services',
  'subscription',
  'complete',
] as const;
export type SetAStep = (typeof SET_A_STEPS)[number];

/**
 * Spec 4 "Provider step logic (set A)": no intro seen gives welcome; no avatar or name gives
 * profile; no location gives location; no skills or service tags gives services; core complete but
 * post-onboarding not gives subscription; otherwise complete.
 */
export function providerStepA(facts: OnboardingFacts, postOnboardingCompleted: boolean): SetAStep {
  const core = coreOnboardingProgress(facts);
  if (!facts.profile?.intro_seen) return 'welcome';
  if (!core.profile_completed) return 'profile';
  if (!core.location_completed) return 'location';
  if (!core.skills_completed) return 'services';
  if (!postOnboardingCompleted) return 'subscription';
  return 'complete';
}

// ---- The whole status ----------------------------------------------------------------------------

export interface OnboardingComputation {
  /** Spec 3 "Onboarding status". */
  isOnboardingComplete: boolean;
  nextRequiredStep: RequiredStep | null;
  postOnboardingCompleted: boolean;
  /** Set A's step: where the auth callback lands, and what last_onboarding_step records. */
  currentStep: SetAStep;
  completionPercentage: number;
  core: CoreOnboardingProgress;
  postProgress: PostOnboardingProgress;
  /** Spec 3 "Post-onboarding status result". */
  post: PostOnboardingStatusResult;
  steps: RequiredStepStatus;
}

/**
 * Everything of spec 4 "Onboarding" for one user. Non-providers count as fully complete (and the
 * server writes nothing back for them: onboarding_completed would make a customer "dual role").
 */
export function computeOnboarding(role: Role, facts: OnboardingFacts): OnboardingComputation {
  if (!isProviderLike(role)) {
    const steps = Object.fromEntries(REQUIRED_STEPS.map((s) => [s, true])) as Record<RequiredStep, boolean>;
    return {
      isOnboardingComplete: true,
      nextRequiredStep: null,
      postOnboardingCompleted: true,
      currentStep: 'complete',
      completionPercentage: 100,
      core: CORE_COMPLETE,
      postProgress: postOnboardingProgress(steps),
      post: postOnboardingStatusResult(steps),
      steps,
    };
  }
  const steps = requiredStepStatus(facts);
  const core = coreOnboardingProgress(facts);
  const postProgress = postOnboardingProgress(steps);
  const postOnboardingCompleted = isPostOnboardingComplete(postProgress);
  return {
    isOnboardingComplete: isCoreComplete(core),
    nextRequiredStep: nextRequiredStep(steps),
    postOnboardingCompleted,
    currentStep: providerStepA(facts, postOnboardingCompleted),
    completionPercentage: completionPercentage(core),
    core,
    postProgress,
    post: postOnboardingStatusResult(steps),
    steps,
  };
}
