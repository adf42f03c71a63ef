import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { ENTERPRISE_LEADS_PATH } from './api/create-enterprise-lead.ts';
import { EnterpriseForm } from './enterprise-form.tsx';

const fetchMock = vi.fn<typeof fetch>();

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function renderForm() {
  const router = createMemoryRouter([{ path: '/enterprise-inquiry', element: <EnterpriseForm /> }], {
    initialEntries: ['/enterprise-inquiry'],
  });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

async function fillValidLead(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Your name'), 'Ama Mensah');
  await user.type(screen.getByLabelText('Company or organisation'), 'Osu Facilities Ltd');
  await user.type(screen.getByLabelText('Work email'), 'ama@osufacilities.com.gh');
  await user.type(screen.getByLabelText(/Phone/), '+233 24 123 4567');
  await user.selectOptions(screen.getByLabelText('Team size'), '11-50');
  await user.type(
    screen.getByLabelText('What do you need?'),
    'Weekly office cleaning for three branches in Accra and Kumasi.',
  );
}

function leadRequests() {
  return fetchMock.mock.calls.filter(([url]) => url === ENTERPRISE_LEADS_PATH);
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EnterpriseForm', () => {
  it('shows the server’s field errors on their fields', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'email: Email domain too long',
          details: {
            fields: [
              { field: 'email', message: 'Email domain too long' },
              { field: 'needs', message: 'Input contains potentially dangerous content' },
            ],
          },
        },
      }),
    );
    const user = userEvent.setup();
    renderForm();
    await fillValidLead(user);
    await user.click(screen.getByRole('button', { name: 'Send inquiry' }));

    const email = screen.getByLabelText('Work email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Email domain too long')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('Email domain too long');
    expect(email).toHaveFocus();
    const needs = screen.getByLabelText('What do you need?');
    expect(needs).toHaveAttribute('aria-invalid', 'true');
    expect(needs).toHaveAccessibleDescription(
      expect.stringContaining('Input contains potentially dangerous content'),
    );
    expect(screen.getByLabelText('Your name')).not.toHaveAttribute('aria-invalid');

    expect(leadRequests()).toHaveLength(1);
    expect(JSON.parse(String(leadRequests()[0]?.[1]?.body))).toEqual({
      name: 'Ama Mensah',
      company: 'Osu Facilities Ltd',
      email: 'ama@osufacilities.com.gh',
      phone: '+233 24 123 4567',
      team_size: '11-50',
      needs: 'Weekly office cleaning for three branches in Accra and Kumasi.',
    });
  });

  it('shows a form-level message when the failure is not about a field', async () => {
    fetchMock.mockResolvedValue(
      json(429, {
        error: { code: 'RATE_LIMITED', message: 'Too many requests. Please try again in 60 seconds.' },
      }),
    );
    const user = userEvent.setup();
    renderForm();
    await fillValidLead(user);
    await user.click(screen.getByRole('button', { name: 'Send inquiry' }));
    expect(await screen.findByText('Too many requests. Please try again in 60 seconds.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send inquiry' })).toBeEnabled();
  });

  it('checks the fields before sending anything', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Work email'), 'ama@@example');
    await user.click(screen.getByRole('button', { name: 'Send inquiry' }));
    expect(await screen.findByText('Please choose a team size')).toBeInTheDocument();
    expect(screen.getByLabelText('Work email')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
    expect(screen.getByLabelText('Your name')).toHaveAccessibleDescription('This field is required');
    expect(leadRequests()).toHaveLength(0);
  });

  it('confirms with the server’s message when the inquiry is stored', async () => {
    fetchMock.mockResolvedValue(
      json(201, {
        id: 'lead-1',
        message: 'Thank you! Our enterprise team will contact you within two business days.',
      }),
    );
    const user = userEvent.setup();
    renderForm();
    await fillValidLead(user);
    await user.click(screen.getByRole('button', { name: 'Send inquiry' }));
    expect(await screen.findByRole('heading', { name: 'Inquiry received' })).toBeInTheDocument();
    expect(
      screen.getByText('Thank you! Our enterprise team will contact you within two business days.'),
    ).toBeInTheDocument();
    expect(screen.getByText('ama@osufacilities.com.gh')).toBeInTheDocument();
  });
});
