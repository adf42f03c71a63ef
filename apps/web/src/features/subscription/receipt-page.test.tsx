import type { PaymentStatusAnswer } from '@adwuma/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeMe, makeProfile, renderWithSession, stubFetch } from '../auth/test/fixtures.tsx';
import { ReceiptPage } from './receipt-page.tsx';
import { makePaymentStatus } from './test/fixtures.ts';

function renderReceipt(payment: PaymentStatusAnswer | null, id = 'pay-1') {
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') {
      return json(
        200,
        makeMe('service_provider', {
          profile: makeProfile({ full_name: 'Kofi Boateng', role: 'service_provider' }),
        }),
      );
    }
    if (req.path === `/api/payments/${id}`) {
      return payment
        ? json(200, payment)
        : json(404, { error: { code: 'NOT_FOUND', message: 'Payment not found' } });
    }
    return undefined;
  });
  renderWithSession(
    [{ path: '/subscription/receipts/:id', Component: ReceiptPage }],
    `/subscription/receipts/${id}`,
  );
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/subscription/receipts/:id', () => {
  it('renders a printable receipt: number, date, payer (from the payment, not the reader), plan and period, amount, method, TEST MODE', async () => {
    const user = userEvent.setup();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    // The reader is Kofi (an admin, say); the payer is Efua.
    renderReceipt(makePaymentStatus({ payer: { name: 'Efua Asante', email: 'efua@example.com' } }));
    const receipt = await screen.findByRole('article', { name: 'Receipt' });
    expect(within(receipt).getByText('Adwuma')).toBeInTheDocument();
    expect(within(receipt).getAllByText('ADW-2026-000042').length).toBeGreaterThan(0);
    const row = (label: string) => within(receipt).getByText(label).nextElementSibling as HTMLElement;
    expect(row('Date paid')).toHaveTextContent('25 Nov 2026');
    expect(row('Billed to')).toHaveTextContent('Efua Asante');
    expect(row('Billed to')).toHaveTextContent('efua@example.com');
    expect(row('Billed to')).not.toHaveTextContent('Kofi Boateng');
    expect(row('Plan')).toHaveTextContent('Pro plan, monthly');
    expect(row('Period')).toHaveTextContent('25 Nov 2026 – 25 Dec 2026');
    expect(row('Payment method')).toHaveTextContent('MTN MoMo ••• 4567');
    expect(row('Amount paid')).toHaveTextContent('GH₵ 150.00');
    expect(within(receipt).getByText('TEST MODE')).toBeInTheDocument();
    expect(document.title).toContain('ADW-2026-000042');

    expect(screen.getByRole('link', { name: /Back to your subscription/ })).toHaveAttribute(
      'href',
      '/subscription',
    );
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('a payment not paid has no receipt and nothing to print', async () => {
    renderReceipt(makePaymentStatus({ status: 'pending', paid_at: null, receipt_number: null }));
    expect(
      await screen.findByText('This payment is pending: a receipt is issued once it is paid.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('says so when the receipt is not found (another payer’s, or no such payment)', async () => {
    renderReceipt(null, 'someone-else');
    expect(await screen.findByText('This receipt was not found.')).toBeInTheDocument();
  });
});
