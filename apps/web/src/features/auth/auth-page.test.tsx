import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthPage } from './auth-page.tsx';
import {
  callsTo,
  type Handler,
  json,
  makeMe,
  renderWithSession,
  SIGNED_OUT,
  stubFetch,
} from './test/fixtures.tsx';

const PROVIDERS = () => json(200, { google: false, requireEmailVerification: false });

function renderAuth(path: string, handler: Handler = () => undefined, me: () => Response = SIGNED_OUT) {
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return me();
    if (req.path === '/api/auth/providers') return PROVIDERS();
    return handler(req);
  });
  const rendered = renderWithSession(
    [
      { path: '/auth', Component: AuthPage },
      { path: '/check-email', element: <h1>Check email page</h1> },
      { path: '/', element: <h1>Home</h1> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
    ],
    path,
  );
  return { ...rendered, fetchMock };
}

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

describe('/auth sign-in', () => {
  it('keeps Sign in disabled until both fields are valid', async () => {
    const user = userEvent.setup();
    renderAuth('/auth');
    const submit = await screen.findByRole('button', { name: 'Sign in' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'kofi@example.com');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), '12345');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), '6');
    await waitFor(() => expect(submit).toBeEnabled());
  });

  it('prefills the email from the query', async () => {
    renderAuth('/auth?email=kofi%40example.com');
    expect(await screen.findByLabelText('Email')).toHaveValue('kofi@example.com');
  });

  it('switching modes clears the error and resets the forms', async () => {
    const user = userEvent.setup();
    renderAuth('/auth', (req) =>
      req.path === '/api/auth/sign-in/email'
        ? json(401, { error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } })
        : undefined,
    );
    await user.type(await screen.findByLabelText('Email'), 'kofi@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('Email or password is incorrect.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Sign up' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).queryByText('Email or password is incorrect.')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Sign in' }));
    expect(within(screen.getByRole('tabpanel')).queryByText('Email or password is incorrect.')).toBeNull();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('asks for the authenticator code when two-factor is on, then goes to returnTo', async () => {
    const user = userEvent.setup();
    let signedIn = false;
    const { fetchMock } = renderAuth(
      '/auth?returnTo=%2Fdashboard',
      (req) => {
        if (req.path === '/api/auth/sign-in/email') return json(200, { twoFactorRedirect: true });
        if (req.path === '/api/auth/two-factor/verify-totp') {
          signedIn = true;
          return json(200, { token: 't', user: makeMe().user });
        }
        return undefined;
      },
      () => (signedIn ? json(200, makeMe()) : SIGNED_OUT()),
    );
    await user.type(await screen.findByLabelText('Email'), 'ama@example.com');
    await user.type(screen.getByLabelText('Password'), 'Akwaaba22!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(signedIn).toBe(false);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/two-factor/verify-totp')[0]?.body).toEqual({ code: '123456' });
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
  });
});

