import {
  effectiveSort,
  formatMoney,
  SEARCH_LIMITS,
  SEARCH_TOTAL_CAP,
  type SearchQuery,
  type SearchQueryInput,
  type SearchSort,
  searchFromParams,
  searchToParams,
} from '@adwuma/shared';
import { List, Map as MapIcon, Search, SearchX, SlidersHorizontal, X } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { DataSaverSwitch } from '../../components/ui/data-saver-switch.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { SearchField } from '../../components/ui/search-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { buildPath, ROUTES } from '../../lib/routes.ts';
import { useSession } from '../auth/index.ts';
import { useCategories, useCategoryNames } from './api/get-categories.ts';
import { useSearchProviders } from './api/search-providers.ts';
import { FiltersPanel, RADIUS_OPTIONS_KM } from './components/filters-panel.tsx';
import { type Place, PlacePicker } from './components/place-picker.tsx';
import { ProviderCard, ProviderCardSkeleton } from './components/provider-card.tsx';
import { type SearchFormat, useSearchFormat } from './i18n.ts';

// Leaflet (code and styles) downloads only when the map is shown.
const ResultsMap = lazy(() => import('./map/results-map.tsx'));

const SORTS: readonly SearchSort[] = ['relevance', 'distance', 'rating', 'price'];

type Patch = Partial<SearchQueryInput>;

/** A search's URL parameters: the shared format, plus the map view when it is on. */
export function searchParamsFor(query: Patch, map = false): URLSearchParams {
  const params = searchToParams(query);
  if (map) params.set('view', 'map');
  return params;
}

/** The URL (path and query) of a search. */
export function searchHref(query: Patch, map = false): string {
  const qs = searchParamsFor(query, map).toString();
  return qs ? `${ROUTES.search}?${qs}` : ROUTES.search;
}

/** A changed search starts at page 1; a place removed takes its distance sort with it. */
export function nextQuery(query: SearchQuery, patch: Patch): Patch {
  const next: Patch = { ...query, page: 1, ...patch };
  if (next.lat === undefined || next.lng === undefined) {
    next.lat = undefined;
    next.lng = undefined;
    next.near = undefined;
    next.radius = undefined;
    if (next.sort === 'distance') next.sort = undefined;
  }
  if (!next.q && next.sort === 'relevance') next.sort = undefined;
  return next;
}

function priceText({ t }: SearchFormat, min: number | undefined, max: number | undefined): string {
  const f = (m: number) => formatMoney(m, 'GHS');
  if (min !== undefined && max !== undefined) return t('chips.range', { min: f(min), max: f(max) });
  if (min !== undefined) return t('chips.from', { min: f(min) });
  return t('chips.upTo', { max: f(max as number) });
}

interface Chip {
  key: string;
  label: string;
  remove: Patch;
}

function activeChips(fmt: SearchFormat, query: SearchQuery, names: ReadonlyMap<string, string>): Chip[] {
  const { t } = fmt;
  const chips: Chip[] = [];
  if (query.q) chips.push({ key: 'q', label: `“${query.q}”`, remove: { q: undefined } });
  if (query.category)
    chips.push({
      key: 'category',
      label: names.get(query.category) ?? query.category,
      remove: { category: undefined },
    });
  if (query.lat !== undefined)
    chips.push({
      key: 'place',
      label: t('chips.within', { radius: query.radius, place: query.near ?? t('chips.thePlace') }),
      remove: { lat: undefined, lng: undefined },
    });
  if (query.min_rating)
    chips.push({
      key: 'rating',
      label: t('chips.rating', { rating: query.min_rating }),
      remove: { min_rating: undefined },
    });
  if (query.price_min !== undefined || query.price_max !== undefined)
    chips.push({
      key: 'price',
      label: priceText(fmt, query.price_min, query.price_max),
      remove: { price_min: undefined, price_max: undefined },
    });
  if (query.verified)
    chips.push({ key: 'verified', label: t('chips.verified'), remove: { verified: undefined } });
  if (query.day !== undefined)
    chips.push({
      key: 'day',
      label: t('chips.day', { day: fmt.weekday(query.day) }),
      remove: { day: undefined },
    });
  return chips;
}

