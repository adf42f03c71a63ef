import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
// Both from 'react-router' (not 'react-router/dom'), so the test and the app share one router build.
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { AppProviders } from './providers.tsx';
import { appRoutes, onRouterError } from './router.tsx';

const CATEGORIES = {
  groups: [
    {
      slug: 'beauty',
      name: 'Beauty and personal care',
      categories: [
        { slug: 'hair-braiding', name: 'Hair braiding', description: 'Box braids, cornrows and twists.' },
        { slug: 'barbering', name: 'Barbering', description: 'Haircuts, fades and beard grooming.' },
      ],
    },
    {
      slug: 'home',
      name: 'Home services',
      categories: [{ slug: 'plumbing', name: 'Plumbing', description: 'Leaks, pipes and water tanks.' }],
    },
  ],
  total: 3,
};

const fetchMock = vi.fn<typeof fetch>();

function bodiesSentTo(path: string) {
  return fetchMock.mock.calls
    .filter(([url]) => url === path)
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} onError={onRouterError} />
    </AppProviders>,
  );
  return router;
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/categories') {
      return new Response(JSON.stringify(CATEGORIES), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response(null, { status: 202 });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('app routes', () => {
  it('shows a help article, sets the title and records the page view', async () => {
    renderApp('/help/payouts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Getting paid' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Getting paid · Adwuma'));
    expect(bodiesSentTo('/api/events')).toContainEqual(
      expect.objectContaining({ event_type: 'page_view', page_path: '/help/payouts' }),
    );
  });

  it('answers an unknown help topic with the not-found page, without reporting an error', async () => {
    renderApp('/help/no-such-topic');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/help/no-such-topic')).toBeInTheDocument();
    expect(bodiesSentTo('/api/frontend-errors')).toHaveLength(0);
  });

  it('answers an unknown address with the not-found page', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Browse services/ })).toHaveAttribute('href', '/search');
  });

  it('catches a page that crashes while rendering, keeps the header and reports it', async () => {
    renderApp('/dev/crash');
    expect(
      await screen.findByText('This error has been automatically reported to our development team.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    await waitFor(() =>
      expect(bodiesSentTo('/api/frontend-errors')).toContainEqual(
        expect.objectContaining({
          error_type: 'ComponentError',
          message: 'Deliberate render crash from /dev/crash',
          severity: 'high',
        }),
      ),
    );
  });

  it('shows Navigation Error when a page fails to load, and reports it', async () => {
    renderApp('/dev/crash-loader');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Navigation Error' })).toBeInTheDocument();
    for (const name of ['Try Loading Again', 'Go Back', 'Refresh Page']) {
      expect(within(alert).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(alert).getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    await waitFor(() =>
      expect(bodiesSentTo('/api/frontend-errors')).toContainEqual(
        expect.objectContaining({ error_type: 'RouteError', severity: 'high' }),
      ),
    );
  });

  it('browses the categories from the API and filters them as you type', async () => {
    const router = renderApp('/search?view=categories');
    expect(await screen.findByText('Hair braiding')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Every kind of help, in one place');
    expect(screen.getByText('3 services in 2 groups')).toBeInTheDocument();
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Browse Services' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(main).getByRole('link', { name: 'Find Providers' })).not.toHaveAttribute('aria-current');

    expect(screen.getByRole('link', { name: /Hair braiding/ })).toHaveAttribute(
      'href',
      '/categories/hair-braiding',
    );

    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search services' }), 'pipes');
    expect(screen.getByText('Plumbing')).toBeInTheDocument();
    expect(screen.queryByText('Hair braiding')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 3 services')).toBeInTheDocument();
    expect(router.state.location.search).toContain('q=pipes');
  });

  it("opens a category's page, public, with its providers", async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      const body =
        url === '/api/categories'
          ? CATEGORIES
          : url === '/api/categories/plumbing/providers'
            ? {
                items: [],
                total: 0,
                total_capped: false,
                page: 1,
                pageSize: 20,
                sort: 'rating',
                category: {
                  slug: 'plumbing',
                  name: 'Plumbing',
                  description: 'Leaks, pipes and water tanks.',
                  group_slug: 'home',
                  group_name: 'Home services',
                },
              }
            : null;
      if (body) {
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }
      if (url === '/api/session') return new Response(null, { status: 401 });
      return new Response(null, { status: 202 });
    });
    renderApp('/categories/plumbing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Plumbing' })).toBeInTheDocument();
    expect(await screen.findByText('No Plumbing providers yet')).toBeInTheDocument();
  });

  it('links the site chrome in-app, and the landing page as a full page load', async () => {
    renderApp('/pricing');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Keep more of what you earn' }),
    ).toBeInTheDocument();
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');
    expect(within(main).getByRole('link', { name: 'Features' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Adwuma home' })).toHaveAttribute('href', '/landing');
  });
});
