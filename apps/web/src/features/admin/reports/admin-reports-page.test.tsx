import type { AdminReport } from '@adwuma/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, makeMe, renderWithSession, stubFetch } from '../../auth/test/fixtures.tsx';
import { AdminReportsPage } from './admin-reports-page.tsx';

const REPORT: AdminReport = {
  id: 'r-1',
  reason: 'off_platform_payment',
  status: 'open',
  created_at: '2026-11-23T09:00:00.000Z',
  details: 'Asked me to pay by MoMo before any work.',
  reporter: { id: 'u-1', name: 'Akosua Boateng', avatar_url: null, email: 'akosua@example.com' },
  reported: { id: 'u-2', name: 'Kwame Mensah', avatar_url: null, email: 'kwame@example.com' },
  conversation_id: 'c-1',
  recent_messages: [
    {
      id: 'm-1',
      conversation_id: 'c-1',
      seq: 1,
      sender_id: 'u-2',
      body: 'Pay me directly <script>x</script>',
      client_id: null,
      attachment: null,
      context: null,
      created_at: '2026-11-23T08:00:00.000Z',
    },
  ],
  resolution_note: null,
  resolved_at: null,
};

function renderReports(path = '/admin/reports') {
  let open = [REPORT];
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('admin'));
    if (req.path === '/api/admin/reports') {
      const status = req.url.searchParams.get('status');
      const items = status === 'open' ? open : [];
      return json(200, { items, total: items.length });
    }
    if (req.path === '/api/admin/reports/r-1/resolve') {
      open = [];
      const body = req.body as { status: 'resolved' | 'dismissed'; note: string };
      return json(200, {
        ...REPORT,
        status: body.status,
        resolution_note: body.note,
        resolved_at: '2026-11-23T10:00:00.000Z',
      });
    }
    return undefined;
  });
  return { fetchMock, ...renderWithSession([{ path: '/admin/reports', Component: AdminReportsPage }], path) };
}

describe('/admin/reports', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows an open report with the conversation as text, and resolves it with a note', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderReports();
    expect(await screen.findByText('Kwame Mensah')).toBeInTheDocument();
    expect(screen.getByText('Asking to pay outside Adwuma')).toBeInTheDocument();
    expect(screen.getByText('Pay me directly <script>x</script>')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('Say what was done.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/admin/reports/r-1/resolve')).toHaveLength(0);

    await user.type(screen.getByLabelText('What was done'), 'Warned the provider.');
    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/admin/reports/r-1/resolve')[0]?.body).toEqual({
        status: 'resolved',
        note: 'Warned the provider.',
      }),
    );
    expect(await screen.findByText('No open reports. All quiet.')).toBeInTheDocument();
  });
});
