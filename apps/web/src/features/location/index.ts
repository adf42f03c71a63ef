// Entry file of features/location: other features import location only from here (scripts/check-deps.mjs).
export { geolocationFailure, useLocationContext } from './location-context.tsx';
export {
  foldPlace,
  PICKER_TEXT,
  PLACE_DEBOUNCE_MS,
  type Place,
  PlacePicker,
  type PlaceSuggestion,
  type UsePlaceSuggestions,
} from './place-picker.tsx';
