import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, type Handler, json, makeMe, stubFetch } from '../auth/test/fixtures.tsx';
import { CATEGORIES, card, renderRoutes } from '../search/test/fixtures.tsx';
import { FavoritesPage } from './favorites-page.tsx';

function renderFavorites(handler: Handler) {
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('customer'));
    if (req.path === '/api/categories') return json(200, CATEGORIES);
    return handler(req);
  });
  renderRoutes([{ path: '/favorites', Component: FavoritesPage }], '/favorites');
  return fetchMock;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // sonner captures the pointer on a toast (swipe to dismiss); jsdom has no pointer capture.
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/favorites', () => {
  it('removes a favorite at once and puts it back with Undo', async () => {
    const user = userEvent.setup();
    let saved = true;
    const fetchMock = renderFavorites((req) => {
      if (req.path === '/api/favorites/ids') return json(200, { provider_ids: saved ? ['p-1'] : [] });
      if (req.path === '/api/favorites') {
        const items = saved ? [{ ...card(), favorited: true, favorited_at: '2026-11-02T10:00:00.000Z' }] : [];
        return json(200, { items, total: items.length, page: 1, pageSize: 20 });
      }
      if (req.path === '/api/favorites/p-1') {
        saved = req.method === 'PUT';
        return json(200, { provider_id: 'p-1', favorited: saved });
      }
      return undefined;
    });
    const heart = await screen.findByRole('button', { name: 'Save Ama Mensah to favorites' });
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    await user.click(heart);
    expect(await screen.findByText('No favorites yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find providers' })).toHaveAttribute('href', '/search');

    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('link', { name: 'Ama Mensah' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/favorites/p-1').map((c) => c.url.pathname)).toHaveLength(2);
  });
});
