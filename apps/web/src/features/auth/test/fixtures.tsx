import type { MeResponse, Profile, Role } from '@adwuma/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { AuthProvider } from '../auth-provider.tsx';

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const SIGNED_OUT = () =>
  json(401, { error: { code: 'UNAUTHORIZED', message: 'Sign in to continue.' } });

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'user-1',
    full_name: 'Ama Mensah',
    email: 'ama@example.com',
    phone: null,
    avatar_url: null,
    bio: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    verified: false,
    rating: 0,
    total_reviews: 0,
    role: 'customer',
    type: 'customer',
    is_admin: false,
    onboarding_progress: {},
    core_onboarding_progress: {
      profile_completed: false,
      location_completed: false,
      skills_completed: false,
    },
    post_onboarding_progress: {
      availability_set: false,
      id_verification_completed: false,
      subscription_completed: false,
      terms_accepted: false,
    },
    onboarding_completed: false,
    post_onboarding_completed: false,
    kyc_completed: false,
    profile_completion_percentage: 0,
    profile_strength_score: 0,
    country_code: 'GH',
    currency_preference: 'GHS',
    city: null,
    state: null,
    country: 'Ghana',
    availability_status: null,
    availability_set: false,
    terms_accepted_at: null,
    intro_seen: false,
    last_onboarding_step: null,
    plan_name: null,
    id_verified: false,
    show_phone: false,
    whatsapp_enabled: false,
    welcome_email_sent: false,
    preferred_language: null,
    ...overrides,
  };
}

export function makeMe(role: Role = 'customer', overrides: Partial<MeResponse> = {}): MeResponse {
  return {
    user: {
      id: 'user-1',
      email: 'ama@example.com',
      name: 'Ama Mensah',
      emailVerified: true,
      image: null,
      createdAt: '2026-11-01T10:00:00.000Z',
    },
    profile: makeProfile({ is_admin: role === 'admin' }),
    role,
    isAdmin: role === 'admin',
    permissions: role === 'admin' ? ['view_admin_dashboard'] : [],
    twoFactorEnabled: false,
    preferred_language: null,
    phone_number: null,
    phone_verified: false,
    ...overrides,
  };
}

export type Handler = (request: {
  path: string;
  method: string;
  body: unknown;
  url: URL;
}) => Response | Promise<Response> | undefined;

/** Stubs fetch: each call goes to `handler` by path; anything it leaves is a 404. */
export function stubFetch(handler: Handler) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const raw = input instanceof Request ? input.url : String(input);
    const url = new URL(raw, 'http://localhost');
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    let body: unknown;
    const rawBody = init?.body;
    if (typeof rawBody === 'string') {
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = rawBody;
      }
    } else {
      body = rawBody;
    }
    if (url.pathname === '/api/events' || url.pathname === '/api/frontend-errors') {
      return new Response(null, { status: 202 });
    }
    // The app asks /api/session, which answers as /api/me does (a signed-out 401 reads as null too).
    const path = url.pathname === '/api/session' ? '/api/me' : url.pathname;
    const answer = await handler({ path, method, body, url });
    return answer ?? json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function callsTo(fetchMock: ReturnType<typeof stubFetch>, path: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({
      url: new URL(input instanceof Request ? input.url : String(input), 'http://localhost'),
      init,
    }))
    .filter(({ url }) => url.pathname === path)
    .map(({ url, init }) => ({
      url,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : init?.body,
    }));
}

/** Shows where the router is, for assertions on redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function Frame() {
  return (
    <AuthProvider>
      <Outlet />
      <LocationProbe />
    </AuthProvider>
  );
}

/** Renders routes under the auth provider, a fresh query cache and a toast area. */
export function renderWithSession(routes: RouteObject[], path: string) {
  const router = createMemoryRouter([{ Component: Frame, children: routes }], { initialEntries: [path] });
  const queryClient = createQueryClient();
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster visibleToasts={1} />
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}
