import { GEOLOCATION_OPTIONS, type GeocodeSearchResult, LOCATION_MESSAGES } from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { Crosshair, Loader2, MapPin, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { UNEXPECTED_MESSAGE } from '../../lib/api.ts';
import { searchPlaces } from '../../lib/onboarding-api.ts';
import { useLocationText } from './i18n.ts';
import { geolocationFailure } from './location-context.tsx';

/** A place chosen in the picker. */
export interface Place {
  /** What the field shows: the neighbourhood or town ("Bantama"), or "Your location". */
  near: string;
  lat: number;
  lng: number;
  /** The geocoder's answer when the place came from it: city Kumasi, neighbourhood Bantama… */
  result?: GeocodeSearchResult;
}

/** Extra suggestions a caller adds before the geocoder's (the search page: towns with providers). */
export interface PlaceSuggestion {
  key: string;
  label: string;
  detail: string;
  /** The place to use, or an error message to show (e.g. "no provider there has a position"). */
  resolve: () => Promise<Place | { error: string }>;
}

/** A hook giving the extra suggestions for what is typed (folded); called on every render. */
export type UsePlaceSuggestions = (args: { typed: string; editing: boolean; active: boolean }) => {
  suggestions: PlaceSuggestion[];
  pending: boolean;
};

const useNoSuggestions: UsePlaceSuggestions = () => ({ suggestions: [], pending: false });

export const PICKER_TEXT = {
  label: 'City or area',
  placeholder: 'Town, city or area',
  myLocation: 'Use my current location',
  myLocationName: 'Your location',
  clear: 'Clear the place',
  locating: 'Finding where you are…',
  noMatch: 'No place matches. Try another spelling or a bigger town nearby.',
  listLabel: 'Places',
} as const;

type Option =
  | { id: string; kind: 'gps'; label: string }
  | { id: string; kind: 'extra'; label: string; detail: string; suggestion: PlaceSuggestion }
  | { id: string; kind: 'place'; label: string; detail: string; place: GeocodeSearchResult };

export const foldPlace = (s: string) =>
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

/** The wait after the last key before asking the server for places. */
export const PLACE_DEBOUNCE_MS = 300;

/**
 * The one place picker (issue 22): suggests Ghanaian towns and neighbourhoods as you type (the
 * geocode search endpoint, debounced: signed out the server's offline gazetteer, signed in
 * GEOCODER_URL too when the server has one), optionally the device's position and a caller's own
 * suggestions. An ARIA 1.2 combobox: the arrow keys move through the list, Enter chooses, Escape
 * closes it and puts back what was chosen; focus stays in the field after a choice.
 */
export function PlacePicker({
  value,
  onChange,
  signedIn,
  label: givenLabel,
  labelHidden = false,
  placeholder: givenPlaceholder,
  noMatch: givenNoMatch,
  withMyLocation = true,
  useSuggestions = useNoSuggestions,
  inputId,
  invalid = false,
  describedBy,
  inputClassName = '',
}: {
  value: Place | null;
  onChange: (place: Place | null) => void;
  /** The server answers place names by who asks: a new session must not reuse the anonymous list. */
  signedIn: boolean;
  label?: string;
  labelHidden?: boolean;
  placeholder?: string;
  noMatch?: string;
  /** Offer "Use my current location" first. */
  withMyLocation?: boolean;
  /** Must be the same hook on every render (a module-level function). */
  useSuggestions?: UsePlaceSuggestions;
  inputId?: string;
  invalid?: boolean;
  describedBy?: string;
  inputClassName?: string;
}) {
  const { t } = useLocationText();
  const label = givenLabel ?? t('picker.label');
  const placeholder = givenPlaceholder ?? t('picker.placeholder');
  const noMatch = givenNoMatch ?? t('picker.noMatch');
  const uid = useId();
  const id = inputId ?? `${uid}-input`;
  const listId = `${uid}-list`;
  const [text, setText] = useState(value?.near ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const typed = foldPlace(text);
  const debounced = useDebounced(typed, PLACE_DEBOUNCE_MS);
  const editing = open && typed !== foldPlace(value?.near ?? '');
  const extra = useSuggestions({ typed, editing, active: open || Boolean(text) });
  const geocode = useQuery({
    queryKey: ['geocode', 'search', signedIn, debounced],
    queryFn: () => searchPlaces(debounced),
    enabled: editing && debounced.length >= 2,
    staleTime: 60 * 60_000,
    retry: false,
  });

  useEffect(() => setText(value?.near ?? ''), [value?.near]);

  const options = useMemo<Option[]>(() => {
    const list: Option[] = withMyLocation
      ? [{ id: `${uid}-gps`, kind: 'gps', label: t('picker.myLocation') }]
      : [];
    const taken = new Set<string>();
    for (const suggestion of extra.suggestions) {
      taken.add(foldPlace(suggestion.label));
      list.push({
        id: `${uid}-extra-${list.length}`,
        kind: 'extra',
        label: suggestion.label,
        detail: suggestion.detail,
        suggestion,
      });
    }
    if (editing && geocode.data && debounced === typed) {
      for (const place of geocode.data.results.slice(0, 6)) {
        const name = place.neighbourhood ?? place.city ?? place.display_name;
        // A town the caller lists already; a neighbourhood always shows (with its city).
        if (!place.neighbourhood && taken.has(foldPlace(name))) continue;
        list.push({
          id: `${uid}-place-${list.length}`,
          kind: 'place',
          label: name,
          detail: place.display_name,
          place,
        });
      }
    }
    return list;
  }, [extra.suggestions, geocode.data, editing, typed, debounced, uid, withMyLocation, t]);

  const firstChoice = withMyLocation ? 1 : 0;

  const close = () => {
    setOpen(false);
    setActive(0);
  };

  const choose = async (option: Option) => {
    close();
    setError(null);
    inputRef.current?.focus();
    if (option.kind === 'place') {
      setText(option.label);
      onChange({
        near: option.label,
        lat: option.place.latitude,
        lng: option.place.longitude,
        result: option.place,
      });
      return;
    }
    setBusy(true);
    try {
      if (option.kind === 'extra') {
        setText(option.label);
        const answer = await option.suggestion.resolve();
        if ('error' in answer) {
          setError(answer.error);
          setText(value?.near ?? '');
          return;
        }
        onChange(answer);
        return;
      }
      if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
        setError(LOCATION_MESSAGES.unsupported);
        return;
      }
      setText(t('picker.locating'));
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
      setText(PICKER_TEXT.myLocationName);
      onChange({
        near: PICKER_TEXT.myLocationName,
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
      if (!open || options.length === 0) return;
      event.preventDefault();
      // Enter on typed text picks the first place that matches, not "my location".
      const index = active === 0 && typed && options.length > firstChoice ? firstChoice : active;
      const option = options[index];
      if (option) void choose(option);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      close();
      setText(value?.near ?? '');
    }
  };

  const searching = editing && typed.length >= 2 && (debounced !== typed || geocode.isFetching);
  const showNoMatch =
    editing && typed.length >= 2 && options.length === firstChoice && !extra.pending && !searching;
  const errorId = `${uid}-error`;
  const listShown = open && (options.length > 0 || showNoMatch);

  return (
    <div className="relative">
      <label htmlFor={id} className={labelHidden ? 'sr-only' : 'mb-1.5 block text-sm font-semibold text-fg'}>
        {label}
      </label>
      <div className="relative">
        <MapPin
          aria-hidden="true"
          className="pointer-events-none absolute left-3.5 top-1/2 h-5 w-5 -translate-y-1/2 text-muted-fg"
        />
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          aria-expanded={listShown}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={listShown ? options[active]?.id : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={[error ? errorId : null, describedBy].filter(Boolean).join(' ') || undefined}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={placeholder}
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
          className={`block min-h-12 w-full min-w-0 rounded-xl border border-border bg-card py-2.5 pl-11 pr-11 text-base text-fg placeholder:text-muted-fg/80 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 ${inputClassName}`}
        />
        {busy || searching ? (
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
              aria-label={t('picker.clear')}
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </button>
          )
        )}
        {listShown && (
          <div
            id={listId}
            role="listbox"
            aria-label={t('picker.listLabel')}
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
            {showNoMatch && (
              // Not one of the options the keys move through: a disabled entry that says why the list is short.
              <div
                role="option"
                aria-disabled="true"
                aria-selected={false}
                tabIndex={-1}
                className="px-3.5 py-2.5 text-sm text-muted-fg"
              >
                {noMatch}
              </div>
            )}
          </div>
        )}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
