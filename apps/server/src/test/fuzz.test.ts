import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteAccess } from '../plugins/access.ts';
import { createTestApp, type TestApp } from './app.ts';
import { ORIGIN, uniqueIp } from './auth.ts';
import { listenPort, rawRequest } from './raw-http.ts';
import { callerOf, createWorld, inSafeOrder, paramFor, paramNames, pathOf, type World } from './world.ts';

/**
 * Property-based fuzzing of every API route: bodies, queries and path parameters derived from the
 * route's own schemas, then mutated (wrong types, 100 KB strings, unicode and lone surrogates,
 * control characters, deep nesting, injection strings, extra keys, nulls), sent as a caller who
 * may use the route. Never a 5xx; a refused request (4xx) changes nothing stored.
 * Replay a failure with FUZZ_SEED=<seed>. CI uses a fixed seed, so a landing is judged on the same
 * inputs every time; local runs pick a new seed each time and so explore further.
 * Each route gets 15 runs. When the run has a Postgres server too (CI), Postgres gets the 15 and the
 * embedded database the first 5 of the same inputs: both engines are fuzzed, the embedded one (the
 * slower here) for a third of the time. FUZZ_RUNS sets the number for either.
 */

const CI_SEED = 20261125;
const SEED = Number(process.env.FUZZ_SEED ?? (process.env.CI ? CI_SEED : Date.now() % 2 ** 31));
const SECOND_DATABASE = process.env.TEST_DB === 'pglite' && Boolean(process.env.TEST_DATABASE_URL);
const RUNS = Number(process.env.FUZZ_RUNS ?? (SECOND_DATABASE ? 5 : 15));

/** The socket needs an upgrade; Better Auth's wildcard is fuzzed through the endpoints below. */
const SKIPPED = new Set(['GET /api/auth/*', 'POST /api/auth/*', 'GET /api/realtime']);

/** Better Auth's endpoints have no route schema of ours: their bodies, as the web client sends them. */
const AUTH_TARGETS: RouteAccess[] = [
  {
    url: '/api/auth/sign-in/email',
    body: z.object({ email: z.email(), password: z.string().min(8), rememberMe: z.boolean().optional() }),
  },
  {
    url: '/api/auth/sign-up/email',
    body: z.object({
      name: z.string().min(1),
      email: z.email(),
      password: z.string().min(8),
      user_role: z.enum(['customer', 'explorer']),
    }),
  },
  { url: '/api/auth/request-password-reset', body: z.object({ email: z.email(), redirectTo: z.string() }) },
  { url: '/api/auth/reset-password', body: z.object({ token: z.string(), newPassword: z.string().min(8) }) },
  { url: '/api/auth/two-factor/verify-totp', body: z.object({ code: z.string().length(6) }) },
].map(({ url, body }) => ({ method: 'POST', url, access: 'public', schema: { body } }));

/** Tables a refused request may legitimately touch: limits, logs, sessions, queues, telemetry. */
const NOISY_TABLE =
  /^(rate_limits|security_events|admin_audit_log|auth_sessions|auth_verifications|auth_jwks|frontend_errors|event_tracking)$|queue/;
/rate_limit|security_event|audit|session|frontend_error|analytics|^events$|job_queue|^jobs_queue|queue|realtime|outbox|pgboss|verification$|^auth_verification/;

const INJECTIONS = [
  "' OR 1=1 --",
  "'; DROP TABLE profiles; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}',
  '$' + '{7*7}',
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  'a\u0000b',
  '\u0000',
  '\u0007\u001b[31mred\u001b[0m',
  '\r\nSet-Cookie: x=1',
  '\u202Egnp.exe',
  'e\u0301\u0301\u0301\u0301',
  '😀👩‍👩‍👧‍👦🇬🇭',
  '\uD800',
  'x\uDFFFy',
  '\uFEFF',
  '   ',
  '',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x7fffffff',
  '9999999999999999999999',
  'true',
  '[]',
  '{}',
];

const HUGE = 'x'.repeat(100 * 1024);

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...INJECTIONS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.integer({ min: 0, max: 31 }), { minLength: 1, maxLength: 8 })
      .map((codes) => `a${String.fromCharCode(...codes)}b`),
  },
  { weight: 1, arbitrary: fc.constant(HUGE) },
);

