// Entry file of features/search: other features import search only from here (scripts/check-deps.mjs).
export { FAVORITE_TEXT, useFavoriteIds, useFavorites, useSetFavorite } from './api/favorites.ts';
export { useCategories, useCategoryNames } from './api/get-categories.ts';
export { useCities } from './api/get-cities.ts';
export { groupIcon } from './category-icons.ts';
export { categoryPath } from './components/categories-view.tsx';
export { FavoriteButton } from './components/favorite-button.tsx';
export { PLACE_TEXT, PlacePicker } from './components/place-picker.tsx';
export { ProviderCard, ProviderCardSkeleton, providerPath, RatingLine } from './components/provider-card.tsx';
export { formatMonthYear, formatRating, formatResponseTime, reviewCount, WEEKDAYS } from './format.ts';
export {
  type CategoryLabels,
  type SearchFormat,
  searchFormat,
  useCategoriesText,
  useCategoryLabels,
  useSearchFormat,
  useSearchText,
} from './i18n.ts';
