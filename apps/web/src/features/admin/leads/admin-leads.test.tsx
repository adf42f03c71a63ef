import type { AdminLead, AdminLeadUpdate } from '@adwuma/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, makeMe, renderWithSession, stubFetch } from '../../auth/test/fixtures.tsx';
import { AdminLeadsPage } from './admin-leads-page.tsx';
import { isOverdue } from './lead-card.tsx';

function makeLead(overrides: Partial<AdminLead> = {}): AdminLead {
  return {
    id: 'l-1',
    name: 'Akosua Darko',
    company: 'Volta Hotels',
    email: 'akosua@voltahotels.com.gh',
    phone: '+233 20 111 2222',
    team_size: '51-200',
    needs: 'Cleaners and electricians for three hotels.',
    status: 'new',
    owner_id: null,
    owner_email: null,
    notes: '',
    follow_up_on: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const ADMINS = [
  { id: 'user-1', email: 'ama@example.com', name: 'Ama Mensah' },
  { id: 'u-9', email: 'yaw@example.com', name: 'Yaw Asante' },
];

function renderLeads(
  path: string,
  options: { reject?: { status: number; body: unknown }; gate?: Promise<void> } = {},
) {
  const server = {
    leads: [
      makeLead(),
      makeLead({
        id: 'l-2',
        company: 'Accra Offices Ltd',
        status: 'contacted',
        follow_up_on: '2020-01-15',
        owner_id: 'u-9',
        owner_email: 'yaw@example.com',
      }),
    ],
  };
  const fetchMock = stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe('admin'));
    if (req.path === '/api/admin/admins') return json(200, { admins: ADMINS });
    if (req.path === '/api/admin/enterprise-leads')
      return json(200, { items: server.leads, page: 1, pageSize: 20, total: server.leads.length });
    const match = /^\/api\/admin\/enterprise-leads\/(.+)$/.exec(req.path);
    if (match && req.method === 'PATCH')
      return (options.gate ?? Promise.resolve()).then(() => {
        if (options.reject) return json(options.reject.status, options.reject.body);
        const body = req.body as AdminLeadUpdate;
        server.leads = server.leads.map((lead) =>
          lead.id === match[1]
            ? {
                ...lead,
                ...body,
                owner_email: body.owner_id
                  ? (ADMINS.find((a) => a.id === body.owner_id)?.email ?? null)
                  : null,
                updated_at: '2026-11-22T10:00:00.000Z',
              }
            : lead,
        );
        return json(
          200,
          server.leads.find((lead) => lead.id === match[1]),
        );
      });
    return undefined;
  });
  const utils = renderWithSession([{ path: '/admin/enterprise-leads', Component: AdminLeadsPage }], path);
  return { fetchMock, ...utils };
}

const card = (company: string) => screen.getByRole('article', { name: company });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/admin/enterprise-leads', () => {
  it('filters by status and search through the address; the CSV link carries the filters', async () => {
    const user = userEvent.setup();
    const { fetchMock, router } = renderLeads('/admin/enterprise-leads');
    await screen.findByRole('article', { name: 'Volta Hotels' });
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/enterprise-leads.csv',
    );

    await user.selectOptions(
      screen.getByLabelText('Status', { selector: '#admin-lead-status' }),
      'qualified',
    );
    await user.type(screen.getByLabelText('Company, contact or email'), 'volta');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(router.state.location.search).toBe('?status=qualified&q=volta');
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/admin/enterprise-leads').at(-1)?.url.search).toBe(
        '?status=qualified&q=volta',
      ),
    );
    const csv = screen.getByRole('link', { name: 'Export CSV' });
    expect(csv).toHaveAttribute('href', '/api/admin/enterprise-leads.csv?status=qualified&q=volta');
    expect(csv).toHaveAttribute('download');
  });

  it('shows each lead with its contact and needs, and flags an overdue follow-up in words', async () => {
    renderLeads('/admin/enterprise-leads');
    const volta = await screen.findByRole('article', { name: 'Volta Hotels' });
    expect(within(volta).getByRole('link', { name: 'akosua@voltahotels.com.gh' })).toHaveAttribute(
      'href',
      'mailto:akosua@voltahotels.com.gh',
    );
    expect(within(volta).getByText('51-200')).toBeInTheDocument();
    expect(within(volta).getByText('Cleaners and electricians for three hotels.')).toBeInTheDocument();
    expect(within(volta).queryByText(/Follow-up overdue/)).toBeNull();
    const accra = card('Accra Offices Ltd');
    expect(within(accra).getByText('Follow-up overdue since 15 Jan 2020')).toBeInTheDocument();
    expect(within(accra).getByLabelText('Owner')).toHaveValue('u-9');
    // Won and lost leads are never overdue; a future date is not.
    expect(isOverdue({ status: 'won', follow_up_on: '2020-01-15' }, '2026-11-22')).toBe(false);
    expect(isOverdue({ status: 'new', follow_up_on: '2026-11-22' }, '2026-11-22')).toBe(false);
    expect(isOverdue({ status: 'new', follow_up_on: '2026-11-21' }, '2026-11-22')).toBe(true);
  });

  it('saves only what changed, disabled while saving, then confirms', async () => {
    const user = userEvent.setup();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { fetchMock } = renderLeads('/admin/enterprise-leads', { gate });
    const volta = await screen.findByRole('article', { name: 'Volta Hotels' });
    const save = within(volta).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.selectOptions(within(volta).getByLabelText('Status'), 'qualified');
    await waitFor(() =>
      expect(within(volta).getByRole('option', { name: /Yaw Asante/ })).toBeInTheDocument(),
    );
    await user.selectOptions(within(volta).getByLabelText('Owner'), 'u-9');
    await user.type(within(volta).getByLabelText(/Follow-up date/), '2030-03-01');
    await user.type(within(volta).getByLabelText(/Notes/), 'Call back after the board meeting');
    await user.click(within(volta).getByRole('button', { name: 'Save' }));

    // While the server works: the button says so and nothing can be edited.
    expect(await within(volta).findByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(within(volta).getByLabelText('Status')).toBeDisabled();
    release();
    expect(await screen.findByText('Lead saved')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/admin/enterprise-leads/l-1')[0]?.body).toEqual({
      status: 'qualified',
      owner_id: 'u-9',
      follow_up_on: '2030-03-01',
      notes: 'Call back after the board meeting',
    });
    expect(within(volta).getByText('Qualified', { selector: 'span' })).toBeInTheDocument();
    expect(within(volta).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('keeps the edits and shows the server error when saving fails', async () => {
    const user = userEvent.setup();
    renderLeads('/admin/enterprise-leads', {
      reject: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Check the form',
            details: { fields: [{ field: 'owner_id', message: 'The owner must be an admin' }] },
          },
        },
      },
    });
    const volta = await screen.findByRole('article', { name: 'Volta Hotels' });
    await waitFor(() =>
      expect(within(volta).getByRole('option', { name: /Yaw Asante/ })).toBeInTheDocument(),
    );
    await user.selectOptions(within(volta).getByLabelText('Owner'), 'u-9');
    await user.click(within(volta).getByRole('button', { name: 'Save' }));
    expect(await within(volta).findByText('The owner must be an admin')).toBeInTheDocument();
    expect(within(volta).getByLabelText('Owner')).toHaveValue('u-9');
    expect(within(volta).getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
