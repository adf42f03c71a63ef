import type { Role } from '@adwuma/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadLanguage } from '../../i18n/index.ts';
import { callsTo, type Handler, json, makeMe, SIGNED_OUT, stubFetch } from '../auth/test/fixtures.tsx';
import { SearchPage } from './search-page.tsx';
import { CATEGORIES, card, renderRoutes, results } from './test/fixtures.tsx';

const routes = [
  { path: '/search', Component: SearchPage },
  { path: '/auth', Component: () => <h1>Sign in</h1> },
];

function renderSearch(
  path: string,
  handler: Handler,
  { signedIn = false, role = 'customer' }: { signedIn?: boolean; role?: Role } = {},
) {
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return signedIn ? json(200, makeMe(role)) : SIGNED_OUT();
    if (req.path === '/api/categories') return json(200, CATEGORIES);
    if (req.path === '/api/directory/cities') {
      return json(200, { cities: [{ city: 'Kumasi', region: 'Ashanti', providers: 54 }] });
    }
    return handler(req);
  });
  const view = renderRoutes(routes, path);
  const location = () => view.router.state.location;
  return { ...view, fetchMock, location };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/search', () => {
  it('reads the whole search from the URL and asks the API with the same parameters', async () => {
    const url =
      'q=braids&category=hair-braiding&near=Kumasi&lat=6.6885&lng=-1.6244&radius=10&min_rating=4' +
      '&price_min=5000&price_max=20000&verified=true&day=6&sort=distance&page=2';
    const { fetchMock } = renderSearch(`/search?${url}`, (req) =>
      req.path === '/api/search'
        ? json(200, results([card()], { total: 21, page: 2, sort: 'distance' }))
        : undefined,
    );

    const article = (await screen.findByRole('link', { name: 'Ama Mensah' })).closest(
      'article',
    ) as HTMLElement;
    expect(callsTo(fetchMock, '/api/search')[0]?.url.search).toBe(`?${url}`);
    expect(within(article).getByRole('img', { name: 'Verified provider' })).toBeInTheDocument();
    expect(within(article).getByText('4.6')).toBeInTheDocument();
    expect(within(article).getByText('(23 reviews)')).toBeInTheDocument();
    expect(within(article).getByText('Kumasi · 2.2 km')).toBeInTheDocument();
    expect(within(article).getByText('From GH₵ 80.00')).toBeInTheDocument();
    expect(within(article).getByText('Replies in about 45 min')).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'Ama Mensah' })).toHaveAttribute(
      'href',
      '/providers/ama-mensah-k3x9q2',
    );

    // The controls show the same search.
    expect(screen.getByRole('searchbox', { name: 'What do you need?' })).toHaveValue('braids');
    expect(screen.getByRole('combobox', { name: 'Near' })).toHaveValue('Kumasi');
    expect(await screen.findByRole('combobox', { name: 'Category' })).toHaveValue('hair-braiding');
    expect(screen.getByRole('combobox', { name: 'Distance' })).toHaveValue('10');
    expect(screen.getByRole('radio', { name: '4+ stars' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Lowest price in GH₵' })).toHaveValue('50');
    expect(screen.getByRole('textbox', { name: 'Highest price in GH₵' })).toHaveValue('200');
    expect(screen.getByRole('checkbox', { name: /Verified providers only/ })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Available on' })).toHaveValue('6');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('distance');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Previous/ })).toHaveAttribute(
      'href',
      expect.not.stringContaining('page='),
    );
  });

  it('puts a changed filter in the URL, back on page 1, and searches again', async () => {
    const user = userEvent.setup();
    const { fetchMock, location } = renderSearch('/search?category=plumbing&page=3', (req) =>
      req.path === '/api/search' ? json(200, results([card()], { total: 60 })) : undefined,
    );
    await screen.findByRole('link', { name: 'Ama Mensah' });

    await user.click(screen.getByRole('checkbox', { name: /Verified providers only/ }));
    await waitFor(() => expect(location().search).toBe('?category=plumbing&verified=true'));

    await user.type(screen.getByRole('textbox', { name: 'Lowest price in GH₵' }), '150.5{Enter}');
    await waitFor(() => expect(location().search).toBe('?category=plumbing&price_min=15050&verified=true'));

    await user.type(screen.getByRole('searchbox', { name: 'What do you need?' }), 'leak{Enter}');
    await waitFor(() =>
      expect(location().search).toBe('?q=leak&category=plumbing&price_min=15050&verified=true'),
    );
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/search').map((c) => c.url.search)).toEqual([
        '?category=plumbing&page=3',
        '?category=plumbing&verified=true',
        '?category=plumbing&price_min=15050&verified=true',
        '?q=leak&category=plumbing&price_min=15050&verified=true',
      ]),
    );
  });

  it('refuses a price that is not an amount, without searching', async () => {
    const user = userEvent.setup();
    const { fetchMock, location } = renderSearch('/search', (req) =>
      req.path === '/api/search' ? json(200, results([card()])) : undefined,
    );
    await screen.findByRole('link', { name: 'Ama Mensah' });
    await user.type(screen.getByRole('textbox', { name: 'Highest price in GH₵' }), '12.345{Enter}');
    expect(await screen.findByText('Enter an amount such as 150 or 150.50')).toBeInTheDocument();
    expect(location().search).toBe('');
    expect(callsTo(fetchMock, '/api/search')).toHaveLength(1);
  });

  it('offers ways out of an empty result', async () => {
    renderSearch(
      '/search?category=plumbing&near=Kumasi&lat=6.6885&lng=-1.6244&radius=10&verified=true',
      (req) => (req.path === '/api/search' ? json(200, results([])) : undefined),
    );
    expect(await screen.findByText('No providers match this search')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search within 25 km' })).toHaveAttribute(
      'href',
      '/search?category=plumbing&near=Kumasi&lat=6.6885&lng=-1.6244&verified=true',
    );
    expect(screen.getByRole('link', { name: 'Include providers not yet verified' })).toHaveAttribute(
      'href',
      '/search?category=plumbing&near=Kumasi&lat=6.6885&lng=-1.6244&radius=10',
    );
    expect(screen.getByRole('link', { name: 'Search all of Ghana' })).toHaveAttribute(
      'href',
      '/search?category=plumbing&verified=true',
    );
  });

  it('shows a failed search with Try again, which searches again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderSearch('/search?q=tutor', (req) => {
      if (req.path !== '/api/search') return undefined;
      calls += 1;
      return calls === 1
        ? json(503, { error: { code: 'UNAVAILABLE', message: 'The database is not reachable.' } })
        : json(200, results([card({ name: 'Kofi Boateng', slug: 'kofi-boateng-a1b2c3' })]));
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The search did not work')).toBeInTheDocument();
    expect(within(alert).getByText('The database is not reachable.')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Kofi Boateng' })).toBeInTheDocument();
    expect(screen.queryByText('The search did not work')).not.toBeInTheDocument();
  });
});

