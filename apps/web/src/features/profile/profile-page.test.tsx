import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, makeMe, makeProfile, renderWithSession, stubFetch } from '../auth/test/fixtures.tsx';
import { ProfilePage } from './profile-page.tsx';

function renderProfile(handler: Parameters<typeof stubFetch>[0] = () => undefined) {
  const fetchMock = stubFetch((req) =>
    req.path === '/api/me' ? json(200, makeMe('customer')) : handler(req),
  );
  renderWithSession([{ path: '/profile', Component: ProfilePage }], '/profile');
  return fetchMock;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/profile', () => {
  it('shows the email read-only and saves a Ghana phone in +233 form', async () => {
    const user = userEvent.setup();
    const fetchMock = renderProfile((req) =>
      req.path === '/api/profile' && req.method === 'PATCH'
        ? json(200, makeProfile({ phone: '+233241234567', city: 'Kumasi' }))
        : undefined,
    );
    expect(await screen.findByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Full name')).toHaveValue('Ama Mensah');
    await user.type(screen.getByLabelText(/Phone/), '024 123 4567');
    await user.type(screen.getByLabelText(/City or town/), 'Kumasi');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    const body = callsTo(fetchMock, '/api/profile')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ phone: '+233241234567', city: 'Kumasi', currency_preference: 'GHS' });
    expect(body).not.toHaveProperty('role');
    await waitFor(() => expect(screen.getByLabelText(/Phone/)).toHaveValue('+233 24 123 4567'));
  });

  it('refuses a phone outside Ghana with the shared message', async () => {
    const user = userEvent.setup();
    renderProfile();
    await user.type(await screen.findByLabelText(/Phone/), '+44 20 7946 0958');
    await user.tab();
    expect(await screen.findByText('Enter a Ghana phone number, e.g. +233 24 123 4567')).toBeInTheDocument();
  });

  it('puts the server’s field errors on their fields', async () => {
    const user = userEvent.setup();
    renderProfile((req) =>
      req.path === '/api/profile'
        ? json(400, {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'bio: Input contains potentially dangerous content',
              details: {
                fields: [{ field: 'bio', message: 'Input contains potentially dangerous content' }],
              },
            },
          })
        : undefined,
    );
    await user.type(await screen.findByLabelText(/About you/), 'I fix pipes in Accra.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Input contains potentially dangerous content')).toBeInTheDocument();
    expect(screen.getByLabelText(/About you/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a picture over 2 MB before uploading', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const fetchMock = renderProfile();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'me.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Add a photo'), big);
    expect(await screen.findByText('The picture must be at most 2 MB.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/profile/avatar')).toHaveLength(0);
  });

  it('uploads a picture as multipart field "file"', async () => {
    const user = userEvent.setup();
    const fetchMock = renderProfile((req) =>
      req.path === '/api/profile/avatar'
        ? json(200, makeProfile({ avatar_url: '/api/avatars/user-1?v=1' }))
        : undefined,
    );
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Add a photo'), png);
    expect(await screen.findByText('Profile photo updated')).toBeInTheDocument();
    const body = callsTo(fetchMock, '/api/profile/avatar')[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toBeInstanceOf(File);
    expect(await screen.findByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });
});
