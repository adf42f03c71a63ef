import {
  ADMIN_USER_MESSAGES,
  type AdminUserActionInput,
  type AdminUserDetail,
  type AdminUsersPage as UsersPage,
} from '@adwuma/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, makeMe, renderWithSession, stubFetch } from '../../auth/test/fixtures.tsx';
import { AdminUserPage } from './admin-user-page.tsx';
import { AdminUsersPage } from './admin-users-page.tsx';

type Row = UsersPage['items'][number];

const ROWS: Row[] = [
  {
    id: 'u-2',
    email: 'kofi@example.com',
    name: 'Kofi Boateng',
    phone: '+233 24 555 0101',
    role: 'service_provider',
    created_at: '2026-11-02T10:00:00.000Z',
    emailVerified: true,
    verified: true,
    status: 'active',
  },
  {
    id: 'u-3',
    email: 'esi@example.com',
    name: 'Esi Owusu',
    phone: null,
    role: 'customer',
    created_at: '2026-11-03T10:00:00.000Z',
    emailVerified: false,
    verified: false,
    status: 'suspended',
  },
];

function makeDetail(overrides: Partial<AdminUserDetail['user']> = {}): AdminUserDetail {
  return {
    user: {
      ...(ROWS[0] as Row),
      isAdmin: false,
      suspended_at: null,
      suspension_reason: null,
      password_reset_required: false,
      last_sign_in_at: '2026-11-20T08:00:00.000Z',
      active_sessions: 2,
      ...overrides,
    },
    profile: {
      full_name: 'Kofi Boateng',
      bio: 'Plumber in Kumasi for ten years.',
      city: 'Kumasi',
      avatar_url: null,
      rating: 4.6,
      total_reviews: 12,
      plan_name: 'Pro',
      profile_completion_percentage: 85,
      profile_strength_score: 72,
    },
    roles: ['service_provider'],
    onboarding: {
      onboarding_completed: true,
      nextRequiredStep: null,
      verification_status: 'approved',
      id_documents: 2,
    },
    jobs: [
      { id: 'j-1', title: 'Fix the roof gutter', status: 'open', created_at: '2026-11-05T10:00:00.000Z' },
    ],
    bookings: [
      {
        id: 'b-1',
        title: 'Leak repair',
        status: 'completed',
        side: 'provider',
        price_minor: 45_000,
        created_at: '2026-11-06T10:00:00.000Z',
      },
    ],
    reviews: [
      {
        id: 'r-1',
        rating: 5,
        comment: 'Quick and tidy work',
        direction: 'received',
        created_at: '2026-11-07T10:00:00.000Z',
      },
      {
        id: 'r-2',
        rating: 4,
        comment: 'Paid on time',
        direction: 'written',
        created_at: '2026-11-08T10:00:00.000Z',
      },
    ],
    reports: [
      {
        id: 'rep-1',
        reason: 'off_platform_payment',
        details: 'Asked me to pay in cash',
        status: 'open',
        created_at: '2026-11-09T10:00:00.000Z',
      },
    ],
    security_events: [
      {
        id: 's-1',
        event_type: 'password_reset_requested',
        ip: '41.66.1.2',
        created_at: '2026-11-10T10:00:00.000Z',
      },
    ],
    audit: [
      {
        id: 'a-1',
        action: 'user.grant_admin',
        admin_email: 'root@adwuma.com.gh',
        reason: 'Helps with support shifts',
        created_at: '2026-11-11T10:00:00.000Z',
      },
    ],
  };
}

const ADMINS = [
  { id: 'user-1', email: 'ama@example.com', name: 'Ama Mensah' },
  { id: 'u-9', email: 'yaw@example.com', name: 'Yaw Asante' },
];

