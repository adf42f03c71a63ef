import { textMessages } from '@adwuma/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './app.ts';
import { ORIGIN, uniqueIp } from './auth.ts';
import { callerOf, createWorld, paramFor, paramNames, pathOf, type World } from './world.ts';

/**
 * Issue 29: half of a surrogate pair ("\ud800") in JSON reached jsonb columns and answered 500 on
 * eight routes, and plain text columns stored U+FFFD in its place. The input guard refuses it on every
 * route, in one place: here every route's every body field gets one, as a caller who may
 * use the route, and must answer 400 naming that field. Deterministic, unlike the fuzz test, which
 * sends them now and then.
 */

const LONE = '\ud800';
const SKIPPED = new Set(['GET /api/auth/*', 'POST /api/auth/*', 'GET /api/realtime']);

/** The routes the attack pass found answering 500 (their text reached a jsonb column). */
const REPORTED = [
  'POST /api/events',
  'POST /api/frontend-errors',
  'POST /api/bookings/:id/cancel',
  'POST /api/bookings/:id/reschedule',
  'PATCH /api/admin/enterprise-leads/:id',
  'POST /api/admin/reports/:id/resolve',
  'POST /api/admin/disputes/:id/resolve',
];

function fieldsOf(schema: unknown): string[] {
  if (!schema) return [];
  try {
    const json = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, unknown>;
    };
    return Object.keys(json.properties ?? {});
  } catch {
    return [];
  }
}

describe('lone surrogates are refused on every route (issue 29)', () => {
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    t = await createTestApp({ rateLimitPerMinute: 0, runJobs: false });
    world = await createWorld(t);
  });
  afterAll(() => t?.close());

  it('the reported routes are among those checked', () => {
    const keys = new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`));
    for (const key of REPORTED) expect(keys, key).toContain(key);
  });

  it('answers 400 naming the field, for every body field of every route', async () => {
    const failures: string[] = [];
    let checked = 0;
    const routes = t.app.routeTable.filter(
      (r) => r.method !== 'HEAD' && !SKIPPED.has(`${r.method} ${r.url}`),
    );
    for (const route of routes) {
      const who = callerOf(route);
      const cookie = who === 'anonymous' ? undefined : world.users[who].cookie;
      const params = Object.fromEntries(paramNames(route.url).map((n) => [n, paramFor(world, route.url, n)]));
      const url = pathOf(route.url, params);
      const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown };
      const bodyFields = route.method === 'GET' ? [] : fieldsOf(schema.body);
      // Only bodies: a URL cannot carry one (percent-encoded UTF-8 has no surrogates; what decodes
      // from the attempt is U+FFFD, an ordinary character).
      for (const field of bodyFields) {
        const body = { [field]: LONE };
        checked++;
        const res = await t.app.inject({
          method: route.method as 'POST',
          url,
          remoteAddress: uniqueIp(),
          headers: {
            origin: ORIGIN,
            ...(cookie ? { cookie } : {}),
            'content-type': 'application/json',
          },
          payload: JSON.stringify(body),
        });
        const key = `${route.method} ${route.url} ${field}`;
        // Access is decided before the body is read: a 401/403 is not this test's business.
        if (res.statusCode === 401 || res.statusCode === 403) continue;
        if (res.statusCode !== 400) {
          failures.push(`${key}: ${res.statusCode} ${res.body.slice(0, 160)}`);
          continue;
        }
        const message = String(res.json().error?.message ?? '');
        if (!message.startsWith(`${field}: `) || !message.includes(textMessages.brokenCharacter)) {
          failures.push(`${key}: ${message}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  }, 300_000);

  it('refuses a lone surrogate deep in a body and in a key', async () => {
    const customer = world.users.customer;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      remoteAddress: uniqueIp(),
      headers: { origin: ORIGIN, cookie: customer.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ event_type: 'page_view', properties: { nested: [`ok ${LONE}`] } }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(`properties.nested.0: ${textMessages.brokenCharacter}`);
  });
});
