import Fastify, { type FastifySchema } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { ADMIN_FORBIDDEN_MESSAGE } from '../kernel/http/session.ts';
import { accessPlugin } from '../plugins/access.ts';
import { createTestApp, type TestApp } from './app.ts';
import { ORIGIN, signUp, uniqueIp } from './auth.ts';
import { listenPort, rawRequest } from './raw-http.ts';
import {
  createWorld,
  EVERYONE,
  inSafeOrder,
  PASSES,
  paramFor,
  paramNames,
  pathOf,
  ROUTE_RULES,
  type World,
} from './world.ts';

/**
 * Every API route × six callers, each sending a deliberately invalid body and query: the declared
 * access is enforced before validation (401 signed out, 403 wrong role), a caller with the right
 * role gets the validation error (400), and another user's resource is never answered 2xx.
 */

const BOGUS_BODY = { __bogus: 1 };
const BOGUS_QUERY = { __bogus: '1' };
const BOUNDARY = 'matrix-boundary';
/** An upload routes take as multipart: a "file" that is no image. */
const BOGUS_UPLOAD = [
  `--${BOUNDARY}`,
  'Content-Disposition: form-data; name="file"; filename="x.png"',
  'Content-Type: image/png',
  '',
  'not an image',
  `--${BOUNDARY}--`,
  '',
].join('\r\n');

function errorOf(body: string): { code?: string; message?: string } | undefined {
  try {
    return (JSON.parse(body) as { error?: { code?: string; message?: string } }).error;
  } catch {
    return undefined;
  }
}

function rejects(schema: unknown, value: unknown): boolean {
  return schema !== undefined && !(schema as ZodType).safeParse(value).success;
}