function renderAdmin(
  path: string,
  options: { detail?: AdminUserDetail; refuse?: string; gate?: Promise<void> } = {},
) {
  const server = { detail: options.detail ?? makeDetail() };
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('admin'));
    if (req.path === '/api/admin/admins') return json(200, { admins: ADMINS });
    if (req.path === '/api/admin/users')
      return json(200, {
        items: ROWS,
        page: Number(req.url.searchParams.get('page') ?? 1),
        pageSize: 20,
        total: 2,
      });
    if (req.path === `/api/admin/users/${server.detail.user.id}` && req.method === 'GET')
      return json(200, server.detail);
    if (req.path === `/api/admin/users/${server.detail.user.id}/actions`)
      return (options.gate ?? Promise.resolve()).then(() => {
        if (options.refuse) return json(409, { error: { code: 'ACTION_REFUSED', message: options.refuse } });
        const body = req.body as AdminUserActionInput;
        const { user } = server.detail;
        server.detail = {
          ...server.detail,
          user: {
            ...user,
            status:
              body.action === 'suspend' ? 'suspended' : body.action === 'reinstate' ? 'active' : user.status,
            suspended_at: body.action === 'suspend' ? '2026-11-21T10:00:00.000Z' : user.suspended_at,
            suspension_reason: body.action === 'suspend' ? body.reason : user.suspension_reason,
            role: body.action === 'change_role' ? body.role : user.role,
          },
        };
        return json(200, server.detail);
      });
    return undefined;
  });
  const utils = renderWithSession(
    [
      { path: '/admin/users', Component: AdminUsersPage },
      { path: '/admin/users/:id', Component: AdminUserPage },
    ],
    path,
  );
  return { fetchMock, ...utils };
}

const lastUsersCall = (fetchMock: ReturnType<typeof stubFetch>) =>
  callsTo(fetchMock, '/api/admin/users').at(-1)?.url.searchParams;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/admin/users', () => {
  it('lists users with their role, verification and status, each linking to their page', async () => {
    renderAdmin('/admin/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByRole('link', { name: 'Kofi Boateng' })).toHaveAttribute(
      'href',
      '/admin/users/u-2',
    );
    expect(within(table).getByText('+233 24 555 0101')).toBeInTheDocument();
    expect(within(table).getByRole('img', { name: 'Identity verified' })).toBeInTheDocument();
    const esi = within(table).getByRole('row', { name: /Esi Owusu/ });
    expect(within(esi).getByText('Suspended')).toBeInTheDocument();
    expect(within(esi).getByText('Not verified')).toBeInTheDocument();
  });

  it('keeps search and filters in the address, sends them to the server, and Back restores them', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderAdmin('/admin/users?page=2');
    await screen.findByRole('table', { name: 'Users' });
    expect(lastUsersCall(fetchMock)?.get('page')).toBe('2');

    await user.selectOptions(screen.getByLabelText('Role'), 'service_provider');
    expect(router.state.location.search).toBe('?role=service_provider');
    await user.selectOptions(screen.getByLabelText('Status'), 'suspended');
    await user.selectOptions(screen.getByLabelText('Verification'), 'in_review');
    await user.type(screen.getByLabelText('Name, email or phone'), '024 555');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      q: '024 555',
      role: 'service_provider',
      verification: 'in_review',
      status: 'suspended',
    });
    await waitFor(() => expect(lastUsersCall(fetchMock)?.get('q')).toBe('024 555'));
    const sent = lastUsersCall(fetchMock);
    expect(sent?.get('role')).toBe('service_provider');
    expect(sent?.get('verification')).toBe('in_review');
    expect(sent?.get('status')).toBe('suspended');
    expect(sent?.get('page')).toBeNull();

    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Name, email or phone')).toHaveValue('');
    expect(screen.getByLabelText('Verification')).toHaveValue('in_review');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
  });

  it('opens a shared link with its filters applied', async () => {
    const { fetchMock } = renderAdmin('/admin/users?role=customer&status=active&q=esi');
    await screen.findByRole('table', { name: 'Users' });
    expect(screen.getByLabelText('Role')).toHaveValue('customer');
    expect(screen.getByLabelText('Status')).toHaveValue('active');
    expect(screen.getByLabelText('Name, email or phone')).toHaveValue('esi');
    const sent = lastUsersCall(fetchMock);
    expect([sent?.get('role'), sent?.get('status'), sent?.get('q')]).toEqual(['customer', 'active', 'esi']);
  });
});

