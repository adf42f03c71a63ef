/**
 * The onboarding steps and routes (spec 2 "Onboarding", spec 4 "Onboarding", DESIGN.md "Onboarding
 * route sets"): both route sets are kept as one wizard over the union of their steps.
 */

/** Set B's required steps, in the spec's order: "the next route is the first incomplete step". */
export const REQUIRED_STEPS = [
  'profile',
  'location',
  'services',
  'availability',
  'id',
  'terms',
  'subscription',
] as const;
export type RequiredStep = (typeof REQUIRED_STEPS)[number];

/** The one wizard: set A's welcome and complete around set B's steps, then review. */
export const WIZARD_STEPS = [
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
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** Spec 2 set A: /onboarding/welcome, /profile, /location, /services, /skills, /verification, /complete. */
export const ROUTE_SET_A = [
  'welcome',
  'profile',
  'location',
  'services',
  'skills',
  'verification',
  'complete',
] as const;
/** Spec 2 set B: /onboarding/profile, /location, /availability, /services, /id, /terms, /subscription, /review. */
export const ROUTE_SET_B = [
  'profile',
  'location',
  'availability',
  'services',
  'id',
  'terms',
  'subscription',
  'review',
] as const;

/**
 * URL segments that name another step's screen: skills is services (spec 2), verification is id
 * (the gate's /onboarding/verification), and finish is where the auth callback lands a provider whose
 * next step is the subscription (spec 4 "Auth callback").
 */
export const STEP_ALIASES: Readonly<Record<string, WizardStep>> = {
  skills: 'services',
  verification: 'id',
  finish: 'subscription',
};

/** Every URL segment under /onboarding/ that resolves. */
export const ONBOARDING_SEGMENTS: readonly string[] = [
  ...new Set<string>([...WIZARD_STEPS, ...ROUTE_SET_A, ...ROUTE_SET_B, ...Object.keys(STEP_ALIASES)]),
];

export function isRequiredStep(value: unknown): value is RequiredStep {
  return typeof value === 'string' && (REQUIRED_STEPS as readonly string[]).includes(value);
}

/** The wizard step a /onboarding/{segment} URL shows, or null for an unknown segment. */
export function wizardStepFor(segment: string | null | undefined): WizardStep | null {
  if (!segment) return null;
  const key = segment.trim().toLowerCase();
  if ((WIZARD_STEPS as readonly string[]).includes(key)) return key as WizardStep;
  return STEP_ALIASES[key] ?? null;
}

export function onboardingPath(step: string): `/onboarding/${string}` {
  return `/onboarding/${step}`;
}

export function nextWizardStep(step: WizardStep): WizardStep | null {
  const index = WIZARD_STEPS.indexOf(step);
  return WIZARD_STEPS[index + 1] ?? null;
}

export function previousWizardStep(step: WizardStep): WizardStep | null {
  const index = WIZARD_STEPS.indexOf(step);
  return index > 0 ? (WIZARD_STEPS[index - 1] ?? null) : null;
}

/** 1-based position of a step in the wizard and the total, for the progress bar. */
export function wizardProgress(step: WizardStep): { position: number; total: number } {
  return { position: WIZARD_STEPS.indexOf(step) + 1, total: WIZARD_STEPS.length };
}

export type RequiredStepStatus = Readonly<Record<RequiredStep, boolean>>;

/** Spec 4: the first incomplete step of set B in order; all complete means none (null). */
export function nextRequiredStep(status: RequiredStepStatus): RequiredStep | null {
  return REQUIRED_STEPS.find((step) => !status[step]) ?? null;
}
