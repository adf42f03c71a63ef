import { ADMIN_PAGE_SIZE, adminEnterpriseLeadsPageSchema, adminLeadSchema } from '@adwuma/shared';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, enterpriseLeads } from '../../db/schema.ts';
import { createTestApp, type TestApp, uniqueEmail } from '../../test/app.ts';
import { makeAdmin, signUp, type TestUser } from '../../test/auth.ts';
import { call } from '../../test/providers.ts';

const MINUTE = 60_000;

describe('admin enterprise leads', () => {
  let t: TestApp;
  let admin: TestUser;
  let otherAdmin: TestUser;
  let customer: TestUser;
  /** Lead ids by company, created oldest first (Volta, Accra Mall, Tema Port). */
  const ids = { volta: '', mall: '', port: '' };
  const base = Date.now() - 60 * MINUTE;

  async function insertLead(values: Partial<typeof enterpriseLeads.$inferInsert> & { company: string }) {
    const [row] = await t.database.db
      .insert(enterpriseLeads)
      .values({
        name: 'Kofi Mensah',
        email: uniqueEmail('lead'),
        team_size: '11-50',
        needs: 'Cleaning for three offices',
        ...values,
      })
      .returning({ id: enterpriseLeads.id });
    return row!.id;
  }

  const list = async (query = '') => {
    const res = await call(t, 'GET', `/api/admin/enterprise-leads${query}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return adminEnterpriseLeadsPageSchema.parse(res.json());
  };
  const patch = (id: string, body: unknown, user: TestUser = admin) =>
    call(t, 'PATCH', `/api/admin/enterprise-leads/${id}`, user.cookie, body);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t, { name: 'Addo Admin' });
    otherAdmin = await signUp(t, { name: 'Efua Admin' });
    customer = await signUp(t, { name: 'Cust Omer' });
    await makeAdmin(t, admin.id);
    await makeAdmin(t, otherAdmin.id);
    ids.volta = await insertLead({
      company: 'Volta Ltd',
      name: 'Kofi Mensah',
      email: 'kofi@volta.example',
      created_at: new Date(base),
    });
    ids.mall = await insertLead({
      company: 'Accra Mall',
      name: 'Ama Owusu',
      email: 'ama@mall.example',
      status: 'contacted',
      created_at: new Date(base + MINUTE),
    });
    ids.port = await insertLead({
      company: 'Tema Port 100%',
      name: 'Yaw Boateng',
      email: 'yaw@port.example',
      status: 'won',
      created_at: new Date(base + 2 * MINUTE),
    });
  });
  afterAll(() => t.close());

  it('lists leads newest first and filters by status and by text in name, company or email', async () => {
    const all = await list();
    expect(all).toMatchObject({ page: 1, pageSize: ADMIN_PAGE_SIZE, total: 3 });
    expect(all.items.map((l) => l.id)).toEqual([ids.port, ids.mall, ids.volta]);
    expect(all.items[2]).toEqual({
      id: ids.volta,
      name: 'Kofi Mensah',
      company: 'Volta Ltd',
      email: 'kofi@volta.example',
      phone: null,
      team_size: '11-50',
      needs: 'Cleaning for three offices',
      status: 'new',
      owner_id: null,
      owner_email: null,
      notes: '',
      follow_up_on: null,
      created_at: new Date(base).toISOString(),
      updated_at: expect.any(String),
    });
    expect((await list('?status=contacted')).items.map((l) => l.id)).toEqual([ids.mall]);
    expect((await list('?q=owusu')).items.map((l) => l.id)).toEqual([ids.mall]);
    expect((await list('?q=VOLTA')).items.map((l) => l.id)).toEqual([ids.volta]);
    expect((await list('?q=yaw%40port')).items.map((l) => l.id)).toEqual([ids.port]);
    expect((await list('?q=100%25')).items.map((l) => l.id)).toEqual([ids.port]);
    expect((await list('?q=%25')).items.map((l) => l.id)).toEqual([ids.port]);
    expect((await list('?q=a&status=won')).items.map((l) => l.id)).toEqual([ids.port]);
    expect((await list('?q=nobody')).total).toBe(0);
    expect((await list('?page=2')).items).toEqual([]);
    const bad = await call(t, 'GET', '/api/admin/enterprise-leads?status=maybe', admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].field).toBe('status');
  });

  it('exports every match as CSV with a header row, safe against formula injection', async () => {
    const { db } = t.database;
    const many = Array.from({ length: ADMIN_PAGE_SIZE + 5 }, (_, i) => ({
      name: `Lead ${i}`,
      company: `Bulk Co ${i}`,
      email: uniqueEmail('bulk'),
      team_size: '1-10',
      needs: 'Office cleaning',
    }));
    await db.insert(enterpriseLeads).values(many);
    await db.insert(enterpriseLeads).values({
      name: '=HYPERLINK("http://evil.example","click")',
      company: '+233 Holdings, Ltd',
      email: '@evil.example',
      phone: '-1',
      team_size: '1-10',
      needs: 'Line one\nline two',
      status: 'lost',
    });
    const csv = async (query: string) => {
      const res = await call(t, 'GET', `/api/admin/enterprise-leads.csv${query}`, admin.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="adwuma-enterprise-leads-/);
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      return res.body.slice(1).split('\r\n').filter(Boolean);
    };
    const header =
      'Received,Name,Company,Email,Phone,Team size,Needs,Status,Owner,Follow up on,Notes,Updated';
    // Every match, not one page.
    const bulk = await csv('?q=bulk%20co');
    expect(bulk[0]).toBe(header);
    expect(
      bulk
        .slice(1)
        .map((line) => line.split(',')[2])
        .sort(),
    ).toEqual(many.map((l) => l.company).sort());
    const all = await csv('');
    expect(all[0]).toBe(header);
    expect(all).toHaveLength(1 + 3 + many.length + 1);

    // The status filter applies; every cell that could start a formula is defused.
    const lines = await csv('?status=lost');
    expect(lines).toHaveLength(2);
    const row = lines[1]!;
    expect(row).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")",`);
    expect(row).toContain(`,"'+233 Holdings, Ltd",'@evil.example,'-1,1-10,"Line one\nline two",lost,`);
    expect((await csv('?status=won&q=yaw')).slice(1).map((l) => l.split(',')[1])).toEqual(['Yaw Boateng']);
    const bad = await call(t, 'GET', '/api/admin/enterprise-leads.csv?status=x', admin.cookie);
    expect(bad.statusCode).toBe(400);
    await db.delete(enterpriseLeads).where(like(enterpriseLeads.company, 'Bulk Co %'));
  });

  it('changes each field, records before and after in the audit log, and bumps updated_at', async () => {
    const [before] = await t.database.db
      .select()
      .from(enterpriseLeads)
      .where(eq(enterpriseLeads.id, ids.volta));

    let res = await patch(ids.volta, { status: 'contacted' });
    expect(res.statusCode, res.body).toBe(200);
    let lead = adminLeadSchema.parse(res.json());
    expect(lead.status).toBe('contacted');
    expect(Date.parse(lead.updated_at)).toBeGreaterThan(before!.updated_at.getTime());

    res = await patch(ids.volta, { owner_id: otherAdmin.id });
    expect(res.statusCode, res.body).toBe(200);
    lead = adminLeadSchema.parse(res.json());
    expect(lead).toMatchObject({
      owner_id: otherAdmin.id,
      owner_email: otherAdmin.email,
      status: 'contacted',
    });

    res = await patch(ids.volta, { notes: 'Called Kofi; wants a quote for Monday.' });
    expect(res.json().notes).toBe('Called Kofi; wants a quote for Monday.');

    res = await patch(ids.volta, { follow_up_on: '2026-12-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().follow_up_on).toBe('2026-12-01');

    res = await patch(ids.volta, { owner_id: null, follow_up_on: null, status: 'qualified' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      owner_id: null,
      owner_email: null,
      follow_up_on: null,
      status: 'qualified',
      notes: 'Called Kofi; wants a quote for Monday.',
    });
    // The list shows the same.
    expect((await list('?status=qualified')).items.map((l) => l.id)).toEqual([ids.volta]);

    const entries = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.target_id, ids.volta))
      .orderBy(adminAuditLog.created_at, adminAuditLog.id);
    expect(entries).toHaveLength(5);
    expect(entries.every((e) => e.admin_id === admin.id && e.action === 'enterprise_lead.update')).toBe(true);
    expect(entries.every((e) => e.target_type === 'enterprise_lead')).toBe(true);
    expect(entries.map((e) => e.details)).toEqual([
      { before: { status: 'new' }, after: { status: 'contacted' } },
      { before: { owner_id: null }, after: { owner_id: otherAdmin.id } },
      { before: { notes: '' }, after: { notes: 'Called Kofi; wants a quote for Monday.' } },
      { before: { follow_up_on: null }, after: { follow_up_on: '2026-12-01' } },
      {
        before: { status: 'contacted', owner_id: otherAdmin.id, follow_up_on: '2026-12-01' },
        after: { status: 'qualified', owner_id: null, follow_up_on: null },
      },
    ]);
    // The audit log page shows it too, with the admin's email.
    const audit = await call(t, 'GET', '/api/admin/logs?kind=audit&q=enterprise_lead', admin.cookie);
    expect(audit.json()).toMatchObject({ kind: 'audit', total: 5 });
    expect(audit.json().items[0]).toMatchObject({ admin_email: admin.email, target_id: ids.volta });
  });

  it('refuses an owner who is not an admin (400 owner_id), bad input (400) and an unknown lead (404)', async () => {
    const fieldOf = async (body: unknown) => {
      const res = await patch(ids.mall, body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error.details.fields[0].field as string;
    };
    expect(await fieldOf({ owner_id: customer.id })).toBe('owner_id');
    expect(await fieldOf({ owner_id: 'no-such-user' })).toBe('owner_id');
    expect(await fieldOf({ follow_up_on: '2026-02-30' })).toBe('follow_up_on');
    expect(await fieldOf({ follow_up_on: 'tomorrow' })).toBe('follow_up_on');
    expect(await fieldOf({ status: 'maybe' })).toBe('status');
    expect(await fieldOf({ notes: 'x'.repeat(5001) })).toBe('notes');
    expect((await patch(ids.mall, {})).statusCode).toBe(400);
    expect((await patch(ids.mall, { rating: 5 })).statusCode).toBe(400);
    // Nothing changed and nothing was recorded.
    const [row] = await t.database.db.select().from(enterpriseLeads).where(eq(enterpriseLeads.id, ids.mall));
    expect(row).toMatchObject({ status: 'contacted', owner_id: null, follow_up_on: null, notes: '' });
    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.target_id, ids.mall));
    expect(audit).toEqual([]);

    const unknown = await patch('00000000-0000-4000-8000-000000000000', { status: 'won' });
    expect(unknown.statusCode).toBe(404);
    expect((await patch('not-a-uuid', { status: 'won' })).statusCode).toBe(400);
  });

  it('lists the admins for the owner picker', async () => {
    const res = await call(t, 'GET', '/api/admin/admins', admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      admins: [
        { id: admin.id, email: admin.email, name: 'Addo Admin' },
        { id: otherAdmin.id, email: otherAdmin.email, name: 'Efua Admin' },
      ],
    });
  });

  it('keeps every lead route from non-admins (403) and the signed out (401)', async () => {
    const routes = [
      ['GET', '/api/admin/enterprise-leads'],
      ['GET', '/api/admin/enterprise-leads.csv'],
      ['PATCH', `/api/admin/enterprise-leads/${ids.port}`],
      ['GET', '/api/admin/admins'],
    ] as const;
    for (const [method, url] of routes) {
      const body = method === 'PATCH' ? { status: 'lost' } : undefined;
      expect((await call(t, method, url, undefined, body)).statusCode, url).toBe(401);
      const res = await call(t, method, url, customer.cookie, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const [row] = await t.database.db.select().from(enterpriseLeads).where(eq(enterpriseLeads.id, ids.port));
    expect(row!.status).toBe('won');
  });
});
