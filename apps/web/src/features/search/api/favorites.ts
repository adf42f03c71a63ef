import type { FavoritesResponse } from '@adwuma/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { textOf } from '../../../i18n/index.ts';
import { api } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import '../i18n.ts';

export type { FavoritesResponse } from '@adwuma/shared';

export const FAVORITES_API = '/api/favorites';

export const favoriteKeys = {
  all: ['favorites'] as const,
  ids: ['favorites', 'ids'] as const,
  page: (page: number) => ['favorites', 'list', page] as const,
};

/** GET /api/favorites/ids: the hearts on every list come from this one set. */
export const favoriteIdsQuery = () =>
  queryOptions({
    queryKey: favoriteKeys.ids,
    queryFn: ({ signal }) =>
      api<{ provider_ids: string[] }>(`${FAVORITES_API}/ids`, { signal }).then((r) => r.provider_ids),
  });

export function useFavoriteIds(enabled: boolean) {
  return useQuery({ ...favoriteIdsQuery(), enabled });
}

/** GET /api/favorites?page=: the signed-in person's favorites as cards, newest first. */
export const favoritesQuery = (page: number) =>
  queryOptions({
    queryKey: favoriteKeys.page(page),
    queryFn: ({ signal }) =>
      api<FavoritesResponse>(page > 1 ? `${FAVORITES_API}?page=${page}` : FAVORITES_API, { signal }),
    placeholderData: keepPreviousData,
  });

export function useFavorites(page: number) {
  return useQuery(favoritesQuery(page));
}

/** For toasts (event handlers, outside render): the page's language at the moment they show. */
export const FAVORITE_TEXT = {
  saved: (name: string) => textOf('search')('favorite.savedToast', { name }),
  removed: (name: string) => textOf('search')('favorite.removedToast', { name }),
  get failed() {
    return textOf('search')('favorite.failed');
  },
  get undo() {
    return textOf('search')('favorite.undo');
  },
};

/** PUT or DELETE /api/favorites/:providerId. */
export function setFavorite(providerId: string, favorited: boolean) {
  return api<{ provider_id: string; favorited: boolean }>(
    `${FAVORITES_API}/${encodeURIComponent(providerId)}`,
    { method: favorited ? 'PUT' : 'DELETE' },
  );
}

/**
 * Saves or removes a favorite optimistically: the heart changes at once, goes back when the server
 * refuses (with a toast), and the favorites list is read again afterwards.
 */
export function useSetFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ providerId, favorited }: { providerId: string; favorited: boolean; name: string }) =>
      setFavorite(providerId, favorited),
    onMutate: async ({ providerId, favorited }) => {
      await queryClient.cancelQueries({ queryKey: favoriteKeys.ids });
      const previous = queryClient.getQueryData<string[]>(favoriteKeys.ids);
      // Before the set has loaded, the button shows the change from the mutation's own variables.
      if (previous) {
        const others = previous.filter((id) => id !== providerId);
        queryClient.setQueryData<string[]>(favoriteKeys.ids, favorited ? [providerId, ...others] : others);
      }
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(favoriteKeys.ids, context.previous);
      toast.error(FAVORITE_TEXT.failed);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: favoriteKeys.all });
    },
  });
}
