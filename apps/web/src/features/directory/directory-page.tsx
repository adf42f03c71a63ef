import {
  type ProviderCard as Card,
  type DirectoryQuery,
  type DirectorySort,
  SEARCH_LIMITS,
} from '@adwuma/shared';
import { BookUser, ChevronRight } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { CategorySelect } from '../../components/ui/category-select.tsx';
import { Select } from '../../components/ui/field.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { ROUTES } from '../../lib/routes.ts';
import {
  categoryPath,
  ProviderCard,
  ProviderCardSkeleton,
  useCategories,
  useCategoryNames,
  useCities,
} from '../search/index.ts';
import { directoryFromParams, directoryToParams, useDirectory } from './api/get-directory.ts';

export const DIRECTORY_TEXT = {
  title: 'Provider directory',
  lead: 'Every listed provider, by category and city. Sort them A–Z or by rating.',
  category: 'Category',
  city: 'City',
  anyCategory: 'All categories',
  anyCity: 'All cities',
  empty: 'No providers here yet',
  categoryPage: (name: string) => `The ${name} page`,
} as const;

const SORTS: { value: DirectorySort; label: string }[] = [
  { value: 'name', label: 'A–Z' },
  { value: 'rating', label: 'Top rated' },
];

/** Consecutive cards under their first letter (the A–Z view). */
function byLetter(items: Card[]): { letter: string; items: Card[] }[] {
  const groups: { letter: string; items: Card[] }[] = [];
  for (const item of items) {
    const first = item.name.trim().charAt(0).toLocaleUpperCase('en-GH');
    const letter = /\p{L}/u.test(first) ? first : '#';
    const last = groups.at(-1);
    if (last?.letter === letter) last.items.push(item);
    else groups.push({ letter, items: [item] });
  }
  return groups;
}

/** `/provider-directory`: browse listed providers by category and city, A–Z or by rating. */
export function DirectoryPage() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => directoryFromParams(params), [params]);
  const categories = useCategories();
  const names = useCategoryNames();
  const cities = useCities();
  const list = useDirectory(query);
  const categoryName = query.category ? names.get(query.category) : undefined;
  useDocumentTitle([DIRECTORY_TEXT.title, categoryName, query.city].filter(Boolean).join(' · '));

  const href = (patch: Partial<DirectoryQuery>) => {
    const qs = directoryToParams({ ...query, ...patch }).toString();
    return qs ? `${ROUTES.providerDirectory}?${qs}` : ROUTES.providerDirectory;
  };
  const update = (patch: Partial<DirectoryQuery>) =>
    setParams(directoryToParams({ ...query, page: 1, ...patch }), { preventScrollReset: true });

  const data = list.data;
  const pages = data ? Math.min(Math.ceil(data.total / SEARCH_LIMITS.pageSize), SEARCH_LIMITS.pageMax) : 0;
  const cityList = cities.data?.cities ?? [];

  return (
    <div className="pb-12">
      <header className="border-b border-border bg-gradient-to-b from-brand-50 to-bg dark:from-brand-800/15">
        <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-4xl">{DIRECTORY_TEXT.title}</h1>
          <p className="mt-2 max-w-2xl text-muted-fg">{DIRECTORY_TEXT.lead}</p>
          <div className="mt-5 grid gap-2 sm:grid-cols-[1fr_1fr_auto]">
            <CategorySelect
              aria-label={DIRECTORY_TEXT.category}
              groups={categories.data?.groups}
              placeholder={DIRECTORY_TEXT.anyCategory}
              value={query.category ?? ''}
              onChange={(e) => update({ category: e.target.value || undefined })}
            />
            <Select
              aria-label={DIRECTORY_TEXT.city}
              value={query.city ?? ''}
              onChange={(e) => update({ city: e.target.value || undefined })}
            >
              <option value="">{DIRECTORY_TEXT.anyCity}</option>
              {cityList.map((c) => (
                <option key={c.city} value={c.city}>
                  {c.city} ({c.providers})
                </option>
              ))}
              {query.city && !cityList.some((c) => c.city === query.city) && (
                <option value={query.city}>{query.city}</option>
              )}
            </Select>
            <fieldset className="inline-flex rounded-full border border-border bg-card p-0.5">
              <legend className="sr-only">Sort</legend>
              {SORTS.map((s) => (
                <label
                  key={s.value}
                  className={`inline-flex min-h-10 flex-1 cursor-pointer items-center justify-center whitespace-nowrap rounded-full px-4 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${
                    query.sort === s.value ? 'bg-fg text-bg' : 'text-fg hover:bg-muted'
                  }`}
                >
                  <input
                    type="radio"
                    name="directory-sort"
                    className="sr-only"
                    checked={query.sort === s.value}
                    onChange={() => update({ sort: s.value })}
                  />
                  {s.label}
                </label>
              ))}
            </fieldset>
          </div>
        </div>
      </header>

      <section aria-labelledby="directory-results" className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="directory-results" className="text-lg font-bold" aria-live="polite">
            {data
              ? `${data.total_capped ? `${data.total.toLocaleString('en-GH')}+` : data.total.toLocaleString('en-GH')} provider${data.total === 1 ? '' : 's'}`
              : 'Loading providers…'}
          </h2>
          {categoryName && query.category && (
            <Link
              to={categoryPath(query.category)}
              className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-500"
            >
              {DIRECTORY_TEXT.categoryPage(categoryName)}
              <ChevronRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          )}
        </div>

        <div className="mt-4">
          {list.isPending ? (
            <div
              role="status"
              aria-label="Loading providers"
              className="grid grid-cols-1 gap-3 md:grid-cols-2"
            >
              {['a', 'b', 'c', 'd'].map((k) => (
                <ProviderCardSkeleton key={k} />
              ))}
            </div>
          ) : list.isError && !data ? (
            <Alert tone="danger" role="alert" title="The directory did not load">
              <p>{list.error.message}</p>
              <Button size="sm" className="mt-3" onClick={() => void list.refetch()} busy={list.isFetching}>
                Try again
              </Button>
            </Alert>
          ) : data && data.items.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-border px-4 py-10 text-center">
              <BookUser aria-hidden="true" className="mx-auto h-10 w-10 text-muted-fg" />
              <p className="mt-3 font-semibold">{DIRECTORY_TEXT.empty}</p>
              <p className="mt-1 text-sm text-muted-fg">Try another city or category.</p>
              <ButtonLink to={ROUTES.providerDirectory} variant="outline" size="sm" className="mt-4">
                Show all providers
              </ButtonLink>
            </div>
          ) : data ? (
            <div
              className={list.isPlaceholderData ? 'opacity-60' : ''}
              aria-busy={list.isPlaceholderData || undefined}
            >
              {query.sort === 'name' ? (
                byLetter(data.items).map((group) => (
                  <section key={`${group.letter}-${group.items[0]?.provider_id}`} className="mb-5">
                    <h3 className="mb-2 text-sm font-bold uppercase tracking-wider text-brand-700 dark:text-brand-500">
                      {group.letter}
                    </h3>
                    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
                      {group.items.map((p) => (
                        <li key={p.provider_id}>
                          <ProviderCard provider={p} categoryNames={names} headingLevel="h4" />
                        </li>
                      ))}
                    </ul>
                  </section>
                ))
              ) : (
                <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
                  {data.items.map((p) => (
                    <li key={p.provider_id}>
                      <ProviderCard provider={p} categoryNames={names} />
                    </li>
                  ))}
                </ul>
              )}
              <Pagination page={query.page} pages={pages} hrefOf={(page) => href({ page })} />
            </div>
          ) : null}
        </div>
      </section>
    </div>
  );
}