describe('/admin/users/:id', () => {
  it('shows every section of the account', async () => {
    renderAdmin('/admin/users/u-2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kofi Boateng' })).toBeInTheDocument();
    for (const name of [
      'Profile',
      'Onboarding and verification',
      'Jobs (1)',
      'Bookings (1)',
      'Reviews (2)',
      'Reports against them (1)',
      'Security events',
      'Admin history',
      'Actions',
      'Account and roles',
    ])
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    expect(screen.getByText('Kumasi')).toBeInTheDocument();
    expect(screen.getByText(/4\.6 of 5 \(12 reviews\)/)).toBeInTheDocument();
    expect(screen.getByText('Pro')).toBeInTheDocument();
    expect(screen.getByText('85%')).toBeInTheDocument();
    expect(screen.getByText('72 / 100')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fix the roof gutter' })).toHaveAttribute('href', '/task/j-1');
    const bookings = screen.getByRole('list', { name: 'Bookings' });
    expect(within(bookings).getByText('GH₵ 450.00')).toBeInTheDocument();
    expect(within(bookings).getByText(/As provider · Completed/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Reviews received' })).getByText('Quick and tidy work'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Reviews written' })).getByText('Paid on time'),
    ).toBeInTheDocument();
    expect(screen.getByText('Asking to pay outside Adwuma')).toBeInTheDocument();
    expect(screen.getByText('Password reset requested')).toBeInTheDocument();
    expect(screen.getByText('Helps with support shifts')).toBeInTheDocument();
    expect(screen.getByText(/By root@adwuma\.com\.gh/)).toBeInTheDocument();
  });

  it('suspends only with a reason, sends it, refreshes the page and confirms', async () => {
    const user = userEvent.setup();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { fetchMock } = renderAdmin('/admin/users/u-2', { gate });
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Kofi Boateng?' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    expect(within(dialog).getByText('Give a reason of at least 5 characters')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, '/api/admin/users/u-2/actions')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), '  Repeated off-platform payment requests ');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    // Pending: the confirm button is busy and the dialog cannot be cancelled.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Suspend account' })).toBeDisabled(),
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release();

    expect(await screen.findByText('Account suspended')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/admin/users/u-2/actions')[0]?.body).toEqual({
      action: 'suspend',
      reason: 'Repeated off-platform payment requests',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('This account is suspended')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reinstate' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
  });

  it('changes the role with the chosen role in the body', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderAdmin('/admin/users/u-2');
    await user.click(await screen.findByRole('button', { name: 'Change role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of Kofi Boateng' });
    expect(within(dialog).getByLabelText('New role')).toHaveValue('customer');
    await user.type(within(dialog).getByLabelText('Reason'), 'Stopped offering services');
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/admin/users/u-2/actions')[0]?.body).toEqual({
        action: 'change_role',
        role: 'customer',
        reason: 'Stopped offering services',
      }),
    );
    expect(await screen.findByText('Role changed')).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/users/u-2', {
      detail: makeDetail({ isAdmin: true, role: 'admin' }),
      refuse: ADMIN_USER_MESSAGES.lastAdmin,
    });
    await user.click(await screen.findByRole('button', { name: 'Remove admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove admin from Kofi Boateng?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'No longer on the team');
    await user.click(within(dialog).getByRole('button', { name: 'Remove admin' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ADMIN_USER_MESSAGES.lastAdmin);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Remove admin' })).toBeEnabled();
  });

  it('disables what the server would refuse on your own account, and says why', async () => {
    renderAdmin('/admin/users/user-1', {
      detail: makeDetail({ id: 'user-1', name: 'Ama Mensah', isAdmin: true, role: 'admin' }),
    });
    const suspend = await screen.findByRole('button', { name: 'Suspend' });
    expect(suspend).toBeDisabled();
    expect(suspend).toHaveAccessibleDescription(ADMIN_USER_MESSAGES.notYourself);
    expect(screen.getByRole('button', { name: 'Force password reset' })).toBeDisabled();
    // Two admins: removing admin is refused for being oneself once the admin list is in.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove admin' })).toHaveAccessibleDescription(
        ADMIN_USER_MESSAGES.notYourself,
      ),
    );
    expect(screen.getByRole('button', { name: 'Change role' })).toHaveAccessibleDescription(
      ADMIN_USER_MESSAGES.notYourself,
    );
  });
});
