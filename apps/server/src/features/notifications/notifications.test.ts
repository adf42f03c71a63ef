import { NOTIFICATIONS_LIMIT } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser } from '../../test/auth.ts';
import { call } from '../../test/documents.ts';

describe('notifications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function notify(user: TestUser, title: string, minutesAgo: number, read = false) {
    const [row] = await t.database.db
      .insert(notifications)
      .values({
        user_id: user.id,
        kind: 'verification',
        title,
        body: `${title} body`,
        link: '/onboarding/verification',
        created_at: new Date(Date.now() - minutesAgo * 60_000),
        read_at: read ? new Date() : null,
      })
      .returning();
    return row!;
  }
  const list = async (user: TestUser) => {
    const res = await call(t, 'GET', '/api/notifications', user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it.each([
    ['GET', '/api/notifications'],
    ['POST', '/api/notifications/00000000-0000-4000-8000-000000000000/read'],
    ['POST', '/api/notifications/read-all'],
  ] as const)('%s %s answers 401 signed out', async (method, url) => {
    const res = await call(t, method, url);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  it('lists your own, newest first, with the unread count', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    await notify(user, 'Older', 10, true);
    const newer = await notify(user, 'Newer', 1);
    await notify(other, 'Not yours', 0);
    const page = await list(user);
    expect(page.unread).toBe(1);
    expect(page.items.map((n: { title: string }) => n.title)).toEqual(['Newer', 'Older']);
    expect(page.items[0]).toEqual({
      id: newer.id,
      kind: 'verification',
      title: 'Newer',
      body: 'Newer body',
      link: '/onboarding/verification',
      read_at: null,
      created_at: newer.created_at.toISOString(),
    });
  });

  it(`answers at most ${NOTIFICATIONS_LIMIT}; the unread count covers all`, async () => {
    const user = await signUp(t);
    await t.database.db.insert(notifications).values(
      Array.from({ length: NOTIFICATIONS_LIMIT + 5 }, (_, i) => ({
        user_id: user.id,
        kind: 'verification',
        title: `n${i}`,
        body: 'b',
        created_at: new Date(Date.now() - i * 1000),
      })),
    );
    const page = await list(user);
    expect(page.items).toHaveLength(NOTIFICATIONS_LIMIT);
    expect(page.items[0].title).toBe('n0');
    expect(page.unread).toBe(NOTIFICATIONS_LIMIT + 5);
  });

  it("marks one read, only your own (someone else's or an unknown id is 404)", async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const mine = await notify(user, 'Mine', 1);
    const theirs = await notify(other, 'Theirs', 1);
    const res = await call(t, 'POST', `/api/notifications/${mine.id}/read`, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: mine.id, title: 'Mine' });
    expect(res.json().read_at).not.toBeNull();
    expect((await list(user)).unread).toBe(0);
    // Reading again keeps the first time.
    const again = await call(t, 'POST', `/api/notifications/${mine.id}/read`, user.cookie);
    expect(again.json().read_at).toBe(res.json().read_at);

    for (const id of [theirs.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const refused = await call(t, 'POST', `/api/notifications/${id}/read`, user.cookie);
      expect(refused.statusCode, id).toBe(404);
      expect(refused.json().error.code).toBe('NOT_FOUND');
    }
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, theirs.id));
    expect(row!.read_at).toBeNull();
  });

  it('marks all of yours read, nobody else’s', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    await notify(user, 'a', 3);
    await notify(user, 'b', 2);
    await notify(user, 'c', 1, true);
    await notify(other, 'x', 1);
    const res = await call(t, 'POST', '/api/notifications/read-all', user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 2, unread: 0 });
    expect((await list(user)).items.every((n: { read_at: string | null }) => n.read_at !== null)).toBe(true);
    expect((await list(other)).unread).toBe(1);
  });
});
