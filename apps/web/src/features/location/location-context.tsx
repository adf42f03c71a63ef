import {
  type CurrentLocation,
  GEOLOCATION_OPTIONS,
  LOCATION_MESSAGES,
  type ProviderLocation,
  validateLocationForSave,
} from '@adwuma/shared';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { UNEXPECTED_MESSAGE } from '../../lib/api.ts';
import {
  fetchSavedLocation,
  ONBOARDING_QUERY_RETRY,
  onboardingKeys,
  reverseGeocode,
  saveLocation,
} from '../../lib/onboarding-api.ts';
import { useSession } from '../auth/index.ts';

/** Spec 4 "Location context": where the device is now (from the browser, with its place). */
export interface DeviceLocation {
  latitude: number;
  longitude: number;
  /** Metres, as the browser reports it. */
  accuracy: number | null;
  /** When the browser took the fix (ms since epoch). */
  timestamp: number;
  /** The reverse-geocoded place, or null when the lookup failed. */
  place: CurrentLocation | null;
}

/** A failed device lookup: a title for a toast ('Location access failed') and spec 8's message. */
export interface DeviceLocationFailure {
  title: string;
  message: string;
}

export type DeviceLocationResult =
  | {
      ok: true;
      location: DeviceLocation & { place: CurrentLocation };
      /** The fix became the operational location (there was none). */
      savedAsOperational: boolean;
    }
  | { ok: false; error: DeviceLocationFailure; location: DeviceLocation | null };

export interface LocationState {
  /** The device's location (spec 4 "current"), after a lookup. */
  currentLocation: DeviceLocation | null;
  /** The provider's saved location (spec 4 "operational"), once loaded. */
  operationalLocation: ProviderLocation | null;
  /** A load of the operational location is under way. */
  isLoading: boolean;
  /** The operational location was loaded (for `loadedForUserId`). */
  isInitialized: boolean;
  loadedForUserId: string | null;
  /** When the last load finished (ms since epoch). */
  lastLoadedAt: number | null;
  /** The last load failed with this. */
  loadError: unknown;
  /** A device lookup is under way. */
  isLocating: boolean;
}

export interface LocationContextValue extends LocationState {
  /**
   * Loads the operational location: once per signed-in user (later calls answer what was loaded),
   * a load under way is awaited rather than repeated; `force` reads it again.
   */
  load: (options?: { force?: boolean }) => Promise<ProviderLocation | null>;
  /** After a save elsewhere (the location step): the new operational location. */
  setOperationalLocation: (location: ProviderLocation | null) => void;
  /**
   * Asks the browser where the device is (10 s timeout, 5 min max age, high accuracy) and looks the
   * place up. Spec 4: when the signed-in user has no operational location yet, the fix becomes it
   * (saved as a device fix, 'gps', which the server stores only when none exists).
   */
  locateDevice: () => Promise<DeviceLocationResult>;
}

const INITIAL: LocationState = {
  currentLocation: null,
  operationalLocation: null,
  isLoading: false,
  isInitialized: false,
  loadedForUserId: null,
  lastLoadedAt: null,
  loadError: null,
  isLocating: false,
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : UNEXPECTED_MESSAGE);

const LocationContext = createContext<LocationContextValue | null>(null);

/** Spec 8: using the context outside its provider throws. */
export function useLocationContext(): LocationContextValue {
  const value = useContext(LocationContext);
  if (!value) throw new Error('useLocationContext must be used inside <LocationProvider>');
  return value;
}

/** Spec 8 "Location" messages for a browser geolocation failure. */
export function geolocationFailure(error: { code: number } | null): DeviceLocationFailure {
  const title = LOCATION_MESSAGES.accessFailed;
  switch (error?.code) {
    case 1: // PERMISSION_DENIED
      return {
        title,
        message: `${LOCATION_MESSAGES.accessFailed}: allow location access for this site, or search for your town instead.`,
      };
    case 2: // POSITION_UNAVAILABLE
      return { title, message: LOCATION_MESSAGES.undetermined };
    default: // TIMEOUT and anything else
      return { title, message: LOCATION_MESSAGES.failedToGet };
  }
}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(resolve, reject, GEOLOCATION_OPTIONS);
  });
}

/**
 * Spec 4 "Location context": the current (device) and operational (saved) locations of the
 * signed-in user, with their load state. Everything resets when the user changes or signs out.
 */
