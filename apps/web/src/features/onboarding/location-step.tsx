import {
  type GeocodeSearchResult,
  LOCATION_MESSAGES,
  type LocationSaveRequest,
  locationSaveRequestSchema,
  type ProviderLocation,
  SEARCH_RADIUS_DEFAULT_KM,
  validateLocationForSave,
} from '@adwuma/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Crosshair, MapPin, Search } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { fieldErrors } from '../../lib/api.ts';
import { useSession } from '../auth/auth-provider.tsx';
import { useLocationContext } from '../location/location-context.tsx';
import { reverseGeocode, saveLocation, searchPlaces } from './api.ts';
import { ServiceAreaEditor } from './service-area-editor.tsx';
import { Loading } from './steps.tsx';
import {
  FormError,
  focusById,
  issuesByField,
  messageOf,
  StepFooter,
  StepIntro,
  type StepProps,
  sameValues,
  useDraftOnLeave,
  useStepDraft,
} from './wizard-frame.tsx';

// Leaflet (JS and CSS) downloads only when this step renders.
const LocationMap = lazy(() => import('./location-map.tsx'));

export interface LocationValues {
  city: string;
  region: string;
  country: string;
  address: string;
  neighbourhood: string;
  digital_address: string;
  search_radius: number;
  service_areas: string[];
  /** Typed in the areas box but not added yet. */
  pending_area: string;
  latitude: number | null;
  longitude: number | null;
}

const EMPTY: LocationValues = {
  city: '',
  region: '',
  country: 'Ghana',
  address: '',
  neighbourhood: '',
  digital_address: '',
  search_radius: SEARCH_RADIUS_DEFAULT_KM,
  service_areas: [],
  pending_area: '',
  latitude: null,
  longitude: null,
};

export function valuesFromLocation(l: ProviderLocation | null): LocationValues {
  if (!l) return EMPTY;
  return {
    city: l.city ?? '',
    region: l.region ?? '',
    country: l.country ?? 'Ghana',
    address: l.address ?? '',
    neighbourhood: l.neighbourhood ?? '',
    digital_address: l.digital_address ?? '',
    search_radius: l.search_radius ?? SEARCH_RADIUS_DEFAULT_KM,
    service_areas: l.service_areas,
    pending_area: '',
    latitude: l.latitude,
    longitude: l.longitude,
  };
}

/** What the step sends: a confirmed ('user') location with the service area. */
export function locationRequest(v: LocationValues): LocationSaveRequest {
  const pending = v.pending_area.trim();
  const areas =
    pending && !v.service_areas.some((a) => a.toLowerCase() === pending.toLowerCase())
      ? [...v.service_areas, pending]
      : v.service_areas;
  return {
    city: v.city,
    region: v.region || null,
    country: v.country || 'Ghana',
    address: v.address || null,
    neighbourhood: v.neighbourhood || null,
    digital_address: v.digital_address || null,
    search_radius: v.search_radius,
    service_areas: areas,
    latitude: v.latitude,
    longitude: v.longitude,
    geocoding_accuracy: 'user',
  };
}

/** Field messages keyed as the form shows them: every service area under 'service_areas'. */
function byFormField(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const name = key.startsWith('service_areas') ? 'service_areas' : key;
    out[name] ??= message;
  }
  return out;
}

type Notice = { tone: 'info' | 'error'; text: string } | null;

/**
 * Spec 5 location step: search, device location (through the location context) or a point on the
 * map, then the details and the service area; checked with spec 5's save rules before it is saved
 * as confirmed ('user') with spec 8's messages.
 */