function nested(depth: number, asArray: boolean): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
  return value;
}

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, 0.5, 1e308, -1e308, 2 ** 53 + 1, [], {}),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.integer({ min: 50, max: 3000 }), fc.boolean()).map(([d, a]) => nested(d, a)),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

function toJsonSchema(schema: unknown): JsonSchema | undefined {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
}

/** Values of the schema's shape (roughly valid: enough to reach the handler now and then). */
function shaped(schema: JsonSchema | undefined, depth = 0, name = ''): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 1 });
  const hint = FIELD_HINTS(name);
  if (hint)
    return fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: shaped(schema, depth, '') });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => shaped(s, depth + 1, name)));
  if (schema.allOf?.length) return shaped(schema.allOf[0], depth + 1, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(
        Object.entries(properties).map(([k, s]) => [k, shaped(s, depth + 1, k)]),
      );
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
    }
    case 'array':
      return fc.array(shaped(schema.items, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'string': {
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'date')
        return fc
          .integer({ min: 1, max: 60 })
          .map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10));
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.pattern) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern));
        } catch {
          // an unsupported pattern: fall through to plain strings
        }
      }
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 60, 60));
      return fc.oneof(
        {
          weight: 3,
          // safeText's limits are not in the JSON schema: mostly a sentence's length.
          arbitrary: fc
            .integer({ min: Math.max(minLength, Math.min(25, maxLength)), max: maxLength })
            .map(plausibleText),
        },
        { weight: 1, arbitrary: fc.string({ minLength, maxLength }) },
      );
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -10, max: schema.maximum ?? 100_000 });
    case 'number':
      return fc.double({
        min: schema.minimum ?? schema.exclusiveMinimum ?? -10,
        max: schema.maximum ?? schema.exclusiveMaximum ?? 100_000,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

const SENTENCE = 'Fix the leaking kitchen tap at our house in Kumasi this week. ';

/** Ordinary text of a given length: what most text fields accept, so handlers are reached. */
function plausibleText(length: number): string {
  return SENTENCE.repeat(Math.ceil(length / SENTENCE.length) || 1)
    .slice(0, Math.max(length, 1))
    .trimEnd()
    .padEnd(length, 'x');
}

/** Real values for fields named like the world's resources, so creates and updates get through. */
let FIELD_HINTS: (name: string) => fc.Arbitrary<unknown> | undefined = () => undefined;

function hintsFor(world: World): typeof FIELD_HINTS {
  const { users, ids } = world;
  const userIds = Object.values(users).map((u) => u.id);
  const all = [...userIds, ...Object.values(ids)];
  return (name) => {
    if (name === 'category' || name === 'category_slug') return fc.constantFrom('plumbing', 'electrical');
    if (name === 'categories') return fc.constant(['plumbing']);
    if (name === 'service_id') return fc.constant(ids.service);
    if (name === 'conversation_id') return fc.constant(ids.conversation);
    if (/^(user|recipient|provider|customer)_id$/.test(name)) return fc.constantFrom(...userIds);
    if (name.endsWith('_id')) return fc.constantFrom(...all);
    if (name === 'email') return fc.emailAddress();
    if (name === 'city') return fc.constantFrom('Kumasi', 'Accra');
    if (name === 'country') return fc.constant('Ghana');
    return undefined;
  };
}

type Mutation = { kind: 'field' | 'extra' | 'drop' | 'whole'; pick: number; value: unknown };

function mutate(value: unknown, keys: string[], mutations: Mutation[]): unknown {
  let current = value;
  for (const m of mutations) {
    const isObject = current !== null && typeof current === 'object' && !Array.isArray(current);
    if (m.kind === 'whole' || !isObject) {
      current = m.value;
      continue;
    }
    const copy = { ...(current as Record<string, unknown>) };
    const known = keys.length ? keys : Object.keys(copy);
    const key = known[m.pick % Math.max(known.length, 1)];
    if (m.kind === 'extra' || key === undefined) copy[`__extra${m.pick % 5}`] = m.value;
    else if (m.kind === 'drop') delete copy[key];
    else copy[key] = m.value;
    current = copy;
  }
  return current;
}

const mutations = fc.array(
  fc.record({
    kind: fc.constantFrom<Mutation['kind']>('field', 'field', 'field', 'extra', 'drop', 'whole'),
    pick: fc.nat(),
    value: hostileValue,
  }),
  { minLength: 1, maxLength: 3 },
);

/** Mostly mutated, sometimes as shaped: both the refusals and the handlers get exercised. */
function fuzzed(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const base = shaped(schema);
  const keys = Object.keys(schema?.properties ?? {});
  return fc.oneof(
    { weight: 1, arbitrary: base },
    { weight: 4, arbitrary: fc.tuple(base, mutations).map(([v, ms]) => mutate(v, keys, ms)) },
  );
}

/** A query value is text: objects and nesting become strings, arrays repeated keys. */
function asQuery(value: unknown): Record<string, string | string[]> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { q: queryText(value) };
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      Array.isArray(v) ? v.slice(0, 3).map(queryText) : queryText(v),
    ]),
  );
}

