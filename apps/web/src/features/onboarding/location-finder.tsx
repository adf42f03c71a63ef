import { type GeocodeSearchResult, LOCATION_MESSAGES } from '@adwuma/shared';
import { Crosshair } from 'lucide-react';
import { type Dispatch, lazy, type SetStateAction, Suspense, useCallback, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { textOf } from '../../i18n/index.ts';
import { reverseGeocode } from '../../lib/onboarding-api.ts';
import { toast } from '../../lib/toast.ts';
import { useSession } from '../auth/index.ts';
import { type Place, PlacePicker, useLocationContext } from '../location/index.ts';
import { useOnboardingText } from './i18n.ts';
import type { LocationValues } from './location-values.ts';
import { messageOf } from './wizard-frame.tsx';

// Leaflet (JS and CSS) downloads only when this step renders.
const LocationMap = lazy(() => import('../../components/ui/location-map.tsx'));

type Notice = { tone: 'info' | 'error'; text: string } | null;

/**
 * Finding the point of the location step: the place picker (suggestions as you type), the device
 * location (through the location context) or a click on the map; each fills in the details it knows.
 */
export function usePlaceFinder({
  setValues,
  setErrors,
  clearError,
}: {
  setValues: Dispatch<SetStateAction<LocationValues | null>>;
  setErrors: Dispatch<SetStateAction<Record<string, string>>>;
  clearError: (...names: string[]) => void;
}) {
  const locationContext = useLocationContext();
  const [picked, setPicked] = useState<Place | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  // Bumped when the map should fly to the point (search result, device location).
  const [focus, setFocus] = useState(0);
  const lastPick = useRef(0);

  // A click or drag on the map: the point now, then the nearest place for city/region.
  const pickOnMap = useCallback(
    async (latitude: number, longitude: number) => {
      const n = ++lastPick.current;
      setValues((prev) => prev && { ...prev, latitude, longitude });
      setErrors((e) => {
        const { latitude: _a, longitude: _b, location: _c, ...rest } = e;
        return rest;
      });
      setNotice({ tone: 'info', text: textOf('onboarding')('finder.lookingUp') });
      try {
        const place = await reverseGeocode(latitude, longitude);
        if (n !== lastPick.current) return;
        setValues(
          (prev) =>
            prev && {
              ...prev,
              city: place.formatted.city ?? place.address.city ?? prev.city,
              region: place.formatted.state ?? place.address.state ?? '',
              country: place.formatted.country ?? 'Ghana',
              neighbourhood: place.address.neighbourhood ?? '',
            },
        );
        setNotice({
          tone: 'info',
          text: textOf('onboarding')('finder.near', { place: place.display_name }),
        });
      } catch (error) {
        if (n === lastPick.current)
          setNotice({ tone: 'error', text: LOCATION_MESSAGES.lookupFailed(messageOf(error)) });
      }
    },
    [setValues, setErrors],
  );

  const pick = (v: LocationValues, place: GeocodeSearchResult) => {
    setValues({
      ...v,
      city: place.city ?? v.city,
      region: place.state ?? '',
      country: place.country ?? 'Ghana',
      neighbourhood: place.neighbourhood ?? '',
      address: v.address || place.display_name,
      latitude: place.latitude,
      longitude: place.longitude,
    });
    clearError('city', 'country', 'latitude', 'longitude', 'location');
    setFocus((f) => f + 1);
    setNotice({ tone: 'info', text: textOf('onboarding')('finder.picked', { place: place.display_name }) });
  };

  const locateDevice = async () => {
    setNotice(null);
    const result = await locationContext.locateDevice();
    if (!result.ok) {
      toast.error(result.error.title, { description: result.error.message });
      setNotice({ tone: 'error', text: result.error.message });
      if (result.location) {
        const { latitude, longitude } = result.location;
        setValues((prev) => prev && { ...prev, latitude, longitude });
        setFocus((f) => f + 1);
      }
      return;
    }
    const { place, latitude, longitude } = result.location;
    setValues(
      (prev) =>
        prev && {
          ...prev,
          city: place.formatted.city ?? place.address.city ?? prev.city,
          region: place.formatted.state ?? place.address.state ?? '',
          country: place.formatted.country ?? 'Ghana',
          neighbourhood: place.address.neighbourhood ?? '',
          address: prev.address || place.formatted.formatted,
          latitude,
          longitude,
        },
    );
    clearError('city', 'country', 'latitude', 'longitude', 'location');
    setFocus((f) => f + 1);
    setNotice({ tone: 'info', text: textOf('onboarding')('finder.found', { place: place.display_name }) });
  };

  return {
    picked,
    setPicked,
    notice,
    focus,
    isLocating: locationContext.isLocating,
    pickOnMap,
    pick,
    locateDevice,
  };
}

/** The search box, the places found, the device button, the map and the finder's notices. */
export function PlaceFinder({
  uid,
  v,
  finder,
  pointError,
}: {
  uid: string;
  v: LocationValues;
  finder: ReturnType<typeof usePlaceFinder>;
  pointError: string | undefined;
}) {
  const { picked, setPicked, notice, focus, pickOnMap, pick, locateDevice } = finder;
  const { status } = useSession();
  const { t } = useOnboardingText();
  return (
    <>
      <PlacePicker
        inputId={`${uid}-q`}
        label={t('finder.search')}
        placeholder={t('finder.placeholder')}
        value={picked}
        signedIn={status === 'signed_in'}
        withMyLocation={false}
        invalid={Boolean(pointError)}
        describedBy={pointError ? `${uid}-point-error` : undefined}
        onChange={(place) => {
          setPicked(place);
          if (place?.result) pick(v, place.result);
        }}
      />
      <Button
        variant="outline"
        className="w-full"
        busy={finder.isLocating}
        onClick={() => void locateDevice()}
      >
        <Crosshair aria-hidden="true" className="h-4 w-4" /> {t('finder.device')}
      </Button>
      <Suspense
        fallback={<div aria-hidden="true" className="h-64 w-full rounded-xl border border-border bg-muted" />}
      >
        <LocationMap
          point={
            v.latitude != null && v.longitude != null
              ? { latitude: v.latitude, longitude: v.longitude }
              : null
          }
          focus={focus}
          onPick={pickOnMap}
        />
      </Suspense>
      {pointError && (
        <p id={`${uid}-point-error`} role="alert" className="text-sm font-medium text-danger">
          {pointError}
        </p>
      )}
      {notice && (
        <p role="status" className={`text-sm ${notice.tone === 'error' ? 'text-danger' : 'text-muted-fg'}`}>
          {notice.text}
        </p>
      )}
    </>
  );
}
