import type { AdminOutboxMail } from '@adwuma/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, makeMe, renderWithSession, stubFetch } from '../auth/test/fixtures.tsx';
import { AdminOutboxPage } from './admin-outbox-page.tsx';

const RESET = 'http://localhost:3000/auth?mode=reset-password&token=abc123';

const MAILS: AdminOutboxMail[] = [
  {
    id: 'm-1',
    to: 'kofi@example.com',
    subject: 'Reset your Adwuma password',
    template: 'password-reset',
    transport: 'outbox',
    text: `Hello Kofi,\n\nChoose a new password: ${RESET}\n\n<b>not markup</b> javascript:alert(1)`,
    created_at: '2026-11-23T09:00:00.000Z',
  },
  {
    id: 'm-2',
    to: 'ama@example.com',
    subject: 'Welcome to Adwuma',
    template: 'welcome',
    transport: 'smtp',
    text: null,
    created_at: '2026-11-22T09:00:00.000Z',
  },
];

function renderOutbox(path = '/admin/outbox') {
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('admin'));
    if (req.path === '/api/admin/outbox') {
      const to = req.url.searchParams.get('to') ?? '';
      const items = MAILS.filter((m) => m.to.includes(to));
      return json(200, { items, page: 1, pageSize: 20, total: items.length });
    }
    return undefined;
  });
  return { fetchMock, ...renderWithSession([{ path: '/admin/outbox', Component: AdminOutboxPage }], path) };
}

describe('/admin/outbox', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists mail, opens one to show its text with clickable links and no markup', async () => {
    const user = userEvent.setup();
    renderOutbox();
    expect(await screen.findByRole('heading', { name: 'Outbox' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Mail' });
    expect(within(table).getByText('kofi@example.com')).toBeInTheDocument();
    expect(within(table).getByText('password-reset')).toBeInTheDocument();
    expect(within(table).getByText('sent')).toBeInTheDocument();

    await user.click(within(table).getByText('Reset your Adwuma password'));
    const link = within(table).getByRole('link', { name: RESET });
    expect(link).toHaveAttribute('href', RESET);
    expect(link).toHaveAttribute('rel', 'noreferrer');
    expect(within(table).getByText(/<b>not markup<\/b> javascript:alert\(1\)/)).toBeInTheDocument();
    expect(within(table).getAllByRole('link')).toHaveLength(1);

    await user.click(within(table).getByText('Welcome to Adwuma'));
    expect(within(table).getByText('Sent through SMTP: its text is not kept here.')).toBeInTheDocument();
  });

  it('filters by address through ?to= and says when nothing matches', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderOutbox();
    await screen.findByRole('table', { name: 'Mail' });
    await user.type(screen.getByLabelText('Filter by email address'), ' kofi ');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(router.state.location.search).toBe('?to=kofi'));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/admin/outbox').some((c) => c.url.searchParams.get('to') === 'kofi'),
      ).toBe(true),
    );
    const table = await screen.findByRole('table', { name: 'Mail' });
    await waitFor(() => expect(within(table).queryByText('ama@example.com')).toBeNull());

    await user.clear(screen.getByLabelText('Filter by email address'));
    await user.type(screen.getByLabelText('Filter by email address'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No mail to addresses matching “nobody”.')).toBeInTheDocument();
  });
});
