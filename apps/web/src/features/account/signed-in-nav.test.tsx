import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeaderAccountContext, SiteHeader } from '../../components/site/site-header.tsx';
import { HomeRedirect } from '../auth/guards.tsx';
import { json, makeMe, renderWithSession, SIGNED_OUT, stubFetch } from '../auth/test/fixtures.tsx';
import { headerAccount } from './account-menu.tsx';

type MeBody = ReturnType<typeof makeMe>;

function renderHeader(me: MeBody | null, unread = 0) {
  stubFetch((req) => {
    if (req.path === '/api/me') return me ? json(200, me) : SIGNED_OUT();
    if (req.path === '/api/messages/unread') return json(200, { messages: unread });
    return undefined;
  });
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
}

/** The desktop header's links, by visible name, once the session is read. */
async function mainLinks(): Promise<string[]> {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  await waitFor(() => expect(within(nav).queryAllByRole('link').length).toBeGreaterThan(0));
  return [...nav.querySelectorAll('a, button')].map((el) => el.textContent ?? '');
}

const href = (name: string | RegExp) =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getByRole('link', { name })
    .getAttribute('href');

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('signed-in navigation (issue 22)', () => {
  it('a visitor keeps the marketing links (spec 2)', async () => {
    renderHeader(null);
    await screen.findByRole('link', { name: 'Log In' });
    expect(await mainLinks()).toEqual([
      'Features',
      'Find Providers',
      'Browse Services',
      'Browse Jobs',
      'Join as Provider',
      'Pricing',
      'About',
    ]);
  });

  it('a customer gets the links of their work, with Join as Provider kept, and no Features or Pricing', async () => {
    renderHeader(makeMe('customer'));
    await screen.findByRole('button', { name: /Account menu/ });
    expect(await mainLinks()).toEqual([
      'Find providers',
      'Post a job',
      'My jobs',
      'Schedule',
      'Messages',
      'Reviews',
      'Join as Provider',
    ]);
    expect(href('Post a job')).toBe('/post-job');
    expect(href('My jobs')).toBe('/tasks');
    expect(href('Schedule')).toBe('/schedule');
    expect(href('Messages')).toBe('/messaging');
    expect(href('Reviews')).toBe('/reviews');
  });

  it('a provider in the provider view gets theirs', async () => {
    renderHeader(
      makeMe('service_provider', { profile: { ...makeMe().profile, onboarding_completed: true } }),
    );
    await screen.findByRole('button', { name: /Account menu/ });
    expect(await mainLinks()).toEqual([
      'Dashboard',
      'Find jobs',
      'My services',
      'Schedule',
      'Messages',
      'Earnings',
      'Reviews',
    ]);
    expect(href('Find jobs')).toBe('/jobs');
    expect(href('My services')).toBe('/post-service');
    expect(href('Earnings')).toBe('/earnings');
  });

  it('a provider who switches to the customer view gets the customer links, without Join as Provider', async () => {
    const user = userEvent.setup();
    renderHeader(makeMe('service_provider'));
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(
      within(screen.getByRole('group', { name: 'Switch view' })).getByRole('button', { name: 'Customer' }),
    );
    await waitFor(() => expect(href('Post a job')).toBe('/post-job'));
    expect(await mainLinks()).not.toContain('Join as Provider');
  });

  it('an admin gets Admin, then the customer links', async () => {
    renderHeader(makeMe('admin'));
    await screen.findByRole('button', { name: /Account menu/ });
    expect(await mainLinks()).toEqual([
      'Admin',
      'Find providers',
      'Post a job',
      'My jobs',
      'Schedule',
      'Messages',
      'Reviews',
    ]);
    expect(href('Admin')).toBe('/admin');
  });

  it('Messages carries the unread count', async () => {
    renderHeader(makeMe('customer'), 3);
    await screen.findByRole('button', { name: /Account menu/ });
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(await nav.findByRole('link', { name: 'Messages, 3 unread' })).toHaveAttribute(
      'href',
      '/messaging',
    );
  });

  it('the avatar button is named from what it shows: the initials first', async () => {
    renderHeader(makeMe('admin', { user: { ...makeMe().user, name: 'Efua Admin' } }));
    const button = await screen.findByRole('button', { name: /Account menu/ });
    expect(button).not.toHaveAttribute('aria-label');
    // Ama Mensah is the profile's full name in the fixture, which wins over the account name.
    expect(button).toHaveAccessibleName('AM — Account menu for Ama Mensah');
    expect(button).toHaveTextContent(/^AM/);
  });
});

describe('mobile menu (issue 22)', () => {
  it('Escape closes it and puts focus back on the menu button', async () => {
    const user = userEvent.setup();
    renderHeader(makeMe('customer'));
    await screen.findByRole('button', { name: /Account menu/ });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(menu).getByRole('link', { name: 'Post a job' })).toHaveAttribute('href', '/post-job');
    // Tab order: from the menu button straight into the menu's first link.
    await user.tab();
    expect(within(menu).getByRole('link', { name: 'Find providers' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });
});

describe('/ for an admin (issue 22)', () => {
  it('lands on /admin', async () => {
    stubFetch((req) => (req.path === '/api/me' ? json(200, makeMe('admin')) : undefined));
    renderWithSession(
      [
        { path: '/', Component: HomeRedirect },
        { path: '*', element: null },
      ],
      '/',
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin'));
  });
});