export function LocationProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  const [state, setState] = useState<LocationState>(INITIAL);

  // What the callbacks read without re-creating themselves: the user, the latest state, the load
  // under way, and a generation that a reset bumps (answers of an older generation are dropped).
  const userRef = useRef<string | null>(userId);
  const stateRef = useRef<LocationState>(state);
  const inFlight = useRef<{ userId: string; promise: Promise<ProviderLocation | null> } | null>(null);
  const generation = useRef(0);

  const update = useCallback((patch: Partial<LocationState>) => {
    const next = { ...stateRef.current, ...patch };
    stateRef.current = next;
    setState(next);
  }, []);

  // Spec 4: on user change or sign-out, current and operational locations and load state reset.
  const [stateUser, setStateUser] = useState(userId);
  if (stateUser !== userId) {
    setStateUser(userId);
    setState(INITIAL);
  }
  if (userRef.current !== userId) {
    userRef.current = userId;
    generation.current += 1;
    inFlight.current = null;
    stateRef.current = INITIAL;
  }

  const load = useCallback(
    async ({ force = false }: { force?: boolean } = {}): Promise<ProviderLocation | null> => {
      const forUser = userRef.current;
      if (!forUser) return null;
      const current = stateRef.current;
      if (!force && current.isInitialized && current.loadedForUserId === forUser) {
        return current.operationalLocation;
      }
      if (inFlight.current?.userId === forUser) return inFlight.current.promise;

      const mine = generation.current;
      update({ isLoading: true, loadError: null });
      const promise = queryClient
        .fetchQuery({
          queryKey: onboardingKeys.location,
          queryFn: fetchSavedLocation,
          staleTime: 0,
          ...ONBOARDING_QUERY_RETRY,
        })
        .then(
          ({ location }) => {
            if (generation.current === mine) {
              update({
                operationalLocation: location,
                isLoading: false,
                isInitialized: true,
                loadedForUserId: forUser,
                lastLoadedAt: Date.now(),
              });
            }
            return location;
          },
          (error: unknown) => {
            if (generation.current === mine) update({ isLoading: false, loadError: error });
            throw error;
          },
        )
        .finally(() => {
          if (inFlight.current?.promise === promise) inFlight.current = null;
        });
      inFlight.current = { userId: forUser, promise };
      return promise;
    },
    [queryClient, update],
  );

  const setOperationalLocation = useCallback(
    (location: ProviderLocation | null) => {
      const forUser = userRef.current;
      if (!forUser) return;
      queryClient.setQueryData(onboardingKeys.location, { location });
      update({
        operationalLocation: location,
        isInitialized: true,
        loadedForUserId: forUser,
        lastLoadedAt: Date.now(),
        loadError: null,
      });
    },
    [queryClient, update],
  );

  const locateDevice = useCallback(async (): Promise<DeviceLocationResult> => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      return {
        ok: false,
        location: null,
        error: { title: LOCATION_MESSAGES.accessFailed, message: LOCATION_MESSAGES.unsupported },
      };
    }
    // Our reverse geocoding needs a session (spec 8).
    if (!userRef.current) {
      return {
        ok: false,
        location: null,
        error: { title: LOCATION_MESSAGES.accessFailed, message: LOCATION_MESSAGES.authRequiredForServices },
      };
    }
    const mine = generation.current;
    update({ isLocating: true });
    try {
      let position: GeolocationPosition;
      try {
        position = await currentPosition();
      } catch (error) {
        return { ok: false, location: null, error: geolocationFailure(error as { code: number }) };
      }
      const fix: DeviceLocation = {
        latitude: position.coords.latitude,
        longitude: position.coords.longitude,
        accuracy: Number.isFinite(position.coords.accuracy) ? position.coords.accuracy : null,
        timestamp: position.timestamp || Date.now(),
        place: null,
      };
      let place: CurrentLocation;
      try {
        place = await reverseGeocode(fix.latitude, fix.longitude);
      } catch (error) {
        if (generation.current === mine) update({ currentLocation: fix });
        return {
          ok: false,
          location: fix,
          error: {
            title: LOCATION_MESSAGES.accessFailed,
            message: LOCATION_MESSAGES.lookupFailed(messageOf(error)),
          },
        };
      }
      const located = { ...fix, place };
      if (generation.current !== mine) return { ok: true, location: located, savedAsOperational: false };
      update({ currentLocation: located });

      // Spec 4: the device fills the operational location only when none exists.
      let savedAsOperational = false;
      const existing = await load().catch(() => undefined);
      const candidate = {
        city: place.formatted.city ?? place.address.city,
        country: place.formatted.country ?? place.address.country,
        latitude: fix.latitude,
        longitude: fix.longitude,
      };
      if (existing === null && userRef.current && validateLocationForSave(candidate).ok) {
        try {
          const saved = await saveLocation({
            ...candidate,
            region: place.formatted.state ?? place.address.state,
            neighbourhood: place.address.neighbourhood,
            postal_code: place.formatted.postcode ?? place.address.postcode,
            geocoding_accuracy: 'gps',
          });
          if (generation.current === mine) {
            setOperationalLocation(saved.location);
            savedAsOperational = true;
            void queryClient.invalidateQueries({ queryKey: ['onboarding'] });
          }
        } catch {
          // Not saved: the fix is still the current location, and the step can save it itself.
        }
      }
      return { ok: true, location: located, savedAsOperational };
    } finally {
      if (generation.current === mine) update({ isLocating: false });
    }
  }, [load, queryClient, setOperationalLocation, update]);

  const value = useMemo<LocationContextValue>(
    () => ({ ...state, load, setOperationalLocation, locateDevice }),
    [state, load, setOperationalLocation, locateDevice],
  );
  return <LocationContext.Provider value={value}>{children}</LocationContext.Provider>;
}