export function LocationStep({ step, next }: StepProps) {
  const uid = useId();
  const { user } = useSession();
  const locationContext = useLocationContext();
  const { load, operationalLocation, isInitialized, loadedForUserId, loadError } = locationContext;
  const queryClient = useQueryClient();
  const draft = useStepDraft<LocationValues>('location');
  const [values, setValues] = useState<LocationValues | null>(() => draft.read() ?? null);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<GeocodeSearchResult[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // Bumped when the map should fly to the point (search result, device location).
  const [focus, setFocus] = useState(0);
  const lastPick = useRef(0);
  const done = useRef(false);
  const loaded = isInitialized && loadedForUserId === user?.id;

  useEffect(() => {
    load().catch(() => {
      // shown from loadError
    });
  }, [load]);

  useEffect(() => {
    if (loaded && values === null) setValues(valuesFromLocation(operationalLocation));
  }, [loaded, operationalLocation, values]);

  useDraftOnLeave(draft, () => {
    if (done.current || !values) return null;
    return loaded && sameValues(values, valuesFromLocation(operationalLocation)) ? null : values;
  });

  const clearError = (...names: string[]) =>
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !names.includes(k))));

  // A click or drag on the map: the point now, then the nearest place for city/region.
  const pickOnMap = useCallback(async (latitude: number, longitude: number) => {
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
  }, []);

  if (!values) {
    if (loadError) {
      return (
        <Alert tone="danger" role="alert" title="Your saved location did not load">
          <p>{messageOf(loadError)}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void load().catch(() => {})}>
            Try Again
          </Button>
        </Alert>
      );
    }
    return <Loading />;
  }
  const v = values;
  // Functional updates: one event may change several fields (an area added, its box emptied).
  const patch = (changes: Partial<LocationValues>) => setValues((prev) => prev && { ...prev, ...changes });
  const set =
    (name: 'city' | 'region' | 'country' | 'address' | 'neighbourhood' | 'digital_address') =>
    (e: { target: { value: string } }) => {
      patch({ [name]: e.target.value });
      clearError(name);
    };

  const search = async (e?: FormEvent) => {
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

  const invalid = (found: Record<string, string>, message: string, toastTitle: string) => {
    setErrors(found);
    setFormError(message);
    toast.error(toastTitle);
    const order = [
      'latitude',
      'longitude',
      'location',
      'city',
      'region',
      'country',
      'neighbourhood',
      'address',
      'digital_address',
      'search_radius',
      'service_areas',
    ];
    const first = order.find((name) => found[name]) ?? Object.keys(found)[0];
    const target =
      first === 'latitude' || first === 'longitude' || first === 'location' ? 'q' : (first ?? null);
    focusById(target ? `${uid}-${target}` : null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const request = locationRequest(v);
    // Spec 5 save rules, with spec 8's messages, before anything is sent.
    const check = validateLocationForSave(request);
    if (!check.ok) {
      const found = Object.fromEntries(check.fields.map((f) => [f.field, f.message]));
      invalid(
        found,
        check.message,
        check.message === LOCATION_MESSAGES.invalidData ? LOCATION_MESSAGES.invalidDataToast : check.message,
      );
      return;
    }
    const shape = locationSaveRequestSchema.safeParse(request);
    if (!shape.success) {
      invalid(
        byFormField(issuesByField(shape.error.issues)),
        LOCATION_MESSAGES.invalidData,
        LOCATION_MESSAGES.invalidDataToast,
      );
      return;
    }
    setBusy(true);
    setErrors({});
    setFormError(null);
    const id = toast.loading(LOCATION_MESSAGES.saving);
    try {
      const answer = await saveLocation(request);
      toast.success(LOCATION_MESSAGES.saved, {
        id,
        description: answer.warnings.length > 0 ? answer.warnings.join(' ') : undefined,
      });
      done.current = true;
      locationContext.setOperationalLocation(answer.location);
      void queryClient.invalidateQueries({ queryKey: ['onboarding'] });
      next();
    } catch (error) {
      setErrors(byFormField(fieldErrors(error)));
      const message = messageOf(error);
      setFormError(LOCATION_MESSAGES.failedToSave(message));
      toast.error(LOCATION_MESSAGES.failedToSave(message), { id });
    } finally {
      setBusy(false);
    }
  };

  const text = (
    name: 'city' | 'region' | 'country' | 'address' | 'neighbourhood' | 'digital_address',
    label: string,
    opts: { hint?: string; optional?: boolean; autoComplete?: string } = {},
  ) => (
    <Field id={`${uid}-${name}`} label={label} hint={opts.hint} optional={opts.optional} error={errors[name]}>
      {(c) => <Input {...c} autoComplete={opts.autoComplete} value={v[name]} onChange={set(name)} />}
    </Field>
  );
  const pointError = errors.latitude ?? errors.longitude ?? errors.location;

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
      <Button
        variant="outline"
        className="w-full"
        busy={locationContext.isLocating}
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
      <form onSubmit={submit} noValidate className="space-y-4">
        {text('city', 'City or town', { autoComplete: 'address-level2' })}
        <div className="grid gap-4 sm:grid-cols-2">
          {text('region', 'Region', { optional: true, autoComplete: 'address-level1' })}
          {text('country', 'Country', { autoComplete: 'country-name' })}
        </div>
        {text('neighbourhood', 'Neighbourhood', { optional: true })}
        {text('address', 'Address', { optional: true, hint: 'A street or landmark customers can find' })}
        {text('digital_address', 'Digital address', {
          optional: true,
          hint: 'GhanaPost GPS, e.g. GA-183-8164',
        })}
        <ServiceAreaEditor
          idPrefix={uid}
          radius={v.search_radius}
          onRadiusChange={(km) => {
            patch({ search_radius: km });
            clearError('search_radius');
          }}
          areas={v.service_areas}
          onAreasChange={(areas) => {
            patch({ service_areas: areas });
            clearError('service_areas');
          }}
          pending={v.pending_area}
          onPendingChange={(pending_area) => patch({ pending_area })}
          suggestions={[v.neighbourhood, v.city]}
          radiusError={errors.search_radius}
          areasError={errors.service_areas}
        />
        <FormError message={formError} />
        <StepFooter step={step} busy={busy} />
      </form>
    </div>
  );
}
