import type { AdminMoneyOverview, AdminMoneyPayment, AdminPayout, AdminRefund } from '@adwuma/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, makeMe, renderWithSession, stubFetch } from '../../auth/test/fixtures.tsx';
import { AdminMoneyPage } from './admin-money-page.tsx';
import { NOTHING_SENT } from './money-lists.tsx';

const BALANCED: AdminMoneyOverview = {
  books_balance: true,
  unbalanced_transactions: 0,
  held_minor: 125_000,
  providers_pending_minor: 41_000,
  providers_available_minor: 9_000,
  in_flight_minor: 5_000,
  refunds_due_minor: 2_500,
  commission_minor: 18_000,
  revenue_by_month: [
    { month: '2026-11', commission_minor: 12_000, subscriptions_minor: 15_000 },
    { month: '2026-10', commission_minor: 6_000, subscriptions_minor: 0 },
  ],
  usd_subscriptions_by_month: [{ month: '2026-11', subscriptions_minor: 1_200 }],
};

const PAYMENTS: AdminMoneyPayment[] = [
  {
    id: 'pay-1',
    purpose: 'booking',
    status: 'succeeded',
    gateway: 'sandbox',
    amount_minor: 50_000,
    currency: 'GHS',
    refunded_minor: 5_000,
    payer_id: 'u-1',
    payer_name: 'Ama Mensah',
    payer_email: 'ama@example.com',
    booking_id: 'b-1',
    tier: null,
    method_label: 'MTN MoMo •••• 3456',
    receipt_number: 'ADW-000001',
    failure_reason: null,
    test_mode: true,
    created_at: '2026-11-20T10:00:00.000Z',
    paid_at: '2026-11-20T10:01:00.000Z',
  },
  {
    id: 'pay-2',
    purpose: 'subscription',
    status: 'failed',
    gateway: 'paystack',
    amount_minor: 15_000,
    currency: 'GHS',
    refunded_minor: 0,
    payer_id: 'u-2',
    payer_name: 'Kofi Boateng',
    payer_email: 'kofi@example.com',
    booking_id: null,
    tier: 'pro',
    method_label: null,
    receipt_number: null,
    failure_reason: 'Declined by the bank',
    test_mode: false,
    created_at: '2026-11-19T10:00:00.000Z',
    paid_at: null,
  },
];

function payout(overrides: Partial<AdminPayout>): AdminPayout {
  return {
    id: 'po-1',
    provider_id: 'p-1',
    provider_name: 'Yaw Boateng',
    amount_minor: 41_000,
    status: 'paid',
    method_label: 'MTN MoMo •••• 4567',
    failure_reason: null,
    gateway: 'sandbox',
    attempts: 1,
    superseded: false,
    created_at: '2026-11-21T10:00:00.000Z',
    settled_at: '2026-11-21T10:05:00.000Z',
    ...overrides,
  };
}

function refund(overrides: Partial<AdminRefund>): AdminRefund {
  return {
    id: 'rf-1',
    booking_id: 'b-1',
    customer_name: 'Ama Mensah',
    amount_minor: 5_000,
    status: 'sent',
    reason: 'Cancelled in time',
    failure_reason: null,
    created_at: '2026-11-22T10:00:00.000Z',
    attempts: 1,
    sent_at: '2026-11-22T10:01:00.000Z',
    ...overrides,
  };
}

const page = <T,>(items: T[], p = 1) => ({ items, page: p, pageSize: 20, total: items.length });

