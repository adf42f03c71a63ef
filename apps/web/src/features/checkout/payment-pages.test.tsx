import type { PaymentStatusAnswer } from '@adwuma/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makePaymentStatus } from '../../test/billing.ts';
import { callsTo, json, makeMe, renderWithSession, stubFetch } from '../auth/test/fixtures.tsx';
import { pageNavigation } from './page-navigation.ts';
import { PaymentCancelledPage } from './payment-cancelled-page.tsx';
import { PaymentSuccessPage } from './payment-success-page.tsx';

/** A pending payment: the shared paid fixture before the gateway confirmed it. */
function payment(overrides: Partial<PaymentStatusAnswer> = {}): PaymentStatusAnswer {
  return makePaymentStatus({
    id: 'pay_1',
    status: 'pending',
    method: null,
    method_label: null,
    receipt_number: null,
    created_at: '2026-11-20T09:00:00.000Z',
    paid_at: null,
    period_start: null,
    period_end: null,
    tier_now: 'starter',
    ...overrides,
  });
}

const PAID = payment({
  status: 'succeeded',
  method: 'mobile_money',
  method_label: 'MTN MoMo ••• 4567',
  receipt_number: 'ADW-2026-000123',
  paid_at: '2026-11-20T09:01:00.000Z',
  period_start: '2026-11-20T09:01:00.000Z',
  period_end: '2026-12-20T09:01:00.000Z',
  tier_now: 'pro',
  return_to: '/onboarding/review',
});

function render(path: string, answers: PaymentStatusAnswer[], checkout?: () => Response) {
  let asked = 0;
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('service_provider'));
    if (req.path === '/api/payments/pay_1') {
      const answer = answers[Math.min(asked, answers.length - 1)];
      asked += 1;
      return json(200, answer);
    }
    if (req.path === '/api/create-checkout-session' && checkout) return checkout();
    return undefined;
  });
  return {
    fetchMock,
    ...renderWithSession(
      [
        { path: '/payment-success', Component: PaymentSuccessPage },
        { path: '/payment-cancelled', Component: PaymentCancelledPage },
      ],
      path,
    ),
  };
}

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/payment-success', () => {
  it('waits for the gateway while the payment is pending, then names the plan now active', async () => {
    const { fetchMock } = render('/payment-success?payment=pay_1', [payment(), PAID]);
    expect(await screen.findByRole('heading', { name: 'Confirming your payment' })).toBeInTheDocument();
    expect(screen.queryByText(/You're on/)).toBeNull();

    // The next look, 1.5 s later, finds it paid.
    expect(
      await screen.findByRole('heading', { name: "You're on Pro" }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/payments/pay_1')).toHaveLength(2);
    expect(screen.getByText('GH₵ 150.00')).toBeInTheDocument();
    expect(screen.getByText('Pro, monthly')).toBeInTheDocument();
    expect(screen.getByText('MTN MoMo ••• 4567')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ADW-2026-000123' })).toHaveAttribute(
      'href',
      '/subscription/receipts/pay_1',
    );
    expect(screen.getByText('20 December 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage subscription' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/onboarding/review');
    expect(screen.getByText('TEST MODE')).toBeInTheDocument();
  });

  it('says a failed payment failed, with its reason and Try again back to pricing', async () => {
    render('/payment-success?payment=pay_1', [
      payment({
        status: 'failed',
        currency: 'USD',
        cadence: 'annual',
        failure_reason: 'Your card was declined.',
      }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByText('Your card was declined.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      '/pricing?currency=usd&cadence=annual',
    );
    expect(screen.queryByText(/You're on/)).toBeNull();
  });

  it('without a payment in the link, says so', async () => {
    render('/payment-success', []);
    expect(await screen.findByRole('heading', { name: 'No payment to show' })).toBeInTheDocument();
  });
});

describe('/payment-cancelled', () => {
  it('says nothing was charged and starts the same checkout again', async () => {
    const user = userEvent.setup();
    const { fetchMock } = render(
      '/payment-cancelled?payment=pay_1',
      [payment({ status: 'cancelled', cadence: 'annual', amount_minor: 150_000 })],
      () => json(200, { url: '/pay/test/sb_ref_2', payment_id: 'pay_2' }),
    );
    expect(await screen.findByRole('heading', { name: 'Payment cancelled' })).toBeInTheDocument();
    expect(screen.getByText(/Nothing was charged/)).toBeInTheDocument();
    expect(await screen.findByText('Pro, annual: GH₵ 1,500.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to subscription' })).toHaveAttribute('href', '/subscription');
    expect(screen.getByRole('link', { name: 'Choose another plan' })).toHaveAttribute(
      'href',
      '/pricing?currency=ghs&cadence=annual',
    );

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pay/test/sb_ref_2'));
    expect(callsTo(fetchMock, '/api/create-checkout-session').map((c) => c.body)).toEqual([
      { tier: 'pro', cadence: 'annual', currency: 'ghs' },
    ]);
  });
});
