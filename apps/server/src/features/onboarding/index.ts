// Entry file of the onboarding feature: the only file other features import from it.
// (app.ts registers ./routes.ts directly; see docs/decisions/012-layering.md.)
export { requireOnboardedProvider } from './guards.ts';
export { findLocation, saveLocation, toProviderLocation } from './location-service.ts';
export { getOnboardingStatus, loadOnboardingFacts, verificationSessionStatus } from './onboarding-status.ts';
