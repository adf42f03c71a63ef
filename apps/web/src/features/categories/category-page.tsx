import {
  categoryPageMeta,
  SEARCH_LIMITS,
  SEARCH_TOTAL_CAP,
  type SearchSort,
  searchFromParams,
} from '@adwuma/shared';
import { ChevronRight, FolderSearch, SearchX, SlidersHorizontal } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorScreen } from '../../components/screens/error-screen.tsx';
import { ScreenShell } from '../../components/screens/screen-shell.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiError } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { buildPath, PROVIDER_SIGNUP_PATH, ROUTES } from '../../lib/routes.ts';
import {
  groupIcon,
  ProviderCard,
  ProviderCardSkeleton,
  useCategories,
  useCategoriesText,
  useCategoryLabels,
  useCategoryNames,
  useSearchFormat,
} from '../search/index.ts';
import { type CategoryListQuery, useCategoryProviders } from './api/get-category-providers.ts';

const SORTS: Extract<SearchSort, 'rating' | 'price'>[] = ['rating', 'price'];

/** The page and sort from the URL (`?page=2&sort=price`); anything else is the search page's job. */
export function listQuery(params: URLSearchParams): CategoryListQuery {
  const { page, sort } = searchFromParams(params);
  return { page, sort: sort === 'price' ? 'price' : undefined };
}

function hrefFor(slug: string, query: CategoryListQuery): string {
  const page = query.page && query.page > 1 ? String(query.page) : undefined;
  return buildPath(ROUTES.category, { slug }, { page, sort: query.sort });
}

function CategoryNotFound() {
  const { t } = useCategoriesText();
  useDocumentTitle(t('page.notFound'));
  return (
    <ScreenShell
      icon={<FolderSearch aria-hidden="true" className="h-7 w-7" />}
      title={t('page.notFound')}
      actions={
        <ButtonLink to={buildPath(ROUTES.search, undefined, { view: 'categories' })}>
          {t('page.browse')}
        </ButtonLink>
      }
    >
      <p>{t('page.notFoundText')}</p>
    </ScreenShell>
  );
}