/** Ways out of an empty result, most useful first. */
function suggestions(
  { t }: SearchFormat,
  query: SearchQuery,
  names: ReadonlyMap<string, string>,
): { label: string; patch: Patch }[] {
  const out: { label: string; patch: Patch }[] = [];
  const wider = RADIUS_OPTIONS_KM.find((km) => km > query.radius);
  if (query.lat !== undefined && wider)
    out.push({ label: t('ideas.wider', { km: wider }), patch: { radius: wider } });
  if (query.price_min !== undefined || query.price_max !== undefined)
    out.push({ label: t('ideas.anyPrice'), patch: { price_min: undefined, price_max: undefined } });
  if (query.min_rating) out.push({ label: t('ideas.anyRating'), patch: { min_rating: undefined } });
  if (query.verified) out.push({ label: t('ideas.unverified'), patch: { verified: undefined } });
  if (query.day !== undefined) out.push({ label: t('ideas.anyDay'), patch: { day: undefined } });
  if (query.q) out.push({ label: t('ideas.withoutText', { q: query.q }), patch: { q: undefined } });
  if (query.category)
    out.push({
      label: t('ideas.allCategories', { category: names.get(query.category) ?? query.category }),
      patch: { category: undefined },
    });
  if (query.lat !== undefined)
    out.push({ label: t('ideas.allGhana'), patch: { lat: undefined, lng: undefined } });
  return out;
}

function ViewToggle({ map, hrefs }: { map: boolean; hrefs: { list: string; map: string } }) {
  const { t } = useSearchFormat();
  const item = (active: boolean, to: string, icon: ReactNode, label: string) => (
    <Link
      to={to}
      preventScrollReset
      aria-current={active ? 'page' : undefined}
      className={`inline-flex min-h-10 items-center gap-1.5 rounded-full px-3 text-sm font-semibold sm:px-3.5 ${
        active ? 'bg-fg text-bg' : 'text-fg hover:bg-muted'
      }`}
    >
      {icon}
      <span className="sr-only sm:not-sr-only">{label}</span>
    </Link>
  );
  return (
    <nav
      aria-label={t('page.resultsView')}
      className="inline-flex rounded-full border border-border bg-card p-0.5"
    >
      {item(!map, hrefs.list, <List aria-hidden="true" className="h-4 w-4" />, t('page.list'))}
      {item(map, hrefs.map, <MapIcon aria-hidden="true" className="h-4 w-4" />, t('page.map'))}
    </nav>
  );
}

