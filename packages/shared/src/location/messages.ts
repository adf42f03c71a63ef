/** Spec 8 "Location" and "Location save" messages, exactly; and the geolocation options of spec 9. */
export const LOCATION_MESSAGES = {
  accessFailed: 'Location access failed',
  undetermined: 'Unable to determine your location',
  failedToGet: 'Failed to get location',
  unsupported: 'Geolocation is not supported by this browser',
  authRequiredForServices: 'Authentication required for location services',
  lookupFailed: (message: string) => `Location lookup failed: ${message}`,
  authRequiredToSave: 'Authentication required to save location',
  missingData: 'Cannot save: missing location data',
  invalidData: 'Invalid location data - please select a valid location',
  invalidDataToast: 'Invalid location data',
  authError: 'Authentication error - please sign in again',
  signInToSave: 'Please sign in to save your location',
  saveFailed: (message: string) => `Save failed: ${message}`,
  failedToSave: (message: string) => `Failed to save location: ${message}`,
  saving: 'Saving location',
  saved: 'Location saved',
} as const;

/** Spec 9: geolocation timeout 10 s, max age 5 min, high accuracy (PositionOptions). */
export const GEOLOCATION_OPTIONS = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 5 * 60_000,
} as const;
