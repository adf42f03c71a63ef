import { isProviderLike, type JobBoardQuery } from '@adwuma/shared';
import { Briefcase, Search, SearchX, SlidersHorizontal } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ScreenShell } from '../../../components/screens/screen-shell.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { ROUTES } from '../../../lib/routes.ts';
import { useJoinAsProvider, useSession } from '../../auth/index.ts';
import { useCategories } from '../../search/index.ts';
import { boardParams, useJobBoard } from '../api/get-job-board.ts';
import { AllowanceNote } from '../components/allowance-note.tsx';
import { useJobsText } from '../i18n.ts';
import { BoardCard, BoardCardSkeleton } from './board-card.tsx';
import { BoardFilters } from './board-filters.tsx';
import { boardFromParams, boardHref, hasFilters, nextBoardQuery } from './board-query.ts';

function NotProvider({ detail }: { detail?: string }) {
  const join = useJoinAsProvider();
  const { t } = useJobsText();
  return (
    <ScreenShell
      icon={<Briefcase aria-hidden="true" className="h-7 w-7" />}
      title={t('board.notProvider')}
      actions={
        <>
          <Button onClick={() => void join()}>{t('board.join')}</Button>
          <ButtonLink to={ROUTES.postJob} variant="outline">
            {t('board.postJob')}
          </ButtonLink>
        </>
      }
    >
      <p>{detail ?? t('board.notProviderText')}</p>
    </ScreenShell>
  );
}

/** `/jobs`: the board for providers; search, filters and page live in the URL. */
export function JobBoardPage() {
  const { role, status } = useSession();
  const { t } = useJobsText();
  if (status === 'loading') {
    return (
      <div
        role="status"
        aria-label={t('board.loadingLabel')}
        className="mx-auto grid max-w-6xl gap-3 px-4 py-8 sm:px-6"
      >
        <BoardCardSkeleton />
        <BoardCardSkeleton />
      </div>
    );
  }
  if (role === null || !isProviderLike(role)) return <NotProvider />;
  return <Board />;
}

