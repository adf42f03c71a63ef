import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enterpriseLeads, frontendErrors, securityEvents, subscribers } from '../../db/schema.ts';
import { createTestApp, type TestApp, uniqueEmail } from '../../test/app.ts';
import { get, makeAdmin, signUp, type TestUser } from '../../test/auth.ts';
import { createOrPromoteAdmin } from './create-admin.ts';

const ADMIN_ROUTES = [
  '/api/admin/overview',
  '/api/admin/users',
  '/api/admin/enterprise-leads',
  '/api/admin/logs?kind=frontend',
  '/api/admin/logs?kind=security',
];

describe('admin area', () => {
  let t: TestApp;
  let customer: TestUser;
  let explorer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    customer = await signUp(t, { role: 'customer', name: 'Cust Omer' });
    explorer = await signUp(t, { role: 'explorer', name: 'Explo Rer' });
    admin = await signUp(t, { name: 'Addo Admin' });
    await makeAdmin(t, admin.id);
    const { db } = t.database;
    await db.insert(subscribers).values({ email: uniqueEmail('wl') });
    await db.insert(enterpriseLeads).values({
      name: 'Kofi',
      company: 'Volta Ltd',
      email: uniqueEmail('lead'),
      team_size: '11-50',
      needs: 'Cleaning for three offices in Accra',
    });
    await db.insert(frontendErrors).values({ error_type: 'render', message: 'boom', severity: 'high' });
    await db.insert(securityEvents).values({ event_type: 'password_reset_requested', email: customer.email });
  });
  afterAll(() => t.close());

  it.each(ADMIN_ROUTES)('%s: 401 signed out, 403 for customer and explorer, 200 for admin', async (url) => {
    const out = await get(t, url);
    expect(out.statusCode).toBe(401);
    expect(out.json().error.code).toBe('UNAUTHORIZED');
    for (const user of [customer, explorer]) {
      const res = await get(t, url, user.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: { code: 'FORBIDDEN', message: "You don't have administrator privileges to access this area." },
      });
    }
    expect((await get(t, url, admin.cookie)).statusCode).toBe(200);
  });

  it('each role against the profile endpoints: own profile yes, others no (admin yes)', async () => {
    for (const user of [customer, explorer, admin]) {
      expect((await get(t, '/api/me', user.cookie)).statusCode).toBe(200);
      expect((await get(t, '/api/profile', user.cookie)).statusCode).toBe(200);
      expect((await get(t, `/api/profiles/${user.id}`, user.cookie)).statusCode).toBe(200);
    }
    expect((await get(t, `/api/profiles/${customer.id}`, explorer.cookie)).statusCode).toBe(403);
    expect((await get(t, `/api/profiles/${explorer.id}`, customer.cookie)).statusCode).toBe(403);
    expect((await get(t, `/api/profiles/${customer.id}`, admin.cookie)).statusCode).toBe(200);
    for (const url of ['/api/me', '/api/profile', `/api/profiles/${customer.id}`]) {
      expect((await get(t, url)).statusCode).toBe(401);
    }
    const me = (await get(t, '/api/me', admin.cookie)).json();
    expect(me).toMatchObject({ role: 'admin', isAdmin: true, permissions: ['view_admin_dashboard'] });
  });

  it('counts users by effective role and the day’s reports', async () => {
    const res = (await get(t, '/api/admin/overview', admin.cookie)).json();
    expect(res).toEqual({
      users: { total: 3, byRole: { admin: 1, service_provider: 1, explorer: 0, customer: 1 } },
      waitlistSubscribers: 1,
      enterpriseLeads: 1,
      frontendErrorsLast24h: 1,
      securityEventsLast24h: 1,
    });
  });

  it('lists enterprise leads and both logs, newest first', async () => {
    const leads = (await get(t, '/api/admin/enterprise-leads', admin.cookie)).json();
    expect(leads.items[0]).toMatchObject({ company: 'Volta Ltd', status: 'new' });
    const frontend = (await get(t, '/api/admin/logs?kind=frontend', admin.cookie)).json();
    expect(frontend).toMatchObject({
      kind: 'frontend',
      total: 1,
      items: [{ message: 'boom', severity: 'high' }],
    });
    const security = (await get(t, '/api/admin/logs?kind=security', admin.cookie)).json();
    expect(security).toMatchObject({ kind: 'security', items: [{ event_type: 'password_reset_requested' }] });
    expect((await get(t, '/api/admin/logs?kind=nonsense', admin.cookie)).statusCode).toBe(400);
  });

  it('create-admin promotes an existing account (who then passes the admin guard)', async () => {
    const user = await signUp(t, { name: 'Promo Ted' });
    expect((await get(t, '/api/admin/overview', user.cookie)).statusCode).toBe(403);
    const result = await createOrPromoteAdmin(t.app.deps, { email: user.email.toUpperCase() });
    expect(result).toEqual({ action: 'promoted', userId: user.id, email: user.email });
    expect((await get(t, '/api/admin/overview', user.cookie)).statusCode).toBe(200);
    const again = await createOrPromoteAdmin(t.app.deps, { email: user.email });
    expect(again.action).toBe('already-admin');
  });
});
