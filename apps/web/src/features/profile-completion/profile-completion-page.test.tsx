import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, makeMe, makeProfile, renderWithSession, stubFetch } from '../auth/test/fixtures.tsx';
import { makeStatus } from '../onboarding/test/fixtures.ts';
import { ProfileCompletionPage } from './profile-completion-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/profile-completion', () => {
  it("shows the strength the server stored, read afresh on arrival (not the session's cached copy)", async () => {
    let strength = 15;
    const fetchMock = stubFetch((req) => {
      switch (`${req.method} ${req.path}`) {
        case 'GET /api/me':
          return json(
            200,
            makeMe('explorer', {
              profile: makeProfile({ role: 'explorer', profile_strength_score: strength }),
            }),
          );
        case 'GET /api/onboarding/status':
          return json(200, makeStatus({ done: ['profile', 'location'] }));
        default:
          return undefined;
      }
    });
    const { router } = renderWithSession(
      [
        { path: '/dashboard', Component: () => <h1>Dashboard</h1> },
        { path: '/profile-completion', Component: ProfileCompletionPage },
      ],
      '/dashboard',
    );
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    await vi.waitFor(() => expect(callsTo(fetchMock, '/api/session').length).toBeGreaterThan(0));

    // Meanwhile the provider published a service: the server now holds a higher figure.
    strength = 45;
    await act(() => router.navigate('/profile-completion'));
    expect(await screen.findByText('45')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Profile completion' })).toHaveAttribute(
      'aria-valuenow',
      '67',
    );
  });
});
