import type { Dispute } from '@adwuma/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HELD_MONEY } from '../../../test/escrow.ts';
import { callsTo, json, makeMe, renderWithSession, stubFetch } from '../../auth/test/fixtures.tsx';
import { makeBooking } from '../../quotes/test/fixtures.ts';
import { AdminDisputeDetailPage } from './admin-dispute-detail-page.tsx';
import { AdminDisputesPage } from './admin-disputes-page.tsx';

function makeDispute(overrides: Partial<Dispute> = {}): Dispute {
  return {
    id: 'd-1',
    status: 'open',
    money_at_stake_minor: HELD_MONEY.held_minor,
    reason: 'poor_quality',
    opener_role: 'customer',
    in_favour_of: null,
    resolution_note: null,
    created_at: '2026-11-21T09:00:00.000Z',
    resolved_at: null,
    description: 'The pipe still leaks after the repair and the provider stopped answering.',
    booking: makeBooking({ status: 'disputed', role: 'customer' }),
    opened_by: { id: 'user-9', name: 'Ama Mensah', avatar_url: null },
    photos: [
      { id: 'ph-1', url: '/api/files/ph-1?sig=1', content_type: 'image/jpeg' },
      { id: 'ph-2', url: '/api/files/ph-2?sig=1', content_type: 'application/pdf' },
    ],
    history: [
      {
        id: 'e-1',
        action: 'mark_done',
        actor_role: 'provider',
        from_status: 'in_progress',
        to_status: 'awaiting_confirmation',
        created_at: '2026-11-20T09:00:00.000Z',
        details: null,
      },
      {
        id: 'e-2',
        action: 'open_dispute',
        actor_role: 'customer',
        from_status: 'awaiting_confirmation',
        to_status: 'disputed',
        created_at: '2026-11-21T09:00:00.000Z',
        details: null,
      },
    ],
    ...overrides,
  };
}

