import type { OnboardingSummary } from '@adwuma/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeMe, makeProfile, renderWithSession, stubFetch } from '../auth/test/fixtures.tsx';
import { OnboardingPage } from './onboarding-page.tsx';
import { makeStatus } from './test/fixtures.ts';

function renderReview(summary: Partial<OnboardingSummary>) {
  const status = makeStatus({
    done: ['profile', 'location', 'services', 'availability', 'id', 'terms', 'subscription'],
  });
  const full: OnboardingSummary = {
    profile: {
      full_name: 'Kofi Asante',
      email: 'kofi@example.com',
      phone: null,
      bio: null,
      avatar_url: null,
    },
    location: null,
    services: { categories: [], tags: [] },
    availability: null,
    idDocuments: { total: 2, done: 2, required: 2 },
    terms: null,
    subscription: null,
    status,
    ...summary,
  };
  stubFetch((req) => {
    switch (`${req.method} ${req.path}`) {
      case 'GET /api/me':
        return json(200, makeMe('explorer', { profile: makeProfile({ role: 'explorer' }) }));
      case 'GET /api/onboarding/status':
        return json(200, status);
      case 'GET /api/onboarding/summary':
        return json(200, full);
      default:
        return undefined;
    }
  });
  return renderWithSession([{ path: '/onboarding/:step', Component: OnboardingPage }], '/onboarding/review');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('onboarding: the review step', () => {
  it('names the plan as the pricing page does and shows the day the terms were accepted', async () => {
    renderReview({
      terms: { accepted_at: '2026-11-22T10:15:00.000Z', terms_version: '2026-11-01' },
      subscription: {
        id: 'sub-1',
        subscription_tier: 'starter',
        status: 'active',
        subscribed: false,
        subscription_end: null,
        created_at: '2026-11-22T10:20:00.000Z',
      },
    });
    expect(await screen.findByText('Accepted on 22 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText('Starter')).toBeInTheDocument();
    expect(screen.queryByText(/2026-11-01/)).not.toBeInTheDocument();
    expect(screen.queryByText('starter')).not.toBeInTheDocument();
  });
});
