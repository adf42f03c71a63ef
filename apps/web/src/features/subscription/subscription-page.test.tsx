import type { SubscriptionView } from '@adwuma/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, type Handler, json, makeMe, renderWithSession, stubFetch } from '../auth/test/fixtures.tsx';
import { pageNavigation } from '../checkout/index.ts';
import { SubscriptionPage } from './subscription-page.tsx';
import { makePayment, makeView, PRICING, STARTER_VIEW } from './test/fixtures.ts';

/** The server's subscription, changed by the actions the way the API changes it. */
function renderPage(initial: SubscriptionView, extra: Handler = () => undefined) {
  let view = initial;
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('service_provider'));
    if (req.path === '/api/pricing') return json(200, PRICING);
    if (req.path === '/api/subscription') return json(200, { subscription: view });
    if (req.path === '/api/subscription/cancel') {
      view = { ...view, cancel_at_period_end: true, renewal: 'none' };
      return json(200, { subscription: view });
    }
    if (req.path === '/api/subscription/resume') {
      view = { ...view, cancel_at_period_end: false, pending_tier: null, renewal: 'pay_link' };
      return json(200, { subscription: view });
    }
    if (req.path === '/api/subscription/change') {
      const { tier } = req.body as { tier: SubscriptionView['tier'] };
      if (tier === 'premium') {
        return json(200, {
          kind: 'upgrade',
          url: '/pay/test/ref-up',
          payment_id: 'pay-up',
          due_minor: 52_500,
        });
      }
      view = { ...view, pending_tier: tier };
      return json(200, { kind: 'downgrade', effective_at: view.current_period_end });
    }
    return extra(req);
  });
  const utils = renderWithSession([{ path: '/subscription', Component: SubscriptionPage }], '/subscription');
  return { fetchMock, ...utils };
}

let leaveTo: ReturnType<typeof vi.fn>;

