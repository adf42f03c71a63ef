import { type GeocodeSearchResult, LOCATION_MESSAGES } from '@adwuma/shared';
import { Crosshair, MapPin, Search } from 'lucide-react';
import {
  type Dispatch,
  type FormEvent,
  lazy,
  type SetStateAction,
  Suspense,
  useCallback,
  useRef,
  useState,
} from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/field.tsx';
import { reverseGeocode, searchPlaces } from '../../lib/onboarding-api.ts';
import { useLocationContext } from '../location/index.ts';
import type { LocationValues } from './location-values.ts';
import { messageOf } from './wizard-frame.tsx';

// Leaflet (JS and CSS) downloads only when this step renders.
const LocationMap = lazy(() => import('../../components/ui/location-map.tsx'));

type Notice = { tone: 'info' | 'error'; text: string } | null;

/**
 * Finding the point of the location step: a place search, the device location (through the
 * location context) or a click on the map; each fills in the details it knows.
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
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<GeocodeSearchResult[] | null>(null);
  const [searching, setSearching] = useState(false);
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
      setNotice({ tone: 'info', text: 'Looking up the place…' });
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
        setNotice({ tone: 'info', text: `Near ${place.display_name}. Check the details below.` });
      } catch (error) {
        if (n === lastPick.current)
          setNotice({ tone: 'error', text: LOCATION_MESSAGES.lookupFailed(messageOf(error)) });
      }
    },
    [setValues, setErrors],
  );

  const search = async (v: LocationValues, e?: FormEvent) => {
    e?.preventDefault();
    if (query.trim().length < 2) {
      setNotice({ tone: 'error', text: 'Type at least 2 characters' });
      return;
    }
    setSearching(true);
    setNotice(null);
    try {
      const answer = await searchPlaces(query.trim());
      setResults(answer.results);
      if (answer.results.length === 0) {
        if (answer.normalized) {
          setValues({
            ...v,
            city: answer.normalized.city,
            region: answer.normalized.region ?? '',
            country: answer.normalized.country,
            neighbourhood: answer.normalized.neighbourhood ?? v.neighbourhood,
          });
        }
        setNotice({
          tone: 'info',
          text: 'No places found. Pick your point on the map, then check the details.',
        });
      }
    } catch (error) {
      setNotice({ tone: 'error', text: LOCATION_MESSAGES.lookupFailed(messageOf(error)) });
    } finally {
      setSearching(false);
    }
  };

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
    setResults(null);
    setFocus((f) => f + 1);
    setNotice({ tone: 'info', text: `Picked ${place.display_name}` });
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
    setNotice({ tone: 'info', text: `Found ${place.display_name}. Check the details below.` });
  };

  return {
    query,
    setQuery,
    results,
    searching,
    notice,
    focus,
    isLocating: locationContext.isLocating,
    pickOnMap,
    search,
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
  const { query, setQuery, results, searching, notice, focus, pickOnMap, search, pick, locateDevice } =
    finder;
  return (
    <>
      <search aria-label="Find your town or area">
        <form onSubmit={(e) => search(v, e)}>
          <label htmlFor={`${uid}-q`} className="block text-sm font-semibold text-fg">
            Search for your town or area
          </label>
          <div className="mt-1.5 flex gap-2">
            <Input
              id={`${uid}-q`}
              type="search"
              placeholder="e.g. Kumasi or East Legon"
              value={query}
              aria-invalid={pointError ? true : undefined}
              aria-describedby={pointError ? `${uid}-point-error` : undefined}
              onChange={(e) => setQuery(e.target.value)}
            />
            <Button type="submit" variant="outline" busy={searching} aria-label="Search places">
              <Search aria-hidden="true" className="h-4 w-4" />
            </Button>
          </div>
        </form>
      </search>
      {results && results.length > 0 && (
        <ul
          aria-label="Places found"
          className="divide-y divide-border rounded-xl border border-border bg-card"
        >
          {results.map((place) => (
            <li key={`${place.display_name}-${place.latitude}-${place.longitude}`}>
              <button
                type="button"
                onClick={() => pick(v, place)}
                className="flex min-h-11 w-full items-center gap-2 px-3 py-2 text-left text-sm text-fg hover:bg-muted"
              >
                <MapPin aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
                {place.display_name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Button
        variant="outline"
        className="w-full"
        busy={finder.isLocating}
        onClick={() => void locateDevice()}
      >
        <Crosshair aria-hidden="true" className="h-4 w-4" /> Use my device location
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
