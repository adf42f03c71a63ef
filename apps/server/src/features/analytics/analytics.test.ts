import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTracking } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp } from '../../test/auth.ts';

describe('POST /api/events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores a page view with its path, session and UTM fields', async () => {
    const session = `s_${Date.now()}_pv`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      payload: {
        event_type: 'page_view',
        page_path: '/pricing?x=1',
        session_id: session,
        utm_medium: 'social',
      },
    });
    expect(res.statusCode).toBe(202);
    const rows = await t.database.db
      .select()
      .from(eventTracking)
      .where(eq(eventTracking.session_id, session));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      event_type: 'page_view',
      page_path: '/pricing?x=1',
      utm_medium: 'social',
    });
  });

  it.each([
    [{ event_type: 'purchase', page_path: '/' }, 'event_type'],
    [{ event_type: 'page_view', page_path: 'https://evil.example/' }, 'page_path'],
    [{ event_type: 'page_view', page_path: '/', session_id: 'bad id with spaces' }, 'session_id'],
  ])('refuses %j', async (payload, field) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/events', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].field).toBe(field);
  });

  it('records the signed-in user from the session; a user_id in the body is refused', async () => {
    const me = await signUp(t);
    const session = `s_${Date.now()}_who`;
    const send = (payload: object, cookie?: string) =>
      t.app.inject({ method: 'POST', url: '/api/events', payload, headers: cookie ? { cookie } : {} });
    expect(
      (await send({ event_type: 'page_view', page_path: '/a', session_id: session }, me.cookie)).statusCode,
    ).toBe(202);
    expect((await send({ event_type: 'page_view', page_path: '/b', session_id: session })).statusCode).toBe(
      202,
    );
    const spoof = await send({ event_type: 'page_view', page_path: '/c', user_id: me.id });
    expect(spoof.statusCode).toBe(400);
    const rows = await t.database.db
      .select()
      .from(eventTracking)
      .where(eq(eventTracking.session_id, session));
    expect(Object.fromEntries(rows.map((r) => [r.page_path, r.user_id]))).toEqual({
      '/a': me.id,
      '/b': null,
    });
  });
});