function queryText(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
  return text.slice(0, 2000);
}

function safePath(url: string, params: Record<string, string>, fallback: Record<string, string>): string {
  try {
    return pathOf(url, params);
  } catch {
    return pathOf(url, fallback); // a lone surrogate cannot be put in a URL at all
  }
}

describe('fuzzing every route from its schema', () => {
  let t: TestApp;
  let world: World;
  let fingerprintSql: ReturnType<typeof sql.raw>;

  beforeAll(async () => {
    t = await createTestApp({ rateLimitPerMinute: 0, runJobs: false });
    world = await createWorld(t);
    FIELD_HINTS = hintsFor(world);
    const tables = await t.database.db.execute(sql`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
    const names = (tables as unknown as { rows: { name: string }[] }).rows
      .map((r) => r.name)
      .filter((name) => !NOISY_TABLE.test(name));
    // Each table's whole content, hashed: catches inserts, updates and deletes alike.
    fingerprintSql = sql.raw(
      names
        .map(
          (name) =>
            `select '${name}' as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as hash from "${name}" x`,
        )
        .join(' union all '),
    );
  });
  afterAll(() => t?.close());

  async function fingerprint(): Promise<Map<string, string>> {
    const result = await t.database.db.execute(fingerprintSql);
    const rows = (result as unknown as { rows: { name: string; hash: string }[] }).rows;
    return new Map(rows.map((r) => [r.name, r.hash]));
  }

  it(`answers no 5xx and stores nothing on a refusal (seed ${SEED}, ${RUNS} runs a route)`, async () => {
    const started = Date.now();
    const routes = [
      ...inSafeOrder(t.app.routeTable.filter((r) => r.method !== 'HEAD')).filter(
        (r) => !SKIPPED.has(`${r.method} ${r.url}`),
      ),
      ...AUTH_TARGETS,
    ];
    const failures: string[] = [];
    let requests = 0;
    const statuses = new Map<number, number>();
    // The stored state before the next request: a refusal's "after" is the next request's "before"
    // (nothing runs in between: no job workers), so each request costs one fingerprint, not two,
    // unless it was accepted (and may have changed things) or failed.
    let known: Map<string, string> | undefined;
    for (const [index, route] of routes.entries()) {
      const key = `${route.method} ${route.url}`;
      const who = callerOf(route);
      const cookie = who === 'anonymous' ? undefined : world.users[who].cookie;
      const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown };
      const names = paramNames(route.url);
      const proper = Object.fromEntries(names.map((n) => [n, paramFor(world, route.url, n)]));
      const params = fc.record(
        Object.fromEntries(
          names.map((n) => [
            n,
            fc.oneof(
              { weight: 3, arbitrary: fc.constant(proper[n]!) },
              { weight: 1, arbitrary: hostileString },
            ),
          ]),
        ),
      ) as fc.Arbitrary<Record<string, string>>;
      const body = route.method === 'GET' ? fc.constant(undefined) : fuzzed(toJsonSchema(schema.body));
      const query = schema.querystring
        ? fuzzed(toJsonSchema(schema.querystring)).map(asQuery)
        : fc.constant({} as Record<string, string>);

      const result = await fc.check(
        fc.asyncProperty(params, query, body, async (p, q, b) => {
          const before = known ?? (await fingerprint());
          known = undefined;
          requests++;
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: safePath(route.url, p, proper),
            query: q,
            remoteAddress: uniqueIp(),
            headers: {
              origin: ORIGIN,
              ...(cookie ? { cookie } : {}),
              ...(b === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(b === undefined ? {} : { payload: JSON.stringify(b) }),
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
          if (res.statusCode >= 400) {
            const after = await fingerprint();
            const changed = [...after]
              .filter(([name, hash]) => before.get(name) !== hash)
              .map(([name]) => name);
            if (changed.length)
              throw new Error(
                `${res.statusCode} but changed ${changed.join(', ')}: ${res.body.slice(0, 200)}`,
              );
            known = after;
          }
        }),
        { seed: SEED + index, numRuns: RUNS, endOnFailure: true },
      );
      if (result.failed) {
        const example = JSON.stringify(result.counterexample, (_k, v) =>
          typeof v === 'string' && v.length > 200 ? `${v.slice(0, 60)}…(${v.length} chars)` : v,
        );
        failures.push(
          `${key} as ${who} (seed ${SEED + index}): ${String((result.errorInstance as Error | undefined)?.message ?? result.errorInstance)} — input ${example?.slice(0, 600)}`,
        );
      }
    }
    console.info(
      `fuzz: ${requests} requests over ${routes.length} routes in ${Date.now() - started} ms (FUZZ_SEED=${SEED}); statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
    );
    expect(failures).toEqual([]);
    // The generators reach the handlers too, not only the validation.
    const ok = [...statuses].filter(([status]) => status < 300).reduce((n, [, count]) => n + count, 0);
    expect(ok).toBeGreaterThan(requests / 20);
  }, 600_000);

  it('notices a stored change (the fingerprint is not blind)', async () => {
    const before = await fingerprint();
    await t.database.db.execute(
      sql`update profiles set bio = 'changed by the fuzz self-check' where id = ${world.users.customer.id}`,
    );
    const after = await fingerprint();
    expect(after.get('profiles')).not.toBe(before.get('profiles'));
    expect([...after].filter(([name, hash]) => before.get(name) !== hash).map(([name]) => name)).toEqual([
      'profiles',
    ]);
  });
});

