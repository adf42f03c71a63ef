import { SERVICE_AREAS_MAX, tidyPlaceName, validateText } from '@adwuma/shared';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/field.tsx';
import { textOf } from '../../i18n/index.ts';
import { useOnboardingText } from './i18n.ts';

/** The radius slider's range: the API takes up to 200 km, the step offers what a trade travels. */
export const RADIUS_SLIDER_MIN_KM = 1;
export const RADIUS_SLIDER_MAX_KM = 100;
export const SERVICE_AREA_MAX_LENGTH = 80;

/** Adds an area to the list: tidied, no duplicates (any case), at most SERVICE_AREAS_MAX. */
export function addServiceArea(
  areas: readonly string[],
  text: string,
): { areas: string[]; error: string | null } {
  const message = validateText(text, { maxLength: SERVICE_AREA_MAX_LENGTH });
  if (message) return { areas: [...areas], error: message };
  const area = tidyPlaceName(text);
  if (areas.some((a) => a.toLowerCase() === area.toLowerCase())) {
    return { areas: [...areas], error: textOf('onboarding')('areas.already') };
  }
  if (areas.length >= SERVICE_AREAS_MAX)
    return { areas: [...areas], error: textOf('onboarding')('areas.tooMany', { max: SERVICE_AREAS_MAX }) };
  return { areas: [...areas, area], error: null };
}

/**
 * The location step's service area: a radius (provider_locations.search_radius, km) and the towns
 * or neighbourhoods served (service_areas), as removable chips with quick adds for the picked place.
 */
export function ServiceAreaEditor({
  idPrefix,
  radius,
  onRadiusChange,
  areas,
  onAreasChange,
  pending,
  onPendingChange,
  suggestions,
  radiusError,
  areasError,
}: {
  idPrefix: string;
  radius: number;
  onRadiusChange: (km: number) => void;
  areas: string[];
  onAreasChange: (areas: string[]) => void;
  /** Typed but not added yet (saved with the step too). */
  pending: string;
  onPendingChange: (text: string) => void;
  /** Places to offer as one-tap adds (the city, the neighbourhood). */
  suggestions: string[];
  radiusError?: string;
  areasError?: string;
}) {
  const [addError, setAddError] = useState<string | null>(null);
  const { t } = useOnboardingText();
  const radiusId = `${idPrefix}-search_radius`;
  const areaId = `${idPrefix}-service_areas`;
  const error = addError ?? areasError;
  const sliderMax = Math.max(RADIUS_SLIDER_MAX_KM, radius);
  const offered = suggestions
    .map((s) => s.trim())
    .filter((s, i, all) => s && all.findIndex((x) => x.toLowerCase() === s.toLowerCase()) === i)
    .filter((s) => !areas.some((a) => a.toLowerCase() === s.toLowerCase()));

  const add = (text: string) => {
    const result = addServiceArea(areas, text);
    setAddError(result.error);
    if (!result.error) {
      onAreasChange(result.areas);
      if (text === pending) onPendingChange('');
    }
  };

  return (
    <fieldset className="rounded-xl border border-border bg-card p-4">
      <legend className="px-1 text-sm font-semibold text-fg">{t('areas.legend')}</legend>

      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={radiusId} className="text-sm font-semibold text-fg">
          {t('areas.radius')}
        </label>
        <output htmlFor={radiusId} className="text-sm font-bold text-brand-700 dark:text-brand-500">
          {radius} km
        </output>
      </div>
      <input
        id={radiusId}
        type="range"
        min={RADIUS_SLIDER_MIN_KM}
        max={sliderMax}
        step={1}
        value={radius}
        aria-valuetext={`${radius} km`}
        aria-invalid={radiusError ? true : undefined}
        aria-describedby={`${radiusId}-hint${radiusError ? ` ${radiusId}-error` : ''}`}
        onChange={(e) => onRadiusChange(Number(e.target.value))}
        className="mt-3 h-2 w-full cursor-pointer accent-brand-600"
      />
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-muted-fg">
        <span>{RADIUS_SLIDER_MIN_KM} km</span>
        <span>{sliderMax} km</span>
      </div>
      <p id={`${radiusId}-hint`} className="mt-1 text-xs text-muted-fg">
        Customers within this distance of your pin can find and book you.
      </p>
      {radiusError && (
        <p id={`${radiusId}-error`} role="alert" className="mt-1.5 text-sm font-medium text-danger">
          {radiusError}
        </p>
      )}

      <div className="mt-5">
        <label htmlFor={areaId} className="block text-sm font-semibold text-fg">
          {t('areas.areas')}
          <span className="ml-1 font-normal text-muted-fg">(optional)</span>
        </label>
        <div className="mt-1.5 flex gap-2">
          <Input
            id={areaId}
            value={pending}
            placeholder={t('areas.placeholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${areaId}-hint${error ? ` ${areaId}-error` : ''}`}
            onChange={(e) => {
              onPendingChange(e.target.value);
              setAddError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add(pending);
              }
            }}
          />
          <Button variant="outline" onClick={() => add(pending)} aria-label={t('areas.addArea')}>
            <Plus aria-hidden="true" className="h-4 w-4" /> {t('areas.add')}
          </Button>
        </div>
        <p id={`${areaId}-hint`} className="mt-1 text-xs text-muted-fg">
          {t('areas.hint', { max: SERVICE_AREAS_MAX })}
        </p>
        {error && (
          <p id={`${areaId}-error`} role="alert" className="mt-1.5 text-sm font-medium text-danger">
            {error}
          </p>
        )}
        {offered.length > 0 && areas.length < SERVICE_AREAS_MAX && (
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <span className="text-xs font-semibold text-muted-fg">{t('areas.suggestions')}</span>
            {offered.map((place) => (
              <button
                key={place}
                type="button"
                onClick={() => add(place)}
                className="inline-flex min-h-9 items-center gap-1 rounded-full border border-dashed border-brand-600/60 px-3 text-sm font-medium text-brand-700 hover:bg-brand-50 dark:text-brand-500 dark:hover:bg-brand-800/20"
              >
                <Plus aria-hidden="true" className="h-3.5 w-3.5" /> {place}
              </button>
            ))}
          </div>
        )}
        {areas.length > 0 && (
          <ul aria-label={t('areas.list')} className="mt-3 flex flex-wrap gap-2">
            {areas.map((area) => (
              <li
                key={area}
                className="inline-flex min-h-9 items-center gap-1 rounded-full bg-brand-100 pl-3 pr-1 text-sm font-medium text-brand-800 dark:bg-brand-800/40 dark:text-brand-100"
              >
                {area}
                <button
                  type="button"
                  aria-label={t('areas.remove', { area })}
                  onClick={() => {
                    onAreasChange(areas.filter((a) => a !== area));
                    setAddError(null);
                  }}
                  className="inline-flex h-7 w-7 items-center justify-center rounded-full hover:bg-brand-200 dark:hover:bg-brand-800/60"
                >
                  <X aria-hidden="true" className="h-3.5 w-3.5" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}
