import {
  normalizeGhanaPhone,
  type ProviderLocation,
  type ProviderServices,
  type RequiredStep,
} from '@adwuma/shared';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { appRoutes } from '../../app/router.tsx';
import { i18n, loadLanguage } from '../../i18n/index.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { callsTo, json, makeMe, makeProfile, stubFetch } from '../auth/test/fixtures.tsx';
import { makeLocation, makePlace, makeStatus } from './test/fixtures.ts';

const CATEGORIES = {
  groups: [
    {
      slug: 'home',
      name: 'Home services',
      categories: [
        { slug: 'electrical', name: 'Electrical', description: 'Wiring and repairs.' },
        { slug: 'plumbing', name: 'Plumbing', description: 'Leaks, pipes and water tanks.' },
      ],
    },
  ],
  total: 2,
};

const KUMASI = {
  display_name: 'Kumasi, Ashanti, Ghana',
  city: 'Kumasi',
  state: 'Ashanti',
  country: 'Ghana',
  neighbourhood: null,
  latitude: 6.6885,
  longitude: -1.6244,
};

/**
 * The API at the network boundary, with just enough state for the wizard: what a step saves is what
 * the next read answers, and the status follows the saved steps.
 */
function fakeApi(
  options: {
    done?: RequiredStep[];
    location?: ProviderLocation | null;
    /** Answers the location save instead of storing it. */
    saveLocation?: () => Response;
  } = {},
) {
  const done = new Set<RequiredStep>(options.done ?? []);
  let profile = makeProfile({ role: 'explorer', type: 'provider', intro_seen: true, avatar_url: '/a.png' });
  let location: ProviderLocation | null = options.location ?? null;
  let services: ProviderServices = { categories: [], tags: [] };
  let availability: unknown = null;
  const status = () => makeStatus({ done: [...done] });
  const fetchMock = stubFetch(({ method, path, body, url }) => {
    const input = body as Record<string, unknown>;
    switch (`${method} ${path}`) {
      case 'GET /api/me':
        return json(200, makeMe('explorer', { profile }));
      case 'GET /api/onboarding/status':
        return json(200, status());
      case 'PUT /api/onboarding/profile':
        profile = {
          ...profile,
          full_name: String(input.full_name),
          phone: normalizeGhanaPhone(String(input.phone)),
          bio: String(input.bio),
        };
        done.add('profile');
        return json(200, { profile, status: status() });
      case 'GET /api/onboarding/location':
        return json(200, { location });
      case 'PUT /api/onboarding/location':
        if (options.saveLocation) return options.saveLocation();
        location = makeLocation({ ...(input as Partial<ProviderLocation>) });
        done.add('location');
        return json(200, { location, warnings: [], status: status() });
      case 'GET /api/geocode/search':
        return json(200, {
          query: url.searchParams.get('q'),
          normalized: null,
          results: [KUMASI],
          source: 'gazetteer',
        });
      case 'GET /api/geocode/reverse':
        return json(200, makePlace());
      case 'GET /api/categories':
        return json(200, CATEGORIES);
      case 'GET /api/onboarding/services':
        return json(200, services);
      case 'PUT /api/onboarding/services':
        services = {
          categories: (input.categories as string[]).map((slug) => ({
            slug,
            name: slug,
            group_name: 'Home',
          })),
          tags: input.tags as string[],
        };
        done.add('services');
        return json(200, { ...services, status: status() });
      case 'GET /api/onboarding/availability':
        return json(200, { availability });
      case 'PUT /api/onboarding/availability':
        availability = input;
        done.add('availability');
        return json(200, { availability, status: status() });
      default:
        return undefined;
    }
  });
  const sent = (path: string, method = 'PUT') =>
    fetchMock.mock.calls
      .filter(([u, init]) => new URL(String(u), 'http://x').pathname === path && init?.method === method)
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
  return { fetchMock, sent };
}

