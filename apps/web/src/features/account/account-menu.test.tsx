import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeaderAccountContext, SiteHeader } from '../../components/site/site-header.tsx';
import { callsTo, json, makeMe, renderWithSession, SIGNED_OUT, stubFetch } from '../auth/test/fixtures.tsx';
import { headerAccount } from './account-menu.tsx';

function renderHeader(me: () => Response, handler: Parameters<typeof stubFetch>[0] = () => undefined) {
  const fetchMock = stubFetch((req) => (req.path === '/api/me' ? me() : handler(req)));
  renderWithSession(
    [
      {
        path: '*',
        element: (
          <HeaderAccountContext.Provider value={headerAccount}>
            <SiteHeader />
          </HeaderAccountContext.Provider>
        ),
      },
    ],
    '/search',
  );
  return fetchMock;
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('header account area (spec 2)', () => {
  it('signed out: Log In and Sign Up', async () => {
    renderHeader(SIGNED_OUT);
    expect(await screen.findByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?mode=signup');
    expect(screen.getByRole('link', { name: 'Join as Provider' })).toHaveAttribute(
      'href',
      '/auth?mode=signup&intent=provider',
    );
  });

  it('signed in: the email, a role badge, Dashboard and Log out', async () => {
    const user = userEvent.setup();
    renderHeader(() => json(200, makeMe('customer')));
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    expect(screen.getByText('ama@example.com')).toBeInTheDocument();
    expect(screen.getByText('Customer')).toHaveAttribute('data-role', 'customer');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.queryByText('Switch view')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Log In' })).toBeNull();
  });

  it('money links: Payments for everyone, Earnings and Payouts for providers (issue 18)', async () => {
    const user = userEvent.setup();
    renderHeader(() => json(200, makeMe('customer')));
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    expect(screen.getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/payments');
    expect(screen.queryByRole('link', { name: 'Earnings' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Payouts' })).toBeNull();
    cleanup();

    renderHeader(() => json(200, makeMe('service_provider')));
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    // The header's own links name Earnings too (issue 22): look inside the account menu.
    const menu = within(screen.getByRole('navigation', { name: 'Account' }));
    expect(menu.getByRole('link', { name: 'Earnings' })).toHaveAttribute('href', '/earnings');
    expect(menu.getByRole('link', { name: 'Payouts' })).toHaveAttribute('href', '/settings/payouts');
    expect(menu.getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/payments');
  });

  it('a provider can switch between the customer and provider views', async () => {
    const user = userEvent.setup();
    renderHeader(() => json(200, makeMe('service_provider')));
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    const group = screen.getByRole('group', { name: 'Switch view' });
    expect(within(group).getByRole('button', { name: 'Provider' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(group).getByRole('button', { name: 'Customer' }));
    expect(within(group).getByRole('button', { name: 'Customer' })).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem('activeRole')).toBe('customer');
  });

  it('Join as Provider, signed in: asks first; Cancel changes nothing, Start marks provider and opens onboarding', async () => {
    const user = userEvent.setup();
    const fetchMock = renderHeader(
      () => json(200, makeMe('customer')),
      (req) => (req.path === '/api/profile/become-provider' ? json(500, {}) : undefined),
    );
    await screen.findByRole('button', { name: /Account menu/ });
    await user.click(screen.getAllByRole('button', { name: 'Join as Provider' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Also offer services?' });
    expect(dialog).toHaveTextContent('You keep everything you do as a customer');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location()).toBe('/search');
    expect(callsTo(fetchMock, '/api/profile/become-provider')).toHaveLength(0);

    await user.click(screen.getAllByRole('button', { name: 'Join as Provider' })[0] as HTMLElement);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Also offer services?' })).getByRole('button', {
        name: 'Start provider setup',
      }),
    );
    // Spec 4: onboarding opens even if the marking failed.
    await waitFor(() => expect(location()).toBe('/onboarding/welcome'));
    expect(callsTo(fetchMock, '/api/profile/become-provider')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
