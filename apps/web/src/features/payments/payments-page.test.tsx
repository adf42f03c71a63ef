import type { CustomerPayment } from '@adwuma/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCustomerPayment } from '../../test/escrow.ts';
import { json, makeMe, renderWithSession, stubFetch } from '../auth/test/fixtures.tsx';
import { PaymentsPage } from './payments-page.tsx';
import { PAYMENTS_TEXT } from './payments-text.ts';

function renderPage(items: CustomerPayment[]) {
  stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('customer'));
    if (req.path === '/api/payments') return json(200, { items });
    return undefined;
  });
  renderWithSession([{ path: '/payments', Component: PaymentsPage }], '/payments');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/payments', () => {
  it('lists each booking payment with amount, status, method, receipt number and a link to the booking', async () => {
    renderPage([makeCustomerPayment()]);
    const card = await screen.findByRole('article', { name: 'Leak repair' });
    expect(within(card).getByText('GH₵ 450.00')).toBeInTheDocument();
    expect(within(card).getByText('Paid')).toBeInTheDocument();
    expect(within(card).getByText('MTN MoMo •••• 4567')).toBeInTheDocument();
    expect(within(card).getByText('ADW-2026-000200')).toBeInTheDocument();
    expect(card).toHaveTextContent('22 Nov 2026 · with Kofi Asante');
    expect(
      within(card).getByRole('link', { name: `${PAYMENTS_TEXT.viewBooking}: Leak repair` }),
    ).toHaveAttribute('href', '/bookings/b-1');
    expect(within(card).queryByText(PAYMENTS_TEXT.refunds)).toBeNull();
  });

  it('shows refunds with their amount and status', async () => {
    renderPage([
      makeCustomerPayment({
        refunded_minor: 40_500,
        refunds: [
          {
            id: 'rf-1',
            amount_minor: 40_500,
            status: 'pending',
            reason: 'Cancelled less than 24 hours before the start',
            created_at: '2026-11-24T08:00:00.000Z',
          },
        ],
      }),
      makeCustomerPayment({
        id: 'pay-b2',
        booking_id: 'b-2',
        title: 'House cleaning',
        status: 'refunded',
        amount_minor: 20_000,
        refunded_minor: 20_000,
        refunds: [
          {
            id: 'rf-2',
            amount_minor: 20_000,
            status: 'sent',
            reason: 'Cancelled by the provider',
            created_at: '2026-11-20T08:00:00.000Z',
          },
        ],
      }),
    ]);
    const partly = await screen.findByRole('article', { name: 'Leak repair' });
    const refunds = within(partly).getByRole('list');
    expect(within(refunds).getByText('GH₵ 405.00')).toBeInTheDocument();
    expect(within(refunds).getByText('Refund on its way')).toBeInTheDocument();
    expect(within(refunds).getByText(/Cancelled less than 24 hours before the start/)).toBeInTheDocument();

    const full = screen.getByRole('article', { name: 'House cleaning' });
    expect(within(full).getAllByText('Refunded').length).toBeGreaterThanOrEqual(2);
    expect(within(full).getAllByText('GH₵ 200.00').length).toBeGreaterThanOrEqual(2);
  });

  it('empty: says payments show here and links to the search', async () => {
    renderPage([]);
    expect(await screen.findByText(PAYMENTS_TEXT.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: PAYMENTS_TEXT.findProviders })).toHaveAttribute(
      'href',
      '/search',
    );
    expect(screen.queryByRole('article')).toBeNull();
  });
});
