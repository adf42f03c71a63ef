import { useSearchParams } from 'react-router';
import { CategoriesView } from './components/categories-view.tsx';
import { ProviderSearch } from './provider-search.tsx';

/**
 * `/search`: the provider search (public), its query in the URL; `?view=categories` is "Browse
 * Services", the grouped categories, each leading to its providers.
 */
export function SearchPage() {
  const [params] = useSearchParams();
  return params.get('view') === 'categories' ? <CategoriesView /> : <ProviderSearch />;
}