function renderMoney(path = '/admin/money', options: { overview?: AdminMoneyOverview } = {}) {
  const server = {
    payouts: [
      payout({}),
      payout({
        id: 'po-2',
        provider_name: 'Efua Asante',
        status: 'failed',
        failure_reason: 'The network refused the transfer',
        settled_at: null,
        attempts: 2,
      }),
      payout({
        id: 'po-0',
        provider_name: 'Kwesi Appiah',
        status: 'reversed',
        failure_reason: 'The receiving account returned the transfer.',
        settled_at: null,
        superseded: true,
      }),
    ],
    refunds: [
      refund({}),
      refund({ id: 'rf-2', customer_name: 'Kojo Addo', status: 'failed', failure_reason: 'Card expired' }),
    ],
    retryAnswer: 200,
    nothingToSend: false,
  };
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('admin'));
    if (req.path === '/api/admin/money') return json(200, options.overview ?? BALANCED);
    if (req.path === '/api/admin/money/payments') {
      const status = req.url.searchParams.get('status');
      const purpose = req.url.searchParams.get('purpose');
      return json(
        200,
        page(PAYMENTS.filter((p) => (!status || p.status === status) && (!purpose || p.purpose === purpose))),
      );
    }
    if (req.path === '/api/admin/money/payouts') {
      const status = req.url.searchParams.get('status');
      return json(200, page(server.payouts.filter((p) => !status || p.status === status)));
    }
    if (req.path === '/api/admin/money/refunds') {
      const status = req.url.searchParams.get('status');
      return json(200, page(server.refunds.filter((r) => !status || r.status === status)));
    }
    const payoutRetry = /^\/api\/admin\/money\/payouts\/([^/]+)\/retry$/.exec(req.path);
    if (payoutRetry && req.method === 'POST') {
      if (server.retryAnswer !== 200)
        return json(409, {
          error: { code: 'CONFLICT', message: 'Only a failed or reversed payout can be retried.' },
        });
      const retried = server.payouts.find((p) => p.id === payoutRetry[1])!;
      if (server.nothingToSend) return json(200, { payout: retried, new_payout: null });
      const started = payout({
        ...retried,
        id: 'po-3',
        status: 'pending',
        failure_reason: null,
        settled_at: null,
        attempts: retried.attempts + 1,
      });
      server.payouts = [
        started,
        ...server.payouts.map((p) => (p.id === retried.id ? { ...p, superseded: true } : p)),
      ];
      return json(200, { payout: { ...retried, superseded: true }, new_payout: started });
    }
    const refundRetry = /^\/api\/admin\/money\/refunds\/([^/]+)\/retry$/.exec(req.path);
    if (refundRetry && req.method === 'POST') {
      server.refunds = server.refunds.map((r) =>
        r.id === refundRetry[1]
          ? { ...r, status: 'sent', failure_reason: null, attempts: r.attempts + 1 }
          : r,
      );
      return json(200, { refund: server.refunds.find((r) => r.id === refundRetry[1]) });
    }
    return undefined;
  });
  const utils = renderWithSession([{ path: '/admin/money', Component: AdminMoneyPage }], path);
  return { fetchMock, server, ...utils };
}

