import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frontendErrors } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp } from '../../test/auth.ts';

describe('POST /api/frontend-errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const report = (overrides: object = {}, remoteAddress = '192.0.2.50', cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/frontend-errors',
      remoteAddress,
      headers: { 'user-agent': 'TestPhone/1.0', ...(cookie ? { cookie } : {}) },
      payload: {
        error_type: 'render_error',
        message: 'Cannot read properties of undefined',
        stack: 'TypeError: ...\n at Pricing',
        component_name: 'PricingPage',
        route_path: '/pricing',
        session_id: 'sess_errors_1',
        additional_context: { boundary: 'route' },
        severity: 'high',
        ...overrides,
      },
    });

  it('stores the report with every field', async () => {
    const res = await report({ message: 'unique failure 1' });
    expect(res.statusCode).toBe(202);
    const [row] = await t.database.db
      .select()
      .from(frontendErrors)
      .where(eq(frontendErrors.message, 'unique failure 1'));
    expect(row).toMatchObject({
      error_type: 'render_error',
      component_name: 'PricingPage',
      route_path: '/pricing',
      user_agent: 'TestPhone/1.0',
      session_id: 'sess_errors_1',
      severity: 'high',
      additional_context: { boundary: 'route' },
    });
  });

  it('refuses an unknown severity', async () => {
    const res = await report({ severity: 'apocalyptic' }, '192.0.2.51');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].field).toBe('severity');
  });

  it('limits reports per client to 20 in 5 minutes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await report({}, '192.0.2.99')).statusCode);
    expect(statuses.filter((s) => s === 202)).toHaveLength(20);
    expect(statuses[20]).toBe(429);
  });

  it('takes the user from the session only: a sent user_id is ignored', async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    const signedIn = await report({ message: 'identity 1', user_id: other.id }, '192.0.2.60', me.cookie);
    expect(signedIn.statusCode).toBe(202);
    const anonymous = await report({ message: 'identity 2', user_id: other.id }, '192.0.2.61');
    expect(anonymous.statusCode).toBe(202);
    const userOf = async (message: string) =>
      (await t.database.db.select().from(frontendErrors).where(eq(frontendErrors.message, message)))[0]
        ?.user_id;
    expect(await userOf('identity 1')).toBe(me.id);
    expect(await userOf('identity 2')).toBeNull();
  });
});
