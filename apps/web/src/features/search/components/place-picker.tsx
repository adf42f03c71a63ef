import { useMemo } from 'react';
import {
  foldPlace,
  PlacePicker as LocationPlacePicker,
  PICKER_TEXT,
  type Place,
  type PlaceSuggestion,
  type UsePlaceSuggestions,
} from '../../location/index.ts';
import { cityCentre, useCities } from '../api/get-cities.ts';

export type { Place };

export const PLACE_TEXT = {
  label: 'Near',
  placeholder: PICKER_TEXT.placeholder,
  myLocation: PICKER_TEXT.myLocation,
  myLocationName: PICKER_TEXT.myLocationName,
  clear: PICKER_TEXT.clear,
  locating: PICKER_TEXT.locating,
  noCentre: (city: string) => `No provider in ${city} has a position yet. Try a nearby town.`,
  noMatch: 'No town with providers matches. Try another spelling or a bigger town nearby.',
} as const;

/** The towns that have providers, first in the list (their centre from the directory). */
const useProviderTowns: UsePlaceSuggestions = ({ typed, editing, active }) => {
  const cities = useCities(active);
  const suggestions = useMemo<PlaceSuggestion[]>(() => {
    const all = cities.data?.cities ?? [];
    const matching = (editing && typed ? all.filter((c) => foldPlace(c.city).includes(typed)) : all).slice(
      0,
      8,
    );
    return matching.map((c) => ({
      key: c.city,
      label: c.city,
      detail: `${c.region ? `${c.region} · ` : ''}${c.providers} provider${c.providers === 1 ? '' : 's'}`,
      resolve: async () => {
        const centre = await cityCentre(c);
        return centre ? { near: c.city, ...centre } : { error: PLACE_TEXT.noCentre(c.city) };
      },
    }));
  }, [cities.data, editing, typed]);
  return { suggestions, pending: cities.isPending };
};

/**
 * The search page's "Near": the one place picker (features/location) with the towns that have
 * providers first, then any Ghanaian town or neighbourhood, or the device's position.
 */
export function PlacePicker({
  value,
  onChange,
  signedIn,
  inputClassName,
}: {
  value: Place | null;
  onChange: (place: Place | null) => void;
  signedIn: boolean;
  inputClassName?: string;
}) {
  return (
    <LocationPlacePicker
      value={value}
      onChange={onChange}
      signedIn={signedIn}
      label={PLACE_TEXT.label}
      labelHidden
      noMatch={PLACE_TEXT.noMatch}
      useSuggestions={useProviderTowns}
      inputClassName={inputClassName}
    />
  );
}
