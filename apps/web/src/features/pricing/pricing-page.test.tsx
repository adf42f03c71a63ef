import type { PricingAnswer } from '@adwuma/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRICING } from '../../test/billing.ts';
import {
  callsTo,
  json,
  makeMe,
  makeProfile,
  renderWithSession,
  SIGNED_OUT,
  stubFetch,
} from '../auth/test/fixtures.tsx';
import { pageNavigation } from '../checkout/index.ts';
import { PricingPage } from './pricing-page.tsx';

type Checkout = () => Response | Promise<Response>;

function renderPricing({
  me = SIGNED_OUT,
  pricing = PRICING,
  checkout,
  path = '/pricing',
}: {
  me?: () => Response;
  pricing?: PricingAnswer;
  checkout?: Checkout;
  path?: string;
} = {}) {
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return me();
    if (req.path === '/api/pricing') return json(200, pricing);
    if (req.path === '/api/create-checkout-session' && req.method === 'POST' && checkout) return checkout();
    return undefined;
  });
  return { fetchMock, ...renderWithSession([{ path: '/pricing', Component: PricingPage }], path) };
}

const provider = () => json(200, makeMe('service_provider'));

/** The toast that shows `message` (sonner keeps earlier tests' toasts in its store). */
function toastWith(message: string) {
  return waitFor(() => {
    const toast = screen
      .getAllByText(message)
      .map((text) => text.closest<HTMLElement>('[data-sonner-toast]'))
      .find(Boolean);
    if (!toast) throw new Error(`No toast says "${message}"`);
    return toast;
  });
}
const plan = (name: string) => screen.getByRole('article', { name });

