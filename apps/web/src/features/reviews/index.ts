// Entry file of features/reviews: other features import reviews only from here (scripts/check-deps.mjs).
export { ProviderReviews } from './provider-reviews.tsx';
