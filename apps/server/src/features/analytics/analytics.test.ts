import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTracking } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

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
});
