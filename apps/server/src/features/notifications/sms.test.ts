import { randomInt } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authUsers, notifications, profiles, smsOutbox } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser } from '../../test/auth.ts';
import { call } from '../../test/documents.ts';
import { listenLoopback, openSocket } from '../../test/realtime.ts';
import {
  insertNotices,
  MESSAGE_SMS_WINDOW_MS,
  type Notice,
  sendNoticeMails,
  sendNoticeSms,
} from './notify.ts';

describe('SMS notices (issue 21)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const setPrefs = (user: TestUser, items: unknown) =>
    call(t, 'PUT', '/api/notifications/preferences', user.cookie, { items });
  const chooseSms = async (user: TestUser, kind: string) => {
    const res = await setPrefs(user, [{ kind, in_app: true, email: false, push: false, sms: true }]);
    expect(res.statusCode, res.body).toBe(200);
  };
  const verifyPhone = async (user: TestUser, verified = true) => {
    const phone = `+23324${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    await t.database.db
      .update(authUsers)
      .set({ phoneNumber: phone, phoneNumberVerified: verified })
      .where(eq(authUsers.id, user.id));
    return phone;
  };
  /** Stores notices as a feature would, without queueing (the test runs the worker itself). */
  const store = (notices: Notice[]) => t.database.db.transaction((tx) => insertNotices(tx, notices));
  const smsTo = (phone: string) =>
    t.database.db.select().from(smsOutbox).where(eq(smsOutbox.to_number, phone));
  const booking = (user: TestUser, extra: Partial<Notice> = {}): Notice => ({
    userId: user.id,
    kind: 'booking',
    title: 'Booking confirmed',
    body: 'You booked Kwabena for Friday.',
    link: '/schedule?booking=1',
    mail: false,
    sms: true,
    ...extra,
  });
  const message = (user: TestUser, conversation: string): Notice => ({
    userId: user.id,
    kind: 'message',
    title: 'New message from Kofi',
    body: 'Are you free tomorrow?',
    link: `/messaging?c=${conversation}`,
    sms: true,
  });

  describe('preferences', () => {
    it('answer sms per kind (off by default) and keep it through a round trip', async () => {
      const user = await signUp(t);
      const before = (await call(t, 'GET', '/api/notifications/preferences', user.cookie)).json().items;
      expect(before.every((i: { sms: boolean }) => i.sms === false)).toBe(true);
      await chooseSms(user, 'booking');
      // Leaving sms out keeps the stored choice.
      const kept = await setPrefs(user, [{ kind: 'booking', in_app: false, email: true, push: true }]);
      expect(kept.statusCode, kept.body).toBe(200);
      const items = (await call(t, 'GET', '/api/notifications/preferences', user.cookie)).json().items;
      expect(items.find((i: { kind: string }) => i.kind === 'booking')).toEqual({
        kind: 'booking',
        in_app: false,
        email: true,
        push: true,
        sms: true,
      });
      const off = await setPrefs(user, [
        { kind: 'booking', in_app: true, email: true, push: true, sms: false },
      ]);
      expect(off.json().items.find((i: { kind: string }) => i.kind === 'booking').sms).toBe(false);
    });

    it('refuse SMS for a kind that never goes by SMS, naming it, and store nothing', async () => {
      const user = await signUp(t);
      const res = await setPrefs(user, [
        { kind: 'booking', in_app: true, email: true, push: true, sms: true },
        { kind: 'review', in_app: true, email: true, push: true, sms: true },
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.message).toContain('"review"');
      const items = (await call(t, 'GET', '/api/notifications/preferences', user.cookie)).json().items;
      expect(items.find((i: { kind: string }) => i.kind === 'booking').sms).toBe(false);
      // sms false for any kind is fine.
      const ok = await setPrefs(user, [
        { kind: 'review', in_app: true, email: true, push: true, sms: false },
      ]);
      expect(ok.statusCode, ok.body).toBe(200);
    });
  });

  describe('delivery', () => {
    it('texts a chosen kind to a verified phone once, in English, with an absolute link', async () => {
      const user = await signUp(t);
      await chooseSms(user, 'booking');
      const phone = await verifyPhone(user);
      const [id] = await store([booking(user)]);
      const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, id!));
      expect(row!.sms).toBe(true);
      expect(await sendNoticeSms(t.app.deps, id!)).toBe('sent');
      // A retried job sends nothing more.
      expect(await sendNoticeSms(t.app.deps, id!)).toBe('already-sent');
      const sent = await smsTo(phone);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        template: 'notification:booking',
        dedupe_key: `notification:${id}`,
        status: 'sent',
        body: 'Adwuma: your booking is confirmed. Details: http://localhost:3000/schedule?booking=1',
      });
      expect(sent[0]!.body.length).toBeLessThanOrEqual(160);
    });

    it('goes through the background job after commit, once', async () => {
      const user = await signUp(t);
      await chooseSms(user, 'billing');
      const phone = await verifyPhone(user);
      const notice = booking(user, { kind: 'billing', title: 'Payment received', link: '/bookings/7' });
      const ids = await store([notice]);
      await sendNoticeMails(t.app.deps, ids, t.app.deps.log);
      await sendNoticeMails(t.app.deps, ids, t.app.deps.log);
      await vi.waitFor(
        async () => {
          if ((await smsTo(phone)).length === 0) throw new Error('waiting for the SMS');
        },
        { timeout: 20_000, interval: 100 },
      );
      expect(await sendNoticeSms(t.app.deps, ids[0]!)).toBe('already-sent');
      const sent = await smsTo(phone);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.body).toBe(
        'Adwuma: a payment for your booking was received. Details: http://localhost:3000/bookings/7',
      );
    });

    it('texts in Twi to a user who chose Twi', async () => {
      const user = await signUp(t);
      await chooseSms(user, 'booking');
      const phone = await verifyPhone(user);
      await t.database.db.update(profiles).set({ preferred_language: 'ak' }).where(eq(profiles.id, user.id));
      const [id] = await store([booking(user)]);
      expect(await sendNoticeSms(t.app.deps, id!)).toBe('sent');
      const [sms] = await smsTo(phone);
      expect(sms!.body).toBe(
        'Adwuma: wɔagye wo booking no atom. Hwɛ mu: http://localhost:3000/schedule?booking=1',
      );
    });

    it('sends nothing without a verified phone', async () => {
      const user = await signUp(t);
      await chooseSms(user, 'booking');
      const phone = await verifyPhone(user, false);
      // Nothing to deliver after commit (SMS was the only channel besides the app).
      expect(await store([booking(user)])).toEqual([]);
      const [row] = await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.user_id, user.id));
      expect(row!.sms).toBe(false);
      expect(await sendNoticeSms(t.app.deps, row!.id)).toBe('not-sms');
      expect(await smsTo(phone)).toEqual([]);
    });

    it('sends nothing for a kind not chosen, nor for a notice that is not the SMS event', async () => {
      const user = await signUp(t);
      const phone = await verifyPhone(user);
      const [unchosen] = await store([booking(user)]);
      expect(await sendNoticeSms(t.app.deps, unchosen!)).toBe('not-sms');
      await chooseSms(user, 'booking');
      const [reminder] = await store([booking(user, { title: 'Booking tomorrow', sms: undefined })]);
      expect(await sendNoticeSms(t.app.deps, reminder!)).toBe('not-sms');
      expect(await smsTo(phone)).toEqual([]);
    });
  });

  describe('new message while offline', () => {
    it('is not texted while the user has a live realtime socket, and is once they are offline', async () => {
      const user = await signUp(t);
      await chooseSms(user, 'message');
      const phone = await verifyPhone(user);
      const base = await listenLoopback(t.app);
      const socket = await openSocket(base, user.cookie);
      await socket.ready();
      const [online] = await store([message(user, 'c-online')]);
      expect(await sendNoticeSms(t.app.deps, online!)).toBe('online');
      expect(await smsTo(phone)).toEqual([]);
      await socket.close();
      await vi.waitFor(async () => {
        if ((await sendNoticeSms(t.app.deps, online!)) !== 'sent') throw new Error('still online');
      });
      const [sms] = await smsTo(phone);
      expect(sms!.body).toBe(
        'Adwuma: you have a new message. Reply: http://localhost:3000/messaging?c=c-online',
      );
    });

    it('texts at most once per conversation in 30 minutes', async () => {
      const user = await signUp(t);
      await chooseSms(user, 'message');
      const phone = await verifyPhone(user);
      const [first] = await store([message(user, 'c-1')]);
      expect(await sendNoticeSms(t.app.deps, first!)).toBe('sent');
      const [second] = await store([message(user, 'c-1')]);
      expect(await sendNoticeSms(t.app.deps, second!)).toBe('recently-sent');
      // Another conversation is its own.
      const [other] = await store([message(user, 'c-2')]);
      expect(await sendNoticeSms(t.app.deps, other!)).toBe('sent');
      // After the window, the same conversation may be texted again.
      const later = new Date(Date.now() + MESSAGE_SMS_WINDOW_MS + 60_000);
      const [third] = await store([message(user, 'c-1')]);
      expect(await sendNoticeSms(t.app.deps, third!, later)).toBe('sent');
      const sent = await t.database.db.select().from(smsOutbox).where(like(smsOutbox.to_number, phone));
      expect(sent).toHaveLength(3);
    });

    it('is texted through the real send path once per burst while offline', async () => {
      const customer = await signUp(t, { name: 'Ama Mensah' });
      const provider = await signUp(t, { role: 'explorer', name: 'Kofi Boateng' });
      await chooseSms(provider, 'message');
      const phone = await verifyPhone(provider);
      const opened = await call(t, 'POST', '/api/conversations', customer.cookie, {
        recipient_id: provider.id,
      });
      expect(opened.statusCode, opened.body).toBe(200);
      const conversationId = opened.json().id as string;
      const send = async (body: string) => {
        const res = await call(t, 'POST', `/api/conversations/${conversationId}/messages`, customer.cookie, {
          body,
        });
        expect(res.statusCode, res.body).toBe(201);
      };
      await send('Are you free on Saturday?');
      const [notice] = await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.user_id, provider.id));
      expect(notice).toMatchObject({ kind: 'message', sms: true });
      await vi.waitFor(
        async () => {
          if ((await smsTo(phone)).length === 0) throw new Error('waiting for the SMS');
        },
        { timeout: 20_000, interval: 100 },
      );
      // More messages in the same burst store no new notice: still one SMS.
      await send('I can pay half now.');
      expect(await sendNoticeSms(t.app.deps, notice!.id)).toBe('already-sent');
      const sent = await smsTo(phone);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.body).toBe(
        `Adwuma: you have a new message. Reply: http://localhost:3000/messaging?c=${conversationId}`,
      );
    });

    it('is not texted when the notice was already read', async () => {
      const user = await signUp(t);
      await chooseSms(user, 'message');
      const phone = await verifyPhone(user);
      const [id] = await store([message(user, 'c-read')]);
      await call(t, 'POST', `/api/notifications/${id}/read`, user.cookie);
      expect(await sendNoticeSms(t.app.deps, id!)).toBe('read');
      expect(await smsTo(phone)).toEqual([]);
    });
  });
});
