import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { retryOnboardingQuery } from '../../lib/onboarding-api.ts';
import { HomeRedirect } from '../auth/guards.tsx';
import {
  callsTo,
  json,
  makeMe,
  makeProfile,
  renderWithSession,
  SIGNED_OUT,
  stubFetch,
} from '../auth/test/fixtures.tsx';
import { ProviderGate } from './provider-gate.tsx';
import { makeStatus } from './test/fixtures.ts';

const ROUTES = [
  { path: '/', Component: HomeRedirect },
  {
    Component: ProviderGate,
    children: [
      { path: '/dashboard', element: <h1>Dashboard</h1> },
      { path: '/earnings', element: <h1>Earnings</h1> },
      { path: '/tasks', element: <h1>My jobs</h1> },
      { path: '/profile-completion', element: <h1>Profile completion</h1> },
    ],
  },
  { path: '/onboarding/:step', element: <h1>Onboarding step</h1> },
  { path: '/auth', element: <h1>Sign in page</h1> },
];

const location = () => screen.getByTestId('location').textContent;

function serve(role: Parameters<typeof makeMe>[0], status?: ReturnType<typeof makeStatus>) {
  return stubFetch((req) => {
    if (req.path === '/api/me') return json(200, makeMe(role));
    if (req.path === '/api/onboarding/status' && status) return json(200, status);
    return undefined;
  });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('provider gate (spec 4, in order)', () => {
  it('1. waits on the loading screen while the status loads', async () => {
    let answer!: (r: Response) => void;
    stubFetch((req) => {
      if (req.path === '/api/me') return json(200, makeMe('explorer'));
      if (req.path === '/api/onboarding/status') return new Promise<Response>((r) => (answer = r));
      return undefined;
    });
    renderWithSession(ROUTES, '/earnings');
    const heading = await screen.findByRole('heading', { name: 'Loading your profile...' });
    expect(heading.closest('[role="status"]')).toHaveTextContent('Preparing your onboarding experience');
    expect(screen.queryByRole('heading', { name: 'Earnings' })).toBeNull();
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    expect(screen.getByRole('heading', { name: 'Loading your profile...' })).toBeInTheDocument();
    await act(async () => answer(json(200, makeStatus({ done: ['profile', 'location', 'services', 'id'] }))));
    expect(await screen.findByRole('heading', { name: 'Earnings' })).toBeInTheDocument();
  });

  it('2. no user: /auth with returnTo', async () => {
    stubFetch((req) => (req.path === '/api/me' ? SIGNED_OUT() : undefined));
    renderWithSession(ROUTES, '/profile-completion?x=1');
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(location()).toBe('/auth?returnTo=%2Fprofile-completion%3Fx%3D1');
  });

  it('3. an admin passes, and 4. a customer passes, without asking for an onboarding status', async () => {
    const admin = serve('admin');
    renderWithSession(ROUTES, '/earnings');
    expect(await screen.findByRole('heading', { name: 'Earnings' })).toBeInTheDocument();
    expect(callsTo(admin, '/api/onboarding/status')).toHaveLength(0);
    act(() => document.body.replaceChildren());

    const customer = serve('customer');
    renderWithSession(ROUTES, '/earnings');
    expect(await screen.findByRole('heading', { name: 'Earnings' })).toBeInTheDocument();
    expect(callsTo(customer, '/api/onboarding/status')).toHaveLength(0);
  });

  it('5. a provider with onboarding to finish goes to /onboarding/{nextRequiredStep}', async () => {
    serve('explorer', makeStatus({ done: ['profile'] }));
    renderWithSession(ROUTES, '/earnings');
    expect(await screen.findByRole('heading', { name: 'Onboarding step' })).toBeInTheDocument();
    expect(location()).toBe('/onboarding/location');
  });

  it('5. without a photo the core profile item is missing: the default step is profile', async () => {
    serve(
      'service_provider',
      makeStatus({
        avatar: false,
        done: ['profile', 'location', 'services', 'availability', 'id', 'terms', 'subscription'],
      }),
    );
    renderWithSession(ROUTES, '/earnings');
    await screen.findByRole('heading', { name: 'Onboarding step' });
    expect(location()).toBe('/onboarding/profile');
  });

  it('6. core done, no uploaded documents and no review under way: /onboarding/verification', async () => {
    serve('explorer', makeStatus({ done: ['profile', 'location', 'services', 'availability'] }));
    renderWithSession(ROUTES, '/earnings');
    await screen.findByRole('heading', { name: 'Onboarding step' });
    expect(location()).toBe('/onboarding/verification');
  });

  it('6. a verification in review lets the provider through without uploaded documents', async () => {
    const status = makeStatus({ done: ['profile', 'location', 'services'] });
    serve('explorer', { ...status, verification: { ...status.verification, sessionStatus: 'in_review' } });
    renderWithSession(ROUTES, '/earnings');
    expect(await screen.findByRole('heading', { name: 'Earnings' })).toBeInTheDocument();
  });

  it('7. otherwise the page renders', async () => {
    serve(
      'explorer',
      makeStatus({
        done: ['profile', 'location', 'services', 'availability', 'id', 'terms', 'subscription'],
      }),
    );
    renderWithSession(ROUTES, '/earnings');
    expect(await screen.findByRole('heading', { name: 'Earnings' })).toBeInTheDocument();
    expect(location()).toBe('/earnings');
  });

  it('decides a redirect on a fresh answer, not on an out-of-date cached one', async () => {
    let status = makeStatus({ done: ['profile'] });
    stubFetch((req) => {
      if (req.path === '/api/me') return json(200, makeMe('explorer'));
      if (req.path === '/api/onboarding/status') return json(200, status);
      return undefined;
    });
    const { router } = renderWithSession(ROUTES, '/earnings');
    await waitFor(() => expect(location()).toBe('/onboarding/location'));
    // The steps were finished (elsewhere); the cache still holds the old answer.
    status = makeStatus({ done: ['profile', 'location', 'services', 'id'] });
    await act(() => router.navigate('/earnings'));
    expect(await screen.findByRole('heading', { name: 'Earnings' })).toBeInTheDocument();
  });

  it('a status that cannot be read gives all-false flags (spec 8), not an error screen', async () => {
    const fetchMock = stubFetch((req) => {
      if (req.path === '/api/me') return json(200, makeMe('explorer'));
      if (req.path === '/api/onboarding/status')
        return json(500, { error: { code: '42P01', message: 'relation "id_documents" does not exist' } });
      return undefined;
    });
    renderWithSession(ROUTES, '/earnings');
    // Core onboarding as the profile states it (not done): its first step.
    await waitFor(() => expect(location()).toBe('/onboarding/profile'));
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    // Spec 8: never retried for 42P01.
    expect(callsTo(fetchMock, '/api/onboarding/status')).toHaveLength(1);
  });

  it('a finished provider whose status cannot be read is shown the verification step (no flags set)', async () => {
    stubFetch((req) => {
      if (req.path === '/api/me')
        return json(
          200,
          makeMe('service_provider', {
            profile: makeProfile({
              role: 'service_provider',
              type: 'provider',
              onboarding_completed: true,
              core_onboarding_progress: {
                profile_completed: true,
                location_completed: true,
                skills_completed: true,
              },
            }),
          }),
        );
      if (req.path === '/api/onboarding/status')
        return json(500, { error: { code: '42P01', message: 'relation "id_documents" does not exist' } });
      return undefined;
    });
    renderWithSession(ROUTES, '/earnings');
    await waitFor(() => expect(location()).toBe('/onboarding/verification'));
  });
});

describe('onboarding query retries (spec 8)', () => {
  it('retries a failed status read with backoff, then lets the provider through', async () => {
    vi.useFakeTimers();
    let calls = 0;
    stubFetch((req) => {
      if (req.path === '/api/me') return json(200, makeMe('explorer'));
      if (req.path === '/api/onboarding/status') {
        calls += 1;
        return calls <= 2
          ? json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Busy' } })
          : json(200, makeStatus({ done: ['profile', 'location', 'services', 'id'] }));
      }
      return undefined;
    });
    renderWithSession(ROUTES, '/earnings');
    const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    await advance(50);
    expect(calls).toBe(1);
    // 1 s before the first retry…
    await advance(900);
    expect(calls).toBe(1);
    await advance(150);
    expect(calls).toBe(2);
    // …then 2 s before the second.
    await advance(1850);
    expect(calls).toBe(2);
    await advance(200);
    expect(calls).toBe(3);
    await advance(50);
    expect(screen.getByRole('heading', { name: 'Earnings' })).toBeInTheDocument();
  });

  it('the rule: no retry for 42P01 or a 4xx; up to 2 retries otherwise', () => {
    const e500 = new ApiError(500, 'INTERNAL_ERROR', 'Boom');
    expect(retryOnboardingQuery(0, e500)).toBe(true);
    expect(retryOnboardingQuery(1, e500)).toBe(true);
    expect(retryOnboardingQuery(2, e500)).toBe(false);
    expect(retryOnboardingQuery(0, new ApiError(0, 'NETWORK_ERROR', 'Offline'))).toBe(true);
    expect(retryOnboardingQuery(0, new ApiError(404, 'NOT_FOUND', 'No'))).toBe(false);
    expect(retryOnboardingQuery(0, new ApiError(500, '42P01', 'missing'))).toBe(false);
    expect(retryOnboardingQuery(0, new ApiError(500, 'INTERNAL_ERROR', 'x', { code: '42P01' }))).toBe(false);
    expect(retryOnboardingQuery(0, new Error('error 42P01: relation does not exist'))).toBe(false);
  });
});

describe('/ (spec 2)', () => {
  it('sends a provider with onboarding to finish to /onboarding/{nextRequiredStep}', async () => {
    serve('explorer', makeStatus({ done: ['profile', 'location'] }));
    renderWithSession(ROUTES, '/');
    await screen.findByRole('heading', { name: 'Onboarding step' });
    expect(location()).toBe('/onboarding/services');
  });

  it('sends a provider who has not seen the intro to the next required step too (the gate decides)', async () => {
    serve('explorer', makeStatus({ introSeen: false }));
    renderWithSession(ROUTES, '/');
    await screen.findByRole('heading', { name: 'Onboarding step' });
    expect(location()).toBe('/onboarding/profile');
  });

  it('sends a provider past the gate to /dashboard, and one in the customer view there at once', async () => {
    serve('explorer', makeStatus({ done: ['profile', 'location', 'services', 'id'] }));
    renderWithSession(ROUTES, '/');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(location()).toBe('/dashboard');
    cleanup();
    vi.unstubAllGlobals();
    document.cookie = 'adwuma_view=customer; Path=/';
    const fetchMock = serve('explorer', makeStatus({ done: [] }));
    renderWithSession(ROUTES, '/');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(callsTo(fetchMock, '/api/onboarding/status')).toHaveLength(0);
  });
});

describe('the provider view and the customer view (issue 30, decision 021)', () => {
  it('in the provider view (the default) an unfinished provider is sent to onboarding from customer pages too', async () => {
    serve('explorer', makeStatus({ done: ['profile'] }));
    const { router } = renderWithSession(ROUTES, '/dashboard');
    await screen.findByRole('heading', { name: 'Onboarding step' });
    expect(location()).toBe('/onboarding/location');
    await act(() => router.navigate('/tasks'));
    await screen.findByRole('heading', { name: 'Onboarding step' });
    expect(location()).toBe('/onboarding/location');
  });

  it('in the customer view customer pages open, with a Finish your provider setup link on the dashboard; provider pages stay gated', async () => {
    document.cookie = 'adwuma_view=customer; Path=/';
    const fetchMock = serve('explorer', makeStatus({ done: [] }));
    const { router } = renderWithSession(ROUTES, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Finish your provider setup' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
    // A customer page in the customer view does not wait for, or even ask, the onboarding status.
    expect(callsTo(fetchMock, '/api/onboarding/status')).toHaveLength(0);

    await act(() => router.navigate('/tasks'));
    expect(await screen.findByRole('heading', { name: 'My jobs' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Finish your provider setup' })).toBeNull();

    await act(() => router.navigate('/earnings'));
    await screen.findByRole('heading', { name: 'Onboarding step' });
    expect(location()).toBe('/onboarding/profile');
  });

  it('the setup link switches back to the provider view', async () => {
    document.cookie = 'adwuma_view=customer; Path=/';
    serve('explorer', makeStatus({ done: [] }));
    renderWithSession(ROUTES, '/dashboard');
    const link = await screen.findByRole('link', { name: 'Finish your provider setup' });
    await act(async () => link.click());
    expect(document.cookie).toContain('adwuma_view=provider');
    expect(window.localStorage.getItem('activeRole')).toBe('provider');
  });

  it('no setup link for a customer or a provider who finished onboarding', async () => {
    serve('customer');
    renderWithSession(ROUTES, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Finish your provider setup' })).toBeNull();
    cleanup();
    vi.unstubAllGlobals();
    document.cookie = 'adwuma_view=customer; Path=/';
    stubFetch((req) =>
      req.path === '/api/me'
        ? json(200, makeMe('service_provider', { profile: makeProfile({ onboarding_completed: true }) }))
        : undefined,
    );
    renderWithSession(ROUTES, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Finish your provider setup' })).toBeNull();
  });
});