describe('/admin/money', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens on the overview: the books balance, the balances and revenue by month', async () => {
    renderMoney();
    expect(await screen.findByRole('heading', { name: 'Money' })).toBeInTheDocument();
    expect(await screen.findByText('Books balance ✓')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');

    const balances = within(screen.getByRole('list', { name: 'Balances' })).getAllByRole('listitem');
    expect(balances.map((li) => li.firstChild?.textContent)).toEqual([
      'Held for bookings',
      'Pending earnings',
      'Available to pay out',
      'Payouts in flight',
      'Refunds due',
      'Commission earned',
    ]);
    expect(balances[0]).toHaveTextContent('GH₵ 1,250.00');
    expect(balances[4]).toHaveTextContent('GH₵ 25.00');

    const revenue = screen.getByRole('table', { name: 'Revenue by month' });
    const november = within(revenue).getByRole('row', { name: /November 2026/ });
    expect(
      within(november)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['GH₵ 120.00', 'GH₵ 150.00', 'GH₵ 270.00']);
    expect(within(revenue).getByRole('row', { name: /October 2026/ })).toHaveTextContent('GH₵ 60.00');
    const dollars = screen.getByRole('list', { name: 'Subscriptions paid in dollars' });
    expect(dollars).toHaveTextContent('November 2026$12.00');
  });

  it('warns in red with the count when the books do not balance', async () => {
    renderMoney('/admin/money', {
      overview: {
        ...BALANCED,
        books_balance: false,
        unbalanced_transactions: 3,
        revenue_by_month: [],
        usd_subscriptions_by_month: [],
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The books do not balance');
    expect(alert).toHaveTextContent('3 transactions do not sum to zero.');
    expect(screen.queryByText('Books balance ✓')).toBeNull();
    expect(screen.getByText('No revenue yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Subscriptions paid in dollars' })).toBeNull();
  });

  it('lists payments of bookings and plans, filtered by status and purpose in the address', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderMoney();
    await user.click(await screen.findByRole('link', { name: 'Payments' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=payments'));

    const table = await screen.findByRole('table', { name: 'Payments' });
    const ama = within(table).getByText('Ama Mensah').closest('tr') as HTMLElement;
    expect(ama).toHaveTextContent('Booking');
    expect(ama).toHaveTextContent('GH₵ 500.00');
    expect(ama).toHaveTextContent('GH₵ 50.00 refunded');
    expect(ama).toHaveTextContent('Paid');
    expect(ama).toHaveTextContent('MTN MoMo •••• 3456');
    expect(ama).toHaveTextContent('ADW-000001');
    const kofi = within(table).getByText('Kofi Boateng').closest('tr') as HTMLElement;
    expect(kofi).toHaveTextContent('Plan · Pro');
    expect(kofi).toHaveTextContent('Failed');
    expect(kofi).toHaveTextContent('Declined by the bank');

    await user.selectOptions(screen.getByLabelText('For'), 'booking');
    await waitFor(() => expect(router.state.location.search).toBe('?view=payments&purpose=booking'));
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('Kofi Boateng')).toBeNull());
    await user.selectOptions(screen.getByLabelText('Show'), 'failed');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?view=payments&purpose=booking&status=failed'),
    );
    expect(await screen.findByText('No payments match these filters.')).toBeInTheDocument();
    expect(
      callsTo(fetchMock, '/api/admin/money/payments').some(
        (c) =>
          c.url.searchParams.get('status') === 'failed' && c.url.searchParams.get('purpose') === 'booking',
      ),
    ).toBe(true);
  });

  it('retries a failed payout: only failed ones not sent again have the button, and the list refreshes', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderMoney('/admin/money?view=payouts');
    const table = await screen.findByRole('table', { name: 'Payouts' });
    const paid = within(table).getByText('Yaw Boateng').closest('tr') as HTMLElement;
    expect(within(paid).queryByRole('button')).toBeNull();
    expect(paid).toHaveTextContent('Paid');
    const reversed = within(table).getByText('Kwesi Appiah').closest('tr') as HTMLElement;
    expect(reversed).toHaveTextContent('Reversed');
    expect(reversed).toHaveTextContent('Sent again in a later payout');
    expect(within(reversed).queryByRole('button')).toBeNull();
    const failed = within(table).getByText('Efua Asante').closest('tr') as HTMLElement;
    expect(failed).toHaveTextContent('The network refused the transfer');
    expect(failed).toHaveTextContent('Failed');

    await user.click(within(failed).getByRole('button', { name: 'Retry the payout to Efua Asante' }));
    expect(await screen.findByText('Payout of GH₵ 410.00 sent again')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/admin/money/payouts/po-2/retry')).toHaveLength(1);
    await waitFor(() => {
      const rows = within(screen.getByRole('table', { name: 'Payouts' }))
        .getAllByText('Efua Asante')
        .map((cell) => cell.closest('tr') as HTMLElement);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toHaveTextContent('Sending');
      expect(rows[1]).toHaveTextContent('Sent again in a later payout');
      for (const row of rows) expect(within(row).queryByRole('button')).toBeNull();
    });
  });

  it('says when a retry could not start a payout', async () => {
    const user = userEvent.setup();
    const { server } = renderMoney('/admin/money?view=payouts');
    server.nothingToSend = true;
    const table = await screen.findByRole('table', { name: 'Payouts' });
    await user.click(within(table).getByRole('button', { name: 'Retry the payout to Efua Asante' }));
    expect(await screen.findByText('No payout started')).toBeInTheDocument();
    expect(screen.getByText(NOTHING_SENT)).toBeInTheDocument();
  });

  it('shows the server refusing a retry', async () => {
    const user = userEvent.setup();
    const { server } = renderMoney('/admin/money?view=payouts&status=failed');
    server.retryAnswer = 409;
    const table = await screen.findByRole('table', { name: 'Payouts' });
    expect(within(table).queryByText('Yaw Boateng')).toBeNull();
    expect(screen.getByLabelText('Show')).toHaveValue('failed');
    await user.click(within(table).getByRole('button', { name: 'Retry the payout to Efua Asante' }));
    expect(await screen.findByText('Could not retry the payout')).toBeInTheDocument();
    expect(screen.getByText('Only a failed or reversed payout can be retried.')).toBeInTheDocument();
  });

  it('retries a failed refund', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderMoney('/admin/money?view=refunds');
    const table = await screen.findByRole('table', { name: 'Refunds' });
    const sent = within(table).getByText('Ama Mensah').closest('tr') as HTMLElement;
    expect(within(sent).queryByRole('button')).toBeNull();
    expect(sent).toHaveTextContent('Cancelled in time');
    const failed = within(table).getByText('Kojo Addo').closest('tr') as HTMLElement;
    expect(failed).toHaveTextContent('Card expired');

    await user.click(within(failed).getByRole('button', { name: 'Retry the refund to Kojo Addo' }));
    expect(await screen.findByText('Refund of GH₵ 50.00 sent')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/admin/money/refunds/rf-2/retry')).toHaveLength(1);
    await waitFor(() => {
      const row = within(screen.getByRole('table', { name: 'Refunds' }))
        .getByText('Kojo Addo')
        .closest('tr');
      expect(row).toHaveTextContent('Sent');
      expect(within(row as HTMLElement).queryByRole('button')).toBeNull();
    });
  });
});
