import type { CategoriesResponse, CategoryGroup } from '@adwuma/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../lib/api.ts';
import { useCategoryLabels } from '../i18n.ts';

export type { CategoriesResponse, CategoryGroup, ServiceCategory } from '@adwuma/shared';

export const CATEGORIES_PATH = '/api/categories';

export function getCategories(signal?: AbortSignal): Promise<CategoriesResponse> {
  return api<CategoriesResponse>(CATEGORIES_PATH, { signal });
}

export const categoriesQuery = () =>
  queryOptions({ queryKey: ['categories'] as const, queryFn: ({ signal }) => getCategories(signal) });

/**
 * The categories, their names in the page's language (the API sends English; issue 21: the seeded
 * slugs have Twi in src/locales/ak/categories.json, any other keeps the API's name).
 */
export function useCategories() {
  const query = useQuery(categoriesQuery());
  const labels = useCategoryLabels();
  const { data: raw } = query;
  const data = useMemo(
    () =>
      raw && {
        ...raw,
        groups: raw.groups.map((g) => ({
          ...g,
          name: labels.group(g.slug, g.name),
          categories: g.categories.map((c) => ({ ...c, name: labels.category(c.slug, c.name) })),
        })),
      },
    [raw, labels],
  );
  return { ...query, data } as typeof query;
}

/** Category names by slug (cards carry slugs), empty until the categories have loaded. */
export function useCategoryNames(): ReadonlyMap<string, string> {
  const { data } = useCategories();
  return useMemo(
    () => new Map(data?.groups.flatMap((g) => g.categories.map((c) => [c.slug, c.name] as const)) ?? []),
    [data],
  );
}

/** Case- and accent-insensitive match of every word of the filter against name and description. */
export function filterGroups(
  groups: readonly CategoryGroup[],
  text: string,
  groupSlug?: string,
): CategoryGroup[] {
  const words = normalize(text).split(/\s+/).filter(Boolean);
  return groups
    .filter((g) => !groupSlug || g.slug === groupSlug)
    .map((g) => ({
      ...g,
      categories: g.categories.filter((c) => {
        const haystack = normalize(`${c.name} ${c.description} ${g.name}`);
        return words.every((w) => haystack.includes(w));
      }),
    }))
    .filter((g) => g.categories.length > 0);
}

function normalize(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