/** The provider search: text, place, filters and sort in the URL; results as a list or a map. */
export function ProviderSearch() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => searchFromParams(params), [params]);
  const map = params.get('view') === 'map';
  const { status } = useSession();
  const categories = useCategories();
  const names = useCategoryNames();
  const results = useSearchProviders(query);
  const [text, setText] = useState(query.q ?? '');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const fmt = useSearchFormat();
  const { t } = fmt;

  useEffect(() => setText(query.q ?? ''), [query.q]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search clears the map's selection
  useEffect(() => setSelected([]), [params]);

  const categoryName = query.category ? names.get(query.category) : undefined;
  useDocumentTitle(
    [
      categoryName ?? (query.q ? `“${query.q}”` : t('page.title')),
      query.near ? t('page.near', { place: query.near }) : null,
    ]
      .filter(Boolean)
      .join(' '),
  );

  const update = (patch: Patch) =>
    setParams(searchParamsFor(nextQuery(query, patch), map), { preventScrollReset: true });
  const hrefWith = (patch: Patch) => searchHref(nextQuery(query, patch), map);

  const place: Place | null =
    query.lat !== undefined && query.lng !== undefined
      ? { near: query.near ?? t('page.chosenPlace'), lat: query.lat, lng: query.lng }
      : null;
  const center = useMemo(
    () =>
      query.lat !== undefined && query.lng !== undefined
        ? { lat: query.lat, lng: query.lng, radiusKm: query.radius }
        : null,
    [query.lat, query.lng, query.radius],
  );

  const data = results.data;
  const pages = data ? Math.min(Math.ceil(data.total / SEARCH_LIMITS.pageSize), SEARCH_LIMITS.pageMax) : 0;
  const chips = activeChips(fmt, query, names);
  const panelCount = chips.filter((c) => c.key !== 'q' && c.key !== 'place').length;
  const count = data
    ? data.total_capped
      ? fmt.providerCount(SEARCH_TOTAL_CAP, true)
      : fmt.providerCount(data.total)
    : null;
  const sort = effectiveSort(query);

  return (
    <>
      <header className="border-b border-border bg-gradient-to-b from-brand-50 to-bg dark:from-brand-800/15">
        <div className="mx-auto max-w-7xl px-4 py-5 sm:px-6 sm:py-8">
          <div className="flex items-baseline justify-between gap-3">
            <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t('page.title')}</h1>
            <Link
              to={buildPath(ROUTES.search, undefined, { view: 'categories' })}
              className="shrink-0 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-500"
            >
              {t('page.browse')}
            </Link>
          </div>
          <search className="mt-4 block">
            <form
              className="grid gap-2 sm:grid-cols-[1fr_1fr_auto]"
              onSubmit={(e) => {
                e.preventDefault();
                update({ q: text.trim() || undefined });
              }}
            >
              <SearchField
                id="search-q"
                label={t('page.what')}
                value={text}
                onChange={setText}
                placeholder={t('page.whatPlaceholder')}
                maxLength={SEARCH_LIMITS.qMax}
              />
              <PlacePicker
                value={place}
                signedIn={status === 'signed_in'}
                onChange={(p) =>
                  update(
                    p
                      ? { near: p.near, lat: p.lat, lng: p.lng, q: text.trim() || undefined }
                      : { lat: undefined, lng: undefined, q: text.trim() || undefined },
                  )
                }
              />
              <Button type="submit" size="lg" className="!rounded-xl">
                <Search aria-hidden="true" className="h-5 w-5" />
                {t('page.submit')}
              </Button>
            </form>
          </search>
        </div>
      </header>

      <div className="mx-auto max-w-7xl px-4 py-5 sm:px-6 lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-8 lg:py-8">
        <FiltersPanel
          query={query}
          groups={categories.data?.groups}
          onChange={update}
          onClear={() =>
            update({
              category: undefined,
              radius: undefined,
              min_rating: undefined,
              price_min: undefined,
              price_max: undefined,
              verified: undefined,
              day: undefined,
            })
          }
          open={filtersOpen}
          onClose={() => setFiltersOpen(false)}
          showLabel={count ? t('page.show', { label: count }) : t('page.showProviders')}
        />

        <section aria-labelledby="results-title" className="min-w-0">
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
            <h2 id="results-title" className="text-lg font-bold" aria-live="polite">
              {count ?? t('page.searching')}
              {count && query.near && (
                <span className="font-normal text-muted-fg"> {t('page.near', { place: query.near })}</span>
              )}
            </h2>
            <div className="flex w-full items-center gap-2 sm:w-auto">
              <button
                type="button"
                onClick={() => setFiltersOpen(true)}
                aria-expanded={filtersOpen}
                aria-controls="search-filters"
                className="inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-full border border-border bg-card px-3 text-sm font-semibold hover:bg-muted lg:hidden"
              >
                <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
                {t('page.filters')}
                {panelCount > 0 && (
                  <span className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-xs text-white">
                    {panelCount}
                  </span>
                )}
              </button>
              <label className="inline-flex min-h-10 min-w-0 items-center gap-1.5 rounded-full border border-border bg-card pl-3 pr-1 text-sm">
                <span className="sr-only text-muted-fg sm:not-sr-only">{t('page.sort')}</span>
                <select
                  value={sort}
                  onChange={(e) => update({ sort: e.target.value as SearchSort })}
                  className="min-h-9 min-w-0 max-w-[8.5rem] rounded-full bg-transparent pr-1 font-semibold text-fg focus:outline-none sm:max-w-none"
                >
                  {SORTS.map((s) => (
                    <option
                      key={s}
                      value={s}
                      disabled={(s === 'relevance' && !query.q) || (s === 'distance' && !place)}
                    >
                      {t(`sort.${s}`)}
                    </option>
                  ))}
                </select>
              </label>
              <div className="ml-auto shrink-0 sm:ml-0">
                <ViewToggle
                  map={map}
                  hrefs={{ list: searchHref(query, false), map: searchHref(query, true) }}
                />
              </div>
            </div>
          </div>

          {chips.length > 0 && (
            <ul aria-label={t('page.activeFilters')} className="mt-3 flex flex-wrap gap-1.5">
              {chips.map((chip) => (
                <li key={chip.key}>
                  <Link
                    to={hrefWith(chip.remove)}
                    preventScrollReset
                    className="inline-flex min-h-8 items-center gap-1 rounded-full bg-muted py-1 pl-3 pr-2 text-sm font-medium text-fg hover:bg-border"
                    aria-label={t('page.removeFilter', { label: chip.label })}
                  >
                    {chip.label}
                    <X aria-hidden="true" className="h-3.5 w-3.5 text-muted-fg" />
                  </Link>
                </li>
              ))}
              {chips.length > 1 && (
                <li>
                  <Link
                    to={map ? searchHref({}, true) : ROUTES.search}
                    className="inline-flex min-h-8 items-center rounded-full px-3 py-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-500"
                  >
                    {t('page.clearAll')}
                  </Link>
                </li>
              )}
            </ul>
          )}

          <div className="mt-4">
            {results.isPending ? (
              <ResultsSkeleton map={map} />
            ) : results.isError && !data ? (
              <SearchError
                error={results.error}
                retry={() => void results.refetch()}
                retrying={results.isFetching}
              />
            ) : data && data.items.length === 0 ? (
              <EmptyResults query={query} names={names} hrefWith={hrefWith} />
            ) : data ? (
              <div
                aria-busy={results.isPlaceholderData || undefined}
                className={results.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}
              >
                {map ? (
                  <>
                    <div className="h-[60vh] min-h-80 overflow-hidden rounded-2xl border border-border lg:h-[34rem]">
                      <Suspense fallback={<div className="h-full w-full animate-pulse bg-muted" />}>
                        <ResultsMap
                          providers={data.items}
                          center={center}
                          selected={selected}
                          onSelect={setSelected}
                        />
                      </Suspense>
                    </div>
                    <p className="mt-2 text-xs text-muted-fg">{t('page.mapNote')}</p>
                    {selected.length > 0 && (
                      <ul
                        aria-label={t('page.chosenOnMap')}
                        className="mt-3 grid grid-cols-1 gap-3 md:grid-cols-2"
                      >
                        {data.items
                          .filter((p) => selected.includes(p.provider_id))
                          .map((p) => (
                            <li key={p.provider_id}>
                              <ProviderCard provider={p} categoryNames={names} />
                            </li>
                          ))}
                      </ul>
                    )}
                  </>
                ) : (
                  <ul aria-label={t('page.providers')} className="grid grid-cols-1 gap-3 md:grid-cols-2">
                    {data.items.map((p) => (
                      <li key={p.provider_id}>
                        <ProviderCard provider={p} categoryNames={names} />
                      </li>
                    ))}
                  </ul>
                )}
                <Pagination
                  page={query.page}
                  pages={pages}
                  hrefOf={(page) => searchHref({ ...query, page }, map)}
                  text={fmt.pagination(query.page, pages)}
                />
              </div>
            ) : null}
          </div>
          {/* Issue 21: photos only on tap, no map tiles until asked (on by default with Save-Data). */}
          <DataSaverSwitch className="mt-8 rounded-xl border border-border bg-card p-3" />
        </section>
      </div>
    </>
  );
}

