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
import { useSearchText } from '../i18n.ts';

export type { Place };

/** The location picker's own texts (features/location); the search's are in search.json `place`. */
export const PLACE_TEXT = {
  placeholder: PICKER_TEXT.placeholder,
  myLocation: PICKER_TEXT.myLocation,
  myLocationName: PICKER_TEXT.myLocationName,
  clear: PICKER_TEXT.clear,
  locating: PICKER_TEXT.locating,
} as const;

/** The towns that have providers, first in the list (their centre from the directory). */
const useProviderTowns: UsePlaceSuggestions = ({ typed, editing, active }) => {
  const cities = useCities(active);
  const { t } = useSearchText();
  const suggestions = useMemo<PlaceSuggestion[]>(() => {
    const all = cities.data?.cities ?? [];
    const matching = (editing && typed ? all.filter((c) => foldPlace(c.city).includes(typed)) : all).slice(
      0,
      8,
    );
    return matching.map((c) => ({
      key: c.city,
      label: c.city,
      detail: `${c.region ? `${c.region} · ` : ''}${t('place.providers', { count: c.providers })}`,
      resolve: async () => {
        const centre = await cityCentre(c);
        return centre ? { near: c.city, ...centre } : { error: t('place.noCentre', { city: c.city }) };
      },
    }));
  }, [cities.data, editing, typed, t]);
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
  const { t } = useSearchText();
  return (
    <LocationPlacePicker
      value={value}
      onChange={onChange}
      signedIn={signedIn}
      label={t('place.label')}
      labelHidden
      noMatch={t('place.noMatch')}
      useSuggestions={useProviderTowns}
      inputClassName={inputClassName}
    />
  );
}