describe('authorization matrix', () => {
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    // devClock, devOutbox: the test-only routes are in the table too (and must answer remote callers 404).
    t = await createTestApp({ rateLimitPerMinute: 0, devClock: true, devOutbox: true });
    world = await createWorld(t);
  });
  afterAll(() => t?.close());

  const routes = () => inSafeOrder(t.app.routeTable.filter((r) => r.method !== 'HEAD'));

  it('knows every route of the app, with the access it declares', () => {
    const declared = Object.fromEntries(routes().map((r) => [`${r.method} ${r.url}`, r.access]));
    const expected = Object.fromEntries(Object.entries(ROUTE_RULES).map(([k, v]) => [k, v.access]));
    // A route missing here, or declaring another access than this table, fails: decide and add it.
    expect(declared).toEqual(expected);
    expect(routes().length).toBeGreaterThan(100);
  });

  it('refuses before the body is even parsed: malformed JSON and a foreign content type get 401/403', async () => {
    const url = `/api/admin/disputes/${world.ids.dispute}/resolve`;
    const send = (cookie: string | undefined, contentType: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url,
        payload,
        remoteAddress: uniqueIp(),
        headers: { origin: ORIGIN, 'content-type': contentType, ...(cookie ? { cookie } : {}) },
      });
    for (const [type, body] of [
      ['application/json', '{"in_favour_of": '],
      ['text/plain', 'hello'],
    ] as const) {
      expect((await send(undefined, type, body)).statusCode).toBe(401);
      const res = await send(world.users.customer.cookie, type, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(ADMIN_FORBIDDEN_MESSAGE);
      // The admin gets the parser's answer.
      expect((await send(world.users.admin.cookie, type, body)).statusCode).toBeOneOf([400, 415]);
    }
  });

  it('refuses before validating, and never answers another user’s resource', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const route of routes()) {
      const key = `${route.method} ${route.url}`;
      const rule = ROUTE_RULES[key];
      if (!rule) continue; // reported by the test above
      const params = Object.fromEntries(paramNames(route.url).map((n) => [n, paramFor(world, route.url, n)]));
      const path = pathOf(route.url, params);
      const schema = (route.schema ?? {}) as FastifySchema;
      const hasBody = route.method !== 'GET';
      const multipart = (schema as { consumes?: string[] }).consumes?.includes('multipart/form-data');
      const invalid =
        rejects(schema.params, params) ||
        rejects(schema.querystring, BOGUS_QUERY) ||
        (hasBody && rejects(schema.body, BOGUS_BODY));
      for (const who of EVERYONE) {
        const user = who === 'anonymous' ? undefined : world.users[who];
        requests++;
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: `${path}?__bogus=1`,
          remoteAddress: uniqueIp(),
          headers: {
            origin: ORIGIN,
            ...(user ? { cookie: user.cookie } : {}),
            ...(multipart ? { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } : {}),
          },
          ...(multipart ? { payload: BOGUS_UPLOAD } : hasBody ? { payload: BOGUS_BODY } : {}),
        });
        const status = res.statusCode;
        const error = errorOf(res.body);
        const fail = (want: string) =>
          failures.push(`${key} as ${who}: ${status} ${res.body.slice(0, 160)} (expected ${want})`);
        if (status >= 500) {
          fail('no 5xx');
          continue;
        }
        if (rule.loopbackOnly) {
          if (status !== 404) fail('404 to a caller not on this machine');
          continue;
        }
        if (!PASSES[who].includes(rule.access)) {
          if (who === 'anonymous') {
            if (status !== 401 || error?.code !== 'UNAUTHORIZED') fail('401 UNAUTHORIZED');
          } else if (status !== 403 || error?.code !== 'FORBIDDEN') fail('403 FORBIDDEN');
          else if (rule.access === 'admin' && error.message !== ADMIN_FORBIDDEN_MESSAGE) {
            fail('the admin refusal message');
          }
          continue;
        }
        if (status === 401) {
          fail('not 401 for a caller with access');
          continue;
        }
        if (invalid) {
          if (status !== 400) fail('400 for the invalid request');
          continue;
        }
        if (rule.owners && !rule.owners.includes(who) && status !== 403 && status !== 404) {
          fail('403 or 404 on another user’s resource');
        }
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(600);
  });

  it('refuses an absolute-form target (`GET http://host/api/…`) as it refuses the path (issue 29)', async () => {
    const port = await listenPort(t.app);
    const failures: string[] = [];
    let requests = 0;
    for (const route of routes()) {
      const rule = ROUTE_RULES[`${route.method} ${route.url}`];
      if (!rule || rule.loopbackOnly || route.access === 'public' || route.url === '/api/realtime') continue;
      const params = Object.fromEntries(paramNames(route.url).map((n) => [n, paramFor(world, route.url, n)]));
      const path = pathOf(route.url, params);
      // Any authority, any case of the scheme: the path decides.
      const target = `${requests % 2 ? 'HTTP' : 'http'}://${requests % 3 ? 'evil.example' : `127.0.0.1:${port}`}${path}`;
      const body = route.method === 'GET' ? undefined : JSON.stringify(BOGUS_BODY);
      const send = (cookie?: string) =>
        rawRequest(port, {
          method: route.method,
          target,
          headers: {
            origin: ORIGIN,
            ...(cookie ? { cookie } : {}),
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body,
        });
      requests++;
      const anonymous = await send();
      if (anonymous.status !== 401)
        failures.push(`${route.method} ${target} signed out: ${anonymous.status}`);
      if (route.access === 'admin') {
        const customer = await send(world.users.customer.cookie);
        if (customer.status !== 403)
          failures.push(`${route.method} ${target} as customer: ${customer.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(50);
  });

  it('answers another user’s resource 403 or 404 also when the body is acceptable', async () => {
    const failures: string[] = [];
    let reached = 0;
    for (const route of routes()) {
      const key = `${route.method} ${route.url}`;
      const owners = ROUTE_RULES[key]?.owners;
      if (!owners || route.method === 'GET') continue; // GETs: the test above
      const schema = (route.schema ?? {}) as FastifySchema;
      const params = Object.fromEntries(paramNames(route.url).map((n) => [n, paramFor(world, route.url, n)]));
      // An empty body is acceptable to the routes without required fields (cancel, start, read …).
      if (rejects(schema.body, {}) || rejects(schema.querystring, {})) continue;
      for (const who of EVERYONE) {
        if (who === 'anonymous' || owners.includes(who) || !PASSES[who].includes(route.access)) continue;
        reached++;
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: pathOf(route.url, params),
          payload: {},
          remoteAddress: uniqueIp(),
          headers: { origin: ORIGIN, cookie: world.users[who].cookie },
        });
        if (![403, 404, 415].includes(res.statusCode)) {
          failures.push(`${key} as ${who}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(reached).toBeGreaterThan(30);
  });
});

/**
 * Issue 29: `curl --request-target http://host/api/… http://127.0.0.1:PORT/` reached the same
 * handlers as the path, past every check testing `request.url.startsWith('/api/')`: the rate
 * limits and the Origin check. Raw sockets: app.inject sends the path only.
 */
describe('absolute-form request targets', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitPerMinute: 3 });
    port = await listenPort(t.app);
  });
  afterAll(() => t?.close());

  const absolute = (path: string) => `http://localhost:${port}${path}`;

  it('counts them in the overall limit, with the path form, per address', async () => {
    const statuses: number[] = [];
    for (const target of ['/api/categories', absolute('/api/categories'), 'HTTPS://x/api/categories?a=1']) {
      statuses.push((await rawRequest(port, { method: 'GET', target })).status);
    }
    const refused = await rawRequest(port, { method: 'GET', target: absolute('/api/categories') });
    expect(statuses).toEqual([200, 200, 200]);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).error.code).toBe('RATE_LIMITED');
  });

  it('counts them in a route’s own limit (enterprise leads: five in ten minutes)', async () => {
    const second = await createTestApp({ rateLimitPerMinute: 0 });
    try {
      const secondPort = await listenPort(second.app);
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await rawRequest(secondPort, {
          method: 'POST',
          target: `http://localhost:${secondPort}/api/enterprise-leads`,
          headers: { origin: ORIGIN, 'content-type': 'application/json' },
          body: '{}',
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    } finally {
      await second.close();
    }
  });

  it('refuses a write from another site in absolute form too', async () => {
    const second = await createTestApp({ rateLimitPerMinute: 0 });
    try {
      const secondPort = await listenPort(second.app);
      const user = await signUp(second);
      const res = await rawRequest(secondPort, {
        method: 'PATCH',
        target: `http://localhost:${secondPort}/api/profile`,
        headers: { origin: 'https://evil.example', cookie: user.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ bio: 'written from evil.example' }),
      });
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body).error.code).toBe('FORBIDDEN_ORIGIN');
    } finally {
      await second.close();
    }
  });
});

describe('the access declaration', () => {
  it('refuses to start with an /api/ route that declares no access, or an unknown one', async () => {
    const app = Fastify();
    await app.register(accessPlugin);
    app.get('/api/declared', { config: { access: 'public' } }, async () => 'ok');
    app.get('/static-page', async () => 'ok');
    expect(() => app.get('/api/undeclared', async () => 'ok')).toThrow(/declares no access/);
    expect(() => app.post('/api/typo', { config: { access: 'admins' as never } }, async () => 'ok')).toThrow(
      /unknown access "admins"/,
    );
    await app.ready();
    expect(app.routeTable.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/declared',
      'HEAD /api/declared',
    ]);
    await app.close();
  });
});
