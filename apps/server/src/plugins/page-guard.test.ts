import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { makeAdmin, signUp, type TestUser } from '../test/auth.ts';

/** A web build of one file: the app shell. */
function makeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  return dir;
}

const CUSTOMER_VIEW = 'adwuma_view=customer';

describe('the protected pages, guarded on the server (issue 30, decision 021)', () => {
  let t: TestApp;
  let dist: string;
  let customer: TestUser;
  let provider: TestUser;
  let admin: TestUser;

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const withView = (user: TestUser, view: string) => `${user.cookie}; ${view}`;

  beforeAll(async () => {
    dist = makeDist();
    t = await createTestApp({ webDistDir: dist });
    [customer, provider, admin] = await Promise.all([
      signUp(t, { name: 'Kofi Customer' }),
      signUp(t, { role: 'explorer', name: 'Abena Provider' }),
      signUp(t, { name: 'Efua Admin' }),
    ]);
    await makeAdmin(t, admin.id);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends a signed-out request for a protected page to /auth?returnTo={path and query}, before any script', async () => {
    const dashboard = await get('/dashboard');
    expect(dashboard.statusCode).toBe(302);
    expect(dashboard.headers.location).toBe('/auth?returnTo=%2Fdashboard');
    expect(dashboard.headers['cache-control']).toBe('private, no-store');

    const query = await get('/tasks?status=open&page=2');
    expect(query.statusCode).toBe(302);
    expect(query.headers.location).toBe(`/auth?returnTo=${encodeURIComponent('/tasks?status=open&page=2')}`);

    for (const url of [
      '/task/3f2a',
      '/messaging',
      '/schedule',
      '/post-job',
      '/admin',
      '/admin/users',
      '/bookings/1',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(`/auth?returnTo=${encodeURIComponent(url)}`);
    }
    // HEAD too: the same answer without a body.
    const head = await t.app.inject({ method: 'HEAD', url: '/dashboard' });
    expect(head.statusCode).toBe(302);
  });

  it('leaves public pages, sign-in, onboarding, assets and the API alone', async () => {
    for (const url of ['/pricing', '/auth?mode=signup', '/onboarding/profile', '/search']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
    }
    expect((await get('/api/me')).statusCode).toBe(401);
    expect((await get('/assets/nothing-000.js')).statusCode).toBe(404);
  });

  it('opens protected pages for a customer', async () => {
    for (const url of ['/dashboard', '/tasks', '/messaging', '/task/abc']) {
      const res = await get(url, customer.cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>app</title>');
    }
  });

  it('sends an unfinished provider in the provider view (the default) from every protected page to onboarding', async () => {
    for (const cookie of [provider.cookie, withView(provider, 'adwuma_view=provider')]) {
      for (const url of ['/dashboard', '/tasks', '/messaging', '/schedule', '/post-service']) {
        const res = await get(url, cookie);
        expect(res.statusCode, url).toBe(302);
        expect(res.headers.location, url).toBe('/onboarding/profile');
      }
    }
  });

  it('opens customer pages for the same provider in the customer view; provider pages stay gated', async () => {
    const cookie = withView(provider, CUSTOMER_VIEW);
    for (const url of ['/tasks', '/dashboard', '/messaging', '/schedule']) {
      const res = await get(url, cookie);
      expect(res.statusCode, url).toBe(200);
    }
    const services = await get('/post-service', cookie);
    expect(services.statusCode).toBe(302);
    expect(services.headers.location).toBe('/onboarding/profile');
  });

  it("answers a customer on /admin with the app shell and 403 (the web app's Access Denied card); an admin gets the page", async () => {
    for (const url of ['/admin', '/admin/users']) {
      const res = await get(url, customer.cookie);
      expect(res.statusCode, url).toBe(403);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root"></div>');
    }
    expect((await get('/admin', provider.cookie)).statusCode).toBe(403);
    expect((await get('/admin/users', admin.cookie)).statusCode).toBe(200);
    // The admin passes the provider gate on protected pages too.
    expect((await get('/dashboard', admin.cookie)).statusCode).toBe(200);
  });

  it('sends / on (spec 2 "/"): signed out → /auth, admin → /admin, unfinished provider → onboarding, others → /dashboard', async () => {
    const cases: [string | undefined, string][] = [
      [undefined, '/auth'],
      [customer.cookie, '/dashboard'],
      [withView(customer, 'adwuma_view=provider'), '/dashboard'],
      [admin.cookie, '/admin'],
      [provider.cookie, '/onboarding/profile'],
      [withView(provider, CUSTOMER_VIEW), '/dashboard'],
    ];
    for (const [cookie, location] of cases) {
      const res = await get('/', cookie);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(location);
    }
  });

  it('tells onboarding whether the person has customer activity (a conversation, a job, a booking)', async () => {
    const status = async (user: TestUser) =>
      (await get('/api/onboarding/status', user.cookie)).json() as { hasCustomerActivity: boolean };
    const joined = await signUp(t, { role: 'explorer', name: 'Yaw Joined' });
    expect((await status(joined)).hasCustomerActivity).toBe(false);
    await t.database.db.insert(conversations).values({ customer_id: joined.id, provider_id: provider.id });
    expect((await status(joined)).hasCustomerActivity).toBe(true);
    // Being the provider in a conversation is not customer activity.
    expect((await status(provider)).hasCustomerActivity).toBe(false);
  });
});