describe('/auth sign-up', () => {
  it('shows the spec 5 messages, and "Passwords don\'t match" once both are touched', async () => {
    const user = userEvent.setup();
    renderAuth('/auth?mode=signup');
    await user.type(await screen.findByLabelText('Full name'), 'K');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.tab();
    expect(await screen.findByText('Full name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.queryByText("Passwords don't match")).toBeNull();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'lowercase1');
    expect(
      await screen.findByText('Password must contain at least one uppercase letter'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'NoDigitsHere');
    expect(await screen.findByText('Password must contain at least one number')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Confirm password'), 'Different1');
    await user.tab();
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
  });

  it('offers Find Services and Become a Provider, and sends the chosen role', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderAuth('/auth?mode=signup', (req) =>
      req.path === '/api/auth/sign-up/email' ? json(200, { token: null, user: makeMe().user }) : undefined,
    );
    expect(await screen.findByRole('radio', { name: /Find Services/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Become a Provider/ }));
    await user.type(screen.getByLabelText('Full name'), 'Kofi Boateng');
    await user.type(screen.getByLabelText('Email'), 'Kofi@Example.com');
    await user.type(screen.getByLabelText('Password'), 'Akwaaba22!');
    await user.type(screen.getByLabelText('Confirm password'), 'Akwaaba22!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(location()).toBe('/check-email?email=kofi%40example.com'));
    expect(callsTo(fetchMock, '/api/auth/sign-up/email')[0]?.body).toMatchObject({
      name: 'Kofi Boateng',
      email: 'kofi@example.com',
      password: 'Akwaaba22!',
      user_role: 'explorer',
      callbackURL: '/auth/callback',
    });
    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
  });

  it('intent=provider hides the choice and signs up as explorer', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderAuth('/auth?mode=signup&intent=provider', (req) =>
      req.path === '/api/auth/sign-up/email' ? json(200, { token: null, user: makeMe().user }) : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Join as a provider' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Find Services/ })).toBeNull();
    await user.type(screen.getByLabelText('Full name'), 'Esi Owusu');
    await user.type(screen.getByLabelText('Email'), 'esi@example.com');
    await user.type(screen.getByLabelText('Password'), 'Akwaaba22!');
    await user.type(screen.getByLabelText('Confirm password'), 'Akwaaba22!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/auth/sign-up/email')[0]?.body).toMatchObject({ user_role: 'explorer' }),
    );
  });

  it('an existing email opens the dialog; Sign in switches to sign-in with the email', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderAuth('/auth?mode=signup', (req) => {
      if (req.path === '/api/auth/sign-up/email') {
        return json(422, { error: { code: 'USER_ALREADY_EXISTS', message: 'User already exists.' } });
      }
      if (req.path === '/api/auth/send-verification-email') return json(200, { status: true });
      return undefined;
    });
    await user.type(await screen.findByLabelText('Full name'), 'Kofi Boateng');
    await user.type(screen.getByLabelText('Email'), 'kofi@example.com');
    await user.type(screen.getByLabelText('Password'), 'Akwaaba22!');
    await user.type(screen.getByLabelText('Confirm password'), 'Akwaaba22!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const dialog = await screen.findByRole('dialog', { name: 'You already have an account' });
    expect(within(dialog).getByText('kofi@example.com')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reset password' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Resend confirmation email' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/auth/send-verification-email')[0]?.body).toEqual({
        email: 'kofi@example.com',
        callbackURL: '/auth/callback',
      }),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('kofi@example.com');
  });

  it('Reset password in the dialog opens forgot-password with the email', async () => {
    const user = userEvent.setup();
    renderAuth('/auth?mode=signup', (req) =>
      req.path === '/api/auth/sign-up/email'
        ? json(422, { code: 'USER_ALREADY_EXISTS', message: 'User already exists.' })
        : undefined,
    );
    await user.type(await screen.findByLabelText('Full name'), 'Kofi Boateng');
    await user.type(screen.getByLabelText('Email'), 'kofi@example.com');
    await user.type(screen.getByLabelText('Password'), 'Akwaaba22!');
    await user.type(screen.getByLabelText('Confirm password'), 'Akwaaba22!');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await user.click(await screen.findByRole('button', { name: 'Reset password' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('kofi@example.com');
  });
});

describe('/auth forgot and reset password', () => {
  it('forgot password: disabled until valid, then Check Your Email', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderAuth('/auth?mode=forgot-password', (req) =>
      req.path === '/api/auth/request-password-reset' ? json(200, { status: true }) : undefined,
    );
    const submit = await screen.findByRole('button', { name: 'Send reset link' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'kofi@');
    await user.tab();
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'example.com');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/request-password-reset')[0]?.body).toEqual({
      email: 'kofi@example.com',
      redirectTo: '/auth?mode=reset-password',
    });
  });

  it("forgot password: an address the spec's email rules refuse says 'Invalid email format'", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderAuth('/auth?mode=forgot-password', (req) =>
      req.path === '/api/auth/request-password-reset' ? json(200, { status: true }) : undefined,
    );
    // A local part over 64 characters: a valid shape, refused by the email utility (spec 5).
    await user.type(await screen.findByLabelText('Email'), `${'k'.repeat(65)}@example.com`);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await within(screen.getByRole('alert')).findByText('Invalid email format')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/request-password-reset')).toHaveLength(0);
  });

  it("forgot password: the server refusing the address says 'Invalid email format'", async () => {
    const user = userEvent.setup();
    renderAuth('/auth?mode=forgot-password', (req) =>
      req.path === '/api/auth/request-password-reset'
        ? json(400, { error: { code: 'INVALID_EMAIL', message: 'Invalid email' } })
        : undefined,
    );
    await user.type(await screen.findByLabelText('Email'), 'kofi@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await within(screen.getByRole('alert')).findByText('Invalid email format')).toBeInTheDocument();
  });

  it('forgot password: past the limit says to wait 30 minutes', async () => {
    const user = userEvent.setup();
    renderAuth('/auth?mode=forgot-password', (req) =>
      req.path === '/api/auth/request-password-reset'
        ? json(429, {
            error: {
              code: 'RATE_LIMITED',
              message: 'Too many password reset attempts. Please try again in 30 minutes.',
            },
          })
        : undefined,
    );
    await user.type(await screen.findByLabelText('Email'), 'kofi@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await within(screen.getByRole('alert')).findByText(
        'Too many password reset attempts. Please try again in 30 minutes.',
      ),
    ).toBeInTheDocument();
  });

  it('reset: the live checklist follows the password', async () => {
    const user = userEvent.setup();
    renderAuth('/auth?mode=reset-password&token=abc');
    const list = await screen.findByRole('list', { name: 'Password requirements' });
    const item = (label: string) => within(list).getByText(label).closest('li');
    for (const label of ['8+ characters', 'Contains number', 'Contains special character']) {
      expect(item(label)).toHaveAttribute('data-met', 'false');
    }
    await user.type(screen.getByLabelText('New password'), 'abcdefgh1');
    expect(item('8+ characters')).toHaveAttribute('data-met', 'true');
    expect(item('Contains number')).toHaveAttribute('data-met', 'true');
    expect(item('Contains special character')).toHaveAttribute('data-met', 'false');
    await user.type(screen.getByLabelText('New password'), '!');
    expect(item('Contains special character')).toHaveAttribute('data-met', 'true');
  });

  it('reset: success screen, then /dashboard after 2 s', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderAuth('/auth?mode=reset-password&token=tok-1', (req) =>
      req.path === '/api/auth/reset-password' ? json(200, { status: true }) : undefined,
    );
    await user.type(await screen.findByLabelText('New password'), 'Akwaaba2!');
    await user.type(screen.getByLabelText('Confirm new password'), 'Akwaaba2!');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByRole('heading', { name: 'Password updated successfully' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/reset-password')[0]?.body).toEqual({
      newPassword: 'Akwaaba2!',
      token: 'tok-1',
    });
    await waitFor(() => expect(location()).toBe('/dashboard'), { timeout: 3000 });
  });

  it('reset: an expired link says so and offers a new one', async () => {
    const user = userEvent.setup();
    renderAuth('/auth?mode=reset-password&error=INVALID_TOKEN');
    expect(await screen.findByText('This reset link no longer works')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request a new link' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
  });
});

