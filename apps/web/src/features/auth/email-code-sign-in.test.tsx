import { cleanup, screen, within } from '@testing-library/react';
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

// Issue 29: a sign-in slowed by wrong passwords offers "Email me a sign-in code" and its code entry.

function renderSignIn(handler: Handler, me: () => Response) {
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return me();
    if (req.path === '/api/auth/providers')
      return json(200, { google: false, requireEmailVerification: false });
    return handler(req);
  });
  renderWithSession(
    [
      { path: '/auth', Component: AuthPage },
      { path: '/', element: <h1>Home</h1> },
    ],
    '/auth',
  );
  return fetchMock;
}

const SLOWED = () =>
  json(429, {
    error: {
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait a few minutes before trying again.',
      details: { retryAfter: 42, signInCode: 'email' },
    },
  });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function signInSlowed(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email'), 'ama@example.com');
  await user.type(screen.getByLabelText('Password'), 'Akwaaba22!');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('/auth sign-in under attack', () => {
  it('offers a code by email when sign-in is slowed, and signs in with it', async () => {
    const user = userEvent.setup();
    let signedIn = false;
    const fetchMock = renderSignIn(
      (req) => {
        if (req.path === '/api/auth/sign-in/email') return SLOWED();
        if (req.path === '/api/auth/email-otp/send-verification-otp') return json(200, { success: true });
        if (req.path === '/api/auth/sign-in/email-otp') {
          signedIn = true;
          return json(200, { token: null, user: makeMe().user });
        }
        return undefined;
      },
      () => (signedIn ? json(200, makeMe()) : SIGNED_OUT()),
    );
    await signInSlowed(user);
    const offer = await screen.findByRole('region', { name: 'Sign in with a code by email' });
    expect(within(offer).getByText(/try again in \d+ s/)).toBeInTheDocument();
    await user.click(within(offer).getByRole('button', { name: 'Email me a sign-in code' }));
    expect(callsTo(fetchMock, '/api/auth/email-otp/send-verification-otp')[0]?.body).toEqual({
      email: 'ama@example.com',
      type: 'sign-in',
    });
    expect(
      await within(offer).findByText(/We emailed a 6-digit code to ama@example.com/),
    ).toBeInTheDocument();
    const submit = within(offer).getByRole('button', { name: 'Sign in with the code' });
    expect(submit).toBeDisabled();
    await user.type(within(offer).getByLabelText('6-digit code from the email'), '123 456');
    await user.click(submit);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/sign-in/email-otp')[0]?.body).toEqual({
      email: 'ama@example.com',
      otp: '123456',
    });
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
  });

  it("shows the server's words for a wrong code and stays on the code entry", async () => {
    const user = userEvent.setup();
    renderSignIn((req) => {
      if (req.path === '/api/auth/sign-in/email') return SLOWED();
      if (req.path === '/api/auth/email-otp/send-verification-otp') return json(200, { success: true });
      if (req.path === '/api/auth/sign-in/email-otp') {
        return json(400, {
          error: { code: 'INVALID_CODE', message: 'That code is not right. Check the email and try again.' },
        });
      }
      return undefined;
    }, SIGNED_OUT);
    await signInSlowed(user);
    const offer = await screen.findByRole('region', { name: 'Sign in with a code by email' });
    await user.click(within(offer).getByRole('button', { name: 'Email me a sign-in code' }));
    await user.type(await within(offer).findByLabelText('6-digit code from the email'), '000000');
    await user.click(within(offer).getByRole('button', { name: 'Sign in with the code' }));
    expect(
      await within(offer).findByText('That code is not right. Check the email and try again.'),
    ).toBeInTheDocument();
  });

  it('offers no code for a wrong password', async () => {
    const user = userEvent.setup();
    renderSignIn(
      (req) =>
        req.path === '/api/auth/sign-in/email'
          ? json(401, { error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } })
          : undefined,
      SIGNED_OUT,
    );
    await signInSlowed(user);
    expect(
      await screen.findByText('Email or password is incorrect.', { selector: '[role=alert] *' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Email me a sign-in code' })).toBeNull();
  });
});
