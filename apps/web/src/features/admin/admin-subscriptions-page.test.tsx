import type { AdminSubscription } from '@adwuma/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, makeMe, renderWithSession, stubFetch } from '../auth/test/fixtures.tsx';
import { AdminSubscriptionsPage } from './admin-subscriptions-page.tsx';
import { AdminDashboardPage } from './dashboard/admin-dashboard-page.tsx';

const ROWS: AdminSubscription[] = [
  {
    user_id: 'u-1',
    full_name: 'Kofi Boateng',
    email: 'kofi@example.com',
    tier: 'pro',
    status: 'active',
    gateway: 'paystack',
    currency: 'GHS',
    cadence: 'monthly',
    amount_minor: 15_000,
    current_period_end: '2026-12-25T10:00:00.000Z',
    cancel_at_period_end: false,
    updated_at: '2026-11-25T10:00:00.000Z',
  },
  {
    user_id: 'u-2',
    full_name: 'Ama Mensah',
    email: 'ama@example.com',
    tier: 'premium',
    status: 'past_due',
    gateway: 'stripe',
    currency: 'USD',
    cadence: 'annual',
    amount_minor: 49_000,
    current_period_end: '2026-11-20T10:00:00.000Z',
    cancel_at_period_end: false,
    updated_at: '2026-11-21T10:00:00.000Z',
  },
];

const COUNTS = { starter: 40, pro: 7, premium: 3, enterprise: 0 };

function renderAdmin(path = '/admin/subscriptions') {
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('admin'));
    if (req.path === '/api/admin/overview') {
      return json(200, {
        users: { total: 50, byRole: { admin: 1, service_provider: 10, explorer: 4, customer: 35 } },
        waitlistSubscribers: 3,
        enterpriseLeads: 1,
        frontendErrorsLast24h: 0,
        securityEventsLast24h: 2,
      });
    }
    if (req.path === '/api/admin/subscriptions') {
      const p = req.url.searchParams;
      const q = (p.get('q') ?? '').toLowerCase();
      const subscriptions = ROWS.filter(
        (r) =>
          (!p.get('tier') || r.tier === p.get('tier')) &&
          (!p.get('status') || r.status === p.get('status')) &&
          (!q || `${r.full_name} ${r.email}`.toLowerCase().includes(q)),
      );
      return json(200, {
        subscriptions,
        total: subscriptions.length,
        page: Number(p.get('page') ?? 1),
        page_size: 20,
        counts: COUNTS,
      });
    }
    return undefined;
  });
  const utils = renderWithSession(
    [
      { path: '/admin', Component: AdminDashboardPage },
      { path: '/admin/subscriptions', Component: AdminSubscriptionsPage },
    ],
    path,
  );
  return { fetchMock, ...utils };
}

describe('/admin/subscriptions', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists subscriptions with the counts per tier above', async () => {
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Subscriptions' })).toBeInTheDocument();
    const counts = await screen.findByRole('list', { name: 'Subscriptions per tier' });
    const items = within(counts).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Starter40', 'Pro7', 'Premium3', 'Enterprise0']);

    const table = screen.getByRole('table', { name: 'Subscriptions' });
    const kofi = within(table).getByText('Kofi Boateng').closest('tr') as HTMLElement;
    expect(within(kofi).getByText('Pro')).toBeInTheDocument();
    expect(within(kofi).getByText('Paystack')).toBeInTheDocument();
    expect(within(kofi).getByText('GH₵ 150.00')).toBeInTheDocument();
    expect(within(kofi).getByText('Active')).toBeInTheDocument();
    expect(kofi).toHaveTextContent('Renews 25 Dec 2026');
    const ama = within(table).getByText('Ama Mensah').closest('tr') as HTMLElement;
    expect(within(ama).getByText('Past due')).toBeInTheDocument();
    expect(within(ama).getByText('$490.00')).toBeInTheDocument();
  });

  it('filters by tier and status in the address, and the text search keeps them', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderAdmin();
    await screen.findByRole('table', { name: 'Subscriptions' });

    await user.selectOptions(screen.getByLabelText('Tier'), 'premium');
    await waitFor(() => expect(router.state.location.search).toBe('?tier=premium'));
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('Kofi Boateng')).toBeNull());

    await user.selectOptions(screen.getByLabelText('Status'), 'active');
    await waitFor(() => expect(router.state.location.search).toBe('?tier=premium&status=active'));
    expect(await screen.findByText('No subscriptions match these filters.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), '');
    await user.selectOptions(screen.getByLabelText('Tier'), '');
    await user.type(screen.getByLabelText('Search by name or email'), 'kofi');
    await user.selectOptions(screen.getByLabelText('Tier'), 'pro');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tier=pro&q=kofi'));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/admin/subscriptions').some(
          (c) => c.url.searchParams.get('q') === 'kofi' && c.url.searchParams.get('tier') === 'pro',
        ),
      ).toBe(true),
    );
    const table = await screen.findByRole('table', { name: 'Subscriptions' });
    expect(within(table).getByText('Kofi Boateng')).toBeInTheDocument();
    expect(within(table).queryByText('Ama Mensah')).toBeNull();
  });

  it('the admin overview shows the subscriptions per tier, linking to the list', async () => {
    renderAdmin('/admin');
    const card = await screen.findByRole('link', { name: /Subscriptions/ });
    await waitFor(() => expect(card).toHaveTextContent('Starter 40 · Pro 7 · Premium 3'));
    expect(card).toHaveAttribute('href', '/admin/subscriptions');
  });
});
