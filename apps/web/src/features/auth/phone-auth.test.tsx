import { GHANA_MOBILE_MESSAGE } from '@adwuma/shared';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '../../i18n/index.ts';
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

// Issue 21: sign-in and sign-up with a Ghana phone number and an SMS code; the /auth page in Twi.

const PROVIDERS = () => json(200, { google: false, requireEmailVerification: false });

function renderAuth(path: string, handler: Handler = () => undefined) {
  let signedIn = false;
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return signedIn ? json(200, makeMe('customer')) : SIGNED_OUT();
    if (req.path === '/api/auth/providers') return PROVIDERS();
    const answer = handler(req);
    if (req.path === '/api/auth/phone-number/verify' && answer instanceof Response && answer.ok)
      signedIn = true;
    return answer;
  });
  const rendered = renderWithSession(
    [
      { path: '/auth', Component: AuthPage },
      { path: '/', element: <h1>Home</h1> },
      { path: '/jobs', element: <h1>Jobs page</h1> },
    ],
    path,
  );
  return { ...rendered, fetchMock };
}

const location = () => screen.getByTestId('location').textContent;
const SENT = () => json(200, { message: 'code sent' });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  if (i18n.language !== 'en') await setLanguage('en');
});

describe('/auth by phone (issue 21)', () => {
  it('signs up: role, name, number, then the code; a wrong code shows the server message', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderAuth('/auth?mode=signup', (req) => {
      if (req.path === '/api/auth/phone-number/send-otp') return SENT();
      if (req.path === '/api/auth/phone-number/verify') {
        const { code } = req.body as { code: string };
        return code === '123456'
          ? json(200, { status: true, token: 't', user: { id: 'user-1' } })
          : json(400, { code: 'INVALID_OTP', message: 'That code is not right. 4 tries left.' });
      }
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Use your phone number instead' }));
    await user.click(screen.getByLabelText(/Become a Provider/));
    await user.type(screen.getByLabelText('Full name'), 'Kofi Boateng');
    await user.type(screen.getByLabelText('Phone number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter a Ghana phone number, e.g. +233 24 123 4567')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/phone-number/send-otp')).toHaveLength(0);

    // Issue 29: a landline cannot receive the code, and the field says so.
    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '030 221 2345');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(GHANA_MOBILE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(
      expect.stringContaining(GHANA_MOBILE_MESSAGE),
    );
    expect(callsTo(fetchMock, '/api/auth/phone-number/send-otp')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '024 123 4567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const codeInput = await screen.findByLabelText('6-digit code');
    expect(callsTo(fetchMock, '/api/auth/phone-number/send-otp')[0]?.body).toEqual({
      phoneNumber: '+233241234567',
    });
    expect(codeInput).toHaveAttribute('inputmode', 'numeric');
    expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByText(/We sent a 6-digit code by SMS to \+233 24 123 4567/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();

    await user.type(codeInput, '12');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter the 6-digit code we sent you')).toBeInTheDocument();

    await user.clear(codeInput);
    await user.type(codeInput, '999999');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('That code is not right. 4 tries left.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(location()).toBe('/'));
    const verify = callsTo(fetchMock, '/api/auth/phone-number/verify');
    expect(verify.at(-1)?.body).toEqual({
      phoneNumber: '+233241234567',
      code: '123456',
      name: 'Kofi Boateng',
      user_role: 'explorer',
    });
  });

  it('locks "Send a new code" for 60 s, then sends again and shows a refusal', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const user = userEvent.setup();
    let sends = 0;
    const { fetchMock } = renderAuth('/auth', (req) => {
      if (req.path !== '/api/auth/phone-number/send-otp') return undefined;
      sends += 1;
      return sends === 1
        ? SENT()
        : json(429, {
            code: 'TOO_MANY_REQUESTS',
            message: 'Too many codes for this number. Try again in an hour.',
          });
    });
    await user.click(await screen.findByRole('button', { name: 'Use your phone number instead' }));
    await user.type(screen.getByLabelText('Phone number'), '+233 54 000 1111');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: 'Send a new code in 60 s' })).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(await screen.findByRole('button', { name: 'Send a new code in 30 s' })).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    const resend = await screen.findByRole('button', { name: 'Send a new code' });
    expect(resend).toBeEnabled();
    await user.click(resend);
    expect(
      await screen.findByText('Too many codes for this number. Try again in an hour.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/phone-number/send-otp')).toHaveLength(2);
  });

  it('signs in with a number and a code and goes on to returnTo; an unknown number says so', async () => {
    const user = userEvent.setup();
    let known = false;
    const { fetchMock } = renderAuth('/auth?returnTo=%2Fjobs', (req) => {
      if (req.path === '/api/auth/phone-number/send-otp') return SENT();
      if (req.path === '/api/auth/phone-number/verify')
        return known
          ? json(200, { status: true, token: 't', user: { id: 'user-1' } })
          : json(400, { code: 'PHONE_NOT_FOUND', message: 'No account uses this number. Sign up instead.' });
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Use your phone number instead' }));
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Phone number'), '0201234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('No account uses this number. Sign up instead.')).toBeInTheDocument();
    known = true;
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toBe('/jobs'));
    expect(callsTo(fetchMock, '/api/auth/phone-number/verify').at(-1)?.body).toEqual({
      phoneNumber: '+233201234567',
      code: '654321',
    });
  });
});

describe('/auth in Twi (issue 21)', () => {
  it('renders the sign-in screen in Twi, phone form included', async () => {
    await setLanguage('ak');
    const user = userEvent.setup();
    renderAuth('/auth');
    expect(await screen.findByRole('heading', { name: 'Akwaaba bio' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Bue account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fa wo fon nɔma mmom' }));
    expect(screen.getByLabelText('Fon nɔma')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Soma koodu' })).toBeInTheDocument();
    expect(screen.queryByText('Welcome back')).not.toBeInTheDocument();
  });
});
