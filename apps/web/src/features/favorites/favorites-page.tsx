import { SEARCH_LIMITS } from '@adwuma/shared';
import { Heart, Search } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ButtonLink } from '../../components/ui/button-link.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { buildPath, ROUTES } from '../../lib/routes.ts';
import { toast } from '../../lib/toast.ts';
import {
  FAVORITE_TEXT,
  ProviderCard,
  ProviderCardSkeleton,
  useCategoryNames,
  useFavoriteIds,
  useFavorites,
  useSetFavorite,
} from '../search/index.ts';

export const FAVORITES_TEXT = {
  title: 'Your favorites',
  lead: 'Providers you saved, on every device you sign in on.',
  emptyTitle: 'No favorites yet',
  emptyText: 'Tap the heart on a provider to keep them here for later.',
  find: 'Find providers',
} as const;

/** `/favorites`: the signed-in person's saved providers; the heart removes one (with Undo). */
export function FavoritesPage() {
  const [params] = useSearchParams();
  const page = Math.max(1, Math.min(SEARCH_LIMITS.pageMax, Number(params.get('page')) || 1));
  useDocumentTitle(FAVORITES_TEXT.title);
  const list = useFavorites(page);
  const ids = useFavoriteIds(true);
  const names = useCategoryNames();
  const undo = useSetFavorite();

  const data = list.data;
  // A heart turned off hides the card at once (the favorites set changes before the list is read again).
  const items = data?.items.filter((p) => !ids.data || ids.data.includes(p.provider_id)) ?? [];
  const pages = data ? Math.min(Math.ceil(data.total / data.pageSize), SEARCH_LIMITS.pageMax) : 0;

  return (
    <div className="pb-12">
      <header className="border-b border-border bg-gradient-to-b from-brand-50 to-bg dark:from-brand-800/15">
        <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
          <h1 className="flex items-center gap-2 text-2xl font-extrabold tracking-tight sm:text-4xl">
            <Heart aria-hidden="true" className="h-7 w-7 fill-red-600 text-red-600 sm:h-8 sm:w-8" />
            {FAVORITES_TEXT.title}
          </h1>
          <p className="mt-2 text-muted-fg">{FAVORITES_TEXT.lead}</p>
        </div>
      </header>

      <section aria-label="Saved providers" className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
        {list.isPending ? (
          <div
            role="status"
            aria-label="Loading your favorites"
            className="grid grid-cols-1 gap-3 md:grid-cols-2"
          >
            {['a', 'b', 'c', 'd'].map((k) => (
              <ProviderCardSkeleton key={k} />
            ))}
          </div>
        ) : list.isError && !data ? (
          <Alert tone="danger" role="alert" title="Your favorites did not load">
            <p>{list.error.message}</p>
            <Button size="sm" className="mt-3" onClick={() => void list.refetch()} busy={list.isFetching}>
              Try again
            </Button>
          </Alert>
        ) : items.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-border px-4 py-12 text-center">
            <Heart aria-hidden="true" className="mx-auto h-10 w-10 text-muted-fg" />
            <p className="mt-3 text-lg font-semibold">{FAVORITES_TEXT.emptyTitle}</p>
            <p className="mt-1 text-sm text-muted-fg">{FAVORITES_TEXT.emptyText}</p>
            <ButtonLink to={ROUTES.search} className="mt-5">
              <Search aria-hidden="true" className="h-4 w-4" /> {FAVORITES_TEXT.find}
            </ButtonLink>
          </div>
        ) : (
          <>
            <p className="mb-3 text-sm text-muted-fg" aria-live="polite">
              {data && `${data.total} saved provider${data.total === 1 ? '' : 's'}`}
            </p>
            <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
              {items.map((p) => (
                <li key={p.provider_id}>
                  <ProviderCard
                    provider={p}
                    categoryNames={names}
                    onFavoriteChange={(saved) => {
                      if (saved) return;
                      toast(FAVORITE_TEXT.removed(p.name), {
                        action: {
                          label: FAVORITE_TEXT.undo,
                          onClick: () =>
                            undo.mutate({ providerId: p.provider_id, favorited: true, name: p.name }),
                        },
                      });
                    }}
                  />
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              pages={pages}
              hrefOf={(n) => buildPath(ROUTES.favorites, undefined, { page: n > 1 ? String(n) : undefined })}
            />
          </>
        )}
      </section>
    </div>
  );
}
