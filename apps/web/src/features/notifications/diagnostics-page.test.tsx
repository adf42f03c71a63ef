import { GHANA_MOBILE_MESSAGE, NOTIFICATION_KINDS, SMS_KINDS } from '@adwuma/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '../../i18n/index.ts';
import { callsTo, type Handler, json, makeMe, renderWithSession, stubFetch } from '../auth/test/fixtures.tsx';
import { NotificationsDiagnosticsPage } from './diagnostics-page.tsx';

function renderPage({
  failPut = false,
  putGate = Promise.resolve(),
  phone = null as string | null,
  extra = (() => undefined) as Handler,
} = {}) {
  const fetchMock = stubFetch((req) => {
    const answer = extra(req);
    if (answer) return answer;
    if (req.path === '/api/me')
      return json(200, makeMe('customer', { phone_number: phone, phone_verified: phone !== null }));
    if (req.path === '/api/notifications/preferences' && req.method === 'GET')
      return json(200, { items: [{ kind: 'message', in_app: true, email: false, push: true }] });
    if (req.path === '/api/notifications/preferences' && req.method === 'PUT')
      return putGate.then(() =>
        failPut
          ? json(500, { error: { code: 'INTERNAL', message: 'The database is busy.' } })
          : json(200, req.body),
      );
    if (req.path === '/api/push/subscriptions') return json(200, { subscriptions: 2 });
    if (req.path === '/api/notifications/test') {
      const { channel } = req.body as { channel: string };
      if (channel === 'push')
        return json(200, { channel, ok: false, detail: 'No push subscription on this account' });
      if (channel === 'email') return json(429, { error: { code: 'RATE_LIMITED', message: 'Slow down.' } });
      return json(200, { channel, ok: true, detail: 'Shown in the app' });
    }
    return undefined;
  });
  const utils = renderWithSession(
    [{ path: '/notifications/diagnostics', Component: NotificationsDiagnosticsPage }],
    '/notifications/diagnostics',
  );
  return { fetchMock, ...utils };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/notifications/diagnostics', () => {
  it('shows every kind with its stored channels (defaults where nothing is stored)', async () => {
    renderPage();
    expect(await screen.findByRole('switch', { name: 'Messages: Email' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Messages: In the app' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Bookings: Push' })).toBeChecked();
    // Issue 21: an SMS switch only for the kinds that may go by SMS.
    expect(screen.getAllByRole('switch')).toHaveLength(NOTIFICATION_KINDS.length * 3 + SMS_KINDS.length);
    expect(document.title).toContain('Notification diagnostics');
  });

  it('saves a switch with PUT (the whole row of that kind)', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage();
    const bookingsEmail = await screen.findByRole('switch', { name: 'Bookings: Email' });
    await user.click(bookingsEmail);
    expect(bookingsEmail).not.toBeChecked();
    await waitFor(() => expect(callsTo(fetchMock, '/api/notifications/preferences')).toHaveLength(2));
    expect(callsTo(fetchMock, '/api/notifications/preferences')[1]?.body).toEqual({
      items: [{ kind: 'booking', in_app: true, email: false, push: true, sms: false }],
    });
    expect(bookingsEmail).not.toBeChecked();
  });

  it('puts the switch back and says so when saving fails', async () => {
    const user = userEvent.setup();
    let release = () => {};
    const putGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderPage({ failPut: true, putGate });
    const messagesEmail = await screen.findByRole('switch', { name: 'Messages: Email' });
    await user.click(messagesEmail);
    // On at once, while the server is asked.
    expect(messagesEmail).toBeChecked();
    release();
    expect(await screen.findByText('Your notification settings could not be saved')).toBeInTheDocument();
    expect(screen.getByText('The database is busy.')).toBeInTheDocument();
    await waitFor(() => expect(messagesEmail).not.toBeChecked());
  });

  it('the test buttons show what the server answered', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage();
    const section = (await screen.findByRole('heading', { name: 'Send a test' })).closest('section')!;
    await user.click(within(section).getByRole('button', { name: 'Send a test: In the app' }));
    expect(await within(section).findByText(/Shown in the app/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Send a test: Push' }));
    expect(await within(section).findByText(/No push subscription on this account/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Send a test: Email' }));
    expect(await within(section).findByText(/Slow down\./)).toBeInTheDocument();
    expect(within(section).getByText('Sent')).toBeInTheDocument();
    expect(within(section).getAllByText('Not sent')).toHaveLength(2);
    expect(callsTo(fetchMock, '/api/notifications/test').map((c) => c.body)).toEqual([
      { channel: 'in_app' },
      { channel: 'push' },
      { channel: 'email' },
    ]);
  });

  it('says when this browser cannot receive push, and shows the account count', async () => {
    renderPage();
    const section = (await screen.findByRole('heading', { name: 'This device' })).closest('section')!;
    expect(
      await within(section).findByText(/This browser can’t receive push notifications/),
    ).toBeInTheDocument();
    expect(
      within(section).queryByRole('button', { name: 'Enable push on this device' }),
    ).not.toBeInTheDocument();
    expect(await within(section).findByText('2')).toBeInTheDocument();
  });

  it('shows the live connection as not connected, and Measure says why it cannot', async () => {
    const user = userEvent.setup();
    renderPage();
    const section = (await screen.findByRole('heading', { name: 'Live connection' })).closest('section')!;
    expect(within(section).getByText('Not connected')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Measure' }));
    expect(
      within(section).getByText(/latency can be measured once the connection is open/),
    ).toBeInTheDocument();
  });
});

describe('Phone and SMS (issue 21)', () => {
  it('SMS switches wait for a verified phone, and only for the kinds SMS allows', async () => {
    renderPage();
    const bookingsSms = await screen.findByRole('switch', { name: 'Bookings: SMS' });
    expect(bookingsSms).toBeDisabled();
    expect(bookingsSms).toHaveAccessibleDescription('Verify your phone number above to get SMS.');
    expect(screen.getByRole('switch', { name: 'Billing: SMS' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Messages: SMS' })).toBeDisabled();
    expect(screen.queryByRole('switch', { name: 'Jobs: SMS' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add your phone number' })).toBeInTheDocument();
  });

  it('with a verified phone: shows it, and an SMS switch saves sms', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderPage({ phone: '+233241234567' });
    expect(await screen.findByText('Your phone number: +233 24 123 4567')).toBeInTheDocument();
    const bookingsSms = await screen.findByRole('switch', { name: 'Bookings: SMS' });
    await waitFor(() => expect(bookingsSms).toBeEnabled());
    await user.click(bookingsSms);
    await waitFor(() => expect(callsTo(fetchMock, '/api/notifications/preferences')).toHaveLength(2));
    expect(callsTo(fetchMock, '/api/notifications/preferences')[1]?.body).toEqual({
      items: [{ kind: 'booking', in_app: true, email: true, push: true, sms: true }],
    });
  });

  it('adds a phone: number, code, "already used" shown, then verified', async () => {
    const user = userEvent.setup();
    let verified = false;
    let tries = 0;
    const { fetchMock } = renderPage({
      extra: (req) => {
        if (req.path === '/api/me' && verified)
          return json(200, makeMe('customer', { phone_number: '+233201112222', phone_verified: true }));
        if (req.path === '/api/auth/phone-number/send-otp') return json(200, { message: 'code sent' });
        if (req.path === '/api/auth/phone-number/verify') {
          tries += 1;
          if (tries === 1)
            return json(400, {
              code: 'PHONE_NUMBER_EXIST',
              message: 'This phone number is already used by another account.',
            });
          verified = true;
          return json(200, { status: true, token: null, user: { id: 'user-1' } });
        }
        return undefined;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add your phone number' }));
    // Issue 29: a landline cannot receive the code, and the field says so.
    await user.type(screen.getByLabelText('Phone number'), '0302212345');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(GHANA_MOBILE_MESSAGE)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/phone-number/send-otp')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '020 111 2222');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('6-digit code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify number' }));
    expect(
      await screen.findByText('This phone number is already used by another account.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify number' }));
    expect(await screen.findByText('Your phone number: +233 20 111 2222')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/phone-number/verify').at(-1)?.body).toEqual({
      phoneNumber: '+233201112222',
      code: '111111',
      updatePhoneNumber: true,
    });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Bookings: SMS' })).toBeEnabled());
  });
});

describe('in Twi (issue 21)', () => {
  afterEach(async () => {
    if (i18n.language !== 'en') await setLanguage('en');
  });

  it('shows the settings, preferences and phone section in Twi', async () => {
    await setLanguage('ak');
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Nhyehyɛe ne nhwehwɛmu' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Fon ne SMS' })).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'Bookings: SMS' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Nkra: Email' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Fa wo fon nɔma ka ho' })).toBeInTheDocument();
  });
});