function Board() {
  const { t } = useJobsText();
  useDocumentTitle(t('board.title'));
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => boardFromParams(params), [params]);
  const focusSearch = params.get('focus') === 'search';
  const board = useJobBoard(query);
  const categories = useCategories();
  const [text, setText] = useState(query.q ?? '');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => setText(query.q ?? ''), [query.q]);
  // The header's "Browse Jobs" link (?focus=search) lands with the cursor in the search box.
  useEffect(() => {
    if (focusSearch) searchRef.current?.focus();
  }, [focusSearch]);

  const update = (patch: Partial<JobBoardQuery>) =>
    setParams(boardParams(nextBoardQuery(query, patch)), { preventScrollReset: true });

  if (board.error instanceof ApiError && board.error.status === 403 && !board.data) {
    return <NotProvider detail={board.error.message} />;
  }

  const data = board.data;
  const pages = data ? Math.min(Math.ceil(data.total / data.page_size), 50) : 0;
  const filtered = hasFilters(query);
  const countText = data
    ? t('board.count', { count: data.total, n: data.total.toLocaleString('en-GH') })
    : board.isError
      ? t('board.errorTitle')
      : t('board.loading');
  const activeFilters = [query.category, query.distance, query.budget_min, query.posted_since].filter(
    (v) => v !== undefined,
  ).length;

  return (
    <>
      <header className="border-b border-border bg-gradient-to-b from-brand-50 to-bg dark:from-brand-800/15">
        <div className="mx-auto max-w-6xl px-4 py-5 sm:px-6 sm:py-8">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t('board.title')}</h1>
              <p className="mt-1 text-sm text-muted-fg sm:text-base">{t('board.lead')}</p>
            </div>
            {data?.allowance && <AllowanceNote allowance={data.allowance} />}
          </div>
          <search className="mt-4 block">
            <form
              className="flex gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                update({ q: text.trim() || undefined });
              }}
            >
              <SearchField
                ref={searchRef}
                id="job-search"
                label={t('board.search')}
                value={text}
                onChange={setText}
                placeholder={t('board.searchPlaceholder')}
                maxLength={200}
                className="relative min-w-0 flex-1"
              />
              <Button type="submit" size="lg" className="!rounded-xl !px-4 sm:!px-6">
                <Search aria-hidden="true" className="h-5 w-5 sm:hidden" />
                <span className="sr-only sm:not-sr-only">{t('board.submit')}</span>
              </Button>
            </form>
          </search>
        </div>
      </header>

      <div className="mx-auto max-w-6xl px-4 py-5 sm:px-6 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-8 lg:py-8">
        {/* Phones: the count and the Filters button above the (folded) filters. */}
        <div className="mb-4 flex items-center justify-between gap-3 lg:hidden">
          <p aria-hidden="true" className="text-lg font-bold">
            {countText}
          </p>
          <button
            type="button"
            onClick={() => setFiltersOpen((o) => !o)}
            aria-expanded={filtersOpen}
            aria-controls="board-filters"
            className="inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-full border border-border bg-card px-3 text-sm font-semibold hover:bg-muted"
          >
            <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
            {filtersOpen ? t('board.hideFilters') : t('board.filters')}
            {activeFilters > 0 && (
              <span className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-xs text-white">
                {activeFilters}
              </span>
            )}
          </button>
        </div>
        <div
          className={`${filtersOpen ? 'mb-4 block' : 'hidden'} lg:mb-0 lg:block lg:self-start`}
          id="board-filters"
        >
          <h2 className="sr-only">{t('board.filters')}</h2>
          <BoardFilters
            query={query}
            groups={categories.data?.groups}
            onChange={update}
            onClear={() =>
              update({
                category: undefined,
                distance: undefined,
                budget_min: undefined,
                posted_since: undefined,
              })
            }
          />
        </div>

        <section aria-labelledby="board-results" className="min-w-0">
          <h2 id="board-results" className="sr-only text-lg font-bold lg:not-sr-only" aria-live="polite">
            {countText}
          </h2>

          <div className={`lg:mt-4 ${board.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}>
            {board.isError && !data ? (
              <Alert tone="danger" role="alert" title={t('board.errorTitle')}>
                <p>{board.error.message}</p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button size="sm" onClick={() => void board.refetch()} busy={board.isFetching}>
                    {t('board.retry')}
                  </Button>
                  {filtered && (
                    <ButtonLink to={ROUTES.jobs} size="sm" variant="outline">
                      {t('board.clear')}
                    </ButtonLink>
                  )}
                </div>
              </Alert>
            ) : !data ? (
              <div role="status" aria-label={t('board.loadingLabel')} className="grid gap-3 md:grid-cols-2">
                {['a', 'b', 'c', 'd'].map((k) => (
                  <BoardCardSkeleton key={k} />
                ))}
              </div>
            ) : data.items.length === 0 ? (
              <div className="rounded-2xl border border-dashed border-border px-4 py-10 text-center">
                <SearchX aria-hidden="true" className="mx-auto h-10 w-10 text-muted-fg" />
                <p className="mt-3 text-lg font-semibold">{t('board.emptyTitle')}</p>
                <p className="mt-1 text-sm text-muted-fg">
                  {filtered ? t('board.emptyFiltered') : t('board.emptyNone')}
                </p>
                <div className="mt-4 flex flex-wrap justify-center gap-2">
                  {filtered ? (
                    <ButtonLink to={ROUTES.jobs} size="sm" variant="outline">
                      {t('board.clear')}
                    </ButtonLink>
                  ) : (
                    <ButtonLink to={ROUTES.postService} size="sm" variant="outline">
                      {t('board.services')}
                    </ButtonLink>
                  )}
                </div>
              </div>
            ) : (
              <>
                <ul className="grid gap-3 md:grid-cols-2">
                  {data.items.map((job) => (
                    <li key={job.id}>
                      <BoardCard job={job} />
                    </li>
                  ))}
                </ul>
                <Pagination
                  page={query.page}
                  pages={pages}
                  hrefOf={(page) => boardHref(ROUTES.jobs, { ...query, page })}
                />
              </>
            )}
          </div>
        </section>
      </div>
    </>
  );
}
