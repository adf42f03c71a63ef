import type { ProviderCard, SearchResponse } from '@adwuma/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '../../../lib/query-client.ts';
import { AuthProvider } from '../../auth/auth-provider.tsx';
import { LocationProbe } from '../../auth/test/fixtures.tsx';

export const CATEGORIES = {
  groups: [
    {
      slug: 'beauty',
      name: 'Beauty and personal care',
      categories: [{ slug: 'hair-braiding', name: 'Hair braiding', description: 'Box braids and cornrows.' }],
    },
    {
      slug: 'home',
      name: 'Home services',
      categories: [{ slug: 'plumbing', name: 'Plumbing', description: 'Leaks, pipes and water tanks.' }],
    },
  ],
  total: 2,
};

export function card(overrides: Partial<ProviderCard> = {}): ProviderCard {
  return {
    provider_id: 'p-1',
    slug: 'ama-mensah-k3x9q2',
    name: 'Ama Mensah',
    avatar_url: null,
    city: 'Kumasi',
    region: 'Ashanti',
    verified: true,
    rating: 4.62,
    total_reviews: 23,
    min_price_minor: 8000,
    price_type: 'from',
    currency: 'GHS',
    distance_km: 2.24,
    categories: ['hair-braiding'],
    response_time_minutes: 45,
    latitude: 6.69,
    longitude: -1.62,
    ...overrides,
  };
}

export function results(items: ProviderCard[], overrides: Partial<SearchResponse> = {}): SearchResponse {
  return {
    items,
    total: items.length,
    total_capped: false,
    page: 1,
    pageSize: 20,
    sort: 'rating',
    ...overrides,
  };
}

function Frame() {
  return (
    <AuthProvider>
      <Outlet />
      <LocationProbe />
    </AuthProvider>
  );
}

/** Routes under the auth provider with a fresh cache that does not retry (failures show at once). */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter([{ Component: Frame, children: routes }], { initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster visibleToasts={3} />
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}
