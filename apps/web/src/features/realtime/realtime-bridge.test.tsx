import type { NotificationList } from '@adwuma/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realtime } from '../../lib/realtime.ts';
import { json, makeMe, renderWithSession, stubFetch } from '../auth/test/fixtures.tsx';
import { notificationKeys } from '../notifications/api/notifications.ts';
import { makeNotification } from '../notifications/test/fixtures.ts';
import { RealtimeBridge } from './realtime-bridge.tsx';
import { messagingKeys } from './realtime-keys.ts';
import { FakeSocket } from './test/fake-socket.ts';

function renderBridge(path: string) {
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('customer'));
    if (req.path === '/api/notifications') return json(200, { items: [], unread: 0 });
    if (req.path === '/api/messages/unread') return json(200, { conversations: 0, messages: 0 });
    return undefined;
  });
  const Page = () => (
    <>
      <RealtimeBridge />
      <h1>Page</h1>
    </>
  );
  const utils = renderWithSession(
    [
      { path: '/dashboard', Component: Page },
      { path: '/messaging', Component: Page },
    ],
    path,
  );
  return { fetchMock, ...utils };
}

async function connected() {
  await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
  act(() => FakeSocket.last().ready(0));
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  realtime.stop();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RealtimeBridge', () => {
  it('connects once signed in, puts a new notification in the bell and shows a toast', async () => {
    const { queryClient } = renderBridge('/dashboard');
    queryClient.setQueryData<NotificationList>(notificationKeys.list, { items: [], unread: 0 });
    await connected();
    expect(realtime.state).toBe('open');

    const notification = makeNotification({ title: 'New bid on your job', body: 'Kojo bid GH₵ 300.' });
    act(() =>
      FakeSocket.last().frame({ type: 'event', seq: 1, event: { type: 'notification', notification } }),
    );

    expect(queryClient.getQueryData<NotificationList>(notificationKeys.list)).toEqual({
      items: [notification],
      unread: 1,
    });
    expect(await screen.findByText('New bid on your job')).toBeInTheDocument();
  });

  it('shows no toast for a message notification while on /messaging', async () => {
    const { queryClient } = renderBridge('/messaging');
    queryClient.setQueryData<NotificationList>(notificationKeys.list, { items: [], unread: 0 });
    await connected();
    const message = makeNotification({ id: 'n-1', kind: 'message', title: 'Message from Kojo' });
    const booking = makeNotification({ id: 'n-2', kind: 'booking', title: 'Booking confirmed' });
    act(() =>
      FakeSocket.last().frame({
        type: 'event',
        seq: 1,
        event: { type: 'notification', notification: message },
      }),
    );
    act(() =>
      FakeSocket.last().frame({
        type: 'event',
        seq: 2,
        event: { type: 'notification', notification: booking },
      }),
    );
    // Other kinds still toast; the message one only lands in the bell.
    expect(await screen.findByText('Booking confirmed')).toBeInTheDocument();
    expect(screen.queryByText('Message from Kojo')).not.toBeInTheDocument();
    expect(queryClient.getQueryData<NotificationList>(notificationKeys.list)?.unread).toBe(2);
  });

  it('invalidates the unread count and the conversations on message activity, and everything on reset', async () => {
    const { queryClient } = renderBridge('/dashboard');
    await connected();
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    act(() =>
      FakeSocket.last().frame({
        type: 'event',
        seq: 1,
        event: { type: 'read', conversation_id: 'c-1', reader_id: 'user-2', seq: 4 },
      }),
    );
    expect(spy).toHaveBeenCalledWith({ queryKey: messagingKeys.unread });
    expect(spy).toHaveBeenCalledWith({ queryKey: messagingKeys.conversations });

    spy.mockClear();
    act(() => FakeSocket.last().frame({ type: 'reset', seq: 50 }));
    expect(spy).toHaveBeenCalledWith();
  });
});
