// Entry file of features/location: other features import location only from here (scripts/check-deps.mjs).
export { geolocationFailure, useLocationContext } from './location-context.tsx';
