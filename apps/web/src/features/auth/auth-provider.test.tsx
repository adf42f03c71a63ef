import { THEME_STORAGE_KEY } from '@adwuma/shared';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { expiredSignInUrl, useSession } from './auth-provider.tsx';
import { HomeRedirect, RequireAuth } from './guards.tsx';
import { json, makeMe, makeProfile, renderWithSession, SIGNED_OUT, stubFetch } from './test/fixtures.tsx';

function Dashboard() {
  const { user, role, activeRole, canSwitchView, setActiveRole, signOut } = useSession();
  return (
    <div>
      <h1>Dashboard for {user?.email}</h1>
      <p>role {role}</p>
      <p>view {activeRole}</p>
      {canSwitchView && (
        <button type="button" onClick={() => setActiveRole('customer')}>
          Customer view
        </button>
      )}
      <button type="button" onClick={() => void api('/api/profile').catch(() => {})}>
        Load profile
      </button>
      <button type="button" onClick={() => void signOut()}>
        Log out
      </button>
      <button type="button" onClick={() => void signOut({ everywhere: true })}>
        Log out everywhere
      </button>
    </div>
  );
}

const ROUTES = [
  { path: '/', Component: HomeRedirect },
  { Component: RequireAuth, children: [{ path: '/dashboard', Component: Dashboard }] },
  { path: '/auth', element: <h1>Sign in page</h1> },
  { path: '/onboarding/:step', element: <h1>Onboarding</h1> },
];

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('useSession', () => {
  it('throws outside its provider (spec 8)', () => {
    function Bare() {
      useSession();
      return null;
    }
    expect(() => render(<Bare />)).toThrow(/AuthProvider/);
  });
});

describe('guards', () => {
  it('a signed-out visit to a protected page goes to /auth with returnTo (path and query)', async () => {
    stubFetch((req) => (req.path === '/api/me' ? SIGNED_OUT() : undefined));
    renderWithSession(ROUTES, '/dashboard?tab=jobs');
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(location()).toBe('/auth?returnTo=%2Fdashboard%3Ftab%3Djobs');
  });

  it('/ sends nobody to /auth, a customer to /dashboard, an unfinished provider to onboarding', async () => {
    stubFetch((req) => (req.path === '/api/me' ? SIGNED_OUT() : undefined));
    renderWithSession(ROUTES, '/');
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    cleanup();

    stubFetch((req) => (req.path === '/api/me' ? json(200, makeMe('customer')) : undefined));
    renderWithSession(ROUTES, '/');
    expect(await screen.findByRole('heading', { name: /Dashboard for/ })).toBeInTheDocument();
    cleanup();

    stubFetch((req) => (req.path === '/api/me' ? json(200, makeMe('explorer')) : undefined));
    renderWithSession(ROUTES, '/');
    expect(await screen.findByRole('heading', { name: 'Onboarding' })).toBeInTheDocument();
  });
});

describe('active role (spec 4)', () => {
  it('a provider starts in the provider view; a stored customer view is restored', async () => {
    window.localStorage.setItem('activeRole', 'customer');
    stubFetch((req) => (req.path === '/api/me' ? json(200, makeMe('service_provider')) : undefined));
    renderWithSession(ROUTES, '/dashboard');
    expect(await screen.findByText('view customer')).toBeInTheDocument();
  });

  it('a stored provider view is not restored for a customer', async () => {
    window.localStorage.setItem('activeRole', 'provider');
    stubFetch((req) => (req.path === '/api/me' ? json(200, makeMe('customer')) : undefined));
    renderWithSession(ROUTES, '/dashboard');
    expect(await screen.findByText('view customer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Customer view' })).toBeNull();
  });
});

describe('role lookup failure (spec 4, 9)', () => {
  const signedInUser = {
    id: 'user-9',
    email: 'kwame@example.com',
    name: 'Kwame Boateng',
    emailVerified: true,
  };

  it('a failed lookup of the role leaves a signed-in person a customer, not Authentication Error', async () => {
    stubFetch((req) => {
      if (req.path === '/api/me') return json(500, { error: { code: 'INTERNAL', message: 'Database down' } });
      if (req.path === '/api/auth/get-session')
        return json(200, { user: signedInUser, session: { id: 's' } });
      return undefined;
    });
    renderWithSession(ROUTES, '/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Dashboard for kwame@example.com' }),
    ).toBeInTheDocument();
    expect(screen.getByText('role customer')).toBeInTheDocument();
    expect(screen.getByText('view customer')).toBeInTheDocument();
    expect(screen.queryByText('Authentication Error')).toBeNull();
  });

  it('a lookup slower than 6 s is given up: the person continues as a customer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch((req) => {
      if (req.path === '/api/me') return new Promise<Response>(() => {});
      if (req.path === '/api/auth/get-session')
        return json(200, { user: signedInUser, session: { id: 's' } });
      return undefined;
    });
    // The stub ignores the abort signal: make the aborted call fail as fetch does.
    const stubbed = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      (input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          stubbed(input, init).then(resolve, reject);
        }),
    );
    renderWithSession(ROUTES, '/dashboard');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5900);
    });
    expect(screen.queryByRole('heading', { name: /Dashboard for/ })).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(
      await screen.findByRole('heading', { name: 'Dashboard for kwame@example.com' }),
    ).toBeInTheDocument();
    expect(screen.getByText('role customer')).toBeInTheDocument();
  });

  it('no session at the auth server either: signed out, sent to sign in', async () => {
    stubFetch((req) => {
      if (req.path === '/api/me') return json(503, { error: { code: 'UNAVAILABLE', message: 'Busy' } });
      if (req.path === '/api/auth/get-session') return json(200, null);
      return undefined;
    });
    renderWithSession(ROUTES, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
  });
});

