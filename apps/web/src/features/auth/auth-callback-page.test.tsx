import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthCallbackPage } from './auth-callback-page.tsx';
import { CheckEmailPage } from './check-email-page.tsx';
import { callsTo, json, makeMe, renderWithSession, SIGNED_OUT, stubFetch } from './test/fixtures.tsx';

const ROUTES = [
  { path: '/auth/callback', Component: AuthCallbackPage },
  { path: '/check-email', Component: CheckEmailPage },
  { path: '/auth', element: <h1>Sign in page</h1> },
  { path: '/dashboard', element: <h1>Dashboard page</h1> },
  { path: '/favorites', element: <h1>Favorites page</h1> },
  { path: '/onboarding/welcome', element: <h1>Onboarding</h1> },
];

const location = () => screen.getByTestId('location').textContent;

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
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

describe('/auth/callback (spec 4)', () => {
  it('?error= toasts Verification Failed and goes back to /auth after 3 s', async () => {
    vi.useFakeTimers();
    stubFetch((req) => (req.path === '/api/me' ? SIGNED_OUT() : undefined));
    renderWithSession(ROUTES, '/auth/callback?error=INVALID_TOKEN');
    await advance(0);
    expect(screen.getByText('Redirecting you back to the sign-in page...')).toBeInTheDocument();
    expect(screen.getAllByText('Verification Failed').length).toBeGreaterThan(0);
    await advance(2_900);
    expect(location()).toBe('/auth/callback?error=INVALID_TOKEN');
    await advance(200);
    expect(location()).toBe('/auth');
  });

  it('a suspended Google account: the server message is shown, then /auth (issue 19)', async () => {
    vi.useFakeTimers();
    stubFetch((req) => (req.path === '/api/me' ? SIGNED_OUT() : undefined));
    const message =
      'This account is suspended. Contact support@adwuma.com.gh if you think this is a mistake.';
    renderWithSession(
      ROUTES,
      `/auth/callback?error=ACCOUNT_SUSPENDED&error_description=${encodeURIComponent(message)}`,
    );
    await advance(0);
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect(screen.getByText('Redirecting you back to the sign-in page...')).toBeInTheDocument();
    await advance(3_100);
    expect(location()).toBe('/auth');
  });

  it('with a session: success, then returnTo after 1.5 s', async () => {
    vi.useFakeTimers();
    stubFetch((req) => (req.path === '/api/me' ? json(200, makeMe('customer')) : undefined));
    renderWithSession(ROUTES, '/auth/callback?returnTo=%2Ffavorites');
    await advance(50);
    expect(screen.getByRole('heading', { name: "You're signed in" })).toBeInTheDocument();
    await advance(1_400);
    expect(location()).toBe('/auth/callback?returnTo=%2Ffavorites');
    await advance(200);
    expect(location()).toBe('/favorites');
  });

  it('a provider with onboarding to do goes to /onboarding/welcome', async () => {
    vi.useFakeTimers();
    stubFetch((req) => (req.path === '/api/me' ? json(200, makeMe('explorer')) : undefined));
    renderWithSession(ROUTES, '/auth/callback');
    await advance(1_600);
    expect(location()).toBe('/onboarding/welcome');
  });

  it('a Google sign-up from Join as Provider marks the account provider, then onboarding', async () => {
    vi.useFakeTimers();
    const fetchMock = stubFetch((req) => {
      if (req.path === '/api/me') return json(200, makeMe('customer'));
      if (req.path === '/api/profile/become-provider') return json(200, {});
      return undefined;
    });
    renderWithSession(ROUTES, '/auth/callback?intent=provider');
    await advance(1_600);
    expect(location()).toBe('/onboarding/welcome');
    expect(callsTo(fetchMock, '/api/profile/become-provider')).toHaveLength(1);
  });

  it('without a session goes to /auth', async () => {
    stubFetch((req) => (req.path === '/api/me' ? SIGNED_OUT() : undefined));
    renderWithSession(ROUTES, '/auth/callback');
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
  });
});

describe('/check-email (spec 2)', () => {
  it('names the address, resends, and locks the button for 30 s', async () => {
    const fetchMock = stubFetch((req) => {
      if (req.path === '/api/me') return SIGNED_OUT();
      if (req.path === '/api/auth/send-verification-email') return json(200, { status: true });
      return undefined;
    });
    const user = userEvent.setup();
    renderWithSession(ROUTES, '/check-email?email=kofi%40example.com');
    expect(await screen.findByText('kofi@example.com')).toBeInTheDocument();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    const locked = await screen.findByRole('button', { name: /Resend in \d+s/ });
    expect(locked).toBeDisabled();
    expect(callsTo(fetchMock, '/api/auth/send-verification-email')[0]?.body).toEqual({
      email: 'kofi@example.com',
      callbackURL: '/auth/callback',
    });
    await advance(30_500);
    expect(screen.getByRole('button', { name: 'Resend email' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/auth?email=kofi%40example.com',
    );
  });

  it('without an address says Email Required', async () => {
    stubFetch((req) => (req.path === '/api/me' ? SIGNED_OUT() : undefined));
    const user = userEvent.setup();
    renderWithSession(ROUTES, '/check-email');
    await user.click(await screen.findByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Email Required')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address first.')).toBeInTheDocument();
  });

  it('a failed resend says Failed to send confirmation email', async () => {
    stubFetch((req) => {
      if (req.path === '/api/me') return SIGNED_OUT();
      if (req.path === '/api/auth/send-verification-email') {
        return json(429, { error: { code: 'RATE_LIMITED', message: 'Too many' } });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithSession(ROUTES, '/check-email?email=kofi%40example.com');
    await user.click(await screen.findByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Failed to send confirmation email')).toBeInTheDocument();
  });
});
