import type { ProviderProfileResponse, Service } from '@adwuma/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, makeMe, makeProfile, SIGNED_OUT, stubFetch } from '../auth/test/fixtures.tsx';
import { ProviderProfilePage } from '../providers/provider-profile-page.tsx';
import { CATEGORIES, renderRoutes } from '../search/test/fixtures.tsx';
import { makeQuoteRequest } from './test/fixtures.ts';

const LEAK = '6ea6ae8c-fb81-4694-8f0f-46a2384ceac8';
const TANK = 'b2c2e1c4-0000-4000-8000-000000000002';

function service(overrides: Partial<Service> = {}): Service {
  return {
    id: LEAK,
    provider_id: 'p-1',
    title: 'Leak repair',
    category: 'plumbing',
    category_name: 'Plumbing',
    description: 'Fixing leaking pipes and taps in homes around Kumasi.',
    price_type: 'from',
    price_minor: 20500,
    currency: 'GHS',
    duration_minutes: 60,
    service_areas: [],
    status: 'published',
    published_at: '2026-11-01T10:00:00.000Z',
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    photos: [],
    ...overrides,
  };
}

function profile(services: Service[]): ProviderProfileResponse {
  return {
    provider: {
      provider_id: 'p-1',
      code: 'k3x9q2',
      slug: 'kofi-asante-k3x9q2',
      name: 'Kofi Asante',
      business_name: null,
      avatar_url: null,
      bio: null,
      city: 'Kumasi',
      region: 'Ashanti',
      latitude: null,
      longitude: null,
      verified: true,
      member_since: '2025-06-27T00:00:00.000Z',
      response_time_minutes: null,
      categories: [{ slug: 'plumbing', name: 'Plumbing' }],
      service_areas: [],
      min_price_minor: 20500,
      price_type: 'from',
      currency: 'GHS',
    },
    services,
    availability: null,
    rating_summary: { average: 0, count: 0 },
    contact: { phone: null, whatsapp_url: null },
    canonicalSlug: 'kofi-asante-k3x9q2',
  };
}

const TWO_SERVICES = [service(), service({ id: TANK, title: 'Tank cleaning' })];

function renderProfile({
  me = makeMe('customer', { profile: makeProfile({ city: 'Kumasi' }) }),
  services = TWO_SERVICES,
  onCreate = () => json(201, { request: makeQuoteRequest() }),
}: {
  me?: ReturnType<typeof makeMe> | null;
  services?: Service[];
  onCreate?: (body: unknown) => Response;
} = {}) {
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return me ? json(200, me) : SIGNED_OUT();
    if (req.path === '/api/categories') return json(200, CATEGORIES);
    if (req.path === '/api/favorites/ids') return json(200, { provider_ids: [] });
    if (req.path.startsWith('/api/providers/')) return json(200, profile(services));
    if (req.path === '/api/quote-requests' && req.method === 'POST') return onCreate(req.body);
    return undefined;
  });
  const view = renderRoutes(
    [
      { path: '/providers/:slug', Component: ProviderProfilePage },
      { path: '/service-requests', Component: () => <h1>Requests page</h1> },
    ],
    '/providers/kofi-asante-k3x9q2',
  );
  return { ...view, fetchMock };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Request a quote on a provider profile', () => {
  it('checks the form, refuses a past date, then sends the request and links to the sent requests', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderProfile();
    const header = await screen.findByRole('heading', { level: 1, name: 'Kofi Asante' });
    expect(header).toBeInTheDocument();
    // The general button, beside Message (the per-service ones are named after their service).
    await user.click(screen.getByRole('button', { name: 'Request a quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask Kofi for a quote' });
    // The city comes from the customer's profile.
    expect(within(dialog).getByLabelText(/Town or city/)).toHaveValue('Kumasi');

    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Service')).toHaveAccessibleDescription('Choose a service'),
    );
    expect(within(dialog).getByLabelText('What do you need?')).toHaveAccessibleDescription(
      /^This field is required/,
    );

    await user.selectOptions(within(dialog).getByLabelText('Service'), 'Tank cleaning');
    await user.type(within(dialog).getByLabelText('What do you need?'), 'Too short');
    fireEvent.change(within(dialog).getByLabelText(/Preferred date/), { target: { value: '2020-01-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Must be at least 10 characters long')).toBeInTheDocument();
    expect(within(dialog).getByText('The date cannot be in the past')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/quote-requests')).toHaveLength(0);

    const details = within(dialog).getByLabelText('What do you need?');
    await user.clear(details);
    await user.click(details);
    await user.paste('The 1000 litre tank on the roof needs a full clean.');
    fireEvent.change(within(dialog).getByLabelText(/Preferred date/), { target: { value: '' } });
    await user.click(within(dialog).getByLabelText(/Address or landmark/));
    await user.paste('Asokwa, blue gate');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    const done = await screen.findByRole('dialog', { name: 'Request sent' });
    expect(callsTo(fetchMock, '/api/quote-requests')[0]?.body).toEqual({
      service_id: TANK,
      details: 'The 1000 litre tank on the roof needs a full clean.',
      preferred_date: null,
      city: 'Kumasi',
      address: 'Asokwa, blue gate',
    });
    expect(within(done).getByRole('link', { name: 'See your requests' })).toHaveAttribute(
      'href',
      '/service-requests?tab=sent',
    );
    expect(
      await screen.findByText('Your request was sent to Kofi Asante.', { selector: '[data-title]' }),
    ).toBeInTheDocument();
  }, 15_000);

  it('a service’s own button chooses that service; the server’s refusal is shown', async () => {
    const user = userEvent.setup();
    renderProfile({
      onCreate: () =>
        json(409, {
          error: {
            code: 'TOO_MANY_REQUESTS',
            message: 'You already have open requests with this provider. Wait for an answer first.',
          },
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Request a quote: Leak repair' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask Kofi for a quote' });
    expect(within(dialog).getByLabelText('Service')).toHaveValue(LEAK);
    await user.click(within(dialog).getByLabelText('What do you need?'));
    await user.paste('A dripping tap in the bathroom.');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    fireEvent.change(within(dialog).getByLabelText(/Preferred date/), { target: { value: tomorrow } });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(
      await within(dialog).findByText(
        'You already have open requests with this provider. Wait for an answer first.',
      ),
    ).toBeInTheDocument();
  });

  it('is not offered on one’s own profile, nor when there is no service to quote', async () => {
    renderProfile({ me: makeMe('service_provider', { user: { ...makeMe().user, id: 'p-1' } }) });
    expect(await screen.findByText(/This is your public profile/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Request a quote/ })).not.toBeInTheDocument();
    cleanup();

    renderProfile({ services: [] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kofi Asante' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Request a quote/ })).not.toBeInTheDocument();
  });

  it('signed out, every quote button leads to sign-in and back', async () => {
    renderProfile({ me: null });
    const links = await screen.findAllByRole('link', { name: /Request a quote/ });
    expect(links).toHaveLength(3);
    for (const link of links)
      expect(link).toHaveAttribute('href', '/auth?returnTo=%2Fproviders%2Fkofi-asante-k3x9q2');
  });
});
