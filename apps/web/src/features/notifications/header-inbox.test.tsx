import type { NotificationList } from '@adwuma/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, makeMe, renderWithSession, stubFetch } from '../auth/test/fixtures.tsx';
import { HeaderInbox } from './header-inbox.tsx';
import { makeNotification } from './test/fixtures.ts';

function Page({ name }: { name: string }) {
  return (
    <div>
      <HeaderInbox />
      <h1>{name}</h1>
    </div>
  );
}

function renderHeader({
  unreadMessages = 3,
  list,
}: {
  unreadMessages?: number;
  list?: NotificationList;
} = {}) {
  const server: { list: NotificationList } = {
    list: list ?? {
      items: [
        makeNotification(),
        makeNotification({
          id: 'n-2',
          kind: 'review',
          title: 'New review',
          body: 'Ama left you 5 stars.',
          link: '/reviews',
        }),
        makeNotification({
          id: 'n-3',
          kind: 'job',
          title: 'You were hired',
          body: '',
          link: null,
          read_at: '2026-11-20T10:00:00.000Z',
        }),
      ],
      unread: 2,
    },
  };
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('customer'));
    if (req.path === '/api/messages/unread') return json(200, { conversations: 1, messages: unreadMessages });
    if (req.path === '/api/notifications') return json(200, server.list);
    const read = /^\/api\/notifications\/([^/]+)\/read$/.exec(req.path);
    if (read && req.method === 'POST') {
      server.list = {
        items: server.list.items.map((n) =>
          n.id === read[1] ? { ...n, read_at: n.read_at ?? new Date().toISOString() } : n,
        ),
        unread: Math.max(0, server.list.unread - 1),
      };
      return json(200, { ok: true });
    }
    if (req.path === '/api/notifications/read-all' && req.method === 'POST') {
      const updated = server.list.unread;
      server.list = {
        items: server.list.items.map((n) => ({ ...n, read_at: n.read_at ?? new Date().toISOString() })),
        unread: 0,
      };
      return json(200, { updated, unread: 0 });
    }
    return undefined;
  });
  const utils = renderWithSession(
    [
      { path: '/dashboard', Component: () => <Page name="Dashboard" /> },
      { path: '/bookings/:id', Component: () => <Page name="Booking" /> },
      { path: '/notifications/diagnostics', Component: () => <Page name="Diagnostics" /> },
    ],
    '/dashboard',
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

describe('header inbox', () => {
  it('shows unread messages on the Messages link, capped at 9+', async () => {
    renderHeader({ unreadMessages: 3 });
    const link = await screen.findByRole('link', { name: 'Messages, 3 unread' });
    expect(link).toHaveAttribute('href', '/messaging');
    expect(link).toHaveTextContent('3');
  });

  it('caps the Messages badge at 9+', async () => {
    renderHeader({ unreadMessages: 14 });
    const link = await screen.findByRole('link', { name: 'Messages, 14 unread' });
    expect(link).toHaveTextContent('9+');
  });

  it('has no count when nothing is unread', async () => {
    renderHeader({ unreadMessages: 0, list: { items: [], unread: 0 } });
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Messages' })).toHaveTextContent(''));
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('the bell shows the count and lists the newest notifications; Escape closes it', async () => {
    const user = userEvent.setup();
    renderHeader();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveTextContent('2');
    expect(bell).toHaveAttribute('aria-expanded', 'false');

    await user.click(bell);
    const panel = screen.getByRole('dialog', { name: /Notifications/ });
    expect(within(panel).getByText('Booking confirmed')).toBeInTheDocument();
    expect(within(panel).getByText('Kofi confirmed your plumbing booking for Friday.')).toBeInTheDocument();
    expect(within(panel).getAllByText('5 minutes ago')).toHaveLength(3);
    expect(within(panel).getAllByText('(unread)')).toHaveLength(2);
    expect(within(panel).getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/notifications/diagnostics#preferences',
    );
    // Diagnostics is for support, reached from the settings page, not offered in the bell.
    expect(within(panel).queryByRole('link', { name: /Diagnostics/ })).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
  });

  it('opening a notification marks it read and goes to its page', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderHeader();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(screen.getByRole('button', { name: /Booking confirmed/ }));

    expect(await screen.findByRole('heading', { name: 'Booking' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bookings/b-1');
    expect(callsTo(fetchMock, '/api/notifications/n-1/read')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('Mark all read clears the count', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderHeader();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));

    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/notifications/read-all')).toHaveLength(1);
    const panel = screen.getByRole('dialog', { name: /Notifications/ });
    expect(within(panel).queryByText('(unread)')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
  });
});