describe('"Near" on /search', () => {
  it('finds any Ghanaian place for a signed-out visitor, not only the cities list', async () => {
    const user = userEvent.setup();
    const { fetchMock, location } = renderSearch('/search', (req) => {
      if (req.path === '/api/search') return json(200, results([card()]));
      if (req.path === '/api/geocode/search') {
        return json(200, {
          query: req.url.searchParams.get('q'),
          normalized: null,
          results: [
            {
              display_name: 'Tamale, Northern, Ghana',
              city: 'Tamale',
              state: 'Northern',
              country: 'Ghana',
              neighbourhood: null,
              latitude: 9.4008,
              longitude: -0.8393,
            },
          ],
          source: 'gazetteer',
        });
      }
      return undefined;
    });
    await screen.findByRole('link', { name: 'Ama Mensah' });
    await user.type(screen.getByRole('combobox', { name: 'Near' }), 'tamale');
    await user.click(await screen.findByRole('option', { name: /Tamale, Northern, Ghana/ }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(location().search))).toMatchObject({
        near: 'Tamale',
        lat: '9.4008',
        lng: '-0.8393',
      }),
    );
    expect(callsTo(fetchMock, '/api/geocode/search').at(-1)?.url.search).toBe('?q=tamale');
  });
});

describe('favorites on search results', () => {
  it('fills the heart at once and keeps it when the server agrees', async () => {
    const user = userEvent.setup();
    let answer: (r: Response) => void = () => {};
    let saved = false;
    const { fetchMock } = renderSearch(
      '/search',
      (req) => {
        if (req.path === '/api/search') return json(200, results([card({ favorited: false })]));
        if (req.path === '/api/favorites/ids') return json(200, { provider_ids: saved ? ['p-1'] : [] });
        if (req.path === '/api/favorites/p-1' && req.method === 'PUT') {
          return new Promise<Response>((resolve) => {
            answer = (r) => {
              saved = true;
              resolve(r);
            };
          });
        }
        return undefined;
      },
      { signedIn: true },
    );
    const heart = await screen.findByRole('button', { name: 'Save Ama Mensah to favorites' });
    await waitFor(() => expect(callsTo(fetchMock, '/api/favorites/ids')).toHaveLength(1));
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    // Before the server has answered.
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    answer(json(200, { provider_id: 'p-1', favorited: true }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/favorites/ids').length).toBeGreaterThan(1));
    expect(heart).toHaveAttribute('aria-pressed', 'true');
  });

  it('puts the heart back and says so when the server refuses', async () => {
    const user = userEvent.setup();
    let idsCalls = 0;
    let refuse = () => {};
    renderSearch(
      '/search',
      (req) => {
        if (req.path === '/api/search') return json(200, results([card({ favorited: true })]));
        if (req.path === '/api/favorites/ids') {
          idsCalls += 1;
          // Read again after the failure: never answers, so only the rollback can restore the heart.
          return idsCalls === 1 ? json(200, { provider_ids: ['p-1'] }) : new Promise<Response>(() => {});
        }
        if (req.path === '/api/favorites/p-1' && req.method === 'DELETE') {
          return new Promise<Response>((resolve) => {
            refuse = () => resolve(json(500, { error: { code: 'INTERNAL', message: 'Something broke' } }));
          });
        }
        return undefined;
      },
      { signedIn: true },
    );
    const heart = await screen.findByRole('button', { name: 'Save Ama Mensah to favorites' });
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    refuse();
    expect(await screen.findByText('Your favorites were not changed. Please try again.')).toBeInTheDocument();
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(idsCalls).toBe(2);
  });

  it("shows no heart on the signed-in provider's own card (nobody can favorite themselves)", async () => {
    renderSearch(
      '/search',
      (req) => {
        if (req.path === '/api/search') {
          return json(
            200,
            results([card(), card({ provider_id: 'user-1', slug: 'me-k3x9q3', name: 'Me Myself' })]),
          );
        }
        if (req.path === '/api/favorites/ids') return json(200, { provider_ids: [] });
        return undefined;
      },
      { signedIn: true, role: 'service_provider' },
    );
    const mine = (await screen.findByRole('link', { name: 'Me Myself' })).closest('article') as HTMLElement;
    const other = screen.getByRole('link', { name: 'Ama Mensah' }).closest('article') as HTMLElement;
    await waitFor(() =>
      expect(within(other).getByRole('button', { name: 'Save Ama Mensah to favorites' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
    expect(within(mine).queryByRole('button')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in and back to this search', async () => {
    const user = userEvent.setup();
    const { location, fetchMock } = renderSearch('/search?category=plumbing', (req) =>
      req.path === '/api/search' ? json(200, results([card()])) : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Save Ama Mensah to favorites' }));
    await waitFor(() => expect(location().pathname).toBe('/auth'));
    expect(new URLSearchParams(location().search).get('returnTo')).toBe('/search?category=plumbing');
    expect(callsTo(fetchMock, '/api/favorites/p-1')).toHaveLength(0);
  });
});

describe('/search in Twi (issue 21)', () => {
  beforeEach(async () => {
    await loadLanguage('ak');
    await i18n.changeLanguage('ak');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the search, its filters, results, category names and pagination in Twi', async () => {
    const url =
      'category=hair-braiding&near=Kumasi&lat=6.6885&lng=-1.6244&radius=10&min_rating=4&verified=true&day=6&page=2';
    renderSearch(`/search?${url}`, (req) =>
      req.path === '/api/search'
        ? json(200, results([card({ total_reviews: 1 })], { total: 21, page: 2 }))
        : undefined,
    );
    const article = (await screen.findByRole('link', { name: 'Ama Mensah' })).closest(
      'article',
    ) as HTMLElement;
    expect(screen.getByRole('heading', { level: 1, name: 'Hwehwɛ adwumayɛfoɔ' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Dɛn na wohia?' })).toBeInTheDocument();
    expect(document.getElementById('results-title')).toHaveTextContent('adwumayɛfoɔ 21 bɛn Kumasi');
    // The card: the category by its slug in Twi, the price and reply time in Twi.
    expect(await within(article).findByText('Tinwi nwene')).toBeInTheDocument();
    expect(within(article).getByText('(nkamfo 1)')).toBeInTheDocument();
    expect(within(article).getByText('Efi GH₵ 80.00')).toBeInTheDocument();
    expect(within(article).getByText('Ɔgye so bɛyɛ simma 45 mu')).toBeInTheDocument();
    // Filters and chips.
    expect(await screen.findByRole('combobox', { name: 'Adwuma ko' })).toHaveValue('hair-braiding');
    expect(screen.getByRole('option', { name: 'Tinwi nwene' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Wɔwɔ hɔ' })).toHaveDisplayValue('Memeneda');
    expect(screen.getByRole('radio', { name: 'Nsoromma 4+' })).toBeChecked();
    const chips = screen.getByRole('list', { name: 'Filters a ɛreyɛ adwuma' });
    expect(
      within(chips).getByRole('link', { name: 'Yi filter yi: Kilomita 10 mu wɔ Kumasi ho' }),
    ).toBeInTheDocument();
    expect(within(chips).getByRole('link', { name: 'Yi filter yi: Wɔbue Memeneda' })).toBeInTheDocument();
    // The list / map toggle and the pages.
    const views = screen.getByRole('navigation', { name: 'Sɛnea nea wohwehwɛe no da adi' });
    expect(within(views).getByRole('link', { name: 'Asase mfonini' })).toHaveAttribute(
      'href',
      expect.stringContaining('view=map'),
    );
    expect(screen.getByText('Kratafa 2 wɔ 2 mu')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Deɛ atwam/ })).toBeInTheDocument();
    expect(screen.queryByText('Find providers')).not.toBeInTheDocument();
  });

  it('offers the ways out of an empty result in Twi', async () => {
    renderSearch('/search?category=plumbing&near=Kumasi&lat=6.6885&lng=-1.6244&radius=10', (req) =>
      req.path === '/api/search' ? json(200, results([])) : undefined,
    );
    expect(
      await screen.findByText('Odwumayɛfoɔ biara nni hɔ a ɔne wo nhwehwɛmu yi hyia'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hwehwɛ kilomita 25 mu' })).toHaveAttribute(
      'href',
      '/search?category=plumbing&near=Kumasi&lat=6.6885&lng=-1.6244',
    );
    expect(
      await screen.findByRole('link', {
        name: 'Nnwuma ahorow nyinaa, ɛnyɛ Nsuo paipu adwuma (plumbing) nko',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hwehwɛ Ghana nyinaa' })).toBeInTheDocument();
  });
});
