import {
  type CategoryGroup,
  JOB_POSTED_SINCE,
  type JobBoardQuery,
  MAX_PRICE_MINOR,
  MONEY_MESSAGES,
  parseMoney,
} from '@adwuma/shared';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { CategorySelect } from '../../../components/ui/category-select.tsx';
import { Select } from '../../../components/ui/field.tsx';
import { pesewasText } from '../format.ts';
import { useJobsText } from '../i18n.ts';
import { type BoardQuery, DISTANCE_OPTIONS_KM } from './board-query.ts';

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="border-b border-border py-4 first:pt-0 last:border-b-0 last:pb-0">
      <legend className="float-left w-full pb-2 text-sm font-semibold text-fg">{legend}</legend>
      <div className="clear-both">{children}</div>
    </fieldset>
  );
}

/** The minimum budget, read with parseMoney into pesewas when the field is left or on Enter. */
function BudgetInput({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (v: number | undefined) => void;
}) {
  const id = useId();
  const { t } = useJobsText();
  const [text, setText] = useState(pesewasText(value));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(pesewasText(value)), [value]);
  const commit = () => {
    const next = text.trim() ? parseMoney(text) : undefined;
    if (next === null) return setError(MONEY_MESSAGES.invalid);
    if (next !== undefined && next > MAX_PRICE_MINOR) return setError(MONEY_MESSAGES.tooLarge);
    setError(null);
    if (next !== value) onChange(next);
  };
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {t('filters.budget')}
      </label>
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted-fg"
        >
          GH₵
        </span>
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('filters.any')}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => setText(e.target.value)}
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
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted-fg">
        {t('filters.budgetHint')}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** The board's filters; every change goes to the URL. */
export function BoardFilters({
  query,
  groups,
  onChange,
  onClear,
}: {
  query: BoardQuery;
  groups: CategoryGroup[] | undefined;
  onChange: (patch: Partial<JobBoardQuery>) => void;
  onClear: () => void;
}) {
  const id = useId();
  const { t } = useJobsText();
  return (
    <div className="rounded-2xl border border-border bg-card p-4 shadow-sm">
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

      <Group legend={t('filters.distance')}>
        <Select
          aria-label={t('filters.distance')}
          value={query.distance ? String(query.distance) : ''}
          onChange={(e) => onChange({ distance: e.target.value ? Number(e.target.value) : undefined })}
        >
          <option value="">{t('filters.anyDistance')}</option>
          {[...new Set([...DISTANCE_OPTIONS_KM, ...(query.distance ? [query.distance] : [])])]
            .sort((a, b) => a - b)
            .map((km) => (
              <option key={km} value={km}>
                {t('filters.within', { km })}
              </option>
            ))}
        </Select>
      </Group>

      <Group legend={t('filters.budget')}>
        <BudgetInput value={query.budget_min} onChange={(budget_min) => onChange({ budget_min })} />
      </Group>

      <Group legend={t('filters.posted')}>
        <div className="grid grid-cols-2 gap-1.5">
          {[undefined, ...JOB_POSTED_SINCE].map((days) => {
            const checked = query.posted_since === days;
            return (
              <label
                key={days ?? 'any'}
                className={`flex min-h-10 cursor-pointer items-center justify-center rounded-full border px-2 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 ${
                  checked
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-border bg-card text-fg hover:bg-muted'
                }`}
              >
                <input
                  type="radio"
                  name={`${id}-posted`}
                  className="sr-only"
                  checked={checked}
                  onChange={() => onChange({ posted_since: days })}
                />
                {days ? t(`filters.since.${days}`) : t('filters.anyTime')}
              </label>
            );
          })}
        </div>
      </Group>

      <button
        type="button"
        onClick={onClear}
        className="mt-3 rounded-full px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-muted dark:text-brand-500"
      >
        {t('filters.clear')}
      </button>
    </div>
  );
}