describe('/auth with Google', () => {
  function renderGoogle(path: string, social: () => Response | Promise<Response>) {
    const fetchMock = stubFetch((req) => {
      if (req.path === '/api/me') return SIGNED_OUT();
      if (req.path === '/api/auth/providers')
        return json(200, { google: true, requireEmailVerification: false });
      if (req.path === '/api/auth/sign-in/social') return social();
      return undefined;
    });
    renderWithSession([{ path: '/auth', Component: AuthPage }], path);
    return fetchMock;
  }

  it('shows Connecting with Google... while it asks the server where to go', async () => {
    const user = userEvent.setup();
    const fetchMock = renderGoogle('/auth', () => new Promise<Response>(() => {}));
    await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('heading', { name: 'Connecting with Google...' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/sign-in/social')[0]?.body).toMatchObject({
      provider: 'google',
      callbackURL: '/auth/callback',
      errorCallbackURL: '/auth/callback',
    });
  });

  it('provider=google starts at once; a failure shows Authentication Error with Try Again', async () => {
    const user = userEvent.setup();
    renderGoogle('/auth?provider=google', () =>
      json(500, { error: { code: 'INTERNAL_ERROR', message: 'x' } }),
    );
    expect(await screen.findByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(
      screen.getAllByText('An unexpected error occurred with Google sign-up. Please try again.').length,
    ).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });
});

describe('/auth when signed in', () => {
  it('goes on to returnTo', async () => {
    stubFetch((req) => {
      if (req.path === '/api/me') return json(200, makeMe());
      if (req.path === '/api/auth/providers') return PROVIDERS();
      return undefined;
    });
    renderWithSession(
      [
        { path: '/auth', Component: AuthPage },
        { path: '/dashboard', element: <h1>Dashboard page</h1> },
      ],
      '/auth?returnTo=%2Fdashboard',
    );
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
  });

  it('a signed-in person can still open a reset link', async () => {
    stubFetch((req) => {
      if (req.path === '/api/me') return json(200, makeMe());
      if (req.path === '/api/auth/providers') return PROVIDERS();
      return undefined;
    });
    renderWithSession([{ path: '/auth', Component: AuthPage }], '/auth?mode=reset-password&token=x');
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    await act(async () => {});
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
  });
});
