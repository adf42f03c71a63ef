import { type EarningsAnswer, ESCROW_MESSAGES } from '@adwuma/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEarnings } from '../../test/escrow.ts';
import { json, makeMe, renderWithSession, stubFetch } from '../auth/test/fixtures.tsx';
import { EarningsPage } from './earnings-page.tsx';
import { EARNINGS_TEXT } from './earnings-text.ts';

function renderPage(answer: () => Response) {
  stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('service_provider'));
    if (req.path === '/api/earnings') return answer();
    return undefined;
  });
  return renderWithSession([{ path: '/earnings', Component: EarningsPage }], '/earnings');
}

const withEarnings = (e: EarningsAnswer) => renderPage(() => json(200, e));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/earnings', () => {
  it('shows held, pending, available and paid out, the next payout and the plan delay', async () => {
    withEarnings(makeEarnings());
    const balances = await screen.findByRole('region', { name: 'Balances' });
    const tile = (label: string) => within(balances).getByText(label).parentElement as HTMLElement;
    expect(within(tile(EARNINGS_TEXT.held)).getByText('GH₵ 300.00')).toBeInTheDocument();
    expect(within(tile(EARNINGS_TEXT.pending)).getByText('GH₵ 405.00')).toBeInTheDocument();
    expect(within(tile(EARNINGS_TEXT.available)).getByText('GH₵ 120.00')).toBeInTheDocument();
    expect(within(tile(EARNINGS_TEXT.available)).getByText('Next payout 23 Nov 2026')).toBeInTheDocument();
    expect(within(tile(EARNINGS_TEXT.paidOut)).getByText('GH₵ 810.00')).toBeInTheDocument();
    expect(
      within(balances).getByText(/On Pro, earnings become available 3 days after the customer confirms/),
    ).toBeInTheDocument();
    // Pro already pays out fast: no upsell.
    expect(screen.queryByRole('link', { name: EARNINGS_TEXT.fasterPayouts })).toBeNull();
    expect(screen.queryByText(ESCROW_MESSAGES.noPayoutMethod)).toBeNull();
  });

  it('lists each booking (table and phone cards) with price, commission, earnings and state', async () => {
    withEarnings(makeEarnings());
    const table = await screen.findByRole('table', { name: EARNINGS_TEXT.bookings });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = rows[1] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Leak repair' })).toHaveAttribute('href', '/bookings/b-1');
    expect(within(first).getByText('Efua Asante')).toBeInTheDocument();
    expect(within(first).getByText('GH₵ 450.00')).toBeInTheDocument();
    expect(within(first).getByText('GH₵ 45.00 (10%)')).toBeInTheDocument();
    expect(within(first).getByText('GH₵ 405.00')).toBeInTheDocument();
    expect(within(first).getByText('Available on 23 Nov 2026')).toBeInTheDocument();
    const second = rows[2] as HTMLElement;
    expect(within(second).getByText('Held')).toBeInTheDocument();
    expect(within(second).getByText(EARNINGS_TEXT.notCompleted)).toBeInTheDocument();
    const cards = screen.getByRole('list', { name: EARNINGS_TEXT.bookings });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
  });

  it('lists payouts with their status, and why one failed', async () => {
    withEarnings(makeEarnings());
    const payouts = await screen.findByRole('list', { name: EARNINGS_TEXT.payouts });
    const [failed, paid] = within(payouts).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(
      within(failed).getByText(/The wallet did not accept the transfer\. We try again automatically\./),
    ).toBeInTheDocument();
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    expect(within(paid).getByText('GH₵ 405.00')).toBeInTheDocument();
    expect(within(paid).getByText(/MTN MoMo •••• 4567/)).toBeInTheDocument();
  });

  it('links the statement CSV for download', async () => {
    withEarnings(makeEarnings());
    await screen.findByRole('region', { name: 'Balances' });
    const link = screen.getByRole('link', { name: EARNINGS_TEXT.statement });
    expect(link).toHaveAttribute('href', '/api/earnings/statement.csv');
    expect(link).toHaveAttribute('download');
  });

  it('without a payout method, asks for one; a Starter provider is offered faster payouts', async () => {
    withEarnings(makeEarnings({ has_payout_method: false, tier: 'starter', payout_delay_days: 7 }));
    expect(await screen.findByText(ESCROW_MESSAGES.noPayoutMethod)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: EARNINGS_TEXT.addMethod })).toHaveAttribute(
      'href',
      '/settings/payouts',
    );
    expect(screen.getByText(/On Starter, earnings become available 7 days after/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: EARNINGS_TEXT.fasterPayouts })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });

  it('says when held payouts resume after a change of method', async () => {
    withEarnings(makeEarnings({ hold_until: '2026-11-23T08:30:00.000Z' }));
    expect(await screen.findByText('Payouts resume on 23 Nov, 08:30')).toBeInTheDocument();
  });

  it('empty: no bookings and no payouts yet', async () => {
    withEarnings(
      makeEarnings({
        held_minor: 0,
        pending_minor: 0,
        available_minor: 0,
        paid_out_minor: 0,
        next_payout_at: null,
        bookings: [],
        payouts: [],
      }),
    );
    expect(await screen.findByText(EARNINGS_TEXT.noBookings)).toBeInTheDocument();
    expect(screen.getByText(EARNINGS_TEXT.noPayouts)).toBeInTheDocument();
    expect(screen.getByText(EARNINGS_TEXT.noNextPayout)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("a customer is told earnings are for providers (the server's 403)", async () => {
    renderPage(() =>
      json(403, { error: { code: 'FORBIDDEN', message: 'Only service providers have earnings.' } }),
    );
    expect(await screen.findByText(EARNINGS_TEXT.providersOnly)).toBeInTheDocument();
    expect(screen.getByText('Only service providers have earnings.')).toBeInTheDocument();
  });
});