beforeEach(() => {
  leaveTo = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/subscription', () => {
  it('shows the plan, its price, renewal, what it gives and the billing history', async () => {
    renderPage(makeView());
    expect(await screen.findByRole('heading', { level: 2, name: 'Pro' })).toBeInTheDocument();
    const current = screen.getByRole('region', { name: 'Pro' });
    expect(within(current).getByText('GH₵ 150 / month')).toBeInTheDocument();
    expect(screen.getByText('Renews on 25 Dec 2026')).toBeInTheDocument();
    expect(
      screen.getByText('Mobile money: we send you a pay link 3 days before 25 Dec 2026'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('TEST MODE').length).toBeGreaterThan(0);
    expect(within(current).getByText('10%')).toBeInTheDocument();
    expect(within(current).getByText('In 3 days')).toBeInTheDocument();
    expect(within(current).getByText('Unlimited')).toBeInTheDocument();
    // Mobile money: no card to manage.
    expect(screen.queryByRole('button', { name: 'Update card' })).toBeNull();

    const table = screen.getByRole('table', { name: 'Billing history' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('25 Nov 2026')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Pro plan, monthly')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('GH₵ 150.00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('MTN MoMo ••• 4567')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Paid')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: /Receipt/ })).toHaveAttribute(
      'href',
      '/subscription/receipts/pay-1',
    );
    expect(within(rows[2]!).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('link')).toBeNull();
    // Phones get the same payments as cards.
    expect(
      within(screen.getByRole('list', { name: 'Billing history' })).getAllByRole('listitem'),
    ).toHaveLength(2);

    // The change-plan cards mark the current one.
    const pro = screen.getByRole('article', { name: /Pro/ });
    expect(within(pro).getByText('Current plan')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade to Premium' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change to Starter' })).toBeInTheDocument();
  });

  it('cancels after confirming, shows the end date, and Keep my plan resumes it', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage(makeView());
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel your subscription?' });
    expect(within(dialog).getByText(/Pro stays active until 25 Dec 2026/)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/subscription/cancel')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));

    expect(await screen.findByText('Your Pro plan ends on 25 Dec 2026')).toBeInTheDocument();
    expect(screen.getByText('Ends on 25 Dec 2026')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, '/api/subscription/cancel')).toHaveLength(1);
    expect(screen.queryByText(/we send you a pay link/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Change plan' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Keep my plan' }));
    expect(await screen.findByText('Renews on 25 Dec 2026')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/subscription/resume')).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Change plan' })).toBeInTheDocument();
  });

  it('a downgrade is confirmed with its date, then posted, and the page shows the coming change', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage(makeView({ tier: 'premium', amount_minor: 60_000 }));
    await user.click(await screen.findByRole('button', { name: 'Change to Pro' }));
    const dialog = screen.getByRole('dialog', { name: 'Change to Pro?' });
    expect(
      within(dialog).getByText('Your plan changes to Pro on 25 Dec 2026. You keep Premium until then.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Change to Pro' }));

    await waitFor(() => expect(callsTo(fetchMock, '/api/subscription/change')).toHaveLength(1));
    expect(callsTo(fetchMock, '/api/subscription/change')[0]?.body).toEqual({ tier: 'pro' });
    expect(await screen.findByText('Changes to Pro on 25 Dec 2026')).toBeInTheDocument();
    expect(screen.getByText('You keep Premium until 25 Dec 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep Premium' })).toBeInTheDocument();
    // The Pro card now says when the change comes instead of offering it again.
    expect(
      within(screen.getByRole('article', { name: /Pro/ })).getByText('From 25 Dec 2026'),
    ).toBeInTheDocument();
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('an upgrade shows the amount due after the credit before paying, then goes to checkout', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage(makeView());
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Premium' });
    expect(callsTo(fetchMock, '/api/subscription/change')[0]?.body).toEqual({
      tier: 'premium',
      cadence: 'monthly',
    });
    expect(within(dialog).getByText('GH₵ 600.00')).toBeInTheDocument();
    expect(within(dialog).getByText('−GH₵ 75.00')).toBeInTheDocument();
    expect(leaveTo).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Pay GH₵ 525.00' }));
    expect(leaveTo).toHaveBeenCalledWith('/pay/test/ref-up');
    expect(within(dialog).getByRole('button', { name: 'Processing...' })).toBeDisabled();
  });

  it('past due: says how long the plan stays and Pay now follows the renewal link', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage(
      makeView({ status: 'past_due', grace_until: '2027-01-01T10:00:00.000Z' }),
      (req) =>
        req.path === '/api/subscription/renew' && req.method === 'POST'
          ? json(200, { url: 'https://checkout.paystack.com/abc', payment_id: 'pay-r' })
          : undefined,
    );
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText(
        'Your last renewal was not paid. Pro stays active until 1 Jan 2027, then your plan returns to Starter.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Past due')).toBeInTheDocument();
    expect(screen.getByText('Renewal was due on 25 Dec 2026')).toBeInTheDocument();
    expect(screen.queryByText(/Renews on/)).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://checkout.paystack.com/abc'));
    expect(callsTo(fetchMock, '/api/subscription/renew')).toHaveLength(1);
  });

  it('a card subscription renews automatically, can update the card, and offers an unfinished payment', async () => {
    const user = userEvent.setup();
    renderPage(
      makeView({
        renewal: 'automatic',
        can_manage_card: true,
        currency: 'USD',
        amount_minor: 1200,
        gateway: 'stripe',
        test_mode: false,
        pending_payment: { id: 'pay-9', url: 'https://checkout.stripe.com/c/pay/cs_9' },
      }),
      (req) =>
        req.path === '/api/subscription/portal'
          ? json(200, { url: 'https://billing.stripe.com/p/1' })
          : undefined,
    );
    expect(await screen.findByText('Renews automatically with your card')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Pro' })).getByText('$12 / month')).toBeInTheDocument();
    expect(screen.queryByText('TEST MODE')).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue your payment' })).toHaveAttribute(
      'href',
      'https://checkout.stripe.com/c/pay/cs_9',
    );
    await user.click(screen.getByRole('button', { name: 'Update card' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://billing.stripe.com/p/1'));
  });

  it('Starter: a plan button starts checkout in the chosen currency, saying Processing... meanwhile', async () => {
    const user = userEvent.setup();
    let answer: (r: Response) => void = () => {};
    const { fetchMock } = renderPage(makeView(STARTER_VIEW), (req) =>
      req.path === '/api/create-checkout-session'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Starter' })).toBeInTheDocument();
    expect(screen.getByText('No payments yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Compare plans' })).toHaveAttribute('href', '/pricing');
    // The dollar price first, the cedi price beside it, in either currency.
    const pro = () => within(screen.getByRole('article', { name: 'Pro' }));
    expect(pro().getByText('$12/month · GH₵ 150 a month')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Annual' }));
    expect(pro().getByText('$12/month · GH₵ 1,500 a year')).toBeInTheDocument();
    // Dollars are paid monthly by card (spec 7): no yearly choice.
    await user.click(screen.getByRole('radio', { name: 'US$ dollars' }));
    expect(pro().getByText('$12/month · GH₵ 150 a month')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Annual' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Choose Pro' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Choose Premium' })).toBeDisabled();
    expect(callsTo(fetchMock, '/api/create-checkout-session')[0]?.body).toEqual({
      tier: 'pro',
      cadence: 'monthly',
      currency: 'usd',
    });
    answer(json(200, { url: '/pay/test/ref-1', payment_id: 'pay-2' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/pay/test/ref-1'));
  });

  it('Starter: an answer without a URL is the spec’s error, and the buttons work again', async () => {
    const user = userEvent.setup();
    renderPage(makeView(STARTER_VIEW), (req) =>
      req.path === '/api/create-checkout-session' ? json(200, { payment_id: 'x' }) : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Choose Premium' }));
    expect(await screen.findByText('No checkout URL received')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose Premium' })).toBeEnabled();
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('lists a renewal payment in the history with its description', async () => {
    renderPage(
      makeView({
        payments: [makePayment({ id: 'pay-3', purpose: 'renewal', paid_at: '2026-12-25T10:00:00.000Z' })],
      }),
    );
    const table = await screen.findByRole('table', { name: 'Billing history' });
    expect(within(table).getByText('Pro plan, monthly renewal')).toBeInTheDocument();
  });
});
