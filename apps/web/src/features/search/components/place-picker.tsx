import { GEOLOCATION_OPTIONS, type GeocodeSearchResult, LOCATION_MESSAGES } from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { Crosshair, Loader2, MapPin, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { UNEXPECTED_MESSAGE } from '../../../lib/api.ts';
import { searchPlaces } from '../../../lib/onboarding-api.ts';
import { geolocationFailure } from '../../location/index.ts';
import { type CityOption, cityCentre, useCities } from '../api/get-cities.ts';

export interface Place {
  near: string;
  lat: number;
  lng: number;
}

export const PLACE_TEXT = {
  label: 'Near',
  placeholder: 'Town, city or area',
  myLocation: 'Use my current location',
  myLocationName: 'Your location',
  clear: 'Clear the place',
  locating: 'Finding where you are…',
  noCentre: (city: string) => `No provider in ${city} has a position yet. Try a nearby town.`,
  noMatch: 'No town with providers matches. Try another spelling or a bigger town nearby.',
} as const;

type Option =
  | { id: string; kind: 'gps'; label: string }
  | { id: string; kind: 'city'; label: string; detail: string; city: CityOption }
  | { id: string; kind: 'place'; label: string; detail: string; place: GeocodeSearchResult };

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/**
 * "Near": a town from the cities that have providers, any Ghanaian place the geocoder knows (signed
 * out: the server's offline gazetteer; signed in: GEOCODER_URL too when the server has one), or the
 * device's position. A combobox: type, move with the arrow keys, Enter to choose.
 */
export function PlacePicker({
  value,
  onChange,
  signedIn,
  inputClassName = '',
}: {
  value: Place | null;
  onChange: (place: Place | null) => void;
  /** The server answers place names by who asks: a new session must not reuse the anonymous list. */
  signedIn: boolean;
  inputClassName?: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value?.near ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const cities = useCities(open || Boolean(text));
  const typed = fold(text);
  const debounced = useDebounced(typed, 300);
  const editing = open && typed !== fold(value?.near ?? '');
  const geocode = useQuery({
    queryKey: ['geocode', 'search', signedIn, debounced],
    queryFn: () => searchPlaces(debounced),
    enabled: editing && debounced.length >= 2,
    staleTime: 60 * 60_000,
    retry: false,
  });

  useEffect(() => setText(value?.near ?? ''), [value?.near]);

  const options = useMemo<Option[]>(() => {
    const list: Option[] = [{ id: `${id}-gps`, kind: 'gps', label: PLACE_TEXT.myLocation }];
    const all = cities.data?.cities ?? [];
    const matching = (editing && typed ? all.filter((c) => fold(c.city).includes(typed)) : all).slice(0, 8);
    for (const c of matching) {
      list.push({
        id: `${id}-city-${list.length}`,
        kind: 'city',
        label: c.city,
        detail: `${c.region ? `${c.region} · ` : ''}${c.providers} provider${c.providers === 1 ? '' : 's'}`,
        city: c,
      });
    }
    if (editing && geocode.data) {
      const taken = new Set(matching.map((c) => fold(c.city)));
      for (const place of geocode.data.results.slice(0, 5)) {
        const name = place.neighbourhood ?? place.city ?? place.display_name;
        if (taken.has(fold(name))) continue;
        taken.add(fold(name));
        list.push({
          id: `${id}-place-${list.length}`,
          kind: 'place',
          label: name,
          detail: place.display_name,
          place,
        });
      }
    }
    return list;
  }, [cities.data, geocode.data, editing, typed, id]);

  const close = () => {
    setOpen(false);
    setActive(0);
  };

  const choose = async (option: Option) => {
    close();
    setError(null);
    if (option.kind === 'place') {
      const name = option.label;
      setText(name);
      onChange({ near: name, lat: option.place.latitude, lng: option.place.longitude });
      return;
    }
    setBusy(true);
    try {
      if (option.kind === 'city') {
        setText(option.city.city);
        const centre = await cityCentre(option.city);
        if (!centre) {
          setError(PLACE_TEXT.noCentre(option.city.city));
          setText(value?.near ?? '');
          return;
        }
        onChange({ near: option.city.city, ...centre });
        return;
      }
      if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
        setError(LOCATION_MESSAGES.unsupported);
        return;
      }
      setText(PLACE_TEXT.locating);
      const position = await new Promise<GeolocationPosition>((resolve, reject) =>
        navigator.geolocation.getCurrentPosition(resolve, reject, GEOLOCATION_OPTIONS),
      ).catch((failure: { code: number }) => {
        setError(geolocationFailure(failure).message);
        return null;
      });
      if (!position) {
        setText(value?.near ?? '');
        return;
      }
      setText(PLACE_TEXT.myLocationName);
      onChange({
        near: PLACE_TEXT.myLocationName,
        lat: position.coords.latitude,
        lng: position.coords.longitude,
      });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : UNEXPECTED_MESSAGE);
      setText(value?.near ?? '');
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else setActive((i) => Math.min(options.length - 1, i + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === 'Enter') {
      if (!open) return;
      event.preventDefault();
      // Enter on typed text picks the first town that matches, not "my location".
      const option = options[active === 0 && typed && options.length > 1 ? 1 : active];
      if (option) void choose(option);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
      setText(value?.near ?? '');
    }
  };

  const showNoMatch =
    editing && typed.length >= 2 && options.length === 1 && !cities.isPending && !geocode.isFetching;

  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className="sr-only">
        {PLACE_TEXT.label}
      </label>
      <MapPin
        aria-hidden="true"
        className="pointer-events-none absolute left-3.5 top-1/2 h-5 w-5 -translate-y-1/2 text-muted-fg"
      />
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open ? options[active]?.id : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={PLACE_TEXT.placeholder}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
          setError(null);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => {
          // A click on an option lands before the blur ends (mousedown is prevented there).
          close();
          if (!busy) setText(value?.near ?? '');
        }}
        onKeyDown={onKeyDown}
        className={`block min-h-12 w-full rounded-xl border border-border bg-card py-2.5 pl-11 pr-11 text-base text-fg placeholder:text-muted-fg/80 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 ${inputClassName}`}
      />
      {busy ? (
        <Loader2
          aria-hidden="true"
          className="absolute right-3.5 top-1/2 h-5 w-5 -translate-y-1/2 animate-spin text-muted-fg"
        />
      ) : (
        value && (
          <button
            type="button"
            onClick={() => {
              setText('');
              setError(null);
              onChange(null);
              inputRef.current?.focus();
            }}
            className="absolute right-1.5 top-1/2 inline-flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-full text-muted-fg hover:bg-muted hover:text-fg"
            aria-label={PLACE_TEXT.clear}
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        )
      )}
      {open && (
        <div
          id={listId}
          role="listbox"
          aria-label="Places"
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-auto rounded-xl border border-border bg-card py-1 shadow-lg"
        >
          {options.map((option, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the input drives the options with the arrow keys and Enter (aria-activedescendant)
            <div
              key={option.id}
              id={option.id}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => void choose(option)}
              onMouseEnter={() => setActive(i)}
              className={`flex cursor-pointer items-center gap-3 px-3.5 py-2.5 text-sm ${i === active ? 'bg-muted' : ''}`}
            >
              {option.kind === 'gps' ? (
                <Crosshair
                  aria-hidden="true"
                  className="h-4 w-4 shrink-0 text-brand-700 dark:text-brand-500"
                />
              ) : (
                <MapPin aria-hidden="true" className="h-4 w-4 shrink-0 text-muted-fg" />
              )}
              <span className="min-w-0">
                <span
                  className={`block truncate ${option.kind === 'gps' ? 'font-semibold text-brand-700 dark:text-brand-500' : 'font-medium'}`}
                >
                  {option.label}
                </span>
                {option.kind !== 'gps' && (
                  <span className="block truncate text-xs text-muted-fg">{option.detail}</span>
                )}
              </span>
            </div>
          ))}
          {showNoMatch && <p className="px-3.5 py-2.5 text-sm text-muted-fg">{PLACE_TEXT.noMatch}</p>}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