function ResultsSkeleton({ map }: { map: boolean }) {
  const { t } = useSearchFormat();
  return (
    <div role="status" aria-label={t('page.loading')}>
      {map ? (
        <div className="h-[60vh] min-h-80 animate-pulse rounded-2xl bg-muted lg:h-[34rem]" />
      ) : (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {['a', 'b', 'c', 'd', 'e', 'f'].map((k) => (
            <ProviderCardSkeleton key={k} />
          ))}
        </div>
      )}
    </div>
  );
}

function SearchError({ error, retry, retrying }: { error: Error; retry: () => void; retrying: boolean }) {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  const { t } = useSearchFormat();
  return (
    <Alert tone="danger" role="alert" title={t('page.errorTitle')}>
      <p>{error.message}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={retry} busy={retrying}>
          {t('page.retry')}
        </Button>
        {refused && (
          <ButtonLink to={ROUTES.search} size="sm" variant="outline">
            {t('page.clearAll')}
          </ButtonLink>
        )}
      </div>
    </Alert>
  );
}

function EmptyResults({
  query,
  names,
  hrefWith,
}: {
  query: SearchQuery;
  names: ReadonlyMap<string, string>;
  hrefWith: (patch: Patch) => string;
}) {
  const fmt = useSearchFormat();
  const { t } = fmt;
  const ideas = suggestions(fmt, query, names);
  return (
    <div className="rounded-2xl border border-dashed border-border px-4 py-10 text-center">
      <SearchX aria-hidden="true" className="mx-auto h-10 w-10 text-muted-fg" />
      <p className="mt-3 text-lg font-semibold">{t('page.emptyTitle')}</p>
      {ideas.length > 0 ? (
        <>
          <p className="mt-1 text-sm text-muted-fg">{t('page.emptyText')}</p>
          <ul className="mt-4 flex flex-wrap justify-center gap-2">
            {ideas.map((idea) => (
              <li key={idea.label}>
                <ButtonLink to={hrefWith(idea.patch)} variant="outline" size="sm">
                  {idea.label}
                </ButtonLink>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-1 text-sm text-muted-fg">{t('page.noneYet')}</p>
      )}
      <p className="mt-5 text-sm">
        <Link
          to={buildPath(ROUTES.search, undefined, { view: 'categories' })}
          className="font-semibold text-brand-700 hover:underline dark:text-brand-500"
        >
          {t('page.browse')}
        </Link>
      </p>
    </div>
  );
}