function renderAdmin(path: string) {
  const server = { dispute: makeDispute() };
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('admin'));
    if (req.path === '/api/admin/disputes') {
      const status = req.url.searchParams.get('status');
      const { history, photos, description, ...summary } = server.dispute;
      const items =
        status === 'resolved'
          ? [{ ...summary, id: 'd-2', status: 'resolved' as const, in_favour_of: 'provider' as const }]
          : [summary];
      return json(200, { items, total: items.length, page: Number(req.url.searchParams.get('page') ?? 1) });
    }
    if (req.path === '/api/admin/disputes/d-1' && req.method === 'GET')
      return json(200, { dispute: server.dispute });
    if (req.path === '/api/admin/disputes/d-1/conversation') {
      const { customer } = server.dispute.booking;
      return json(200, {
        conversation_id: 'c-1',
        messages: [
          {
            id: 'm-1',
            conversation_id: 'c-1',
            seq: 1,
            sender_id: customer.id,
            body: 'Please bring the <b>blue</b> thread.',
            client_id: null,
            attachment: null,
            context: null,
            created_at: '2026-11-20T09:00:00.000Z',
          },
        ],
      });
    }
    if (req.path === '/api/admin/disputes/d-1/resolve') {
      const body = req.body as {
        in_favour_of: 'customer' | 'provider' | 'split';
        note: string;
        provider_minor?: number;
        customer_minor?: number;
      };
      server.dispute = {
        ...server.dispute,
        status: 'resolved',
        in_favour_of: body.in_favour_of,
        resolution_note: body.note,
        resolved_at: '2026-11-22T10:00:00.000Z',
        history: [
          ...server.dispute.history,
          {
            id: 'e-3',
            action: 'resolve_dispute',
            actor_role: 'admin',
            from_status: 'disputed',
            to_status: body.in_favour_of === 'customer' ? 'cancelled' : 'completed',
            created_at: '2026-11-22T10:00:00.000Z',
            details: {
              in_favour_of: body.in_favour_of,
              provider_minor: body.provider_minor ?? (body.in_favour_of === 'provider' ? 45_000 : 0),
              customer_minor: body.customer_minor ?? (body.in_favour_of === 'customer' ? 45_000 : 0),
            },
          },
        ],
      };
      return json(200, { dispute: server.dispute });
    }
    return undefined;
  });
  const utils = renderWithSession(
    [
      { path: '/admin/disputes', Component: AdminDisputesPage },
      { path: '/admin/disputes/:id', Component: AdminDisputeDetailPage },
    ],
    path,
  );
  return { fetchMock, ...utils };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/admin/disputes', () => {
  it('lists open disputes and filters to resolved ones through the URL', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderAdmin('/admin/disputes');
    const table = await screen.findByRole('table', { name: 'Disputes' });
    expect(within(table).getByRole('link', { name: 'Leak repair' })).toHaveAttribute(
      'href',
      '/admin/disputes/d-1',
    );
    expect(within(table).getByText('The work was poorly done')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/admin/disputes')[0]?.url.searchParams.get('status')).toBe('open');

    await user.selectOptions(screen.getByLabelText('Show'), 'resolved');
    expect(router.state.location.search).toBe('?status=resolved');
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Disputes' })).getByText(/Resolved · provider/),
      ).toBeInTheDocument(),
    );
    expect(callsTo(fetchMock, '/api/admin/disputes').at(-1)?.url.searchParams.get('status')).toBe('resolved');
  });

  it('shows the booking, the evidence and the history, and resolves after confirmation', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderAdmin('/admin/disputes/d-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Leak repair' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Evidence 1 of 2' })).toHaveAttribute(
      'src',
      '/api/files/ph-1?sig=1',
    );
    expect(screen.getByRole('link', { name: /Open PDF/ })).toHaveAttribute('href', '/api/files/ph-2?sig=1');
    expect(screen.getByText('Dispute opened')).toBeInTheDocument();
    // The parties' conversation, as text.
    expect(await screen.findByText('Please bring the <b>blue</b> thread.')).toBeInTheDocument();
    expect(screen.getByText('GH₵ 450.00', { exact: false })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resolve dispute' }));
    expect(screen.getByText('Choose the customer, the provider or a split')).toBeInTheDocument();
    expect(screen.getByLabelText('Note to both parties')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('radio', { name: /The customer/ }));
    await user.type(screen.getByLabelText('Note to both parties'), 'The leak was not fixed; refund agreed.');
    await user.click(screen.getByRole('button', { name: 'Resolve dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve in favour of Ama Mensah?' });
    expect(callsTo(fetchMock, '/api/admin/disputes/d-1/resolve')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm resolution' }));

    expect(await screen.findByRole('heading', { name: 'Outcome' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/admin/disputes/d-1/resolve')[0]?.body).toEqual({
      in_favour_of: 'customer',
      note: 'The leak was not fixed; refund agreed.',
    });
    expect(screen.getByText('In favour of the customer (Ama Mensah)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resolve dispute' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('resolves with a split in cedis: both amounts, adding up to the money held, sent in pesewas', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderAdmin('/admin/disputes/d-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Leak repair' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^To the provider/)).toBeNull();

    await user.click(screen.getByRole('radio', { name: /A split/ }));
    expect(
      await screen.findByText(
        'Held by Adwuma for this booking: GH₵ 450.00. The two amounts must add up to it.',
      ),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Note to both parties'), 'Half the work was done: shared fairly.');
    await user.click(screen.getByRole('button', { name: 'Resolve dispute' }));
    // Both amounts are needed.
    expect(screen.getByLabelText('To the provider (Kofi Asante)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Back to the customer (Ama Mensah)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByText('Enter the amount for the provider in cedis')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    // Not an amount, then amounts that do not add up to what is held.
    await user.type(screen.getByLabelText('To the provider (Kofi Asante)'), 'half');
    await user.type(screen.getByLabelText('Back to the customer (Ama Mensah)'), '150');
    await user.click(screen.getByRole('button', { name: 'Resolve dispute' }));
    expect(screen.getByText('Enter an amount such as 150 or 150.50')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('To the provider (Kofi Asante)'));
    await user.type(screen.getByLabelText('To the provider (Kofi Asante)'), '250');
    await user.click(screen.getByRole('button', { name: 'Resolve dispute' }));
    expect(screen.getByText('The two amounts must add up to GH₵ 450.00.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.clear(screen.getByLabelText('To the provider (Kofi Asante)'));
    await user.type(screen.getByLabelText('To the provider (Kofi Asante)'), '300');
    await user.click(screen.getByRole('button', { name: 'Resolve dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve with a split?' });
    expect(
      within(dialog).getByText(/GH₵ 300.00 to the provider, GH₵ 150.00 back to the customer/),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/admin/disputes/d-1/resolve')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm resolution' }));

    expect(await screen.findByRole('heading', { name: 'Outcome' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/admin/disputes/d-1/resolve')[0]?.body).toEqual({
      in_favour_of: 'split',
      note: 'Half the work was done: shared fairly.',
      provider_minor: 30_000,
      customer_minor: 15_000,
    });
    expect(screen.getByText('Split between both sides')).toBeInTheDocument();
    expect(
      screen.getByText('GH₵ 300.00 to the provider, GH₵ 150.00 back to the customer'),
    ).toBeInTheDocument();
  });
});
