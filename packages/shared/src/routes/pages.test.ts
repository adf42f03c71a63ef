import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes.ts';
import { ADMIN_PAGES, PROTECTED_PAGES, pageAccess } from './pages.ts';

describe('page access (spec 2)', () => {
  it('every protected page of spec 2 is protected, /task/{id} too', () => {
    for (const path of [
      '/messaging',
      '/dashboard',
      '/tasks',
      '/tasks/create',
      '/task/abc-123',
      '/notifications/diagnostics',
      '/post-job',
      '/service-requests',
      '/profile',
      '/subscription',
      '/profile-completion',
      '/provider-directory',
      '/post-service',
      '/schedule',
      '/jobs',
      '/favorites',
      '/reviews',
    ]) {
      expect(pageAccess(path), path).toBe('protected');
    }
  });

  it("the app's own signed-in pages behind the gate are protected", () => {
    for (const path of [
      '/task/1/edit',
      '/bookings/1',
      '/earnings',
      '/settings/payouts',
      '/payments',
      '/subscription/receipts/9',
    ]) {
      expect(pageAccess(path), path).toBe('protected');
    }
  });

  it('every admin-only page of spec 2 is admin', () => {
    for (const path of [
      '/admin',
      '/admin/dashboard',
      '/admin/users',
      '/admin/review',
      '/admin/disputes',
      '/admin/logs',
      '/admin/activity',
      '/admin/enterprise-leads',
      '/admin/users/u1',
      '/admin/review/r1',
    ]) {
      expect(pageAccess(path), path).toBe('admin');
    }
  });

  it('matches as the router does: a trailing slash and case do not count; a parameter is one segment', () => {
    expect(pageAccess('/dashboard/')).toBe('protected');
    expect(pageAccess('/Dashboard')).toBe('protected');
    expect(pageAccess('/ADMIN/users/')).toBe('admin');
    expect(pageAccess('/task/1/2')).toBe('open');
    expect(pageAccess('/task')).toBe('open');
  });

  it('public pages, sign-in, onboarding, checkout and unknown paths are open', () => {
    for (const path of [
      '/',
      '/landing',
      '/search',
      '/providers/ama-k3x9q2',
      '/pricing',
      '/auth',
      '/auth/callback',
      '/check-email',
      '/onboarding',
      '/onboarding/profile',
      '/payment-success',
      '/dashboards',
      '/admin-panel',
      '/admin/unknown',
      '/api/me',
    ]) {
      expect(pageAccess(path), path).toBe('open');
    }
  });

  it('every listed pattern is one of the app routes', () => {
    const all = Object.values(ROUTES) as string[];
    for (const page of [...PROTECTED_PAGES, ...ADMIN_PAGES]) expect(all).toContain(page);
  });
});
