import { ADMIN_USER_MESSAGES, type AdminUserDetail } from '@adwuma/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  profiles,
  reviews,
  securityEvents,
  userReports,
  verificationSessions,
} from '../../db/schema.ts';
import { roleOf } from '../../kernel/http/session.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { get, makeAdmin, post, signUp, type TestUser } from '../../test/auth.ts';
import { bookingBetween } from '../../test/bookings.ts';
import { postJob } from '../../test/jobs.ts';
import { onboardedProvider } from '../../test/providers.ts';

type Row = { id: string; role: string; status: string; phone: string | null };

describe('/admin/users: list, search, filters, a user page and the actions', () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  let explorer: TestUser;
  let provider: TestUser;
  let verified: TestUser;
  let reviewing: TestUser;

  const list = async (query = '') => {
    const res = await get(t, `/api/admin/users${query}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Row[]; total: number; page: number; pageSize: number };
  };
  const ids = async (query: string) => (await list(query)).items.map((u) => u.id).sort();
  const act = (target: string, body: Record<string, unknown>, by = admin) =>
    post(t, `/api/admin/users/${target}/actions`, body, { cookie: by.cookie });
  const audit = (target: string) =>
    t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.target_type, 'user'), eq(adminAuditLog.target_id, target)));

  beforeAll(async () => {
    t = await createTestApp();
    customer = await signUp(t, { name: 'Cust Omer' });
    explorer = await signUp(t, { role: 'explorer', name: 'Explo Rer' });
    provider = await onboardedProvider(t, { name: 'Kwabena Ofori' });
    verified = await signUp(t, { name: 'Vera Fied' });
    reviewing = await signUp(t, { role: 'explorer', name: 'Revi Ewing' });
    admin = await signUp(t, { name: 'Addo Admin' });
    await makeAdmin(t, admin.id);
    const { db } = t.database;
    await db.update(profiles).set({ phone: '+233244123456' }).where(eq(profiles.id, customer.id));
    await db.update(profiles).set({ phone: '020 555 0199' }).where(eq(profiles.id, explorer.id));
    await db.update(profiles).set({ verified: true }).where(eq(profiles.id, verified.id));
    await db
      .insert(verificationSessions)
      .values({ provider_id: reviewing.id, status: 'pending_admin_approval' });
  });
  afterAll(() => t.close());

  it('lists users newest first with phone, effective role and status; pages; a bad page is 400', async () => {
    const all = await list();
    expect(all).toMatchObject({ page: 1, pageSize: 20, total: 6 });
    expect(all.items.map((u) => u.id)).toEqual([
      admin.id,
      reviewing.id,
      verified.id,
      provider.id,
      explorer.id,
      customer.id,
    ]);
    expect(all.items.find((u) => u.id === customer.id)).toEqual({
      id: customer.id,
      email: customer.email,
      name: 'Cust Omer',
      phone: '+233244123456',
      role: 'customer',
      created_at: expect.any(String),
      emailVerified: false,
      verified: false,
      status: 'active',
    });
    // The SQL role is spec 4's effectiveRole for every user.
    for (const row of all.items) expect(row.role).toBe(await roleOf(t.database.db, row.id));
    expect((await list('?page=2')).items).toEqual([]);
    const bad = await get(t, '/api/admin/users?page=zero', admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].field).toBe('page');
  });

  it('searches name, email and phone in any written form', async () => {
    expect(await ids('?q=cust%20omer')).toEqual([customer.id]);
    expect(await ids(`?q=${encodeURIComponent(customer.email.slice(0, 14).toUpperCase())}`)).toEqual([
      customer.id,
    ]);
    for (const phone of ['024 412 3456', '0244123456', '+233244123456', '233244123456', '412 345']) {
      expect(await ids(`?q=${encodeURIComponent(phone)}`), phone).toEqual([customer.id]);
    }
    expect(await ids(`?q=${encodeURIComponent('+233 20 555 0199')}`)).toEqual([explorer.id]);
    expect(await ids('?q=%25')).toEqual([]);
    expect(await ids(`?q=${encodeURIComponent('055 999 8888')}`)).toEqual([]);
  });

  it('filters by effective role, verification and status (and says which filter is wrong)', async () => {
    expect(await ids('?role=admin')).toEqual([admin.id]);
    expect(await ids('?role=service_provider')).toEqual([explorer.id, provider.id, reviewing.id].sort());
    expect(await ids('?role=customer')).toEqual([customer.id, verified.id].sort());
    expect(await ids('?verification=verified')).toEqual([verified.id]);
    expect(await ids('?verification=in_review')).toEqual([reviewing.id]);
    expect(await ids('?verification=unverified')).toEqual(
      [admin.id, customer.id, explorer.id, provider.id].sort(),
    );
    expect((await list('?status=active')).total).toBe(6);
    expect(await ids('?status=suspended')).toEqual([]);
    expect(await ids('?role=service_provider&q=revi')).toEqual([reviewing.id]);
    const bad = await get(t, '/api/admin/users?role=owner', admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0]).toEqual({
      field: 'role',
      message: 'Choose admin, service_provider, explorer or customer',
    });
  });

  it("shows another user's page: profile, roles, onboarding, jobs, bookings, reviews, reports, security events", async () => {
    const { db } = t.database;
    const job = await postJob(t, customer);
    const booking = await bookingBetween(t, customer.id, provider.id, { title: 'Fix the gate' });
    await db.insert(reviews).values({
      booking_id: booking,
      author_id: customer.id,
      subject_id: provider.id,
      author_role: 'customer',
      rating: 4,
      text: 'Came on time and fixed it well.',
      published_at: new Date(),
    });
    await db.insert(userReports).values({
      reporter_id: provider.id,
      reported_id: customer.id,
      reason: 'spam',
      details: 'Sends the same message again and again',
    });
    await db.insert(securityEvents).values({ event_type: 'password_reset_requested', email: customer.email });

    const res = await get(t, `/api/admin/users/${customer.id}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as AdminUserDetail;
    expect(detail.user).toMatchObject({
      id: customer.id,
      phone: '+233244123456',
      role: 'customer',
      isAdmin: false,
      status: 'active',
      suspended_at: null,
      password_reset_required: false,
      active_sessions: 1,
      last_sign_in_at: expect.any(String),
    });
    expect(detail.profile).toMatchObject({ full_name: 'Cust Omer', total_reviews: 0 });
    expect(detail.roles).toEqual(['customer']);
    expect(detail.onboarding).toEqual({
      onboarding_completed: false,
      nextRequiredStep: null,
      verification_status: null,
      id_documents: 0,
    });
    expect(detail.jobs).toEqual([
      { id: job.id, title: job.title, status: 'open', created_at: expect.any(String) },
    ]);
    expect(detail.bookings).toEqual([
      expect.objectContaining({ id: booking, title: 'Fix the gate', side: 'customer', price_minor: 30_000 }),
    ]);
    expect(detail.reviews).toEqual([
      expect.objectContaining({
        rating: 4,
        comment: 'Came on time and fixed it well.',
        direction: 'written',
      }),
    ]);
    expect(detail.reports).toEqual([
      expect.objectContaining({
        reason: 'spam',
        details: 'Sends the same message again and again',
        status: 'open',
      }),
    ]);
    expect(detail.security_events.map((e) => e.event_type)).toContain('password_reset_requested');

    const theirs = (await get(t, `/api/admin/users/${provider.id}`, admin.cookie)).json() as AdminUserDetail;
    expect(theirs.user.role).toBe('service_provider');
    expect(theirs.onboarding).toMatchObject({ onboarding_completed: true, id_documents: 1 });
    expect(theirs.bookings[0]).toMatchObject({ id: booking, side: 'provider' });
    expect(theirs.reviews[0]).toMatchObject({ direction: 'received' });
    const inReview = (
      await get(t, `/api/admin/users/${reviewing.id}`, admin.cookie)
    ).json() as AdminUserDetail;
    expect(inReview.onboarding.verification_status).toBe('pending_admin_approval');

    const unknown = await get(t, '/api/admin/users/no-such-user', admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
  });

  it('is for admins only: 401 signed out, 403 for everyone else', async () => {
    const urls = ['/api/admin/users', `/api/admin/users/${customer.id}`];
    for (const url of urls) {
      expect((await get(t, url)).statusCode).toBe(401);
      for (const user of [customer, provider]) expect((await get(t, url, user.cookie)).statusCode).toBe(403);
    }
    const action = await act(explorer.id, { action: 'suspend', reason: 'Testing the guard' }, customer);
    expect(action.statusCode).toBe(403);
    expect(action.json().error.code).toBe('FORBIDDEN');
    expect(await audit(explorer.id)).toEqual([]);
  });

  it('needs a reason of 5 to 500 characters (400 naming the field) and a known user (404)', async () => {
    for (const body of [
      { action: 'suspend' },
      { action: 'suspend', reason: 'bad' },
      { action: 'suspend', reason: 'x'.repeat(501) },
    ]) {
      const res = await act(explorer.id, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.details.fields[0].field).toBe('reason');
    }
    const role = await act(explorer.id, { action: 'change_role', role: 'admin', reason: 'Promote them' });
    expect(role.statusCode).toBe(400);
    expect(role.json().error.details.fields[0].field).toBe('role');
    const missing = await act('no-such-user', { action: 'suspend', reason: 'Spam everywhere' });
    expect(missing.statusCode).toBe(404);
    expect(await audit(explorer.id)).toEqual([]);
  });

  it('refuses with 409 ACTION_REFUSED: oneself, the last admin, and actions that change nothing', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [admin.id, { action: 'suspend' }, ADMIN_USER_MESSAGES.notYourself],
      [admin.id, { action: 'remove_admin' }, ADMIN_USER_MESSAGES.lastAdmin],
      [admin.id, { action: 'change_role', role: 'customer' }, ADMIN_USER_MESSAGES.notYourself],
      [admin.id, { action: 'force_password_reset' }, ADMIN_USER_MESSAGES.notYourself],
      [admin.id, { action: 'grant_admin' }, ADMIN_USER_MESSAGES.alreadyAdmin],
      [customer.id, { action: 'remove_admin' }, ADMIN_USER_MESSAGES.notAdmin],
      [customer.id, { action: 'reinstate' }, ADMIN_USER_MESSAGES.notSuspended],
      [customer.id, { action: 'change_role', role: 'customer' }, ADMIN_USER_MESSAGES.sameRole],
      [explorer.id, { action: 'change_role', role: 'service_provider' }, ADMIN_USER_MESSAGES.sameRole],
    ];
    for (const [target, body, message] of cases) {
      const res = await act(target, { ...body, reason: 'Checking the rules' });
      expect(res.statusCode, `${body.action}: ${res.body}`).toBe(409);
      expect(res.json()).toEqual({ error: { code: 'ACTION_REFUSED', message } });
    }
    expect(await audit(admin.id)).toEqual([]);
    expect(await audit(customer.id)).toEqual([]);
  });

  it('changes the role both ways, each with its audit entry (reason, before, after)', async () => {
    let res = await act(customer.id, {
      action: 'change_role',
      role: 'service_provider',
      reason: 'Asked by phone',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminUserDetail).user.role).toBe('service_provider');
    expect((res.json() as AdminUserDetail).roles).toEqual(['service_provider']);
    expect(await roleOf(t.database.db, customer.id)).toBe('service_provider');
    res = await act(customer.id, { action: 'change_role', role: 'customer', reason: 'Changed their mind' });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as AdminUserDetail;
    expect(detail.user.role).toBe('customer');
    expect(detail.roles).toEqual(['customer']);
    expect(detail.audit.map((a) => [a.action, a.reason, a.admin_email])).toEqual([
      ['user.change_role', 'Changed their mind', admin.email],
      ['user.change_role', 'Asked by phone', admin.email],
    ]);
    const entries = await audit(customer.id);
    expect(
      entries.map((e) => e.details).sort((a, b) => String(a.reason).localeCompare(String(b.reason))),
    ).toEqual([
      {
        reason: 'Asked by phone',
        before: { role: 'customer', is_admin: false, suspended: false, password_reset_required: false },
        after: {
          role: 'service_provider',
          is_admin: false,
          suspended: false,
          password_reset_required: false,
        },
      },
      {
        reason: 'Changed their mind',
        before: {
          role: 'service_provider',
          is_admin: false,
          suspended: false,
          password_reset_required: false,
        },
        after: { role: 'customer', is_admin: false, suspended: false, password_reset_required: false },
      },
    ]);
    expect(entries.every((e) => e.admin_id === admin.id && e.target_type === 'user')).toBe(true);
  });

  it('grants and removes admin with audit entries; the new admin reaches the panel, then no longer', async () => {
    let res = await act(verified.id, { action: 'grant_admin', reason: 'New operations hire' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminUserDetail).user).toMatchObject({ isAdmin: true, role: 'admin' });
    expect((await get(t, '/api/admin/users', verified.cookie)).statusCode).toBe(200);
    res = await act(verified.id, { action: 'remove_admin', reason: 'Left the company' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminUserDetail).user).toMatchObject({ isAdmin: false, role: 'customer' });
    expect((await get(t, '/api/admin/users', verified.cookie)).statusCode).toBe(403);
    const actions = (await audit(verified.id)).map((e) => [e.action, e.details.before, e.details.after]);
    expect(actions).toEqual(
      expect.arrayContaining([
        [
          'user.grant_admin',
          expect.objectContaining({ is_admin: false }),
          expect.objectContaining({ is_admin: true }),
        ],
        [
          'user.remove_admin',
          expect.objectContaining({ is_admin: true }),
          expect.objectContaining({ is_admin: false }),
        ],
      ]),
    );
  });
});
