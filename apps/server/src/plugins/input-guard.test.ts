import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { messages, profiles } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { makeAdmin, ORIGIN, signUp, type TestUser, uniqueIp } from '../test/auth.ts';
import { makeImage } from '../test/documents.ts';
import { call, onboardedProvider } from '../test/providers.ts';
import { checkInput, MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from './input-guard.ts';
import { FOREIGN_ORIGIN_MESSAGE, isForeignRequest, originCheckPlugin } from './origin-check.ts';
import { helmetOptions } from './security.ts';

const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const nestedArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

function multipart(file: Buffer, fields: Record<string, string> = {}) {
  const boundary = '----adwumaGuardBoundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('checkInput', () => {
  it('names the dotted field of a control character, in values and keys', () => {
    expect(checkInput({ items: [{ name: 'ok' }, { name: 'a\u0000b' }] }, 'body')).toEqual({
      ok: false,
      tooDeep: false,
      fields: [{ field: 'items.1.name', message: 'Control characters are not allowed' }],
    });
    const key = checkInput({ 'a\u0001': 'x' }, 'body');
    expect(key).toMatchObject({ ok: false, fields: [{ field: 'a\\u0001' }] });
    expect(checkInput({ city: 'Accra\n' }, 'query')).toMatchObject({
      fields: [{ field: 'query.city', message: 'Line breaks and tabs are not allowed here' }],
    });
    expect(checkInput({ bio: 'line\r\nline\ttab' }, 'body')).toEqual({ ok: true });
    expect(checkInput('\u0000', 'body')).toMatchObject({ fields: [{ field: 'body' }] });
  });

  it('caps depth without recursing, even at 100,000 levels', () => {
    expect(checkInput(JSON.parse(nested(MAX_JSON_DEPTH)), 'body')).toEqual({ ok: true });
    expect(checkInput(JSON.parse(nested(MAX_JSON_DEPTH + 1)), 'body')).toEqual({ ok: false, tooDeep: true });
    expect(checkInput(JSON.parse(nestedArray(100_000)), 'body')).toEqual({ ok: false, tooDeep: true });
  });
});