let assign: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/pricing', () => {
  it('shows the dollar price first on every card and the cedi price beside it, in either currency', async () => {
    const user = userEvent.setup();
    const { router } = renderPricing();
    // Spec 2: Starter free, Pro $12/month, Premium $49/month marked Most Popular, Enterprise custom.
    expect(await within(plan('Pro')).findByText('GH₵ 150')).toBeInTheDocument();
    expect(within(plan('Pro')).getByText('$12')).toBeInTheDocument();
    expect(within(plan('Pro')).getByText('/month')).toBeInTheDocument();
    expect(within(plan('Pro')).getByText(/a month in cedis, by mobile money/)).toBeInTheDocument();
    expect(within(plan('Premium')).getByText('$49')).toBeInTheDocument();
    expect(within(plan('Premium')).getByText('GH₵ 600')).toBeInTheDocument();
    expect(within(plan('Premium')).getByText('Most Popular')).toBeInTheDocument();
    expect(within(plan('Pro')).queryByText('Most Popular')).toBeNull();
    expect(within(plan('Starter')).getByText('Free')).toBeInTheDocument();
    expect(within(plan('Enterprise')).getByText('Custom')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'GH₵ cedis' })).toBeChecked();
    expect(
      screen.getByText('Pay with MTN MoMo, Telecel Cash, AirtelTigo Money and cards.'),
    ).toBeInTheDocument();
    expect(screen.getByText('TEST MODE')).toBeInTheDocument();
    const table = screen.getByRole('table');
    const proRow = () => within(within(table).getByRole('row', { name: /Pro/ }));
    expect(proRow().getByText('$12')).toBeInTheDocument();
    expect(proRow().getByText('GH₵ 150 a month')).toBeInTheDocument();

    // Yearly in cedis: the dollar price stays, the cedi price is the year's.
    await user.click(screen.getByRole('radio', { name: /Annual/ }));
    expect(within(plan('Pro')).getByText('$12')).toBeInTheDocument();
    expect(within(plan('Pro')).getByText('GH₵ 1,500')).toBeInTheDocument();
    expect(within(plan('Pro')).getByText('2 months free')).toBeInTheDocument();
    expect(within(plan('Pro')).getByText('GH₵ 125 a month')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?cadence=annual');

    // Dollars: the same cards, paid monthly by card (spec 7), so no yearly choice.
    await user.click(screen.getByRole('radio', { name: 'US$ dollars' }));
    expect(within(plan('Pro')).getByText('$12')).toBeInTheDocument();
    expect(within(plan('Pro')).getByText('GH₵ 150')).toBeInTheDocument();
    expect(within(plan('Premium')).getByText('$49')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Premium/ })).getByText('$49')).toBeInTheDocument();
    expect(screen.getByText('Pay with Visa, Mastercard and other cards.')).toBeInTheDocument();
    expect(screen.getByText('In US dollars, plans are paid monthly by card.')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Annual/ })).toBeNull();
    expect(router.state.location.search).toBe('?currency=usd');

    // Signed out: the paid plans go to provider sign-up and come back to this view.
    expect(within(plan('Pro')).getByRole('link', { name: 'Choose Pro' })).toHaveAttribute(
      'href',
      '/auth?mode=signup&intent=provider&returnTo=%2Fpricing%3Fcurrency%3Dusd',
    );
    expect(within(plan('Starter')).getByRole('link', { name: 'Start for free' })).toHaveAttribute(
      'href',
      '/auth?mode=signup&intent=provider',
    );
    expect(within(plan('Enterprise')).getByRole('link', { name: 'Contact sales' })).toHaveAttribute(
      'href',
      '/enterprise-inquiry',
    );
  });

  it('opens in dollars for a person who prefers USD, or from a shared ?currency=usd link', async () => {
    renderPricing({
      me: () =>
        json(200, makeMe('service_provider', { profile: makeProfile({ currency_preference: 'USD' }) })),
    });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'US$ dollars' })).toBeChecked());
    expect(await screen.findByText('In US dollars, plans are paid monthly by card.')).toBeInTheDocument();
  });

  it('says when a currency cannot be paid in yet', async () => {
    renderPricing({
      path: '/pricing?currency=usd',
      pricing: {
        ...PRICING,
        test_mode: false,
        currencies: [
          PRICING.currencies[0]!,
          { currency: 'USD', available: false, gateway: null, methods: [] },
        ],
      },
    });
    expect(
      await screen.findAllByText(
        'Payment in US dollars is not available yet. The prices are shown for reference.',
      ),
    ).not.toHaveLength(0);
    expect(screen.queryByText('TEST MODE')).toBeNull();
  });

  it('a provider starts the checkout: Processing... while it runs, then the checkout URL is followed', async () => {
    const user = userEvent.setup();
    let answer!: (r: Response) => void;
    const { fetchMock } = renderPricing({
      me: provider,
      checkout: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await within(plan('Pro')).findByText('GH₵ 150');
    await user.click(within(plan('Pro')).getByRole('button', { name: 'Choose Pro' }));

    const busy = within(plan('Pro')).getByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    expect(within(plan('Premium')).getByRole('button', { name: 'Choose Premium' })).toBeDisabled();
    expect(callsTo(fetchMock, '/api/create-checkout-session').map((c) => c.body)).toEqual([
      { tier: 'pro', cadence: 'monthly', currency: 'ghs' },
    ]);
    expect(assign).not.toHaveBeenCalled();

    answer(json(200, { url: '/pay/test/sb_ref_1', payment_id: 'pay_1' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pay/test/sb_ref_1'));
    expect(within(plan('Pro')).getByRole('button', { name: 'Processing...' })).toBeDisabled();
  });

  it('sends the chosen cadence and currency: yearly in cedis, monthly in dollars (spec 7)', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPricing({
      me: provider,
      path: '/pricing?cadence=annual',
      checkout: () => json(200, { url: 'https://checkout.stripe.test/c/cs_1', payment_id: 'pay_2' }),
    });
    await within(plan('Premium')).findByText('GH₵ 6,000');
    await user.click(within(plan('Premium')).getByRole('button', { name: 'Choose Premium' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/cs_1'));
    expect(callsTo(fetchMock, '/api/create-checkout-session')[0]?.body).toEqual({
      tier: 'premium',
      cadence: 'annual',
      currency: 'ghs',
    });
  });

  it('a shared link asking dollars yearly checks out monthly by card', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPricing({
      me: provider,
      path: '/pricing?currency=usd&cadence=annual',
      checkout: () => json(200, { url: 'https://checkout.stripe.test/c/cs_1', payment_id: 'pay_2' }),
    });
    await within(plan('Premium')).findByText('GH₵ 600');
    expect(within(plan('Premium')).getByText('$49')).toBeInTheDocument();
    await user.click(within(plan('Premium')).getByRole('button', { name: 'Choose Premium' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(callsTo(fetchMock, '/api/create-checkout-session')[0]?.body).toEqual({
      tier: 'premium',
      cadence: 'monthly',
      currency: 'usd',
    });
  });

  it("a 401 shows the spec's toast: Error / Authentication required", async () => {
    const user = userEvent.setup();
    renderPricing({
      me: provider,
      checkout: () => json(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in first.' } }),
    });
    await within(plan('Pro')).findByText('GH₵ 150');
    await user.click(within(plan('Pro')).getByRole('button', { name: 'Choose Pro' }));
    expect(await toastWith('Authentication required')).toHaveTextContent('Error');
    expect(within(plan('Pro')).getByRole('button', { name: 'Choose Pro' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('an answer without a URL shows No checkout URL received', async () => {
    const user = userEvent.setup();
    renderPricing({ me: provider, checkout: () => json(200, { payment_id: 'pay_3' }) });
    await within(plan('Premium')).findByText('GH₵ 600');
    await user.click(within(plan('Premium')).getByRole('button', { name: 'Choose Premium' }));
    expect(await toastWith('No checkout URL received')).toHaveTextContent('Error');
    expect(within(plan('Premium')).getByRole('button', { name: 'Choose Premium' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it("a customer is told only providers subscribe, and gets the server's message on trying", async () => {
    const user = userEvent.setup();
    renderPricing({
      me: () => json(200, makeMe('customer')),
      checkout: () =>
        json(403, {
          error: { code: 'FORBIDDEN', message: 'Only service providers can subscribe to a plan.' },
        }),
    });
    expect(await screen.findByText('Only service providers can subscribe to a plan.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join as Provider' })).toBeInTheDocument();
    await within(plan('Pro')).findByText('GH₵ 150');
    await user.click(within(plan('Pro')).getByRole('button', { name: 'Choose Pro' }));
    expect(await toastWith('Only service providers can subscribe to a plan.')).toHaveTextContent('Error');
    expect(assign).not.toHaveBeenCalled();
  });

  it('names mobile money in the FAQ', async () => {
    renderPricing();
    expect(await screen.findByText('Which payment methods do you accept?')).toBeInTheDocument();
    expect(screen.getByText(/MTN MoMo, Telecel Cash and AirtelTigo Money/)).toBeInTheDocument();
  });
});
