import { searchFromParams } from '@adwuma/shared';
import type { QueryClient } from '@tanstack/react-query';
import { categoryProvidersQuery } from '../features/categories/api/get-category-providers.ts';
import { listQuery } from '../features/categories/category-page.tsx';
import { pricingQuery } from '../features/pricing/api/get-pricing.ts';
import { providerQuery } from '../features/providers/api/get-provider.ts';
import { categoriesQuery } from '../features/search/api/get-categories.ts';
import { searchQuery } from '../features/search/api/search-providers.ts';
import { ROUTES } from '../lib/routes.ts';

export interface SsrMatch {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}

/**
 * A public page the server sends as HTML (issue 20): its route, the source file of its code (the
 * build manifest's key, so the HTML preloads that chunk), and the data it shows, loaded into the
 * query cache before the render with the page's own query options (the same keys the browser reads
 * when it hydrates). Pages not listed here are sent as the app shell and rendered in the browser.
 */
export interface SsrPage {
  path: string;
  module: string;
  prefetch?(queryClient: QueryClient, match: SsrMatch): Promise<unknown>;
}

const page = (path: string, module: string, prefetch?: SsrPage['prefetch']): SsrPage => ({
  path,
  module,
  ...(prefetch ? { prefetch } : {}),
});

export const SSR_PAGES: readonly SsrPage[] = [
  page(ROUTES.search, 'src/features/search/search-page.tsx', (qc, { search }) =>
    search.get('view') === 'categories'
      ? qc.prefetchQuery(categoriesQuery())
      : Promise.all([
          qc.prefetchQuery(searchQuery(searchFromParams(search))),
          qc.prefetchQuery(categoriesQuery()),
        ]),
  ),
  page(ROUTES.provider, 'src/features/providers/provider-profile-page.tsx', (qc, { params }) =>
    qc.prefetchQuery(providerQuery(params.slug ?? '')),
  ),
  page(ROUTES.category, 'src/features/categories/category-page.tsx', (qc, { params, search }) =>
    Promise.all([
      qc.prefetchQuery(categoryProvidersQuery(params.slug ?? '', listQuery(search))),
      qc.prefetchQuery(categoriesQuery()),
    ]),
  ),
  page(ROUTES.pricing, 'src/features/pricing/pricing-page.tsx', (qc) => qc.prefetchQuery(pricingQuery)),
  page(ROUTES.enterpriseInquiry, 'src/features/enterprise/enterprise-inquiry-page.tsx'),
  page(ROUTES.features, 'src/features/marketing/features-page.tsx'),
  page(ROUTES.serviceProviders, 'src/features/marketing/service-providers-page.tsx'),
  page(ROUTES.about, 'src/features/marketing/about-page.tsx'),
  page(ROUTES.privacy, 'src/features/legal/privacy-page.tsx'),
  page(ROUTES.terms, 'src/features/legal/terms-page.tsx'),
  page(ROUTES.contact, 'src/features/contact/contact-page.tsx'),
  page(ROUTES.help, 'src/features/help/help-page.tsx'),
  page(ROUTES.helpTopic, 'src/features/help/help-article-page.tsx'),
  page(ROUTES.auth, 'src/features/auth/auth-page.tsx'),
];