describe('input guard and Origin check on the app', () => {
  let t: TestApp;
  let user: TestUser;
  let customer: TestUser;
  let provider: TestUser;
  let conversationId: string;

  beforeAll(async () => {
    t = await createTestApp();
    user = await signUp(t);
    customer = await signUp(t, { name: 'Ama Mensah' });
    provider = await onboardedProvider(t, { name: 'Kofi Boateng' });
    const res = await call(t, 'POST', '/api/conversations', customer.cookie, { recipient_id: provider.id });
    expect(res.statusCode, res.body).toBe(200);
    conversationId = res.json().id;
  });
  afterAll(() => t.close());

  const raw = (method: 'POST' | 'PATCH', url: string, payload: string, cookie?: string) =>
    t.app.inject({
      method,
      url,
      payload,
      remoteAddress: uniqueIp(),
      headers: {
        origin: ORIGIN,
        'content-type': 'application/json',
        ...(cookie ? { cookie } : {}),
      },
    });

  it('refuses NUL in a body field with 400 naming it, and stores nothing', async () => {
    const res = await call(t, 'PATCH', '/api/profile', user.cookie, { bio: 'a\u0000b' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'bio: Control characters are not allowed',
      details: { fields: [{ field: 'bio', message: 'Control characters are not allowed' }] },
    });
    const [row] = await t.database.db
      .select({ bio: profiles.bio })
      .from(profiles)
      .where(eq(profiles.id, user.id));
    expect(row?.bio ?? '').not.toContain('\u0000');
    // Newlines stay allowed in multi-line text.
    const ok = await call(t, 'PATCH', '/api/profile', user.cookie, { bio: 'Line one\nLine two' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses control characters in query values and path params (URL-encoded)', async () => {
    const query = await call(t, 'GET', '/api/directory?city=%00');
    expect(query.statusCode).toBe(400);
    expect(query.json().error.details.fields).toEqual([
      { field: 'query.city', message: 'Control characters are not allowed' },
    ]);
    const newline = await call(t, 'GET', '/api/directory?city=Accra%0A');
    expect(newline.statusCode).toBe(400);
    expect(newline.json().error.message).toBe('query.city: Line breaks and tabs are not allowed here');
    const param = await call(t, 'PUT', '/api/favorites/%00', user.cookie);
    expect(param.statusCode).toBe(400);
    expect(param.json().error.details.fields[0].field).toBe('params.providerId');
  });

  it('covers Better Auth routes: NUL in the sign-in email and a control character in a key', async () => {
    const res = await raw(
      'POST',
      '/api/auth/sign-in/email',
      '{"email":"a\\u0000@example.com","password":"x"}',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('email: Control characters are not allowed');
    const key = await raw('POST', '/api/auth/sign-in/email', '{"em\\u0000ail":"a@example.com"}');
    expect(key.statusCode).toBe(400);
    expect(key.json().error.details.fields[0]).toEqual({
      field: 'em\\u0000ail',
      message: 'Field names cannot contain control characters',
    });
  });

  it('refuses a 5,000-level body with 400 on auth, profile and messages, never 500', async () => {
    for (const [method, url] of [
      ['POST', '/api/auth/sign-in/email'],
      ['PATCH', '/api/profile'],
      ['POST', `/api/conversations/${conversationId}/messages`],
    ] as const) {
      for (const body of [nested(5000), nestedArray(5000)]) {
        const res = await raw(method, url, body, customer.cookie);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
        expect(res.json().error).toEqual({ code: 'BAD_REQUEST', message: TOO_DEEP_MESSAGE });
      }
    }
  });

  it('refuses NUL in a multipart message body', async () => {
    const { payload, contentType } = multipart(await makeImage('jpeg'), { body: 'hi\u0000there' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages/image`,
      payload,
      remoteAddress: uniqueIp(),
      headers: { 'content-type': contentType, origin: ORIGIN, cookie: customer.cookie },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe('Control characters are not allowed');
  });

  it('answers 400, never 500, for NUL in any path param or JSON body of every route in the table', async () => {
    // The provider passes the provider levels, the admin the admin level: the guard is what answers.
    const admin = await signUp(t, { name: 'Efua Admin' });
    await makeAdmin(t, admin.id);
    const send = async (method: string, url: string, payload?: string) => {
      let res: Awaited<ReturnType<typeof t.app.inject>> | undefined;
      for (const who of [provider, admin]) {
        res = await t.app.inject({
          method: method as 'POST',
          url,
          remoteAddress: uniqueIp(),
          headers: {
            origin: ORIGIN,
            cookie: who.cookie,
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
          ...(payload ? { payload } : {}),
        });
        if (res.statusCode !== 403) break;
      }
      return res!;
    };
    const failures: string[] = [];
    const routes = t.app.routeTable.filter((r) => r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      if (/[:*]/.test(route.url)) {
        const url = route.url.replace(/:\w+|\*/g, '%00');
        const res = await send(route.method, url);
        if (res.statusCode !== 400) failures.push(`${route.method} ${url}: ${res.statusCode}`);
      }
      if (route.method === 'GET' || route.method === 'DELETE') continue;
      const url = route.url
        .replace(/:\w+/g, '00000000-0000-4000-8000-000000000000')
        .replace('*', 'sign-in/email');
      const res = await send(route.method, url, '{"text":"a\\u0000b"}');
      if (res.statusCode !== 400)
        failures.push(`${route.method} ${url} (body): ${res.statusCode} ${res.body}`);
    }
    expect(failures).toEqual([]);
  });

  describe('Origin check', () => {
    const countMessages = async () =>
      (await t.database.db.select().from(messages).where(eq(messages.conversation_id, conversationId)))
        .length;
    const postImage = async (headers: Record<string, string>) => {
      const { payload, contentType } = multipart(await makeImage('jpeg'), { body: 'hello' });
      return t.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversationId}/messages/image`,
        payload,
        remoteAddress: uniqueIp(),
        headers: { 'content-type': contentType, cookie: customer.cookie, ...headers },
      });
    };

    it('refuses a cross-origin multipart post with a valid cookie and stores nothing; same origin posts', async () => {
      const before = await countMessages();
      const foreign: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { origin: 'http://localhost:3000.evil.example' },
        { 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of foreign) {
        const res = await postImage(headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
        expect(res.json().error).toEqual({ code: 'FORBIDDEN_ORIGIN', message: FOREIGN_ORIGIN_MESSAGE });
      }
      expect(await countMessages()).toBe(before);
      const ok = await postImage({ origin: ORIGIN });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(await countMessages()).toBe(before + 1);
      // No Origin and no Sec-Fetch-Site: not a browser's cross-site request (curl, server code).
      const bare = await postImage({});
      expect(bare.statusCode, bare.body).toBe(201);
    });

    it('refuses cross-origin JSON writes and auth, lets reads through', async () => {
      const evil = { origin: 'https://evil.example', cookie: user.cookie };
      const patch = await t.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        payload: { bio: 'pwned' },
        headers: evil,
      });
      expect(patch.statusCode).toBe(403);
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: user.email, password: user.password },
        headers: { origin: 'https://evil.example' },
      });
      expect(signIn.statusCode).toBe(403);
      const read = await t.app.inject({ method: 'GET', url: '/api/me', headers: evil });
      expect(read.statusCode).toBe(200);
    });
  });
});

