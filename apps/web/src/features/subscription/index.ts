// Entry file of features/subscription: other features import it only from here (scripts/check-deps.mjs).
export { pricingQuery } from './api/subscription.ts';
