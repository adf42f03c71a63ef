// Issue 21: the search's texts (src/locales/<lang>/search.json) and the category names in the
// page's language (src/locales/<lang>/categories.json, keyed by slug: the API sends English names).
import type { PriceType } from '@adwuma/shared';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { defineNamespace } from '../../i18n/index.ts';
import categoriesEn from '../../locales/en/categories.json';
import en from '../../locales/en/search.json';

export const useSearchText = defineNamespace('search', en);
export const useCategoriesText = defineNamespace('categories', categoriesEn);

const number = (n: number) => n.toLocaleString('en-GH');

/** The search's words and formats, in the page's language. */
export function searchFormat(t: TFunction) {
  return {
    t,
    weekday: (day: number) => t(`weekdays.${day}`),
    /** "23 reviews". */
    reviewCount: (count: number) => t('card.reviews', { count, n: number(count) }),
    /** "24 providers", "1,000+ providers". */
    providerCount: (count: number, capped = false) =>
      capped ? t('page.countCapped', { n: number(count) }) : t('page.count', { count, n: number(count) }),
    /** "Replies in about 15 min" / "about 3 h" / "about 2 days". */
    responseTime: (minutes: number) => {
      if (minutes < 60) return t('card.repliesMin', { count: Math.max(5, Math.round(minutes / 5) * 5) });
      if (minutes < 24 * 60) return t('card.repliesHours', { count: Math.round(minutes / 60) });
      return t('card.repliesDays', { count: Math.round(minutes / (24 * 60)) });
    },
    /** "From GH₵ 80.00", "GH₵ 150.00 / hour" (the amount already formatted). */
    price: (priceType: PriceType, amount: string) =>
      priceType === 'hourly'
        ? t('price.hourly', { amount })
        : priceType === 'from'
          ? t('price.from', { amount })
          : amount,
    pagination: (page: number, pages: number) => ({
      label: t('pagination.label'),
      previous: t('pagination.previous'),
      next: t('pagination.next'),
      page: t('pagination.page', { page, pages }),
    }),
  };
}

export type SearchFormat = ReturnType<typeof searchFormat>;

export function useSearchFormat(): SearchFormat {
  const { t } = useSearchText();
  return useMemo(() => searchFormat(t), [t]);
}

export interface CategoryLabels {
  /** A category's name by slug in the page's language; `fallback` (the API's name) for an unknown slug. */
  category: (slug: string, fallback: string) => string;
  group: (slug: string, fallback: string) => string;
}

/**
 * Category and group names in the page's language: English is the API's own name (the source, which
 * an admin may rename); another language has the seeded slugs' names and keeps the API's for others.
 */
export function useCategoryLabels(): CategoryLabels {
  const { t, i18n } = useCategoriesText();
  const language = i18n.language;
  return useMemo(() => {
    const label = (section: string) => (slug: string, fallback: string) => {
      const key = `${section}.${slug}`;
      if (language === 'en' || !i18n.exists(key, { ns: 'categories', lng: language, fallbackLng: [] }))
        return fallback;
      return t(key);
    };
    return { category: label('names'), group: label('groups') };
  }, [t, i18n, language]);
}
