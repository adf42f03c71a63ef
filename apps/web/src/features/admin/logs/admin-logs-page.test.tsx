import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, makeMe, renderWithSession, stubFetch } from '../../auth/test/fixtures.tsx';
import { AdminLogsPage } from './admin-logs-page.tsx';

const GROUP = {
  message: "Cannot read properties of undefined (reading 'id')",
  route_path: '/jobs/:id',
  error_type: 'TypeError',
  severity: 'high',
  count: 17,
  users: 5,
  first_seen: '2026-11-20T10:00:00.000Z',
  last_seen: '2026-11-26T09:30:00.000Z',
  latest_id: 'fe-9',
};

const REPORT = {
  id: 'fe-9',
  error_type: 'TypeError',
  message: GROUP.message,
  stack: "TypeError: Cannot read properties of undefined (reading 'id')\n    at JobPage (job-page.tsx:42:17)",
  component_name: 'JobPage',
  route_path: '/jobs/:id',
  user_agent: 'Mozilla/5.0 (Linux; Android 14)',
  user_id: 'u-1',
  session_id: 's-1',
  additional_context: null,
  severity: 'high',
  created_at: '2026-11-26T09:30:00.000Z',
};

const page = <T,>(kind: string, items: T[], p = 1, total = items.length) => ({
  kind,
  items,
  page: p,
  pageSize: 20,
  total,
});

function renderLogs(path = '/admin/logs') {
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('admin'));
    if (req.path === '/api/admin/logs') {
      const p = req.url.searchParams;
      const n = Number(p.get('page') ?? 1);
      switch (p.get('kind')) {
        case 'frontend_groups':
          return json(200, page('frontend_groups', p.get('severity') === 'low' ? [] : [GROUP], n, 45));
        case 'frontend':
          return json(200, page('frontend', [REPORT, { ...REPORT, id: 'fe-8', stack: 'older stack' }], n));
        case 'security':
          return json(
            200,
            page('security', [
              {
                id: 'se-1',
                event_type: 'password_reset_requested',
                user_id: 'u-2',
                email: 'kofi@example.com',
                ip: '10.0.0.1',
                metadata: {},
                created_at: '2026-11-25T10:00:00.000Z',
              },
            ]),
          );
        case 'audit':
          return json(
            200,
            page('audit', [
              {
                id: 'au-1',
                admin_id: 'user-1',
                admin_email: 'ama@example.com',
                action: 'user.suspend',
                target_type: 'user',
                target_id: 'u-3',
                details: { reason: 'Fraudulent listings reported twice', before: null, after: 'suspended' },
                created_at: '2026-11-24T10:00:00.000Z',
              },
            ]),
          );
      }
    }
    return undefined;
  });
  const utils = renderWithSession([{ path: '/admin/logs', Component: AdminLogsPage }], path);
  return { fetchMock, ...utils };
}

const lastLogsCall = (fetchMock: ReturnType<typeof stubFetch>) =>
  callsTo(fetchMock, '/api/admin/logs')
    .filter((c) => c.url.searchParams.get('kind') !== 'frontend' || c.url.searchParams.get('q') === null)
    .at(-1)?.url.searchParams;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/admin/logs', () => {
  it('groups errors by message and page, and opens the latest report’s stack', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderLogs();
    const table = await screen.findByRole('table', { name: 'Errors grouped by message and page' });
    const row = within(table).getByText(GROUP.message).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('/jobs/:id175');
    expect(within(row).getByText('high')).toBeInTheDocument();
    expect(screen.getByText(/1–20 of 45/)).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: /show the latest report/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Latest report' });
    expect(await within(dialog).findByText(/at JobPage \(job-page\.tsx:42:17\)/)).toBeInTheDocument();
    expect(within(dialog).getByText('Mozilla/5.0 (Linux; Android 14)')).toBeInTheDocument();
    const lookup = callsTo(fetchMock, '/api/admin/logs').find(
      (c) => c.url.searchParams.get('kind') === 'frontend',
    );
    expect(lookup?.url.searchParams.get('id')).toBe(GROUP.latest_id);
  });

  it('keeps the tab, filters and page in the address and asks the API for them', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderLogs();
    await screen.findByRole('table', { name: 'Errors grouped by message and page' });

    await user.selectOptions(screen.getByLabelText('Severity'), 'high');
    await waitFor(() => expect(router.state.location.search).toBe('?severity=high'));
    await user.selectOptions(screen.getByLabelText('Period'), '7');
    await waitFor(() => expect(router.state.location.search).toBe('?severity=high&days=7'));
    await user.type(screen.getByLabelText('Search error messages'), 'undefined');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?severity=high&days=7&q=undefined'));
    await waitFor(() => {
      const params = lastLogsCall(fetchMock);
      expect(params?.get('kind')).toBe('frontend_groups');
      expect(params?.get('severity')).toBe('high');
      expect(params?.get('since_days')).toBe('7');
      expect(params?.get('q')).toBe('undefined');
    });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?severity=high&days=7&q=undefined&page=2'),
    );
    await waitFor(() => expect(lastLogsCall(fetchMock)?.get('page')).toBe('2'));

    await user.selectOptions(screen.getByLabelText('Severity'), 'low');
    expect(await screen.findByText('No errors match these filters.')).toBeInTheDocument();
    expect(router.state.location.search).not.toContain('page=');
  });

  it('shows every error, security events and the admin audit log on their tabs', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderLogs('/admin/logs?days=30');
    const nav = await screen.findByRole('navigation', { name: 'Log lists' });

    await user.click(within(nav).getByRole('link', { name: 'All errors' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=all&days=30'));
    const all = await screen.findByRole('table', { name: 'Frontend errors' });
    expect(within(all).getAllByText(GROUP.message)).toHaveLength(2);

    await user.click(within(nav).getByRole('link', { name: 'Security events' }));
    const security = await screen.findByRole('table', { name: 'Security events' });
    expect(within(security).getByText('password_reset_requested')).toBeInTheDocument();
    expect(screen.queryByLabelText('Severity')).toBeNull();
    expect(screen.getByLabelText('Search event types')).toBeInTheDocument();
    expect(lastLogsCall(fetchMock)?.get('since_days')).toBe('30');

    await user.click(within(nav).getByRole('link', { name: 'Admin audit log' }));
    const audit = await screen.findByRole('table', { name: 'Admin audit log' });
    const row = within(audit).getByText('user.suspend').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('ama@example.com');
    expect(row).toHaveTextContent('“Fraudulent listings reported twice”');
    expect(within(nav).getByRole('link', { name: 'Admin audit log' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
