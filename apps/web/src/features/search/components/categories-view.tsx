import { DEFAULT_CLAIM_VALUES } from '@adwuma/shared';
import { ChevronRight, Search, SearchX, X } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorScreen } from '../../../components/screens/error-screen.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { buildPath, ROUTES } from '../../../lib/routes.ts';
import { type CategoryGroup, filterGroups, useCategories } from '../api/get-categories.ts';
import { groupIcon } from '../category-icons.ts';
import { useSearchText } from '../i18n.ts';

/** Where a category leads: its own page, with its providers (and a way on to the search). */
export function categoryPath(slug: string): string {
  return buildPath(ROUTES.category, { slug });
}

/**
 * "Browse Services" (`/search?view=categories`): every category, grouped, filtered as you type;
 * each leads to its page.
 */
export function CategoriesView() {
  const [params, setParams] = useSearchParams();
  const text = params.get('q') ?? '';
  const group = params.get('group') ?? undefined;
  const { t } = useSearchText();
  useDocumentTitle(t('browse.title'));

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true, preventScrollReset: true });
  };

  const inputId = useId();
  return (
    <>
      <header className="border-b border-border bg-gradient-to-b from-brand-50 to-bg dark:from-brand-800/15">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-500">
            {t('browse.title')}
          </p>
          <h1 className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight sm:text-4xl lg:text-5xl">
            {t('browse.headline')}
          </h1>
          <p className="mt-4 max-w-2xl text-base text-muted-fg sm:text-lg">
            {t('browse.intro', { number: DEFAULT_CLAIM_VALUES.categories })}
          </p>
          <search className="mt-6 block max-w-2xl">
            <label htmlFor={inputId} className="sr-only">
              {t('browse.searchLabel')}
            </label>
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute left-4 top-1/2 h-5 w-5 -translate-y-1/2 text-muted-fg"
              />
              <input
                id={inputId}
                type="search"
                value={text}
                onChange={(e) => update({ q: e.target.value || undefined })}
                placeholder={t('browse.placeholder')}
                autoComplete="off"
                className="block min-h-13 w-full rounded-full border border-border bg-card py-3 pl-12 pr-12 text-base text-fg shadow-sm placeholder:text-muted-fg/80 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
              />
              {text && (
                <button
                  type="button"
                  onClick={() => update({ q: undefined })}
                  className="absolute right-3 top-1/2 inline-flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-full text-muted-fg hover:bg-muted hover:text-fg"
                  aria-label={t('browse.clearSearch')}
                >
                  <X aria-hidden="true" className="h-4 w-4" />
                </button>
              )}
            </div>
          </search>
        </div>
      </header>

      <Catalogue
        text={text}
        group={group}
        onGroup={(slug) => update({ group: slug })}
        onClear={() => update({ q: undefined, group: undefined })}
      />
    </>
  );
}

function Catalogue({
  text,
  group,
  onGroup,
  onClear,
}: {
  text: string;
  group: string | undefined;
  onGroup: (slug: string | undefined) => void;
  onClear: () => void;
}) {
  const { data, isPending, isError, error, refetch, isRefetching } = useCategories();
  const visible = useMemo(() => (data ? filterGroups(data.groups, text, group) : []), [data, text, group]);
  const shown = visible.reduce((n, g) => n + g.categories.length, 0);
  const { t } = useSearchText();

  if (isPending) return <CatalogueSkeleton />;
  if (isError) {
    return <ErrorScreen detail={error.message} onRetry={() => void refetch()} retrying={isRefetching} />;
  }

  return (
    <section aria-labelledby="catalogue-title" className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <h2 id="catalogue-title" className="sr-only">
        {t('browse.categories')}
      </h2>
      <div className="-mx-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
        <ul className="flex w-max gap-2 sm:w-auto sm:flex-wrap" aria-label={t('browse.byGroup')}>
          <li>
            <GroupChip
              label={t('browse.all')}
              count={data.total}
              pressed={!group}
              onClick={() => onGroup(undefined)}
            />
          </li>
          {data.groups.map((g) => (
            <li key={g.slug}>
              <GroupChip
                label={g.name}
                count={g.categories.length}
                pressed={group === g.slug}
                onClick={() => onGroup(group === g.slug ? undefined : g.slug)}
              />
            </li>
          ))}
        </ul>
      </div>
      <p className="mt-4 text-sm text-muted-fg" aria-live="polite">
        {shown === data.total
          ? t('browse.total', { total: data.total, groups: data.groups.length })
          : t('browse.showing', { shown, total: data.total })}
      </p>

      {visible.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-border p-8 text-center">
          <SearchX aria-hidden="true" className="mx-auto h-10 w-10 text-muted-fg" />
          <p className="mt-3 font-semibold">{t('browse.noMatch', { text })}</p>
          <p className="mt-1 text-sm text-muted-fg">{t('browse.noMatchHint')}</p>
          <Button variant="outline" className="mt-4" onClick={onClear}>
            {t('browse.clearFilters')}
          </Button>
        </div>
      ) : (
        <div className="mt-6 space-y-10">
          {visible.map((g) => (
            <GroupSection key={g.slug} group={g} />
          ))}
        </div>
      )}
    </section>
  );
}

function GroupChip({
  label,
  count,
  pressed,
  onClick,
}: {
  label: string;
  count: number;
  pressed: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`inline-flex min-h-10 items-center gap-1.5 whitespace-nowrap rounded-full border px-3.5 text-sm font-medium transition-colors ${
        pressed ? 'border-brand-600 bg-brand-600 text-white' : 'border-border bg-card text-fg hover:bg-muted'
      }`}
    >
      {label}
      <span className={`text-xs ${pressed ? 'text-white/80' : 'text-muted-fg'}`}>{count}</span>
    </button>
  );
}

function GroupSection({ group }: { group: CategoryGroup }) {
  const Icon = groupIcon(group.slug);
  return (
    <section aria-labelledby={`group-${group.slug}`}>
      <h3 id={`group-${group.slug}`} className="flex items-center gap-2.5 text-lg font-bold sm:text-xl">
        <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-brand-100 text-brand-700 dark:bg-brand-800/30 dark:text-brand-500">
          <Icon aria-hidden="true" className="h-5 w-5" />
        </span>
        {group.name}
      </h3>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {group.categories.map((c) => (
          <li key={c.slug}>
            <Link
              to={categoryPath(c.slug)}
              className="group flex h-full items-start gap-2 rounded-2xl border border-border bg-card p-4 shadow-sm transition-colors hover:border-brand-500"
            >
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{c.name}</span>
                <span className="mt-1 block text-sm text-muted-fg">{c.description}</span>
              </span>
              <ChevronRight
                aria-hidden="true"
                className="mt-0.5 h-5 w-5 shrink-0 text-muted-fg group-hover:text-brand-600"
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CatalogueSkeleton() {
  const { t } = useSearchText();
  return (
    <div
      role="status"
      aria-label={t('browse.loading')}
      className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10"
    >
      <div className="flex gap-2 overflow-hidden">
        {['a', 'b', 'c', 'd', 'e', 'f'].map((k) => (
          <Skeleton key={k} className="h-10 w-28 shrink-0 rounded-full" />
        ))}
      </div>
      <Skeleton className="mt-8 h-7 w-56" />
      <div className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((k) => (
          <Skeleton key={k} className="h-24" />
        ))}
      </div>
    </div>
  );
}