/** `/categories/:slug`: one category, its group and description, and its providers, best rated first. */
export function CategoryPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const query = useMemo(() => listQuery(params), [params]);
  const list = useCategoryProviders(slug, query);
  const catalogue = useCategories();
  const names = useCategoryNames();
  const labels = useCategoryLabels();
  const { t } = useCategoriesText();
  const fmt = useSearchFormat();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  // The header shows at once when the catalogue is already loaded (from "Browse services").
  const known = useMemo(() => {
    for (const g of catalogue.data?.groups ?? []) {
      const c = g.categories.find((x) => x.slug === slug);
      if (c) return { ...c, group_slug: g.slug, group_name: g.name };
    }
    return undefined;
  }, [catalogue.data, slug]);
  const found = list.data?.category ?? known;
  // The page's meta stays as the server writes it (English names); the page shows the language's.
  usePageMeta(found ? categoryPageMeta(found, origin) : null);
  const category = found && {
    ...found,
    name: labels.category(found.slug, found.name),
    group_name: labels.group(found.group_slug, found.group_name),
  };

  if (list.isError && !list.data) {
    const error = list.error;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      return <CategoryNotFound />;
    return (
      <ErrorScreen detail={error.message} onRetry={() => void list.refetch()} retrying={list.isFetching} />
    );
  }

  const data = list.data;
  const pages = data ? Math.min(Math.ceil(data.total / SEARCH_LIMITS.pageSize), SEARCH_LIMITS.pageMax) : 0;
  const count = data
    ? data.total_capped
      ? fmt.providerCount(SEARCH_TOTAL_CAP, true)
      : fmt.providerCount(data.total)
    : null;
  const sort = query.sort ?? 'rating';
  const beyondLastPage = (query.page ?? 1) > 1 && data !== undefined && data.total > 0;
  const Icon = groupIcon(category?.group_slug ?? '');

  return (
    <div className="pb-12">
      <header className="border-b border-border bg-gradient-to-b from-brand-50 to-bg dark:from-brand-800/15">
        <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
          {category ? (
            <>
              <nav aria-label={t('page.breadcrumb')}>
                <ol className="flex flex-wrap items-center gap-1 text-sm font-semibold text-brand-700 dark:text-brand-500">
                  <li>
                    <Link
                      to={buildPath(ROUTES.search, undefined, { view: 'categories' })}
                      className="hover:underline"
                    >
                      {t('page.browse')}
                    </Link>
                  </li>
                  <li aria-hidden="true">
                    <ChevronRight className="h-4 w-4 text-muted-fg" />
                  </li>
                  <li>
                    <Link
                      to={buildPath(ROUTES.search, undefined, {
                        view: 'categories',
                        group: category.group_slug,
                      })}
                      className="hover:underline"
                    >
                      {category.group_name}
                    </Link>
                  </li>
                </ol>
              </nav>
              <div className="mt-3 flex items-start gap-3 sm:gap-4">
                <span className="hidden h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-brand-100 text-brand-700 sm:flex dark:bg-brand-800/30 dark:text-brand-500">
                  <Icon aria-hidden="true" className="h-6 w-6" />
                </span>
                <div className="min-w-0">
                  <h1 className="text-2xl font-extrabold tracking-tight sm:text-4xl">{category.name}</h1>
                  {category.description && (
                    <p className="mt-2 max-w-2xl text-muted-fg sm:text-lg">{category.description}</p>
                  )}
                </div>
              </div>
              <div className="mt-5">
                <ButtonLink to={buildPath(ROUTES.search, undefined, { category: slug })} variant="outline">
                  <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
                  {t('page.searchNear')}
                </ButtonLink>
              </div>
            </>
          ) : (
            <div role="status" aria-label={t('page.loadingCategory')}>
              <Skeleton className="h-4 w-48" />
              <Skeleton className="mt-4 h-9 w-2/3 max-w-md" />
              <Skeleton className="mt-3 h-5 w-full max-w-xl" />
              <Skeleton className="mt-5 h-11 w-56 rounded-full" />
            </div>
          )}
        </div>
      </header>

      <section aria-labelledby="category-results" className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="category-results" className="text-lg font-bold" aria-live="polite">
            {count ?? t('page.loading')}
          </h2>
          <nav
            aria-label={t('page.sort')}
            className="inline-flex rounded-full border border-border bg-card p-0.5"
          >
            {SORTS.map((s) => (
              <Link
                key={s}
                to={hrefFor(slug, { sort: s === 'rating' ? undefined : s })}
                preventScrollReset
                aria-current={sort === s ? 'true' : undefined}
                className={`inline-flex min-h-10 items-center whitespace-nowrap rounded-full px-4 text-sm font-semibold ${
                  sort === s ? 'bg-fg text-bg' : 'text-fg hover:bg-muted'
                }`}
              >
                {fmt.t(`sort.${s}`)}
              </Link>
            ))}
          </nav>
        </div>

        <div className="mt-4">
          {list.isPending ? (
            <div
              role="status"
              aria-label={t('page.loadingProviders')}
              className="grid grid-cols-1 gap-3 md:grid-cols-2"
            >
              {['a', 'b', 'c', 'd', 'e', 'f'].map((k) => (
                <ProviderCardSkeleton key={k} />
              ))}
            </div>
          ) : data && data.items.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-border px-4 py-10 text-center">
              <SearchX aria-hidden="true" className="mx-auto h-10 w-10 text-muted-fg" />
              <p className="mt-3 text-lg font-semibold">
                {beyondLastPage
                  ? t('page.pastEnd')
                  : t('page.empty', { name: category?.name ?? data.category.name })}
              </p>
              {!beyondLastPage && <p className="mt-1 text-sm text-muted-fg">{t('page.emptyText')}</p>}
              <div className="mt-4 flex flex-wrap justify-center gap-2">
                {beyondLastPage ? (
                  <ButtonLink to={hrefFor(slug, { sort: query.sort })} variant="outline" size="sm">
                    {t('page.firstPage')}
                  </ButtonLink>
                ) : (
                  <ButtonLink
                    to={buildPath(ROUTES.search, undefined, {
                      view: 'categories',
                      group: data.category.group_slug,
                    })}
                    variant="outline"
                    size="sm"
                  >
                    {t('page.moreIn', { group: category?.group_name ?? data.category.group_name })}
                  </ButtonLink>
                )}
                <ButtonLink to={PROVIDER_SIGNUP_PATH} variant="ghost" size="sm">
                  {t('page.join')}
                </ButtonLink>
              </div>
            </div>
          ) : data ? (
            <div
              aria-busy={list.isPlaceholderData || undefined}
              className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}
            >
              <ul
                aria-label={t('page.providersOf', { name: category?.name ?? data.category.name })}
                className="grid grid-cols-1 gap-3 md:grid-cols-2"
              >
                {data.items.map((p) => (
                  <li key={p.provider_id}>
                    <ProviderCard provider={p} categoryNames={names} />
                  </li>
                ))}
              </ul>
              <Pagination
                page={query.page ?? 1}
                pages={pages}
                hrefOf={(page) => hrefFor(slug, { page, sort: query.sort })}
                text={fmt.pagination(query.page ?? 1, pages)}
              />
            </div>
          ) : null}
        </div>
      </section>
    </div>
  );
}
