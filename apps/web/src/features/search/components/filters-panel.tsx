import {
  type CategoryGroup,
  MAX_PRICE_MINOR,
  MONEY_MESSAGES,
  parseMoney,
  SEARCH_MESSAGES,
  type SearchQuery,
  type SearchQueryInput,
} from '@adwuma/shared';
import { BadgeCheck, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CategorySelect } from '../../../components/ui/category-select.tsx';
import { Select } from '../../../components/ui/field.tsx';
import { useSearchFormat } from '../i18n.ts';

export const RADIUS_OPTIONS_KM = [5, 10, 25, 50, 100, 200] as const;
export const RATING_OPTIONS = [
  { value: undefined, label: 'any' },
  { value: 3, label: '3+' },
  { value: 4, label: '4+' },
  { value: 4.5, label: '4.5+' },
] as const;

/** Pesewas as a person types them: 15000 → "150", 15050 → "150.50". */
export function pesewasToText(minor: number | undefined): string {
  if (minor === undefined) return '';
  const cedis = Math.floor(minor / 100);
  const rest = minor % 100;
  return rest ? `${cedis}.${String(rest).padStart(2, '0')}` : String(cedis);
}

function Group({ legend, children, hint }: { legend: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <fieldset className="border-b border-border py-4 first:pt-0 last:border-b-0 last:pb-0">
      {/* Floated, a legend lays out like a heading inside the fieldset's padding. */}
      <legend className="float-left w-full pb-2 text-sm font-semibold text-fg">{legend}</legend>
      <div className="clear-both">
        {children}
        {hint}
      </div>
    </fieldset>
  );
}

