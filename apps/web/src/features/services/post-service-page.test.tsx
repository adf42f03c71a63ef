import type { Service } from '@adwuma/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, type Handler, json, makeMe, stubFetch } from '../auth/test/fixtures.tsx';
import { CATEGORIES, renderRoutes } from '../search/test/fixtures.tsx';
import { PostServicePage } from './post-service-page.tsx';

function service(overrides: Partial<Service> = {}): Service {
  return {
    id: '6ea6ae8c-fb81-4694-8f0f-46a2384ceac8',
    provider_id: 'user-1',
    title: 'Leak repair',
    category: 'plumbing',
    category_name: 'Plumbing',
    description: 'Fixing leaking pipes and taps in homes around Kumasi.',
    price_type: 'from',
    price_minor: 20500,
    currency: 'GHS',
    duration_minutes: 60,
    service_areas: ['Asokwa'],
    status: 'published',
    published_at: '2026-11-01T10:00:00.000Z',
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    photos: [],
    ...overrides,
  };
}

function renderPage(handler: Handler, items: Service[] = []) {
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('service_provider'));
    if (req.path === '/api/categories') return json(200, CATEGORIES);
    if (req.path === '/api/services/mine')
      return json(200, { items, max: 50, profile_slug: 'kofi-mensah-k3x9q2ab' });
    return handler(req);
  });
  const view = renderRoutes([{ path: '/post-service', Component: PostServicePage }], '/post-service');
  return { ...view, fetchMock };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function fillValidService(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Service title'), 'Knotless braids');
  await user.selectOptions(screen.getByLabelText('Category'), 'hair-braiding');
  await user.type(
    screen.getByLabelText('Description'),
    'Medium knotless braids, hair included, about five hours in my salon.',
  );
}

describe('/post-service', () => {
  it('blocks prices that are not amounts, then sends pesewas', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage((req) =>
      req.path === '/api/services' && req.method === 'POST'
        ? json(201, { service: service({ title: 'Knotless braids' }) })
        : undefined,
    );
    await fillValidService(user);
    const price = screen.getByLabelText('Price in GH₵');
    const save = screen.getByRole('button', { name: 'Save service' });

    for (const bad of ['12.345', '-5', 'abc']) {
      await user.clear(price);
      await user.type(price, bad);
      await user.click(save);
      expect(await screen.findByText('Enter an amount such as 150 or 150.50')).toBeInTheDocument();
      expect(price).toHaveAttribute('aria-invalid', 'true');
    }
    await user.clear(price);
    await user.type(price, '9999999999');
    await user.click(save);
    expect(await screen.findByText('Enter an amount such as 150 or 150.50')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/services')).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '1,250.5');
    expect(screen.getByText('Customers see: GH₵ 1,250.50')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Starting from' }));
    await user.selectOptions(screen.getByLabelText(/How long it takes/), '300');
    await user.type(screen.getByLabelText(/Areas you serve/), 'east legon{Enter}');
    await user.click(screen.getByRole('radio', { name: /Published/ }));
    await user.click(save);

    expect(await screen.findByText('Service saved')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/services')[0]?.body).toEqual({
      title: 'Knotless braids',
      category: 'hair-braiding',
      description: 'Medium knotless braids, hair included, about five hours in my salon.',
      price_type: 'from',
      price: 125050,
      duration_minutes: 300,
      service_areas: ['East Legon'],
      status: 'published',
    });
  });

  it('lists the services with the status changes the rules allow, and deletes after a confirmation', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage(
      (req) => {
        if (req.method === 'PATCH') return json(200, { service: service({ status: 'paused' }) });
        if (req.method === 'DELETE') return new Response(null, { status: 204 });
        return undefined;
      },
      [
        service(),
        service({ id: 'b2c2e1c4-0000-4000-8000-000000000002', title: 'Tank cleaning', status: 'draft' }),
      ],
    );
    const list = (await screen.findByRole('heading', { name: 'My services' })).closest(
      'section',
    ) as HTMLElement;
    expect(await within(list).findByText('Leak repair')).toBeInTheDocument();
    expect(within(list).getAllByText('Plumbing · From GH₵ 205.00 · 1 h')).toHaveLength(2);

    await user.click(within(list).getByRole('button', { name: 'Pause Leak repair' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/services/6ea6ae8c-fb81-4694-8f0f-46a2384ceac8')[0]?.body).toEqual({
        status: 'paused',
      }),
    );

    // Editing a draft: it may be published, not paused.
    await user.click(within(list).getByRole('button', { name: 'Edit Tank cleaning' }));
    expect(await screen.findByRole('heading', { name: 'Edit “Tank cleaning”' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Paused/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Published/ })).toBeEnabled();
    expect(screen.getByLabelText('Price in GH₵')).toHaveValue('205');

    await user.click(within(list).getByRole('button', { name: 'Delete Leak repair' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this service?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete service' }));
    expect(await screen.findByText('“Leak repair” deleted')).toBeInTheDocument();
    expect(
      callsTo(fetchMock, '/api/services/6ea6ae8c-fb81-4694-8f0f-46a2384ceac8').filter(
        (c) => c.body === undefined,
      ),
    ).toHaveLength(1);
  });
});