/**
 * Issue 29: an absolute-form target (`POST http://any-host/api/… HTTP/1.1`, which app.inject cannot
 * send) reached the same handlers as the path, past the checks that tested the URL's start (the
 * rate limits, the Origin check). Any spelling of scheme and authority answers as the path does.
 */
describe('fuzzing the request target’s form', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    // TRUST_PROXY: each request its own address (X-Forwarded-For), so per-route limits stay out of the way.
    t = await createTestApp({ rateLimitPerMinute: 0, runJobs: false, trustProxy: true });
    port = await listenPort(t.app);
  });
  afterAll(() => t?.close());

  it(`answers an absolute-form target as its path (seed ${SEED})`, async () => {
    const routes = t.app.routeTable.filter(
      (r) => r.method !== 'HEAD' && !SKIPPED.has(`${r.method} ${r.url}`),
    );
    const authority = fc.oneof(
      fc.constantFrom(
        'localhost',
        '127.0.0.1',
        'evil.example',
        'localhost:3000',
        '[::1]',
        'ADWUMA.LOCAL:8080',
      ),
      fc.domain(),
    );
    const target = fc.record({
      route: fc.constantFrom(...routes),
      scheme: fc.constantFrom('http', 'https', 'HTTP', 'Https'),
      authority,
      query: fc.constantFrom('', '?a=1', '?__bogus=%00'),
      origin: fc.constantFrom<string | undefined>(ORIGIN, 'https://evil.example', 'null', undefined),
    });
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(target, async ({ route, scheme, authority, query, origin }) => {
        const path = pathOf(
          route.url,
          Object.fromEntries(paramNames(route.url).map((n) => [n, '00000000-0000-4000-8000-000000000000'])),
        );
        const body = route.method === 'GET' ? undefined : '{}';
        const send = (requestTarget: string) =>
          rawRequest(port, {
            method: route.method,
            target: requestTarget,
            headers: {
              'x-forwarded-for': uniqueIp(),
              ...(origin ? { origin } : {}),
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            body,
          });
        const asPath = await send(`${path}${query}`);
        const absolute = await send(`${scheme}://${authority}${path}${query}`);
        if (absolute.status !== asPath.status) {
          failures.push(
            `${route.method} ${scheme}://${authority}${path}${query} (Origin ${origin}): ${absolute.status}, the path ${asPath.status}`,
          );
        }
      }),
      { seed: SEED, numRuns: Number(process.env.FUZZ_RUNS ?? 150) },
    );
    expect(failures).toEqual([]);
  }, 300_000);
});
