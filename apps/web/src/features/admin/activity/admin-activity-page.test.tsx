import type { ActivityItem } from '@adwuma/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realtime } from '../../../lib/realtime.ts';
import { callsTo, json, makeMe, renderWithSession, stubFetch } from '../../auth/test/fixtures.tsx';
import { RealtimeBridge } from '../../realtime/realtime-bridge.tsx';
import { FakeSocket } from '../../realtime/test/fake-socket.ts';
import { AdminActivityPage } from './admin-activity-page.tsx';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

function activity(id: number, overrides: Partial<ActivityItem> = {}): ActivityItem {
  return {
    id: String(id),
    kind: 'job_posted',
    actor_id: 'u-1',
    actor_name: 'Ama Mensah',
    subject_id: `job-${id}`,
    data: { title: `Job ${id}`, city: 'Accra' },
    created_at: minutesAgo(10),
    ...overrides,
  };
}

const FIRST = [
  activity(12, { data: { title: 'Fix kitchen sink', city: 'Accra' }, created_at: minutesAgo(5) }),
  activity(11, {
    kind: 'payment_received',
    actor_name: null,
    data: { amount_minor: 45_000, currency: 'GHS' },
    created_at: minutesAgo(30),
  }),
];
const OLDER = [activity(3, { kind: 'review_written', data: { rating: 5 }, created_at: minutesAgo(600) })];

function renderActivity(path = '/admin/activity') {
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('admin'));
    if (req.path === '/api/notifications') return json(200, { items: [], unread: 0 });
    if (req.path === '/api/messages/unread') return json(200, { conversations: 0, messages: 0 });
    if (req.path === '/api/admin/activity') {
      const p = req.url.searchParams;
      const kinds = p.get('kinds')?.split(',') ?? null;
      const pick = (items: ActivityItem[]) => items.filter((i) => !kinds || kinds.includes(i.kind));
      if (p.get('before') === '11') return json(200, { items: pick(OLDER), hasMore: false });
      return json(200, { items: pick(FIRST), hasMore: true });
    }
    return undefined;
  });
  const Page = () => (
    <>
      <RealtimeBridge />
      <AdminActivityPage />
    </>
  );
  const utils = renderWithSession([{ path: '/admin/activity', Component: Page }], path);
  return { fetchMock, ...utils };
}

async function connected() {
  await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
  act(() => FakeSocket.last().ready(0));
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  realtime.stop();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/admin/activity', () => {
  it('shows the newest activity as sentences, then a pushed item on top once, announced politely', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderActivity();
    const list = await screen.findByRole('list', { name: 'Activity, newest first' });
    const rows = () => within(list).getAllByRole('listitem');
    expect(rows()[0]).toHaveTextContent('Ama Mensah posted a job: Fix kitchen sink, Accra');
    expect(rows()[0]).toHaveTextContent('5 minutes ago');
    expect(rows()[1]).toHaveTextContent('Payment received: GH₵ 450.00');

    expect(screen.getByText('Connecting…')).toBeInTheDocument();
    await connected();
    expect(await screen.findByText('Live')).toBeInTheDocument();

    const focused = screen.getByRole('button', { name: 'Load older' });
    focused.focus();
    const pushed = activity(13, {
      kind: 'user_signed_up',
      actor_name: 'Kofi Boateng',
      data: { name: 'Kofi Boateng', role: 'customer' },
      created_at: new Date().toISOString(),
    });
    act(() => FakeSocket.last().frame({ type: 'activity', item: pushed }));
    act(() => FakeSocket.last().frame({ type: 'activity', item: pushed }));
    // An item the first page already has is not shown twice either.
    act(() => FakeSocket.last().frame({ type: 'activity', item: FIRST[0]! }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[0]).toHaveTextContent('Kofi Boateng signed up as a customer');
    expect(rows()[0]).toHaveTextContent('just now');
    expect(screen.getAllByText('Kofi Boateng signed up as a customer')).toHaveLength(1);
    const politely = document.querySelector('[aria-live="polite"]');
    expect(politely).toHaveTextContent('New activity: Kofi Boateng signed up as a customer');
    expect(focused).toHaveFocus();

    await user.click(focused);
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(rows()[3]).toHaveTextContent('Ama Mensah wrote a review: 5 of 5 stars');
    expect(callsTo(fetchMock, '/api/admin/activity').at(-1)?.url.searchParams.get('before')).toBe('11');
    expect(screen.queryByRole('button', { name: 'Load older' })).toBeNull();
  });

  it('filters by kind in the address, for the list and for what arrives live', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderActivity();
    await screen.findByRole('list', { name: 'Activity, newest first' });
    await connected();

    await user.click(screen.getByRole('button', { name: 'Payment' }));
    await waitFor(() => expect(router.state.location.search).toBe('?kinds=payment_received'));
    expect(screen.getByRole('button', { name: 'Payment' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/admin/activity').at(-1)?.url.searchParams.get('kinds')).toBe(
        'payment_received',
      ),
    );
    const list = screen.getByRole('list', { name: 'Activity, newest first' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(list).toHaveTextContent('Payment received: GH₵ 450.00');

    act(() =>
      FakeSocket.last().frame({ type: 'activity', item: activity(14, { data: { title: 'Wire a socket' } }) }),
    );
    expect(screen.queryByText(/Wire a socket/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('Ama Mensah posted a job: Wire a socket')).toBeInTheDocument();
  });
});