function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** The step's heading, once the step's screen (downloaded when reached) stands in for its skeleton. */
const heading = async (name: string) => {
  const found = await screen.findByRole('heading', { level: 1, name });
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading this step' })).toBeNull());
  return found;
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('onboarding wizard', () => {
  it('shows where the provider is in the wizard', async () => {
    fakeApi();
    renderApp('/onboarding/profile');
    await heading('Your profile');
    const progress = screen.getByRole('progressbar', { name: 'Onboarding progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '2');
    expect(progress).toHaveAttribute('aria-valuemax', '10');
    expect(screen.getByText('Step 2 of 10')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/onboarding/welcome');
  });

  it('refuses an invalid profile before saving: errors inline, focus on the first invalid field', async () => {
    const { sent } = fakeApi();
    const user = userEvent.setup();
    renderApp('/onboarding/profile');
    await heading('Your profile');
    await user.clear(screen.getByLabelText('Full name'));
    await user.type(screen.getByLabelText('Phone'), '+44 20 7946 0958');
    await user.type(screen.getByLabelText('Bio'), 'I fix <b>everything</b>');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a Ghana phone number, e.g. +233 24 123 4567')).toBeInTheDocument();
    expect(screen.getByText('HTML tags are not allowed')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(sent('/api/onboarding/profile')).toHaveLength(0);
  });

  it('saves a step and moves on; Back and forward keep what was entered', async () => {
    const { sent } = fakeApi();
    const user = userEvent.setup();
    const router = renderApp('/onboarding/profile');
    await heading('Your profile');
    await user.clear(screen.getByLabelText('Full name'));
    await user.type(screen.getByLabelText('Full name'), 'Kofi Boateng');
    await user.type(screen.getByLabelText('Phone'), '024 123 4567');
    await user.type(screen.getByLabelText('Bio'), 'Electrician in Kumasi.');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await heading('Where you work');
    expect(router.state.location.pathname).toBe('/onboarding/location');
    expect(sent('/api/onboarding/profile')).toEqual([
      { full_name: 'Kofi Boateng', phone: '+233241234567', bio: 'Electrician in Kumasi.' },
    ]);
    expect(screen.getByText('Step 3 of 10')).toBeInTheDocument();

    // Something typed on the location step, not saved; then Back.
    const city = await screen.findByLabelText('City or town');
    await user.type(city, 'Tema');
    await user.click(screen.getByRole('link', { name: /Back/ }));
    await heading('Your profile');
    expect(screen.getByLabelText('Full name')).toHaveValue('Kofi Boateng');
    expect(screen.getByLabelText('Phone')).toHaveValue('+233 24 123 4567');
    expect(screen.getByLabelText('Bio')).toHaveValue('Electrician in Kumasi.');

    // An unsaved change on the profile survives the browser's back and forward too.
    await user.type(screen.getByLabelText('Bio'), ' Ten years.');
    await act(() => router.navigate(-1));
    await heading('Where you work');
    expect(await screen.findByLabelText('City or town')).toHaveValue('Tema');
    await act(() => router.navigate(1));
    await heading('Your profile');
    expect(screen.getByLabelText('Bio')).toHaveValue('Electrician in Kumasi. Ten years.');
  });

  it('location: spec 5 save rules before the save, then radius and service areas are saved', async () => {
    const { sent } = fakeApi({ done: ['profile'] });
    const user = userEvent.setup();
    renderApp('/onboarding/location');
    await heading('Where you work');
    const city = await screen.findByLabelText('City or town');

    // No point yet: spec 8's message, nothing sent, focus on the search.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // Inline (the form's alert) and as a toast (which comes once sonner has loaded: lib/toast.ts).
    await waitFor(() => expect(screen.getAllByText('Cannot save: missing location data')).toHaveLength(2));
    expect(screen.getByText('Choose a point on the map')).toBeInTheDocument();
    expect(screen.getByLabelText('Search for your town or area')).toHaveFocus();

    // The place picker suggests as you type (no separate search button).
    await user.type(screen.getByRole('combobox', { name: 'Search for your town or area' }), 'Kumasi');
    await user.click(await screen.findByRole('option', { name: /Kumasi, Ashanti, Ghana/ }));
    expect(city).toHaveValue('Kumasi');
    expect(screen.getByLabelText(/^Region/)).toHaveValue('Ashanti');

    // 'Unknown' is not a city (spec 5).
    await user.clear(city);
    await user.type(city, 'Unknown');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('Invalid location data - please select a valid location'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Invalid location data')).toBeInTheDocument();
    expect(screen.getByText('Enter the town or city')).toBeInTheDocument();
    expect(city).toHaveFocus();
    expect(sent('/api/onboarding/location')).toHaveLength(0);
    await user.clear(city);
    await user.type(city, 'Kumasi');

    // The service area: radius and areas.
    const radius = screen.getByRole('slider', { name: 'How far you travel' });
    expect(radius).toHaveValue('10');
    fireEvent.change(radius, { target: { value: '25' } });
    expect(radius).toHaveAttribute('aria-valuetext', '25 km');
    const areaBox = screen.getByLabelText(/Areas you serve/);
    await user.type(areaBox, 'Bantama{Enter}');
    await user.click(screen.getByRole('button', { name: 'Kumasi' }));
    const areas = screen.getByRole('list', { name: 'Your service areas' });
    expect(
      within(areas)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Bantama', 'Kumasi']);
    await user.type(areaBox, 'bantama{Enter}');
    expect(screen.getByText('Already in your areas')).toBeInTheDocument();
    await user.clear(areaBox);
    await user.type(areaBox, '<i>Adum</i>{Enter}');
    expect(screen.getByText('HTML tags are not allowed')).toBeInTheDocument();
    await user.clear(areaBox);
    await user.click(screen.getByRole('button', { name: 'Remove Bantama' }));
    // Typed but not added: saved with the step.
    await user.type(areaBox, 'Asokwa');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await heading('Your services');
    expect(sent('/api/onboarding/location')).toEqual([
      expect.objectContaining({
        city: 'Kumasi',
        region: 'Ashanti',
        country: 'Ghana',
        latitude: 6.6885,
        longitude: -1.6244,
        geocoding_accuracy: 'user',
        search_radius: 25,
        service_areas: ['Kumasi', 'Asokwa'],
      }),
    ]);
    expect(await screen.findByText('Location saved')).toBeInTheDocument();
  });

  it('location: keeps a typed address only when it is reusable (spec 5), else the server’s default', async () => {
    const { sent } = fakeApi({ done: ['profile', 'location'], location: makeLocation() });
    const user = userEvent.setup();
    renderApp('/onboarding/location');
    const address = await screen.findByLabelText(/^Address/);
    await user.clear(address);
    await user.type(address, 'Behind the big mango tree');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await heading('Your services');
    expect(sent('/api/onboarding/location')[0]).toMatchObject({ address: null });
  });

  it('location: a reusable address is kept as typed', async () => {
    const { sent } = fakeApi({ done: ['profile', 'location'], location: makeLocation() });
    const user = userEvent.setup();
    renderApp('/onboarding/location');
    const address = await screen.findByLabelText(/^Address/);
    await user.clear(address);
    await user.type(address, '12 Prempeh II Street');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await heading('Your services');
    expect(sent('/api/onboarding/location')[0]).toMatchObject({ address: '12 Prempeh II Street' });
  });

  it("location: a failed save says 'Save failed: …' (toast) and 'Failed to save location: …' (form)", async () => {
    fakeApi({
      done: ['profile', 'location'],
      location: makeLocation(),
      saveLocation: () => json(500, { error: { code: 'INTERNAL', message: 'The database is busy.' } }),
    });
    const user = userEvent.setup();
    renderApp('/onboarding/location');
    await screen.findByLabelText('City or town');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Save failed: The database is busy.')).toBeInTheDocument();
    expect(screen.getByText('Failed to save location: The database is busy.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Where you work' })).toBeInTheDocument();
  });

  it("location: a save answered 401 says 'Please sign in to save your location'", async () => {
    fakeApi({
      done: ['profile', 'location'],
      location: makeLocation(),
      saveLocation: () => json(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in first.' } }),
    });
    const user = userEvent.setup();
    renderApp('/onboarding/location');
    await screen.findByLabelText('City or town');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findAllByText('Please sign in to save your location')).length).toBeGreaterThan(0);
  });

  it('location: starts from the saved location, with its radius and areas', async () => {
    fakeApi({
      done: ['profile', 'location'],
      location: makeLocation({ search_radius: 40, service_areas: ['Adum', 'Bantama'] }),
    });
    renderApp('/onboarding/location');
    expect(await screen.findByLabelText('City or town')).toHaveValue('Kumasi');
    expect(screen.getByRole('slider', { name: 'How far you travel' })).toHaveValue('40');
    const areas = screen.getByRole('list', { name: 'Your service areas' });
    expect(
      within(areas)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Adum', 'Bantama']);
  });

  it('services: at least one category before the save', async () => {
    const { sent } = fakeApi({ done: ['profile', 'location'] });
    const user = userEvent.setup();
    renderApp('/onboarding/services');
    await heading('Your services');
    await screen.findByLabelText('Electrical');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose at least one service category')).toBeInTheDocument();
    expect(screen.getByLabelText('Electrical')).toHaveFocus();
    expect(sent('/api/onboarding/services')).toHaveLength(0);

    await user.click(screen.getByLabelText('Plumbing'));
    expect(screen.queryByText('Choose at least one service category')).toBeNull();
    await user.type(screen.getByLabelText(/Services you offer/), 'Burst pipes{Enter}');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await heading('Your working hours');
    expect(sent('/api/onboarding/services')).toEqual([{ categories: ['plumbing'], tags: ['Burst pipes'] }]);
  });

  it('availability: closing after opening, checked before the save', async () => {
    const { sent } = fakeApi({ done: ['profile', 'location', 'services'] });
    const user = userEvent.setup();
    const router = renderApp('/onboarding/availability');
    await heading('Your working hours');
    const closes = await screen.findByLabelText('Monday closes');
    fireEvent.change(closes, { target: { value: '07:00' } });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Closing time must be after opening time')).toBeInTheDocument();
    expect(closes).toHaveFocus();
    expect(closes).toHaveAttribute('aria-invalid', 'true');
    expect(sent('/api/onboarding/availability')).toHaveLength(0);

    fireEvent.change(closes, { target: { value: '18:00' } });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/id'));
    const [week] = sent('/api/onboarding/availability');
    expect(week).toEqual(expect.objectContaining({ timezone: 'Africa/Accra' }));
    expect((week?.days as { weekday: number }[] | undefined)?.[1]).toEqual({
      weekday: 1,
      closed: false,
      opens: '08:00',
      closes: '18:00',
    });
  });

  it('the gate sends a provider who tries a provider page (/post-service) mid-way back to the missing step', async () => {
    const { fetchMock } = fakeApi({ done: ['profile'] });
    const router = renderApp('/post-service');
    await heading('Where you work');
    expect(router.state.location.pathname).toBe('/onboarding/location');
    expect(callsTo(fetchMock, '/api/onboarding/status').length).toBeGreaterThan(0);
  });
});

describe('onboarding wizard in Twi (issue 21)', () => {
  beforeEach(async () => {
    await loadLanguage('ak');
    await i18n.changeLanguage('ak');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the steps in Twi: progress, categories by slug, hours and the buttons', async () => {
    const { sent } = fakeApi({ done: ['profile', 'location'] });
    const user = userEvent.setup();
    renderApp('/onboarding/services');
    await heading('Wo nnwuma');
    expect(screen.getByText('Anammɔn 4 wɔ 10 mu')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Nhyehyɛeɛ no kɔ so' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Anyinam ahoɔden adwuma')).toBeInTheDocument();
    expect(screen.getByText('Efie nnwuma')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /San w'akyi/ })).toHaveAttribute('href', '/onboarding/location');
    await user.click(screen.getByLabelText('Nsuo paipu adwuma (plumbing)'));
    await user.click(screen.getByRole('button', { name: 'Toa so' }));
    await heading('Wo adwuma berɛ');
    expect(sent('/api/onboarding/services')).toEqual([{ categories: ['plumbing'], tags: [] }]);
    expect(await screen.findByLabelText('Dwoada wuto mu')).toBeInTheDocument();
    expect(screen.getByText('Berɛ no yɛ Ghana berɛ. Fa simma 15 anammɔn.')).toBeInTheDocument();
    expect(screen.queryByText('Your working hours')).toBeNull();
  });
});
