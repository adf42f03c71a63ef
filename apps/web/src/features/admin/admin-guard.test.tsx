import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, makeMe, renderWithSession, SIGNED_OUT, stubFetch } from '../auth/test/fixtures.tsx';
import { AdminGuard } from './admin-guard.tsx';

function renderAdmin(path = '/admin/users') {
  return renderWithSession(
    [
      {
        path: '/admin/users',
        element: (
          <AdminGuard>
            <h1>Users list</h1>
          </AdminGuard>
        ),
      },
      { path: '/auth', element: <h1>Sign in page</h1> },
    ],
    path,
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('admin wrapper (spec 2 "Admin-only")', () => {
  it('shows Verifying Admin Access while the session loads, and gives up after 8 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    stubFetch(() => new Promise<Response>(() => {}));
    renderAdmin();
    expect(screen.getByText('Verifying Admin Access')).toBeInTheDocument();
    expect(screen.getByText('Checking your administrative privileges...')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(7_900);
    });
    expect(screen.getByText('Verifying Admin Access')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Verifying Admin Access')).toBeNull();
    const card = screen.getByRole('alert');
    expect(within(card).getByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(
      within(card).getByText('There was an error verifying your authentication status.'),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Retry Authentication' })).toBeInTheDocument();
  });

  it('shows the auth error card when the session cannot be checked', async () => {
    stubFetch((req) =>
      req.path === '/api/me'
        ? json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Down' } })
        : undefined,
    );
    renderAdmin();
    expect(
      await screen.findByRole('heading', { name: 'Authentication Error' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry Authentication' })).toBeInTheDocument();
  }, 10_000);

  it('sends a signed-out visitor to sign in with returnTo', async () => {
    stubFetch((req) => (req.path === '/api/me' ? SIGNED_OUT() : undefined));
    renderAdmin('/admin/users?page=2');
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/auth?returnTo=%2Fadmin%2Fusers%3Fpage%3D2');
  });

  it('refuses a customer with Access Denied, their role and admin status No', async () => {
    stubFetch((req) => (req.path === '/api/me' ? json(200, makeMe('customer')) : undefined));
    renderAdmin();
    const card = await screen.findByRole('alert');
    expect(within(card).getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(
      within(card).getByText("You don't have administrator privileges to access this area."),
    ).toBeInTheDocument();
    expect(within(card).getByText('Current role').nextElementSibling).toHaveTextContent('Customer');
    expect(within(card).getByText('Admin status').nextElementSibling).toHaveTextContent('No');
    expect(within(card).getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Go to Dashboard' })).toBeInTheDocument();
    expect(
      within(card).getByText('Contact your system administrator if you believe this is an error.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Users list')).toBeNull();
  });

  it('names a provider as such', async () => {
    stubFetch((req) => (req.path === '/api/me' ? json(200, makeMe('service_provider')) : undefined));
    renderAdmin();
    const card = await screen.findByRole('alert');
    expect(within(card).getByText('Current role').nextElementSibling).toHaveTextContent('Provider');
  });

  it('lets an admin in under the banner with their email and role', async () => {
    stubFetch((req) =>
      req.path === '/api/me'
        ? json(200, makeMe('admin', { user: { ...makeMe().user, email: 'boss@adwuma.test' } }))
        : undefined,
    );
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Users list' })).toBeInTheDocument();
    const banner = screen
      .getByText('Admin Mode Active • Enhanced security enabled')
      .closest('[role="status"]');
    expect(banner).not.toBeNull();
    expect(within(banner as HTMLElement).getByText('boss@adwuma.test')).toBeInTheDocument();
    expect(within(banner as HTMLElement).getByText('Admin')).toBeInTheDocument();
  });
});
