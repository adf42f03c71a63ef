import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionCacheFor } from '../../kernel/http/session-cache.ts';
import { createSecondApp, createTestApp, type TestApp } from '../../test/app.ts';
import { cookiesFrom, makeAdmin, post, signIn, signUp, type TestUser } from '../../test/auth.ts';
import { call, conversationPair } from '../../test/providers.ts';
import { listenLoopback, openSocket } from '../../test/realtime.ts';

/**
 * Issue 20: the messaging and realtime routes answer from a session cache, yet a session that ends
 * (sign-out, sign out everywhere, an admin's suspension) is refused on the very next request, and
 * in every process as soon as the announcement arrives.
 */
describe('the session cache of the messaging routes', () => {
  let t: TestApp;
  let base: string;
  let admin: TestUser;
  const onPostgres = process.env.TEST_DB === 'postgres';

  beforeAll(async () => {
    t = await createTestApp();
    base = await listenLoopback(t.app);
    admin = await signUp(t, { name: 'Addo Admin' });
    await makeAdmin(t, admin.id);
  });
  afterAll(() => t.close());

  const send = (app: TestApp, cookie: string, conversationId: string, body: string) =>
    call(app, 'POST', `/api/conversations/${conversationId}/messages`, cookie, { body });
  /** How many of the user's sessions sit in the app's cache. */
  const cachedFor = (app: TestApp, userId: string) => sessionCacheFor(app.database).countOf(userId);

  it('refuses a signed-out session on the next request; the other device goes on until signed out everywhere', async () => {
    const { a, conversationId } = await conversationPair(t);
    const laptop = cookiesFrom(await signIn(t, a.email));
    expect((await send(t, a.cookie, conversationId, 'from the phone')).statusCode).toBe(201);
    expect((await send(t, laptop, conversationId, 'from the laptop')).statusCode).toBe(201);
    // Both sessions are cached now: the next sends need no session lookup.
    expect(cachedFor(t, a.id)).toBe(2);
    const laptopSocket = await openSocket(base, laptop);
    await laptopSocket.ready();
    const phoneSocket = await openSocket(base, a.cookie);
    await phoneSocket.ready();

    const out = await post(t, '/api/auth/sign-out', {}, { cookie: a.cookie });
    expect(out.statusCode, out.body).toBe(200);
    const refused = await send(t, a.cookie, conversationId, 'after sign-out');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('SESSION_EXPIRED');
    // The phone's socket closes; the laptop's session and socket are untouched.
    await phoneSocket.waitFor(() => phoneSocket.closed);
    expect(phoneSocket.closed?.code).toBe(4401);
    expect((await send(t, laptop, conversationId, 'laptop still in')).statusCode).toBe(201);
    expect(laptopSocket.closed).toBeNull();

    // "Sign out everywhere" from the laptop ends the laptop's own session as well.
    const everywhere = await post(t, '/api/auth/revoke-sessions', {}, { cookie: laptop });
    expect(everywhere.statusCode, everywhere.body).toBe(200);
    expect((await send(t, laptop, conversationId, 'after everywhere')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/messages/unread', laptop)).statusCode).toBe(401);
    await laptopSocket.waitFor(() => laptopSocket.closed);
    expect(laptopSocket.closed?.code).toBe(4401);
    await expect(openSocket(base, laptop)).rejects.toThrow(/401/);
  });

  it('refuses a suspended account on the next request, though its session was cached', async () => {
    const { b, conversationId } = await conversationPair(t);
    expect((await send(t, b.cookie, conversationId, 'before')).statusCode).toBe(201);
    expect(cachedFor(t, b.id)).toBe(1);
    const suspended = await post(
      t,
      `/api/admin/users/${b.id}/actions`,
      { action: 'suspend', reason: 'Spam in every conversation' },
      { cookie: admin.cookie },
    );
    expect(suspended.statusCode, suspended.body).toBe(200);
    const refused = await send(t, b.cookie, conversationId, 'after the suspension');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('SESSION_EXPIRED');
    expect((await call(t, 'GET', `/api/conversations/${conversationId}`, b.cookie)).statusCode).toBe(401);
  });

  it.skipIf(!onPostgres)('drops a session ended through one process from the cache of another', async () => {
    const second = await createSecondApp(t);
    try {
      const { a, conversationId } = await conversationPair(t);
      expect((await send(second, a.cookie, conversationId, 'through the second')).statusCode).toBe(201);
      expect(cachedFor(second, a.id)).toBe(1);
      const out = await post(t, '/api/auth/sign-out', {}, { cookie: a.cookie });
      expect(out.statusCode, out.body).toBe(200);
      // The announcement crosses through Postgres NOTIFY: a few milliseconds, not the cache's 30 s.
      await vi.waitFor(() => expect(cachedFor(second, a.id)).toBe(0), { timeout: 2000, interval: 5 });
      expect((await send(second, a.cookie, conversationId, 'after sign-out')).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });
});
