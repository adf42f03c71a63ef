import { DEFAULT_CHANNELS, NOTIFICATION_KINDS } from '@adwuma/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  appSettings,
  mailOutbox,
  notificationPreferences,
  notifications,
  pushSubscriptions,
  realtimeEvents,
} from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser, waitForMail } from '../../test/auth.ts';
import { call } from '../../test/documents.ts';
import { type PushClient, PushTestServer } from '../../test/push.ts';
import { insertNotices, type Notice, sendNoticeMails } from './notify.ts';
import { loadVapidKeys, VAPID_SETTING, vapidSubject } from './push.ts';

describe('notification preferences, web push and test notices', () => {
  let t: TestApp;
  const push = new PushTestServer();
  beforeAll(async () => {
    await push.start();
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await push.stop();
  });

  const setPrefs = (user: TestUser, items: unknown) =>
    call(t, 'PUT', '/api/notifications/preferences', user.cookie, { items });
  const getPrefs = async (user: TestUser) => {
    const res = await call(t, 'GET', '/api/notifications/preferences', user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items as { kind: string; in_app: boolean; email: boolean; push: boolean }[];
  };
  const subscribe = async (user: TestUser, client: PushClient) => {
    const res = await call(t, 'POST', '/api/push/subscriptions', user.cookie, client.subscription());
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Stores notices as a feature would (in a transaction) and queues their delivery after commit. */
  const notify = async (notices: Notice[]) => {
    const ids = await t.database.db.transaction((tx) => insertNotices(tx, notices));
    await sendNoticeMails(t.app.deps, ids, t.app.deps.log);
    return ids;
  };
  const notice = (user: TestUser, extra: Partial<Notice> = {}): Notice => ({
    userId: user.id,
    kind: 'booking',
    title: 'Booking confirmed',
    body: 'Kwabena confirmed your booking for Friday.',
    link: '/bookings/1',
    mail: true,
    ...extra,
  });
  const rowsOf = (user: TestUser) =>
    t.database.db.select().from(notifications).where(eq(notifications.user_id, user.id));
  const eventsOf = (user: TestUser) =>
    t.database.db.select().from(realtimeEvents).where(eq(realtimeEvents.user_id, user.id));
  const waitForPush = (path: string, atLeast = 1) =>
    vi.waitFor(
      () => {
        const got = push.to(path);
        if (got.length < atLeast) throw new Error(`waiting for a push to ${path}`);
        return got;
      },
      { timeout: 20_000, interval: 50 },
    );

  it.each([
    ['GET', '/api/notifications/preferences', undefined],
    ['PUT', '/api/notifications/preferences', { items: [] }],
    ['POST', '/api/notifications/test', { channel: 'in_app' }],
    ['GET', '/api/push/key', undefined],
    ['GET', '/api/push/subscriptions', undefined],
    ['POST', '/api/push/subscriptions', push.newClient.bind(push)],
    ['DELETE', '/api/push/subscriptions', { endpoint: 'https://push.example/x' }],
  ] as const)('%s %s answers 401 signed out', async (method, url, body) => {
    const payload = typeof body === 'function' ? body().subscription() : body;
    const res = await call(t, method, url, undefined, payload);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  describe('preferences', () => {
    it('answers every kind with the defaults before any change', async () => {
      const user = await signUp(t);
      expect(await getPrefs(user)).toEqual(NOTIFICATION_KINDS.map((kind) => ({ kind, ...DEFAULT_CHANNELS })));
    });

    it('changes any subset, keeps the rest, and answers them all', async () => {
      const user = await signUp(t);
      const res = await setPrefs(user, [
        { kind: 'message', in_app: true, email: false, push: true },
        { kind: 'dispute', in_app: false, email: true, push: false },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json().items;
      expect(items).toEqual(await getPrefs(user));
      const byKind = Object.fromEntries(items.map((i: { kind: string }) => [i.kind, i]));
      expect(byKind.message).toEqual({ kind: 'message', in_app: true, email: false, push: true, sms: false });
      expect(byKind.dispute).toEqual({
        kind: 'dispute',
        in_app: false,
        email: true,
        push: false,
        sms: false,
      });
      expect(byKind.booking).toEqual({ kind: 'booking', ...DEFAULT_CHANNELS });
      // Changing again overwrites; the same kind twice: the last counts.
      const again = await setPrefs(user, [
        { kind: 'message', in_app: false, email: false, push: false },
        { kind: 'message', in_app: true, email: true, push: false },
      ]);
      expect(again.statusCode, again.body).toBe(200);
      expect((await getPrefs(user)).find((i) => i.kind === 'message')).toEqual({
        kind: 'message',
        in_app: true,
        email: true,
        push: false,
        sms: false,
      });
    });

    it('refuses an unknown kind by name (400) and stores nothing of that request', async () => {
      const user = await signUp(t);
      const res = await setPrefs(user, [
        { kind: 'booking', in_app: false, email: false, push: false },
        { kind: 'horoscope', in_app: true, email: true, push: true },
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.message).toContain('horoscope');
      expect(await getPrefs(user)).toEqual(NOTIFICATION_KINDS.map((kind) => ({ kind, ...DEFAULT_CHANNELS })));
      for (const bad of [[{ kind: 'booking', in_app: 'yes', email: true, push: true }], 'nope', [{}]]) {
        const refused = await setPrefs(user, bad);
        expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
        expect(refused.json().error.code).toBe('VALIDATION_ERROR');
      }
    });

    it('are each user’s own: one user neither sees nor changes another’s', async () => {
      const ama = await signUp(t);
      const kofi = await signUp(t);
      await setPrefs(ama, [{ kind: 'job', in_app: false, email: false, push: false }]);
      expect((await getPrefs(kofi)).find((i) => i.kind === 'job')).toEqual({
        kind: 'job',
        ...DEFAULT_CHANNELS,
      });
      await setPrefs(kofi, [{ kind: 'job', in_app: true, email: true, push: false }]);
      expect((await getPrefs(ama)).find((i) => i.kind === 'job')).toEqual({
        kind: 'job',
        in_app: false,
        email: false,
        push: false,
        sms: false,
      });
      const rows = await t.database.db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.kind, 'job'));
      expect(rows.filter((r) => r.user_id === ama.id || r.user_id === kofi.id)).toHaveLength(2);
    });
  });

  describe('notices follow the preferences', () => {
    it('stores the channels, sends an in-app notice as a realtime event, and mails it', async () => {
      const user = await signUp(t);
      const [id] = await notify([notice(user)]);
      const [row] = await rowsOf(user);
      expect(row).toMatchObject({
        id,
        kind: 'booking',
        in_app: true,
        email: true,
        push: true,
        read_at: null,
      });
      const events = await eventsOf(user);
      expect(events.map((e) => e.data)).toContainEqual({
        type: 'notification',
        notification: {
          id,
          kind: 'booking',
          title: 'Booking confirmed',
          body: 'Kwabena confirmed your booking for Friday.',
          link: '/bookings/1',
          read_at: null,
          created_at: row!.created_at.toISOString(),
        },
      });
      await waitForMail(t, user.email, 'notice-booking');
    });

    it('in-app off: stored read, never listed nor counted, no realtime event; mail still goes', async () => {
      const user = await signUp(t);
      await setPrefs(user, [{ kind: 'booking', in_app: false, email: true, push: false }]);
      const ids = await notify([notice(user)]);
      expect(ids).toHaveLength(1);
      const [row] = await rowsOf(user);
      expect(row).toMatchObject({ in_app: false, email: true, push: false });
      expect(row!.read_at).not.toBeNull();
      expect(await eventsOf(user)).toEqual([]);
      const list = await call(t, 'GET', '/api/notifications', user.cookie);
      expect(list.json()).toEqual({ items: [], unread: 0 });
      const read = await call(t, 'POST', `/api/notifications/${row!.id}/read`, user.cookie);
      expect(read.statusCode).toBe(404);
      await waitForMail(t, user.email, 'notice-booking');
    });

    it('everything off (or no mail asked for and push off): nothing to deliver', async () => {
      const user = await signUp(t);
      await setPrefs(user, [
        { kind: 'booking', in_app: true, email: false, push: false },
        { kind: 'quote', in_app: true, email: true, push: false },
      ]);
      const ids = await notify([
        notice(user),
        notice(user, { kind: 'quote', mail: false }),
        notice(user, { kind: 'bid', mail: false }),
      ]);
      const rows = await rowsOf(user);
      const bid = rows.find((r) => r.kind === 'bid')!;
      // Only the bid notice goes out (push on by default); neither asked-for nor chosen mail goes.
      expect(ids).toEqual([bid.id]);
      expect(rows.every((r) => !r.email)).toBe(true);
      expect(rows.map((r) => r.push).sort()).toEqual([false, false, true]);
    });

    it('looks up each user’s own preference', async () => {
      const ama = await signUp(t);
      const kofi = await signUp(t);
      await setPrefs(ama, [{ kind: 'booking', in_app: false, email: false, push: false }]);
      await notify([notice(ama), notice(kofi)]);
      expect((await rowsOf(ama))[0]).toMatchObject({ in_app: false, email: false, push: false });
      expect((await rowsOf(kofi))[0]).toMatchObject({ in_app: true, email: true, push: true });
    });
  });

  describe('web push', () => {
    it('keeps one VAPID key pair, created once even when processes race', async () => {
      const res = await call(t, 'GET', '/api/push/key', (await signUp(t)).cookie);
      expect(res.statusCode, res.body).toBe(200);
      const stored = await t.database.db.select().from(appSettings).where(eq(appSettings.key, VAPID_SETTING));
      expect(stored).toHaveLength(1);
      expect(res.json()).toEqual({ public_key: JSON.parse(stored[0]!.value).publicKey });
      expect(Buffer.from(res.json().public_key, 'base64url')).toHaveLength(65);
      // Several "processes" starting together on a fresh database all end with the same pair.
      await t.database.db.delete(appSettings).where(eq(appSettings.key, VAPID_SETTING));
      const raced = await Promise.all([1, 2, 3].map(() => loadVapidKeys(t.database)));
      expect(new Set(raced.map((k) => k.publicKey)).size).toBe(1);
      expect(new Set(raced.map((k) => k.privateKey)).size).toBe(1);
      // Put the first pair back: this process keeps signing with it.
      await t.database.db
        .update(appSettings)
        .set({ value: stored[0]!.value })
        .where(eq(appSettings.key, VAPID_SETTING));
    });

    it('signs as mailto: the MAIL_FROM address', () => {
      expect(vapidSubject({ mailFrom: 'Adwuma <hello@adwuma.com.gh>', publicUrl: 'https://a.example' })).toBe(
        'mailto:hello@adwuma.com.gh',
      );
      expect(vapidSubject({ mailFrom: 'ops@adwuma.com.gh', publicUrl: 'https://a.example' })).toBe(
        'mailto:ops@adwuma.com.gh',
      );
      expect(vapidSubject({ mailFrom: 'Adwuma', publicUrl: 'https://a.example' })).toBe('https://a.example');
    });

    it('subscribes, re-owns an endpoint for its new user, and unsubscribes only your own', async () => {
      const ama = await signUp(t);
      const kofi = await signUp(t);
      const client = push.newClient();
      expect(await subscribe(ama, client)).toEqual({ subscriptions: 1 });
      // The same browser again: still one.
      expect(await subscribe(ama, client)).toEqual({ subscriptions: 1 });
      // Kofi signs in on that browser: the endpoint is now his.
      expect(await subscribe(kofi, client)).toEqual({ subscriptions: 1 });
      const count = async (u: TestUser) => (await call(t, 'GET', '/api/push/subscriptions', u.cookie)).json();
      expect(await count(ama)).toEqual({ subscriptions: 0 });
      // Ama cannot remove Kofi's.
      const foreign = await call(t, 'DELETE', '/api/push/subscriptions', ama.cookie, {
        endpoint: client.endpoint,
      });
      expect(foreign.statusCode, foreign.body).toBe(200);
      expect(await count(kofi)).toEqual({ subscriptions: 1 });
      const own = await call(t, 'DELETE', '/api/push/subscriptions', kofi.cookie, {
        endpoint: client.endpoint,
      });
      expect(own.json()).toEqual({ subscriptions: 0 });
    });

    it('refuses a subscription that is not one', async () => {
      const user = await signUp(t);
      const good = push.newClient().subscription();
      for (const bad of [
        { ...good, endpoint: 'ftp://push.example/x' },
        { ...good, endpoint: 'not a url' },
        { ...good, keys: { p256dh: 'abc', auth: good.keys.auth } },
        { ...good, keys: { p256dh: good.keys.p256dh, auth: 'c2hvcnQ' } },
        { endpoint: good.endpoint },
      ]) {
        const res = await call(t, 'POST', '/api/push/subscriptions', user.cookie, bad);
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_ERROR');
      }
      const del = await call(t, 'DELETE', '/api/push/subscriptions', user.cookie, {});
      expect(del.statusCode).toBe(400);
    });

    it('pushes a notice encrypted (aes128gcm, VAPID) with its payload', async () => {
      const user = await signUp(t);
      const client = push.newClient();
      await subscribe(user, client);
      const [id] = await notify([notice(user, { mail: false })]);
      const [request] = await waitForPush(client.path);
      expect(request!.method).toBe('POST');
      expect(request!.headers['content-encoding']).toBe('aes128gcm');
      expect(request!.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
      const key = (await call(t, 'GET', '/api/push/key', user.cookie)).json().public_key;
      expect(request!.headers.authorization).toContain(`k=${key}`);
      expect(request!.headers.ttl).toBe('86400');
      expect(request!.headers.urgency).toBe('normal');
      expect(JSON.parse(client.decrypt(request!.body))).toEqual({
        title: 'Booking confirmed',
        body: 'Kwabena confirmed your booking for Friday.',
        link: '/bookings/1',
        kind: 'booking',
        id,
      });
      await vi.waitFor(async () => {
        const [sub] = await t.database.db
          .select()
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.endpoint, client.endpoint));
        expect(sub!.last_success_at).not.toBeNull();
      });
    });

    it('sends no push when the push preference is off', async () => {
      const user = await signUp(t);
      const client = push.newClient();
      await subscribe(user, client);
      await setPrefs(user, [{ kind: 'booking', in_app: true, email: true, push: false }]);
      const [off] = await notify([notice(user)]);
      // A later notice of a kind with push on is the only one that arrives.
      const [on] = await notify([notice(user, { kind: 'job', title: 'New job nearby', mail: false })]);
      const [request] = await waitForPush(client.path);
      await waitForMail(t, user.email, 'notice-booking');
      expect(JSON.parse(client.decrypt(request!.body)).id).toBe(on);
      expect(push.to(client.path)).toHaveLength(1);
      const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, off!));
      expect(row!.push).toBe(false);
    });

    it('drops a subscription the push service says is gone (410) and keeps other errors', async () => {
      const user = await signUp(t);
      const gone = push.newClient();
      const failing = push.newClient();
      push.statusByPath.set(gone.path, 410);
      push.statusByPath.set(failing.path, 500);
      await subscribe(user, gone);
      await subscribe(user, failing);
      await notify([notice(user, { mail: false })]);
      await waitForPush(gone.path);
      await waitForPush(failing.path);
      await vi.waitFor(
        async () => {
          const subs = await t.database.db
            .select()
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.user_id, user.id));
          expect(subs.map((s) => s.endpoint)).toEqual([failing.endpoint]);
          expect(subs[0]!.last_error).toContain('500');
          expect(subs[0]!.last_success_at).toBeNull();
        },
        { timeout: 10_000 },
      );
    });
  });

  describe('POST /api/notifications/test', () => {
    const test = (user: TestUser, channel: string) =>
      call(t, 'POST', '/api/notifications/test', user.cookie, { channel });

    it('in_app: stored, listed and sent as a realtime event, whatever the preferences', async () => {
      const user = await signUp(t);
      await setPrefs(
        user,
        NOTIFICATION_KINDS.map((kind) => ({ kind, in_app: false, email: false, push: false })),
      );
      const res = await test(user, 'in_app');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ channel: 'in_app', ok: true, detail: 'Shown in your notifications' });
      const list = (await call(t, 'GET', '/api/notifications', user.cookie)).json();
      expect(list.unread).toBe(1);
      expect(list.items[0]).toMatchObject({ kind: 'test', title: 'Test notification', read_at: null });
      const events = await eventsOf(user);
      expect(events.map((e) => e.data)).toEqual([{ type: 'notification', notification: list.items[0] }]);
    });

    it('email: mailed now to the account address, and only mailed', async () => {
      const user = await signUp(t);
      const res = await test(user, 'email');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ channel: 'email', ok: true, detail: `Mail sent to ${user.email}` });
      const mails = await t.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to_address, user.email), eq(mailOutbox.template, 'notice-test')));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Test notification');
      expect((await call(t, 'GET', '/api/notifications', user.cookie)).json()).toEqual({
        items: [],
        unread: 0,
      });
      expect(await eventsOf(user)).toEqual([]);
    });

    it('push: none without a subscription; otherwise sent to each, with the count', async () => {
      const user = await signUp(t);
      const none = await test(user, 'push');
      expect(none.statusCode, none.body).toBe(200);
      expect(none.json()).toEqual({
        channel: 'push',
        ok: false,
        detail: 'No push subscription on this account',
      });
      const a = push.newClient();
      const b = push.newClient();
      push.statusByPath.set(b.path, 500);
      await subscribe(user, a);
      await subscribe(user, b);
      const res = await test(user, 'push');
      expect(res.json()).toEqual({
        channel: 'push',
        ok: true,
        detail: 'Sent to 1 device; failed on 1 device',
      });
      // Sent before the answer, not queued.
      expect(push.to(a.path)).toHaveLength(1);
      expect(JSON.parse(a.decrypt(push.to(a.path)[0]!.body))).toMatchObject({
        kind: 'test',
        title: 'Test notification',
      });
      expect((await call(t, 'GET', '/api/notifications', user.cookie)).json().unread).toBe(0);
    });

    it('refuses an unknown channel, and more than 5 a minute (429)', async () => {
      const user = await signUp(t);
      const bad = await test(user, 'carrier-pigeon');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('VALIDATION_ERROR');
      for (let i = 0; i < 5; i++) expect((await test(user, 'in_app')).statusCode).toBe(200);
      const limited = await test(user, 'in_app');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('RATE_LIMITED');
      expect(limited.json().error.message).toMatch(
        /Too many test notifications\. Please try again in \d+ seconds\./,
      );
      // Another user is not limited by it.
      expect((await test(await signUp(t), 'in_app')).statusCode).toBe(200);
    });
  });
});