/** Min and max price in GH₵, read with parseMoney into pesewas when the field is left or Enter. */
function PriceRange({
  min,
  max,
  onChange,
}: {
  min: number | undefined;
  max: number | undefined;
  onChange: (patch: Pick<SearchQueryInput, 'price_min' | 'price_max'>) => void;
}) {
  const id = useId();
  const [minText, setMinText] = useState(pesewasToText(min));
  const [maxText, setMaxText] = useState(pesewasToText(max));
  const [error, setError] = useState<string | null>(null);
  const { t } = useSearchFormat();
  useEffect(() => setMinText(pesewasToText(min)), [min]);
  useEffect(() => setMaxText(pesewasToText(max)), [max]);

  const commit = () => {
    const lo = minText.trim() ? parseMoney(minText) : undefined;
    const hi = maxText.trim() ? parseMoney(maxText) : undefined;
    if (lo === null || hi === null) return setError(MONEY_MESSAGES.invalid);
    if ((lo ?? 0) > MAX_PRICE_MINOR || (hi ?? 0) > MAX_PRICE_MINOR) return setError(MONEY_MESSAGES.tooLarge);
    if (lo !== undefined && hi !== undefined && lo > hi) return setError(SEARCH_MESSAGES.priceOrder);
    setError(null);
    if (lo !== min || hi !== max) onChange({ price_min: lo, price_max: hi });
  };

  const input = (label: string, value: string, set: (v: string) => void, suffix: string) => (
    <div className="min-w-0 flex-1">
      <label htmlFor={`${id}-${suffix}`} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted-fg"
        >
          GH₵
        </span>
        <input
          id={`${id}-${suffix}`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={suffix === 'min' ? t('filters.min') : t('filters.max')}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => set(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            }
          }}
          className="block min-h-11 w-full rounded-xl border border-border bg-card py-2 pl-12 pr-2 text-base text-fg placeholder:text-muted-fg/70 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-danger sm:text-sm"
        />
      </div>
    </div>
  );

  return (
    <div>
      <div className="flex items-center gap-2">
        {input(t('filters.priceMin'), minText, setMinText, 'min')}
        <span aria-hidden="true" className="text-muted-fg">
          –
        </span>
        {input(t('filters.priceMax'), maxText, setMaxText, 'max')}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The search's filters. Beside the results on wide screens; on phones a full-screen sheet opened by
 * the Filters button, with the result count on its close button. Every change goes to the URL.
 */
export function FiltersPanel({
  query,
  groups,
  onChange,
  onClear,
  open,
  onClose,
  showLabel,
}: {
  query: SearchQuery;
  groups: CategoryGroup[] | undefined;
  onChange: (patch: Partial<SearchQueryInput>) => void;
  onClear: () => void;
  /** The phone sheet is open. */
  open: boolean;
  onClose: () => void;
  /** The sheet's button: "Show 24 providers". */
  showLabel: string;
}) {
  const id = useId();
  const fmt = useSearchFormat();
  const { t } = fmt;
  const closeRef = useRef<HTMLButtonElement>(null);
  const hasPlace = query.lat !== undefined;
  const radii = RADIUS_OPTIONS_KM.includes(query.radius as (typeof RADIUS_OPTIONS_KM)[number])
    ? [...RADIUS_OPTIONS_KM]
    : [...RADIUS_OPTIONS_KM, query.radius].sort((a, b) => a - b);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, [open, onClose]);

  return (
    <section
      id="search-filters"
      aria-labelledby={`${id}-title`}
      // On phones, while open, a modal sheet; beside the results it is a plain section.
      {...(open ? { role: 'dialog', 'aria-modal': true } : {})}
      className={`${open ? 'fixed inset-0 z-50 flex flex-col bg-bg' : 'hidden'} lg:static lg:z-auto lg:block lg:self-start lg:bg-transparent`}
    >
      <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3 lg:border-0 lg:px-0 lg:pb-3 lg:pt-0">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {t('filters.title')}
        </h2>
        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={onClear}
            className="rounded-full px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-muted dark:text-brand-500"
          >
            {t('filters.clear')}
          </button>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            aria-label={t('filters.close')}
            className="inline-flex h-10 w-10 items-center justify-center rounded-full hover:bg-muted lg:hidden"
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
      </div>

      <div className="flex-1 overflow-y-auto px-4 py-4 lg:rounded-2xl lg:border lg:border-border lg:bg-card lg:p-4 lg:shadow-sm">
        <Group legend={t('filters.category')}>
          <CategorySelect
            aria-label={t('filters.category')}
            groups={groups}
            placeholder={t('filters.anyCategory')}
            keepValue
            value={query.category ?? ''}
            onChange={(e) => onChange({ category: e.target.value || undefined })}
          />
        </Group>

        <Group
          legend={t('filters.distance')}
          hint={!hasPlace && <p className="mt-1.5 text-xs text-muted-fg">{t('filters.distanceHint')}</p>}
        >
          <Select
            aria-label={t('filters.distance')}
            value={String(query.radius)}
            disabled={!hasPlace}
            onChange={(e) => onChange({ radius: Number(e.target.value) })}
          >
            {radii.map((km) => (
              <option key={km} value={km}>
                {t('filters.within', { km })}
              </option>
            ))}
          </Select>
        </Group>

        <Group legend={t('filters.rating')}>
          <div className="grid grid-cols-4 gap-1.5">
            {RATING_OPTIONS.map((o) => {
              const checked = o.value === undefined ? !query.min_rating : query.min_rating === o.value;
              return (
                <label
                  key={o.label}
                  className={`flex min-h-10 cursor-pointer items-center justify-center rounded-full border text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 ${
                    checked
                      ? 'border-brand-600 bg-brand-600 text-white'
                      : 'border-border bg-card text-fg hover:bg-muted'
                  }`}
                >
                  <input
                    type="radio"
                    name={`${id}-rating`}
                    className="sr-only"
                    checked={checked}
                    aria-label={
                      o.value === undefined ? t('filters.anyRating') : t('filters.stars', { rating: o.label })
                    }
                    onChange={() => onChange({ min_rating: o.value })}
                  />
                  <span aria-hidden="true">{o.value === undefined ? t('filters.any') : `★ ${o.label}`}</span>
                </label>
              );
            })}
          </div>
        </Group>

        <Group legend={t('filters.price')}>
          <PriceRange min={query.price_min} max={query.price_max} onChange={onChange} />
        </Group>

        <Group legend={t('filters.day')}>
          <Select
            aria-label={t('filters.day')}
            value={query.day === undefined ? '' : String(query.day)}
            onChange={(e) => onChange({ day: e.target.value === '' ? undefined : Number(e.target.value) })}
          >
            <option value="">{t('filters.anyDay')}</option>
            {[0, 1, 2, 3, 4, 5, 6].map((day) => (
              <option key={day} value={day}>
                {fmt.weekday(day)}
              </option>
            ))}
          </Select>
        </Group>

        <Group legend={t('filters.trust')}>
          <label className="flex cursor-pointer items-start gap-3">
            <input
              type="checkbox"
              checked={Boolean(query.verified)}
              onChange={(e) => onChange({ verified: e.target.checked || undefined })}
              className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
            />
            <span>
              <span className="flex items-center gap-1.5 text-sm font-semibold">
                {t('filters.verified')}
                <BadgeCheck aria-hidden="true" className="h-4 w-4 text-leaf-600" />
              </span>
              <span className="block text-xs text-muted-fg">{t('filters.verifiedHint')}</span>
            </span>
          </label>
        </Group>
      </div>

      <div className="border-t border-border p-4 lg:hidden">
        <Button className="w-full" size="lg" onClick={onClose}>
          {showLabel}
        </Button>
      </div>
    </section>
  );
}