describe('session expiry', () => {
  it('an API call answering SESSION_EXPIRED: toast, stored state cleared, sign in with returnTo', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('activeRole', 'provider');
    window.localStorage.setItem('userRole', 'explorer');
    window.localStorage.setItem('onboarding_step', 'location');
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    stubFetch((req) => {
      if (req.path === '/api/me')
        return json(200, makeMe('explorer', { profile: makeProfile({ onboarding_completed: true }) }));
      if (req.path === '/api/profile') {
        return json(401, {
          error: { code: 'SESSION_EXPIRED', message: 'Your session has expired. Please sign in again.' },
        });
      }
      return undefined;
    });
    renderWithSession(ROUTES, '/dashboard?tab=2');
    await user.click(await screen.findByRole('button', { name: 'Load profile' }));
    // Spec 8: 'Session Expired — Please sign in again to continue.'
    expect(await screen.findByText('Session Expired')).toBeInTheDocument();
    expect(screen.getByText('Please sign in again to continue.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/auth?returnTo=%2Fdashboard%3Ftab%3D2'));
    expect(window.localStorage.getItem('activeRole')).toBeNull();
    expect(window.localStorage.getItem('userRole')).toBeNull();
    expect(window.localStorage.getItem('onboarding_step')).toBeNull();
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  it('a 401 while the app believed it was signed in says Session Expired too', async () => {
    const user = userEvent.setup();
    stubFetch((req) => {
      if (req.path === '/api/me') return json(200, makeMe('customer'));
      if (req.path === '/api/profile')
        return json(401, { error: { code: 'UNAUTHORIZED', message: 'Sign in first.' } });
      return undefined;
    });
    renderWithSession(ROUTES, '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Load profile' }));
    expect(await screen.findByText('Session Expired')).toBeInTheDocument();
    expect(screen.getByText('Please sign in again to continue.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/auth?returnTo=%2Fdashboard'));
  });

  it('the hard sign-out clears all local and session storage, the theme included (spec 4)', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    window.localStorage.setItem('activeRole', 'customer');
    window.localStorage.setItem('search-recent', '["plumber"]');
    window.sessionStorage.setItem('draft', '{}');
    stubFetch((req) => {
      if (req.path === '/api/me') return json(200, makeMe('customer'));
      if (req.path.startsWith('/api/auth/')) return json(200, { success: true });
      return undefined;
    });
    renderWithSession(ROUTES, '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Log out everywhere' }));
    await waitFor(() => expect(window.localStorage.length).toBe(0));
    expect(window.sessionStorage.length).toBe(0);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('/api/me answering SESSION_EXPIRED on first load is just signed out', async () => {
    stubFetch((req) =>
      req.path === '/api/me'
        ? json(401, {
            error: { code: 'SESSION_EXPIRED', message: 'Your session has expired. Please sign in again.' },
          })
        : undefined,
    );
    const info = vi.spyOn(toast, 'info');
    renderWithSession(ROUTES, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(info).not.toHaveBeenCalled();
  });

  it('expired on / or an auth page returns to /dashboard', () => {
    expect(expiredSignInUrl('/')).toBe('/auth?returnTo=%2Fdashboard');
    expect(expiredSignInUrl('/auth?mode=signup')).toBe('/auth?returnTo=%2Fdashboard');
    expect(expiredSignInUrl('/jobs?focus=search')).toBe('/auth?returnTo=%2Fjobs%3Ffocus%3Dsearch');
  });
});

describe('sign-out (spec 4)', () => {
  it('toasts, clears the active role, ignores a second click, and goes to / after 1 s', async () => {
    window.localStorage.setItem('activeRole', 'customer');
    let signedIn = true;
    const fetchMock = stubFetch((req) => {
      if (req.path === '/api/me') return signedIn ? json(200, makeMe('customer')) : SIGNED_OUT();
      if (req.path === '/api/auth/sign-out') {
        signedIn = false;
        return json(200, { success: true });
      }
      return undefined;
    });
    renderWithSession(ROUTES, '/dashboard');
    const button = await screen.findByRole('button', { name: 'Log out' });
    await act(async () => {
      button.click();
      button.click();
    });
    expect(await screen.findByText('Signed out successfully')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/api/auth/sign-out'))).toHaveLength(1);
    expect(window.localStorage.getItem('activeRole')).toBeNull();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sign in page' })).toBeInTheDocument(), {
      timeout: 3000,
    });
  });

  it('a failed sign-out says so and still leaves after 2 s', async () => {
    const user = userEvent.setup();
    stubFetch((req) => {
      if (req.path === '/api/me') return json(200, makeMe('customer'));
      if (req.path === '/api/auth/sign-out')
        return json(500, { error: { code: 'INTERNAL_ERROR', message: 'x' } });
      return undefined;
    });
    renderWithSession(ROUTES, '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Sign out failed')).toBeInTheDocument();
    await waitFor(() => expect(location()).not.toBe('/dashboard'), { timeout: 4000 });
  });
});
