import {
  GEOLOCATION_OPTIONS,
  type GeocodeSearchResult,
  LOCATION_MESSAGES,
  SEARCH_RADIUS_DEFAULT_KM,
} from '@adwuma/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Crosshair, MapPin, Search } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { fieldErrors } from '../../lib/api.ts';
import { reverseGeocode, saveLocation, searchPlaces, useSavedLocation } from './api.ts';
import { FormError, messageOf, StepFooter, StepIntro, type StepProps } from './wizard-frame.tsx';

// Leaflet (JS and CSS) downloads only when this step renders.
const LocationMap = lazy(() => import('./location-map.tsx'));

interface Values {
  city: string;
  region: string;
  country: string;
  address: string;
  neighbourhood: string;
  digital_address: string;
  search_radius: string;
  latitude: number | null;
  longitude: number | null;
  accuracy: 'user' | 'gps';
}

const EMPTY: Values = {
  city: '',
  region: '',
  country: 'Ghana',
  address: '',
  neighbourhood: '',
  digital_address: '',
  search_radius: String(SEARCH_RADIUS_DEFAULT_KM),
  latitude: null,
  longitude: null,
  accuracy: 'user',
};

/** Spec 5 location step: search or device location, then the details; saved as confirmed ('user'). */
export function LocationStep({ step, next }: StepProps) {
  const uid = useId();
  const saved = useSavedLocation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values | null>(null);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<GeocodeSearchResult[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [locating, setLocating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Bumped when the map should fly to the point (search result, device location).
  const [focus, setFocus] = useState(0);
  const lastPick = useRef(0);

  // A click or drag on the map: the point now, then the nearest place for city/region.
  const pickOnMap = useCallback(async (latitude: number, longitude: number) => {
    const n = ++lastPick.current;
    setValues((prev) => prev && { ...prev, latitude, longitude, accuracy: 'user' });
    setNotice('Looking up the place…');
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
      setNotice(`Near ${place.display_name}. Check the details below.`);
    } catch (error) {
      if (n === lastPick.current) setNotice(LOCATION_MESSAGES.lookupFailed(messageOf(error)));
    }
  }, []);

  useEffect(() => {
    if (!saved.isSuccess || values) return;
    const l = saved.data.location;
    setValues(
      l
        ? {
            city: l.city ?? '',
            region: l.region ?? '',
            country: l.country ?? 'Ghana',
            address: l.address ?? '',
            neighbourhood: l.neighbourhood ?? '',
            digital_address: l.digital_address ?? '',
            search_radius: String(l.search_radius ?? SEARCH_RADIUS_DEFAULT_KM),
            latitude: l.latitude,
            longitude: l.longitude,
            accuracy: 'user',
          }
        : EMPTY,
    );
  }, [saved.isSuccess, saved.data, values]);

  if (!values) return <Spinner label="Loading" />;
  const v = values;
  const set = (name: keyof Values) => (e: { target: { value: string } }) =>
    setValues({ ...v, [name]: e.target.value });

  const search = async (e?: FormEvent) => {
    e?.preventDefault();
    if (query.trim().length < 2) {
      setNotice('Type at least 2 characters');
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
        setNotice('No places found. Check the details below.');
      }
    } catch (error) {
      setNotice(LOCATION_MESSAGES.lookupFailed(messageOf(error)));
    } finally {
      setSearching(false);
    }
  };

  const pick = (place: GeocodeSearchResult) => {
    setValues({
      ...v,
      city: place.city ?? v.city,
      region: place.state ?? '',
      country: place.country ?? 'Ghana',
      neighbourhood: place.neighbourhood ?? '',
      address: v.address || place.display_name,
      latitude: place.latitude,
      longitude: place.longitude,
      accuracy: 'user',
    });
    setResults(null);
    setFocus((f) => f + 1);
    setNotice(`Picked ${place.display_name}`);
  };

  const useDevice = () => {
    if (!('geolocation' in navigator)) {
      setNotice(LOCATION_MESSAGES.unsupported);
      return;
    }
    setLocating(true);
    setNotice(null);
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        try {
          const place = await reverseGeocode(position.coords.latitude, position.coords.longitude);
          setValues({
            ...v,
            city: place.formatted.city ?? place.address.city ?? v.city,
            region: place.formatted.state ?? place.address.state ?? '',
            country: place.formatted.country ?? 'Ghana',
            neighbourhood: place.address.neighbourhood ?? '',
            address: v.address || place.formatted.formatted,
            latitude: place.latitude,
            longitude: place.longitude,
            accuracy: 'user',
          });
          setFocus((f) => f + 1);
          setNotice(`Found ${place.display_name}. Check the details below.`);
        } catch (error) {
          setNotice(LOCATION_MESSAGES.lookupFailed(messageOf(error)));
        } finally {
          setLocating(false);
        }
      },
      (error) => {
        setLocating(false);
        setNotice(
          error.code === error.PERMISSION_DENIED
            ? LOCATION_MESSAGES.accessFailed
            : error.code === error.POSITION_UNAVAILABLE
              ? LOCATION_MESSAGES.undetermined
              : LOCATION_MESSAGES.failedToGet,
        );
      },
      GEOLOCATION_OPTIONS,
    );
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!v.city.trim()) {
      setErrors({ city: LOCATION_MESSAGES.missingData });
      toast.error(LOCATION_MESSAGES.invalidDataToast);
      return;
    }
    setBusy(true);
    setErrors({});
    setFormError(null);
    const id = toast.loading(LOCATION_MESSAGES.saving);
    try {
      const radius = Number(v.search_radius);
      const answer = await saveLocation({
        city: v.city,
        region: v.region || null,
        country: v.country || 'Ghana',
        address: v.address || null,
        neighbourhood: v.neighbourhood || null,
        digital_address: v.digital_address || null,
        search_radius: v.search_radius.trim() && Number.isFinite(radius) ? radius : null,
        latitude: v.latitude,
        longitude: v.longitude,
        geocoding_accuracy: 'user',
      });
      toast.success(LOCATION_MESSAGES.saved, {
        id,
        description: answer.warnings.length > 0 ? answer.warnings.join(' ') : undefined,
      });
      void queryClient.invalidateQueries({ queryKey: ['onboarding'] });
      next();
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(byField);
      const message = messageOf(error);
      setFormError(LOCATION_MESSAGES.failedToSave(message));
      toast.error(LOCATION_MESSAGES.failedToSave(message), { id });
    } finally {
      setBusy(false);
    }
  };

  const text = (name: keyof Values, label: string, opts: { hint?: string; optional?: boolean } = {}) => (
    <Field id={`${uid}-${name}`} label={label} hint={opts.hint} optional={opts.optional} error={errors[name]}>
      {(c) => <Input {...c} value={String(v[name] ?? '')} onChange={set(name)} />}
    </Field>
  );

  return (
    <div className="space-y-4">
      <StepIntro>Customers search by town. Find your area, then check the details.</StepIntro>
      <search aria-label="Find your town or area">
        <form onSubmit={search}>
          <label htmlFor={`${uid}-q`} className="block text-sm font-semibold text-fg">
            Search for your town or area
          </label>
          <div className="mt-1.5 flex gap-2">
            <Input
              id={`${uid}-q`}
              type="search"
              placeholder="e.g. Kumasi or East Legon"
              value={query}
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
                onClick={() => pick(place)}
                className="flex min-h-11 w-full items-center gap-2 px-3 py-2 text-left text-sm text-fg hover:bg-muted"
              >
                <MapPin aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
                {place.display_name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Button variant="outline" className="w-full" busy={locating} onClick={useDevice}>
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
      {notice && (
        <p role="status" className="text-sm text-muted-fg">
          {notice}
        </p>
      )}
      <form onSubmit={submit} noValidate className="space-y-4">
        {text('city', 'City or town')}
        {text('region', 'Region', { optional: true })}
        {text('neighbourhood', 'Neighbourhood', { optional: true })}
        {text('address', 'Address', { optional: true, hint: 'A street or landmark customers can find' })}
        {text('digital_address', 'Digital address', {
          optional: true,
          hint: 'GhanaPost GPS, e.g. GA-183-8164',
        })}
        <Field
          id={`${uid}-radius`}
          label="How far you travel (km)"
          hint="1–200 km"
          error={errors.search_radius}
        >
          {(c) => (
            <Input
              {...c}
              type="number"
              inputMode="numeric"
              min={1}
              max={200}
              value={v.search_radius}
              onChange={set('search_radius')}
            />
          )}
        </Field>
        {(errors.latitude || errors.longitude) && (
          <p role="alert" className="text-sm font-medium text-danger">
            {errors.latitude ?? errors.longitude}
          </p>
        )}
        <FormError message={formError} />
        <StepFooter step={step} busy={busy} />
      </form>
    </div>
  );
}
