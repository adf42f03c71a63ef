import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp, uniqueEmail } from '../../test/app.ts';
import { get, makeAdmin, signUp, type TestUser } from '../../test/auth.ts';
import { isLoopback } from './routes.ts';

const RESET_LINK = 'http://localhost:3000/auth?mode=reset-password&token=secret-token';

async function storeMail(t: TestApp, to: string, subject = 'Reset your Adwuma password') {
  await t.app.deps.mailer.send({
    to,
    subject,
    text: `Open this link to choose a new password:\n${RESET_LINK}\n`,
    html: `<a href="${RESET_LINK}">Reset</a>`,
    template: 'password-reset',
  });
}

const outbox = (t: TestApp, remoteAddress: string, query = '', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/dev/outbox${query}`, remoteAddress, headers });

describe('isLoopback', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['203.0.113.9', false],
    ['::ffff:203.0.113.9', false],
    ['10.0.0.1', false],
    ['1270.0.0.1', false],
    ['fe80::1', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (address, expected) => {
    expect(isLoopback(address)).toBe(expected);
  });
});

describe('DEV_OUTBOX in the configuration', () => {
  it('is off unless set, and refused with NODE_ENV=production naming the variable', () => {
    expect(loadConfig({}).devOutbox).toBe(false);
    expect(loadConfig({ DEV_OUTBOX: 'true' }).devOutbox).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: 'true' })).toThrow(
      /DEV_OUTBOX: must not be true/,
    );
    expect(() => loadConfig({ DEV_OUTBOX: 'maybe' })).toThrow(/DEV_OUTBOX: must be true or false/);
  });
});

describe('the dev outbox (GET /api/dev/outbox)', () => {
  let on: TestApp;
  const email = uniqueEmail('victim');

  beforeAll(async () => {
    on = await createTestApp({ devOutbox: true });
    await storeMail(on, email);
  });
  afterAll(() => on.close());

  it('answers a loopback caller with DEV_OUTBOX=true', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await outbox(on, address, `?to=${encodeURIComponent(email)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().mails[0].text).toContain(RESET_LINK);
    }
  });

  it('is a 404 to a remote caller, even one claiming to be local through X-Forwarded-For', async () => {
    const trusting = await createTestApp({ devOutbox: true, trustProxy: true });
    try {
      for (const t of [on, trusting]) {
        const res = await outbox(t, '203.0.113.9', `?to=${encodeURIComponent(email)}`, {
          'x-forwarded-for': '127.0.0.1',
        });
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
        expect(res.body).not.toContain('reset');
        // The same answer as a route that does not exist.
        const missing = await t.app.inject({
          method: 'GET',
          url: '/api/dev/nothing',
          remoteAddress: '203.0.113.9',
        });
        expect(res.json().error.message).toBe(missing.json().error.message.replace('nothing', 'outbox'));
      }
    } finally {
      await trusting.close();
    }
  });

  it('is not there without DEV_OUTBOX, nor in production, nor with SMTP', async () => {
    const off = await createTestApp();
    const prod = await createTestApp({ env: 'production', devOutbox: true });
    const smtp = await createTestApp({ devOutbox: true, smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      for (const t of [off, prod, smtp]) {
        await storeMail(t, email).catch(() => {});
        expect((await outbox(t, '127.0.0.1')).statusCode).toBe(404);
        expect(t.app.hasRoute({ method: 'GET', url: '/api/dev/outbox' })).toBe(false);
      }
      // Production without SMTP still keeps the mail (admins read it at /admin/outbox).
      const kept = await prod.database.db.query.mailOutbox.findMany();
      expect(kept.map((m) => m.text_body)).toEqual([expect.stringContaining(RESET_LINK)]);
    } finally {
      await Promise.all([off.close(), prod.close(), smtp.close()]);
    }
  });
});

describe('the admin outbox (GET /api/admin/outbox)', () => {
  let t: TestApp;
  let customer: TestUser;
  let admin: TestUser;
  const kofi = uniqueEmail('kofi');
  const ama = uniqueEmail('ama');

  beforeAll(async () => {
    t = await createTestApp();
    customer = await signUp(t, { role: 'customer' });
    admin = await signUp(t, { name: 'Addo Admin' });
    await makeAdmin(t, admin.id);
    await storeMail(t, kofi, 'First');
    await storeMail(t, ama, 'For Ama');
    await storeMail(t, kofi, 'Second');
  });
  afterAll(() => t.close());

  it('refuses anonymous callers (401) and non-admins (403), loopback or not', async () => {
    for (const remoteAddress of ['127.0.0.1', '203.0.113.9']) {
      const anon = await t.app.inject({ method: 'GET', url: '/api/admin/outbox', remoteAddress });
      expect(anon.statusCode).toBe(401);
      expect(anon.body).not.toContain('reset');
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/outbox?to=${encodeURIComponent(kofi)}`,
        remoteAddress,
        headers: { cookie: customer.cookie },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
      expect(res.body).not.toContain('reset');
    }
  });

  it('lists mail newest first for an admin, filtered by (part of) the address, with the links', async () => {
    const res = await get(t, `/api/admin/outbox?to=${encodeURIComponent(kofi.toUpperCase())}`, admin.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pageSize: 20, total: 2 });
    expect(body.items.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First']);
    expect(body.items[0]).toMatchObject({ to: kofi, template: 'password-reset', transport: 'outbox' });
    expect(body.items[0].text).toContain(RESET_LINK);

    const part = await get(t, `/api/admin/outbox?to=${kofi.slice(0, 10)}`, admin.cookie);
    expect(part.json().total).toBe(2);
    const all = await get(t, '/api/admin/outbox', admin.cookie);
    expect(all.json().total).toBeGreaterThanOrEqual(3);
    // LIKE wildcards typed by the admin match literally.
    expect((await get(t, '/api/admin/outbox?to=%25', admin.cookie)).json().total).toBe(0);
    expect((await get(t, '/api/admin/outbox?page=2', admin.cookie)).json().items).toEqual([]);
  });

  it('names the bad field', async () => {
    const res = await get(t, '/api/admin/outbox?page=zero', admin.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(res.json().error)).toContain('page');
  });
});
