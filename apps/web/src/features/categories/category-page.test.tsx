import type { CategoryProvidersResponse } from '@adwuma/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, type Handler, json, makeMe, SIGNED_OUT, stubFetch } from '../auth/test/fixtures.tsx';
import { CATEGORIES, card, renderRoutes, results } from '../search/test/fixtures.tsx';
import { CategoryPage } from './category-page.tsx';

const PLUMBING = {
  slug: 'plumbing',
  name: 'Plumbing',
  description: 'Leaks, pipes and water tanks.',
  group_slug: 'home',
  group_name: 'Home services',
};

function answer(overrides: Partial<CategoryProvidersResponse> = {}): CategoryProvidersResponse {
  return {
    ...results(
      [
        card({ categories: ['plumbing'] }),
        card({ provider_id: 'p-2', slug: 'kofi-k3x9q3', name: 'Kofi Boateng' }),
      ],
      {
        total: 45,
      },
    ),
    category: PLUMBING,
    ...overrides,
  };
}

function renderCategory(path: string, handler: Handler, { signedIn = false } = {}) {
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return signedIn ? json(200, makeMe('service_provider')) : SIGNED_OUT();
    if (req.path === '/api/categories') return json(200, CATEGORIES);
    if (req.path === '/api/favorites/ids') return json(200, { provider_ids: [] });
    return handler(req);
  });
  const view = renderRoutes(
    [
      { path: '/categories/:slug', Component: CategoryPage },
      { path: '/search', Component: () => <h1>Search</h1> },
    ],
    path,
  );
  return { ...view, fetchMock, location: () => view.router.state.location };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const el of document.head.querySelectorAll(
    'meta[property], meta[name="description"], link[rel="canonical"]',
  ))
    el.remove();
});

describe('/categories/:slug', () => {
  it('shows the category, its group and description, its providers and a way on to the search', async () => {
    const { fetchMock } = renderCategory('/categories/plumbing', (req) =>
      req.path === '/api/categories/plumbing/providers' ? json(200, answer()) : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Plumbing' })).toBeInTheDocument();
    expect(screen.getByText('Leaks, pipes and water tanks.')).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Browse services' })).toHaveAttribute(
      'href',
      '/search?view=categories',
    );
    expect(within(crumbs).getByRole('link', { name: 'Home services' })).toHaveAttribute(
      'href',
      '/search?view=categories&group=home',
    );
    expect(screen.getByRole('link', { name: 'Search near me or filter' })).toHaveAttribute(
      'href',
      '/search?category=plumbing',
    );

    const list = await screen.findByRole('list', { name: 'Plumbing providers' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'Kofi Boateng' })).toHaveAttribute(
      'href',
      '/providers/kofi-k3x9q3',
    );
    expect(screen.getByRole('heading', { level: 2, name: '45 providers' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Next/ })).toHaveAttribute('href', '/categories/plumbing?page=2');
    expect(callsTo(fetchMock, '/api/categories/plumbing/providers')[0]?.url.search).toBe('');

    await waitFor(() => expect(document.title).toBe('Plumbing in Ghana · Adwuma'));
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${window.location.origin}/categories/plumbing`,
    );
  });

  it('reads the page and sort from the URL, and changes sort back on page 1', async () => {
    const user = userEvent.setup();
    const { fetchMock, location } = renderCategory('/categories/plumbing?page=2&sort=price', (req) =>
      req.path === '/api/categories/plumbing/providers'
        ? json(200, answer({ page: Number(req.url.searchParams.get('page') ?? 1) }))
        : undefined,
    );
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/categories/plumbing/providers')[0]?.url.search).toBe(
      '?sort=price&page=2',
    );
    const sort = screen.getByRole('navigation', { name: 'Sort' });
    expect(within(sort).getByRole('link', { name: 'Lowest price' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: /Previous/ })).toHaveAttribute(
      'href',
      '/categories/plumbing?sort=price',
    );

    await user.click(within(sort).getByRole('link', { name: 'Top rated' }));
    await waitFor(() => expect(location().search).toBe(''));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/categories/plumbing/providers').at(-1)?.url.search).toBe(''),
    );
  });

  it('says so when the category has no providers yet', async () => {
    renderCategory('/categories/plumbing', (req) =>
      req.path === '/api/categories/plumbing/providers'
        ? json(200, answer({ items: [], total: 0 }))
        : undefined,
    );
    expect(await screen.findByText('No Plumbing providers yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '0 providers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'More in Home services' })).toHaveAttribute(
      'href',
      '/search?view=categories&group=home',
    );
  });

  it('answers an unknown category with a clear not-found state', async () => {
    renderCategory('/categories/no-such-thing', (req) =>
      req.path === '/api/categories/no-such-thing/providers'
        ? json(404, { error: { code: 'NOT_FOUND', message: 'No such category.' } })
        : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Category not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Category not found · Adwuma'));
    expect(screen.getByRole('link', { name: 'Browse services' })).toHaveAttribute(
      'href',
      '/search?view=categories',
    );
  });

  it("shows no heart on the signed-in provider's own card", async () => {
    renderCategory(
      '/categories/plumbing',
      (req) =>
        req.path === '/api/categories/plumbing/providers'
          ? json(
              200,
              answer({
                items: [card(), card({ provider_id: 'user-1', slug: 'me-k3x9q4', name: 'Me Myself' })],
              }),
            )
          : undefined,
      { signedIn: true },
    );
    const mine = (await screen.findByRole('link', { name: 'Me Myself' })).closest('article') as HTMLElement;
    const other = screen.getByRole('link', { name: 'Ama Mensah' }).closest('article') as HTMLElement;
    await waitFor(() =>
      expect(within(other).getByRole('button', { name: 'Save Ama Mensah to favorites' })).toBeInTheDocument(),
    );
    expect(within(mine).queryByRole('button')).not.toBeInTheDocument();
  });
});
