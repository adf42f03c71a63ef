import { CHECKOUT_MESSAGES } from '@adwuma/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRICING } from '../../test/billing.ts';
import {
  type Handler,
  json,
  makeMe,
  makeProfile,
  renderWithSession,
  stubFetch,
} from '../auth/test/fixtures.tsx';
import { pageNavigation } from '../checkout/index.ts';
import { OnboardingPage } from './onboarding-page.tsx';
import { makeStatus } from './test/fixtures.ts';

/** The calls in the order they were made, as "METHOD /path". */
function order(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls
    .map(
      ([input, init]) =>
        `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(input), 'http://x').pathname}`,
    )
    .filter((call) => call.startsWith('POST'));
}

function renderStep(options: { currency?: 'GHS' | 'USD'; checkout?: Handler } = {}) {
  const profile = makeProfile({ role: 'explorer', currency_preference: options.currency ?? 'GHS' });
  const fetchMock = stubFetch((req) => {
    switch (`${req.method} ${req.path}`) {
      case 'GET /api/me':
        return json(200, makeMe('explorer', { profile }));
      case 'GET /api/onboarding/status':
        return json(
          200,
          makeStatus({ done: ['profile', 'location', 'services', 'availability', 'id', 'terms'] }),
        );
      case 'GET /api/pricing':
        return json(200, PRICING);
      case 'POST /api/onboarding/subscription':
        return json(200, { subscription: { tier: 'starter', status: 'active' } });
      case 'POST /api/create-checkout-session':
        return options.checkout?.(req) ?? json(200, { url: '/pay/test/ref-onb', payment_id: 'pay-onb' });
      default:
        return undefined;
    }
  });
  const utils = renderWithSession(
    [{ path: '/onboarding/:step', Component: OnboardingPage }],
    '/onboarding/subscription',
  );
  return { fetchMock, ...utils };
}

const bodyOf = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://x').pathname === path)
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

let leaveTo: ReturnType<typeof vi.fn>;

beforeEach(() => {
  leaveTo = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('onboarding: the plan step', () => {
  it('Pro: saves the step with Starter first, then starts checkout back to review and follows its URL', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderStep();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your plan' })).toBeInTheDocument();
    const pro = await screen.findByRole('radio', { name: 'Pro' });
    expect(pro).toBeEnabled();
    // The dollar price first, the cedi price beside it (spec 2, 9).
    expect(await screen.findByText('$12/month · GH₵ 150/month')).toBeInTheDocument();
    await user.click(pro);
    await user.click(screen.getByRole('button', { name: /Continue to payment/ }));

    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/pay/test/ref-onb'));
    expect(order(fetchMock)).toEqual([
      'POST /api/onboarding/subscription',
      'POST /api/create-checkout-session',
    ]);
    expect(bodyOf(fetchMock, '/api/onboarding/subscription')).toEqual([{ tier: 'starter' }]);
    expect(bodyOf(fetchMock, '/api/create-checkout-session')).toEqual([
      { tier: 'pro', cadence: 'monthly', currency: 'ghs', return_to: '/onboarding/review' },
    ]);
    expect(screen.getByRole('button', { name: /Processing\.\.\./ })).toBeDisabled();
  });

  it('a provider who prefers dollars checks out in USD', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderStep({ currency: 'USD' });
    await user.click(await screen.findByRole('radio', { name: 'Premium' }));
    expect(screen.getByText('$49/month · GH₵ 600/month')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Continue to payment/ }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalled());
    expect(bodyOf(fetchMock, '/api/create-checkout-session')[0]).toMatchObject({
      tier: 'premium',
      currency: 'usd',
    });
  });

  it('Starter stays free: saves the step and goes on to review without checkout', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderStep();
    expect(await screen.findByRole('radio', { name: 'Starter' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: /Keep Starter free/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/review'));
    expect(bodyOf(fetchMock, '/api/onboarding/subscription')).toEqual([{ tier: 'starter' }]);
    expect(bodyOf(fetchMock, '/api/create-checkout-session')).toEqual([]);
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('a checkout that cannot start says why and stays on the step (already saved with Starter)', async () => {
    const user = userEvent.setup();
    const { router } = renderStep({
      checkout: () =>
        json(503, { error: { code: 'PAYMENTS_NOT_CONFIGURED', message: CHECKOUT_MESSAGES.notConfigured } }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Pro' }));
    await user.click(screen.getByRole('button', { name: /Continue to payment/ }));
    expect(await screen.findByText(CHECKOUT_MESSAGES.notConfigured)).toBeInTheDocument();
    expect(screen.getByText(CHECKOUT_MESSAGES.errorTitle)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Continue to payment/ })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/onboarding/subscription');
    expect(leaveTo).not.toHaveBeenCalled();
  });
});
