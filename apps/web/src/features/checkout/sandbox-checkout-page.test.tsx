import type { SandboxCheckout } from '@adwuma/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, type Handler, json, makeMe, renderWithSession, stubFetch } from '../auth/test/fixtures.tsx';
import { pageNavigation } from './page-navigation.ts';
import { SandboxCheckoutPage } from './sandbox-checkout-page.tsx';

const REF = 'sb_ref_1';
const API = `/api/payments/sandbox/${REF}`;

const CHECKOUT: SandboxCheckout = {
  id: REF,
  status: 'pending',
  amount_minor: 15_000,
  currency: 'GHS',
  description: 'Adwuma Pro, monthly',
  email: 'ama@example.com',
  methods: ['mobile_money', 'card'],
  success_url: '/payment-success?payment=pay_1',
  cancel_url: '/payment-cancelled?payment=pay_1',
  failure_reason: null,
};

function render(
  { checkout = CHECKOUT, pay }: { checkout?: SandboxCheckout; pay?: Handler } = {},
  extra?: Handler,
) {
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('service_provider'));
    if (req.path === API && req.method === 'GET') return json(200, checkout);
    if (req.path === `${API}/pay` && pay) return pay(req);
    return extra?.(req);
  });
  return {
    fetchMock,
    ...renderWithSession(
      [{ path: '/pay/test/:reference', Component: SandboxCheckoutPage }],
      `/pay/test/${REF}`,
    ),
  };
}

const testModeBand = () => screen.getByRole('note', { name: 'TEST MODE' });

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/pay/test/:reference', () => {
  it('mobile money: sends the prompt, approves it with a PIN and follows the redirect', async () => {
    const user = userEvent.setup();
    const { fetchMock } = render({
      pay: () => json(200, { status: 'succeeded', redirect: '/payment-success?payment=pay_1' }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'GH₵ 150.00' })).toBeInTheDocument();
    expect(
      within(testModeBand()).getByText('This is a test checkout. No real money moves.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Adwuma Pro, monthly')).toBeInTheDocument();
    expect(screen.getByText('ama@example.com')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Mobile money' })).toBeChecked();

    await user.selectOptions(screen.getByLabelText('Network'), 'Telecel Cash');
    const phone = screen.getByLabelText('Mobile money number');
    expect(phone).toHaveAttribute('inputmode', 'numeric');
    await user.click(screen.getByRole('button', { name: 'Send prompt' }));
    expect(await screen.findByText('Enter a Ghana phone number, e.g. +233 24 123 4567')).toBeInTheDocument();
    await user.type(phone, '020 123 4567');
    await user.click(screen.getByRole('button', { name: 'Send prompt' }));

    const prompt = await screen.findByRole('region', { name: 'Approve GH₵ 150.00 to Adwuma?' });
    expect(within(prompt).getByText('Telecel Cash prompt on +233 20 123 4567')).toBeInTheDocument();
    const pin = within(prompt).getByLabelText('PIN');
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    await user.type(pin, '12');
    await user.click(within(prompt).getByRole('button', { name: 'Approve' }));
    expect(await within(prompt).findByText('Enter your 4-digit PIN')).toBeInTheDocument();
    expect(callsTo(fetchMock, `${API}/pay`)).toHaveLength(0);

    await user.type(pin, '34');
    await user.click(within(prompt).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/payment-success?payment=pay_1'));
    expect(callsTo(fetchMock, `${API}/pay`).map((c) => c.body)).toEqual([
      { method: 'mobile_money', network: 'vod', phone: '+233201234567', decision: 'approve', pin: '1234' },
    ]);
    expect(testModeBand()).toBeInTheDocument();
  });

  it('mobile money: declining the prompt says so and lets the payer try again', async () => {
    const user = userEvent.setup();
    const { fetchMock } = render({
      pay: () => json(200, { status: 'declined', message: 'You declined the payment on your phone.' }),
    });
    await user.type(await screen.findByLabelText('Mobile money number'), '0241234567');
    await user.click(screen.getByRole('button', { name: 'Send prompt' }));
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You declined the payment on your phone.');
    expect(callsTo(fetchMock, `${API}/pay`).map((c) => c.body)).toEqual([
      { method: 'mobile_money', network: 'mtn', phone: '+233241234567', decision: 'decline' },
    ]);
    expect(screen.getByRole('button', { name: 'Send prompt' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('card: a declined card shows the message and stays; the approved card then pays', async () => {
    const user = userEvent.setup();
    const { fetchMock } = render({
      pay: (req) =>
        (req.body as { number: string }).number === '4000000000000002'
          ? json(200, { status: 'declined', message: 'Your card was declined.' })
          : json(200, { status: 'succeeded', redirect: '/payment-success?payment=pay_1' }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Card' }));
    expect(screen.getByText(/4000 0000 0000 0002 is declined/)).toBeInTheDocument();
    const number = screen.getByLabelText('Card number');
    expect(number).toHaveAttribute('inputmode', 'numeric');
    await user.type(number, '4000000000000002');
    expect(number).toHaveValue('4000 0000 0000 0002');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1230');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue('12/30');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay GH₵ 150.00' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1, name: 'GH₵ 150.00' })).toBeInTheDocument();
    expect(testModeBand()).toBeInTheDocument();

    await user.clear(number);
    await user.type(number, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay GH₵ 150.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/payment-success?payment=pay_1'));
    expect(callsTo(fetchMock, `${API}/pay`).map((c) => c.body)).toEqual([
      { method: 'card', number: '4000000000000002', expiry: '12/30', cvc: '123' },
      { method: 'card', number: '4242424242424242', expiry: '12/30', cvc: '123' },
    ]);
  });

  it("card: the server's field error shows beside the field", async () => {
    const user = userEvent.setup();
    render({
      checkout: { ...CHECKOUT, currency: 'USD', amount_minor: 1200, methods: ['card'] },
      pay: () =>
        json(400, {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Check the fields',
            details: { fields: [{ field: 'number', message: 'Use a test card.' }] },
          },
        }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: '$12.00' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    await user.type(screen.getByLabelText('Card number'), '5555555555554444');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '0129');
    await user.type(screen.getByLabelText('CVC'), '999');
    await user.click(screen.getByRole('button', { name: 'Pay $12.00' }));
    expect(await screen.findByText('Use a test card.')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
  });

  it('cancel returns to Adwuma', async () => {
    const user = userEvent.setup();
    const { fetchMock } = render({}, (req) =>
      req.path === `${API}/cancel` ? json(200, { redirect: '/payment-cancelled?payment=pay_1' }) : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel and return to Adwuma' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/payment-cancelled?payment=pay_1'));
    expect(callsTo(fetchMock, `${API}/cancel`)).toHaveLength(1);
  });

  it('a closed checkout says it is no longer open, still in TEST MODE', async () => {
    render({ checkout: { ...CHECKOUT, status: 'succeeded' } });
    expect(
      await screen.findByRole('heading', { name: 'This checkout is no longer open.' }),
    ).toBeInTheDocument();
    expect(testModeBand()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to subscription' })).toHaveAttribute('href', '/subscription');
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });
});
