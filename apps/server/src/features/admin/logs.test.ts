import { ADMIN_PAGE_SIZE, adminLogsPageSchema } from '@adwuma/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, frontendErrors, securityEvents } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeAdmin, signUp, type TestUser } from '../../test/auth.ts';
import { call } from '../../test/providers.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.now();
const idOf = (row: object) => ('id' in row ? row.id : undefined);
const ago = (ms: number) => new Date(NOW - ms);

describe('admin logs', () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  /** Frontend error ids by name. */
  const ids: Record<string, string> = {};

  const logs = async (query: string) => {
    const res = await call(t, 'GET', `/api/admin/logs${query}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return adminLogsPageSchema.parse(res.json());
  };

  async function report(name: string, values: Partial<typeof frontendErrors.$inferInsert>) {
    const [row] = await t.database.db
      .insert(frontendErrors)
      .values({ error_type: 'render', message: 'boom', severity: 'low', ...values })
      .returning({ id: frontendErrors.id });
    ids[name] = row!.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t, { name: 'Addo Admin' });
    customer = await signUp(t, { name: 'Cust Omer' });
    await makeAdmin(t, admin.id);
    // "boom" on /jobs: three reports by two users (and one signed out), worst high.
    await report('jobs1', { route_path: '/jobs', user_id: 'u1', severity: 'low', created_at: ago(5 * HOUR) });
    await report('jobs2', {
      route_path: '/jobs',
      user_id: 'u1',
      severity: 'high',
      created_at: ago(3 * HOUR),
    });
    await report('jobs3', {
      route_path: '/jobs',
      user_id: 'u2',
      severity: 'medium',
      error_type: 'network',
      created_at: ago(2 * HOUR),
    });
    await report('jobs4', { route_path: '/jobs', user_id: null, severity: 'low', created_at: ago(4 * HOUR) });
    // The same message on another route is another group; so is one without a route.
    await report('bookings', {
      route_path: '/bookings',
      user_id: 'u3',
      severity: 'critical',
      created_at: ago(HOUR),
    });
    await report('noRoute', { route_path: null, severity: 'medium', created_at: ago(6 * HOUR) });
    // Another message, seen only long ago.
    await report('old', { message: 'Map tiles failed', route_path: '/jobs', created_at: ago(40 * DAY) });

    await t.database.db.insert(securityEvents).values([
      { event_type: 'sign_in_failed', email: 'kofi@example.com', created_at: ago(HOUR) },
      { event_type: 'password_reset_requested', email: 'ama@example.com', created_at: ago(2 * HOUR) },
      { event_type: 'sign_in_failed', email: 'ama@example.com', created_at: ago(10 * DAY) },
    ]);
    await t.database.db.insert(adminAuditLog).values([
      {
        admin_id: admin.id,
        action: 'verification.approve',
        target_type: 'verification_session',
        target_id: 'vs-1',
        created_at: ago(HOUR),
      },
      {
        admin_id: admin.id,
        action: 'report.dismiss',
        target_type: 'user_report',
        target_id: 'rep-9',
        details: { note: 'spam' },
        created_at: ago(2 * HOUR),
      },
      {
        admin_id: admin.id,
        action: 'verification.reject',
        target_type: 'verification_session',
        target_id: 'vs-2',
        created_at: ago(20 * DAY),
      },
    ]);
  });
  afterAll(() => t.close());

  it('groups frontend errors by message and route: counts, users, first and last seen, worst severity', async () => {
    const page = await logs('');
    if (page.kind !== 'frontend_groups') throw new Error('default kind');
    expect(page).toMatchObject({ page: 1, pageSize: ADMIN_PAGE_SIZE, total: 4 });
    expect(page.items).toEqual([
      {
        message: 'boom',
        route_path: '/bookings',
        error_type: 'render',
        severity: 'critical',
        count: 1,
        users: 1,
        first_seen: expect.any(String),
        last_seen: expect.any(String),
        latest_id: ids.bookings,
      },
      {
        message: 'boom',
        route_path: '/jobs',
        error_type: 'network',
        severity: 'high',
        count: 4,
        users: 2,
        first_seen: expect.any(String),
        last_seen: expect.any(String),
        latest_id: ids.jobs3,
      },
      expect.objectContaining({
        message: 'boom',
        route_path: null,
        count: 1,
        users: 0,
        latest_id: ids.noRoute,
      }),
      expect.objectContaining({ message: 'Map tiles failed', route_path: '/jobs', count: 1 }),
    ]);
    const jobs = page.items[1]!;
    expect(Date.parse(jobs.last_seen) - Date.parse(jobs.first_seen)).toBe(3 * HOUR);
    expect(jobs.first_seen).toBe(ago(5 * HOUR).toISOString());

    // Filters apply to the reports before grouping.
    const recent = await logs('?kind=frontend_groups&since_days=30');
    expect(recent.total).toBe(3);
    const high = await logs('?kind=frontend_groups&severity=high');
    expect(high.items).toEqual([
      expect.objectContaining({ route_path: '/jobs', count: 1, severity: 'high' }),
    ]);
    const map = await logs('?kind=frontend_groups&q=map%20tiles');
    expect(map.items.map((g) => 'message' in g && g.message)).toEqual(['Map tiles failed']);
  });

  it('pages the groups', async () => {
    await t.database.db.insert(frontendErrors).values(
      Array.from({ length: ADMIN_PAGE_SIZE + 3 }, (_, i) => ({
        error_type: 'render',
        message: `paged error ${i}`,
        severity: 'low' as const,
        created_at: ago(50 * DAY + i * HOUR),
      })),
    );
    const first = await logs('?q=paged%20error');
    const second = await logs('?q=paged%20error&page=2');
    expect(first.total).toBe(ADMIN_PAGE_SIZE + 3);
    expect(first.items).toHaveLength(ADMIN_PAGE_SIZE);
    expect(second.items).toHaveLength(3);
    const messages = [...first.items, ...second.items].map((g) => ('message' in g ? g.message : ''));
    expect(messages).toEqual(Array.from({ length: ADMIN_PAGE_SIZE + 3 }, (_, i) => `paged error ${i}`));
  });

  it('lists single frontend reports with severity, text and age filters', async () => {
    const all = await logs('?kind=frontend&q=boom');
    expect(all).toMatchObject({ kind: 'frontend', total: 6 });
    expect(all.items.map(idOf)).toEqual([
      ids.bookings,
      ids.jobs3,
      ids.jobs2,
      ids.jobs4,
      ids.jobs1,
      ids.noRoute,
    ]);
    const medium = await logs('?kind=frontend&severity=medium');
    expect(medium.items.map(idOf)).toEqual([ids.jobs3, ids.noRoute]);
    const old = await logs('?kind=frontend&q=map');
    expect(old.items.map(idOf)).toEqual([ids.old]);
    expect((await logs('?kind=frontend&q=map&since_days=30')).total).toBe(0);
    // One report by id: the stack behind a grouped error.
    const one = await logs(`?kind=frontend&id=${ids.jobs3}`);
    expect(one.items.map(idOf)).toEqual([ids.jobs3]);
  });

  it('lists security events, searching event type and email', async () => {
    const all = await logs('?kind=security');
    expect(all).toMatchObject({ kind: 'security', total: 3 });
    const ama = await logs('?kind=security&q=AMA%40');
    expect(ama.items.map((e) => ('event_type' in e ? e.event_type : ''))).toEqual([
      'password_reset_requested',
      'sign_in_failed',
    ]);
    const failed = await logs('?kind=security&q=sign_in&since_days=7');
    expect(failed.items).toEqual([
      expect.objectContaining({ event_type: 'sign_in_failed', email: 'kofi@example.com' }),
    ]);
  });

  it('lists the audit log with the admin email, searching action and target', async () => {
    const all = await logs('?kind=audit');
    expect(all).toMatchObject({ kind: 'audit', total: 3 });
    expect(all.items[0]).toMatchObject({
      admin_id: admin.id,
      admin_email: admin.email,
      action: 'verification.approve',
      target_id: 'vs-1',
    });
    const verification = await logs('?kind=audit&q=verification');
    expect(verification.total).toBe(2);
    expect((await logs('?kind=audit&q=verification&since_days=7')).total).toBe(1);
    const byTarget = await logs('?kind=audit&q=rep-9');
    expect(byTarget.items).toEqual([
      expect.objectContaining({ action: 'report.dismiss', details: { note: 'spam' } }),
    ]);
    // The older address answers the same list.
    const legacy = await call(t, 'GET', '/api/admin/audit', admin.cookie);
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json().total).toBe(3);
  });

  it('refuses bad filters (400 naming the field) and non-admins (403)', async () => {
    for (const [query, field] of [
      ['?kind=everything', 'kind'],
      ['?severity=fatal', 'severity'],
      ['?since_days=0', 'since_days'],
      ['?since_days=1000', 'since_days'],
      ['?page=0', 'page'],
      ['?kind=frontend&id=nope', 'id'],
    ]) {
      const res = await call(t, 'GET', `/api/admin/logs${query}`, admin.cookie);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.details.fields[0].field).toBe(field);
    }
    expect((await call(t, 'GET', '/api/admin/logs?kind=audit', customer.cookie)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/admin/logs')).statusCode).toBe(401);
  });
});