describe('isForeignRequest and the opt-out', () => {
  const trusted = ['https://adwuma.example'];
  it('judges Origin first, then Sec-Fetch-Site', () => {
    expect(isForeignRequest({ origin: 'https://adwuma.example' }, trusted)).toBe(false);
    expect(isForeignRequest({ origin: 'HTTPS://ADWUMA.EXAMPLE' }, trusted)).toBe(false);
    expect(isForeignRequest({ origin: 'https://adwuma.example.evil' }, trusted)).toBe(true);
    expect(isForeignRequest({ origin: 'null' }, trusted)).toBe(true);
    expect(isForeignRequest({}, trusted)).toBe(false);
    expect(isForeignRequest({ 'sec-fetch-site': 'same-origin' }, trusted)).toBe(false);
    expect(isForeignRequest({ 'sec-fetch-site': 'cross-site' }, trusted)).toBe(true);
  });

  it('lets a route with config.allowCrossOrigin through (webhooks) and trusts Vite only in development', async () => {
    for (const env of ['production', 'development'] as const) {
      const app = Fastify();
      await app.register(originCheckPlugin, { config: { publicUrl: 'https://adwuma.example', env } });
      app.post('/api/hook', { config: { allowCrossOrigin: true } }, async () => ({ ok: true }));
      app.post('/api/write', async () => ({ ok: true }));
      const inject = (url: string, origin: string) =>
        app.inject({ method: 'POST', url, headers: { origin } });
      expect((await inject('/api/hook', 'https://payments.example')).statusCode).toBe(200);
      expect((await inject('/api/write', 'https://payments.example')).statusCode).toBe(403);
      expect((await inject('/api/write', 'http://localhost:5173')).statusCode).toBe(
        env === 'development' ? 200 : 403,
      );
      await app.close();
    }
  });
});

describe('HSTS and upgrade-insecure-requests only over https', () => {
  it('sends neither when PUBLIC_URL is http, both when https', () => {
    const http = helmetOptions(loadConfig({ PUBLIC_URL: 'http://192.168.1.20:3000' }));
    expect(http.hsts).toBe(false);
    const httpCsp = http.contentSecurityPolicy as { directives: Record<string, unknown> };
    expect(httpCsp.directives.upgradeInsecureRequests).toBeNull();
    const https = helmetOptions(loadConfig({ PUBLIC_URL: 'https://adwuma.example' }));
    expect(https.hsts).toMatchObject({ maxAge: 31_536_000 });
  });

  it('holds on the wire', async () => {
    for (const [publicUrl, secure] of [
      ['http://192.168.1.20:3000', false],
      ['https://adwuma.example', true],
    ] as const) {
      const t = await createTestApp({ publicUrl });
      try {
        const res = await t.app.inject({ method: 'GET', url: '/api/health' });
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("default-src 'self'");
        expect(csp.includes('upgrade-insecure-requests'), publicUrl).toBe(secure);
        expect(res.headers['strict-transport-security'] !== undefined, publicUrl).toBe(secure);
      } finally {
        await t.close();
      }
    }
  });
});
