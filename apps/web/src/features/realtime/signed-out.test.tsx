import { ADMIN_USER_MESSAGES } from '@adwuma/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api.ts';
import { realtime } from '../../lib/realtime.ts';
import { ME_QUERY_KEY } from '../../lib/session.ts';
import { json, makeMe, renderWithSession, SIGNED_OUT, stubFetch } from '../auth/test/fixtures.tsx';
import { RealtimeBridge } from './realtime-bridge.tsx';
import { FakeSocket } from './test/fake-socket.ts';

function Page() {
  return (
    <>
      <RealtimeBridge />
      <h1>Jobs page</h1>
      <button type="button" onClick={() => void api('/api/jobs/mine').catch(() => {})}>
        Load my jobs
      </button>
    </>
  );
}

function render(jobs: () => Response = () => json(200, { items: [] })) {
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('service_provider'));
    if (req.path === '/api/notifications') return json(200, { items: [], unread: 0 });
    if (req.path === '/api/messages/unread') return json(200, { conversations: 0, messages: 0 });
    if (req.path === '/api/jobs/mine') return jobs();
    return undefined;
  });
  const utils = renderWithSession(
    [
      { path: '/jobs', Component: Page },
      { path: '/auth', Component: () => <h1>Sign in page</h1> },
    ],
    '/jobs?tab=mine',
  );
  return { fetchMock, ...utils };
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  realtime.stop();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the session ended by an admin (signed_out frame)', () => {
  it.each([
    ['suspended', ADMIN_USER_MESSAGES.suspendedSignIn],
    ['password_reset', ADMIN_USER_MESSAGES.resetRequiredSignIn],
  ] as const)(
    '%s: forgets the session here without calling the server, goes to /auth and says why',
    async (reason, message) => {
      window.localStorage.setItem('activeRole', 'provider');
      const { fetchMock, queryClient } = render();
      await screen.findByRole('heading', { name: 'Jobs page' });
      await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
      act(() => FakeSocket.last().ready(0));
      const socket = FakeSocket.last();

      act(() => socket.frame({ type: 'signed_out', reason }));

      expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
      expect(location()).toBe('/auth?returnTo=%2Fjobs%3Ftab%3Dmine');
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeNull();
      expect(window.localStorage.getItem('activeRole')).toBeNull();
      // No sign-out request: the session is already gone on the server.
      expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/auth/sign-out'))).toBe(
        false,
      );
      // The socket is closed for good rather than reconnecting as nobody.
      await waitFor(() => expect(realtime.state).toBe('idle'));
    },
  );
});

describe('a 401 while signed in', () => {
  it('an API call answering UNAUTHORIZED (no session at all) sends the person to sign in', async () => {
    const user = userEvent.setup();
    render(SIGNED_OUT);
    await user.click(await screen.findByRole('button', { name: 'Load my jobs' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(location()).toBe('/auth?returnTo=%2Fjobs%3Ftab%3Dmine');
    // Spec 8: 'Session Expired — Please sign in again to continue.'
    expect(await screen.findByText('Session Expired')).toBeInTheDocument();
    expect(screen.getByText('Please sign in again to continue.')).toBeInTheDocument();
  });

  it('an API call answering SESSION_EXPIRED still does', async () => {
    const user = userEvent.setup();
    render(() =>
      json(401, {
        error: { code: 'SESSION_EXPIRED', message: 'Your session has expired. Please sign in again.' },
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Load my jobs' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(location()).toBe('/auth?returnTo=%2Fjobs%3Ftab%3Dmine');
  });
});
