import { IMAGE_MESSAGES, MESSAGING_TEXT } from '@adwuma/shared';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, mailOutbox, notificationPreferences, realtimeEvents } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { makeAdmin, ORIGIN, signUp, type TestUser, uniqueIp, waitForMail } from '../../test/auth.ts';
import { makeImage, PDF } from '../../test/documents.ts';
import { call, onboardedProvider } from '../../test/providers.ts';
import { MESSAGE_MAIL_QUEUE, MESSAGE_MAIL_TEMPLATE, sendMessageMails } from './message-mail.ts';
import { MAX_OPEN_REPORTS, REPORT_TEXT } from './report-service.ts';

/** A multipart body with text fields and one file in the field `file`. */
function multipart(file: Buffer | null, fields: Record<string, string> = {}, filename = 'photo.jpg') {
  const boundary = '----adwumaMessageBoundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('messaging extras', () => {
  let t: TestApp;
  let customer: TestUser;
  let provider: TestUser;
  let outsider: TestUser;
  let admin: TestUser;
  let conversationId: string;

  const sendImage = (
    user: TestUser,
    id: string,
    file: Buffer | null,
    fields: Record<string, string> = {},
  ) => {
    const { payload, contentType } = multipart(file, fields);
    return t.app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/messages/image`,
      payload,
      remoteAddress: uniqueIp(),
      headers: { 'content-type': contentType, origin: ORIGIN, cookie: user.cookie },
    });
  };
  const send = (user: TestUser, id: string, body: string) =>
    call(t, 'POST', `/api/conversations/${id}/messages`, user.cookie, { body });
  const start = async (from: TestUser, to: TestUser) => {
    const res = await call(t, 'POST', '/api/conversations', from.cookie, { recipient_id: to.id });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as string;
  };

  beforeAll(async () => {
    t = await createTestApp();
    customer = await signUp(t, { name: 'Ama Mensah' });
    outsider = await signUp(t, { name: 'Yaw Owusu' });
    admin = await signUp(t, { name: 'Efua Admin' });
    await makeAdmin(t, admin.id);
    provider = await onboardedProvider(t, { name: 'Kofi Boateng' });
    conversationId = await start(customer, provider);
  });
  afterAll(() => t.close());

  describe('photos', () => {
    it('re-encodes a photo to WebP without metadata, serves it to members and 404s others', async () => {
      const jpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#c87828' } })
        .withExif({ IFD0: { Make: 'Tecno', Model: 'Camon 20' } })
        .jpeg()
        .toBuffer();
      const res = await sendImage(customer, conversationId, jpeg, { body: 'The leak', client_id: 'img-1' });
      expect(res.statusCode, res.body).toBe(201);
      const message = res.json();
      expect(message.body).toBe('The leak');
      expect(message.attachment).toMatchObject({ content_type: 'image/webp', width: 1600, height: 800 });
      expect(message.attachment.url).toBe(`/api/conversations/${conversationId}/attachments/${message.id}`);

      // A retry with the same client_id answers the first message.
      const retry = await sendImage(customer, conversationId, jpeg, { client_id: 'img-1' });
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json().id).toBe(message.id);
      const stored = await t.app.deps.storage.list(`messages/${conversationId}/`);
      expect(stored).toHaveLength(1);

      for (const member of [customer, provider]) {
        const got = await call(t, 'GET', message.attachment.url, member.cookie);
        expect(got.statusCode, got.body).toBe(200);
        expect(got.headers['content-type']).toBe('image/webp');
        expect(String(got.headers['cache-control'])).toMatch(/^private, max-age=\d+$/);
        const meta = await sharp(got.rawPayload).metadata();
        expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
        expect(meta.exif).toBeUndefined();
      }
      const other = await call(t, 'GET', message.attachment.url, outsider.cookie);
      expect(other.statusCode).toBe(404);
      // An admin reading a dispute's conversation sees its photos.
      expect((await call(t, 'GET', message.attachment.url, admin.cookie)).statusCode).toBe(200);
      expect((await call(t, 'GET', message.attachment.url)).statusCode).toBe(401);
      // A text message has no photo.
      const text = await send(customer, conversationId, 'no photo here');
      const none = await call(
        t,
        'GET',
        `/api/conversations/${conversationId}/attachments/${text.json().id}`,
        customer.cookie,
      );
      expect(none.statusCode).toBe(404);
    });

    it('refuses non-images, corrupt images, outsiders and a missing file with a clear 4xx', async () => {
      const pdf = await sendImage(customer, conversationId, PDF);
      expect(pdf.statusCode).toBe(400);
      expect(pdf.json().error.message).toBe(IMAGE_MESSAGES.wrongType);

      const jpeg = await makeImage('jpeg');
      const corrupt = Buffer.concat([jpeg.subarray(0, 40), Buffer.alloc(200, 7)]);
      const broken = await sendImage(customer, conversationId, corrupt);
      expect(broken.statusCode).toBe(400);
      expect(broken.json().error.message).toBe(IMAGE_MESSAGES.unreadable);

      const missing = await sendImage(customer, conversationId, null, { body: 'hi' });
      expect(missing.statusCode).toBe(400);

      const badContext = await sendImage(customer, conversationId, jpeg, { context_type: 'job' });
      expect(badContext.statusCode).toBe(400);

      const notJson = await call(
        t,
        'POST',
        `/api/conversations/${conversationId}/messages/image`,
        customer.cookie,
        {
          body: 'x',
        },
      );
      expect(notJson.statusCode).toBe(415);

      const stranger = await sendImage(outsider, conversationId, jpeg);
      expect(stranger.statusCode).toBe(404);
      expect(await t.app.deps.storage.list(`messages/${conversationId}/`)).toHaveLength(1);
    });
  });

  describe('search', () => {
    it('finds only messages of your own conversations, newest first, with % and _ taken literally', async () => {
      for (const body of ['Discount 500 cedis', 'Discount 50% today', 'use pipe a_b', 'use pipe axb']) {
        expect((await send(customer, conversationId, body)).statusCode).toBe(201);
      }
      const theirs = await start(outsider, provider);
      expect((await send(outsider, theirs, 'Outsider discount 50% too')).statusCode).toBe(201);

      const search = async (user: TestUser, q: string) => {
        const res = await call(t, 'GET', `/api/messages/search?q=${encodeURIComponent(q)}`, user.cookie);
        expect(res.statusCode, res.body).toBe(200);
        return res.json().items as { message: { body: string }; other: { id: string; name: string } }[];
      };
      const percent = await search(customer, '50%');
      expect(percent.map((i) => i.message.body)).toEqual(['Discount 50% today']);
      expect(percent[0]!.other).toMatchObject({ id: provider.id, name: 'Kofi Boateng' });
      expect((await search(customer, 'a_b')).map((i) => i.message.body)).toEqual(['use pipe a_b']);
      expect((await search(customer, 'DISCOUNT')).map((i) => i.message.body)).toEqual([
        'Discount 50% today',
        'Discount 500 cedis',
      ]);
      // The provider is in both conversations; the customer's name shows short.
      const both = await search(provider, '50%');
      expect(both.map((i) => i.message.body)).toEqual(['Outsider discount 50% too', 'Discount 50% today']);
      expect(both[1]!.other).toMatchObject({ id: customer.id, name: 'Ama M.' });
      expect(await search(outsider, 'Discount 50')).toHaveLength(1);

      const short = await call(t, 'GET', '/api/messages/search?q=a', customer.cookie);
      expect(short.statusCode).toBe(400);
      expect((await call(t, 'GET', '/api/messages/search?q=discount')).statusCode).toBe(401);
    });
  });

  describe('blocking', () => {
    it('refuses messages both ways while blocked, tells both sides, and unblocking restores', async () => {
      const events = async (userId: string) =>
        (
          await t.database.db
            .select()
            .from(realtimeEvents)
            .where(and(eq(realtimeEvents.user_id, userId), eq(realtimeEvents.type, 'conversation')))
        ).length;
      const before = { customer: await events(customer.id), provider: await events(provider.id) };

      const blocked = await call(t, 'POST', `/api/users/${provider.id}/block`, customer.cookie);
      expect(blocked.statusCode, blocked.body).toBe(200);
      expect(blocked.json()).toEqual({ user_id: provider.id, blocked: true });
      // Blocking twice is harmless.
      expect((await call(t, 'POST', `/api/users/${provider.id}/block`, customer.cookie)).statusCode).toBe(
        200,
      );

      const mine = await send(customer, conversationId, 'hello?');
      expect(mine.statusCode).toBe(403);
      expect(mine.json().error.message).toBe(MESSAGING_TEXT.blockedByYou);
      const theirs = await send(provider, conversationId, 'hello?');
      expect(theirs.statusCode).toBe(403);
      expect(theirs.json().error.message).toBe(MESSAGING_TEXT.blocked);
      const photo = await sendImage(provider, conversationId, await makeImage('png'));
      expect(photo.statusCode).toBe(403);
      expect(await t.app.deps.storage.list(`messages/${conversationId}/`)).toHaveLength(1);

      const thread = await call(t, 'GET', `/api/conversations/${conversationId}`, provider.cookie);
      expect(thread.json().conversation).toMatchObject({ blocked_me: true, blocked_by_me: false });
      expect(await events(customer.id)).toBe(before.customer + 2);
      expect(await events(provider.id)).toBe(before.provider + 2);

      const self = await call(t, 'POST', `/api/users/${customer.id}/block`, customer.cookie);
      expect(self.statusCode).toBe(400);
      const unknown = await call(t, 'POST', '/api/users/no-such-user/block', customer.cookie);
      expect(unknown.statusCode).toBe(404);
      expect((await call(t, 'POST', `/api/users/${provider.id}/block`)).statusCode).toBe(401);

      const unblocked = await call(t, 'DELETE', `/api/users/${provider.id}/block`, customer.cookie);
      expect(unblocked.statusCode, unblocked.body).toBe(200);
      expect(unblocked.json()).toEqual({ user_id: provider.id, blocked: false });
      expect(await events(provider.id)).toBe(before.provider + 3);
      expect((await send(customer, conversationId, 'sorry')).statusCode).toBe(201);
      expect((await send(provider, conversationId, 'no problem')).statusCode).toBe(201);
    });
  });

  describe('reports', () => {
    it('takes a report from a member, limits open ones, and lets only admins list and resolve', async () => {
      const report = (user: TestUser, payload: object) =>
        call(t, 'POST', '/api/reports', user.cookie, payload);
      const res = await report(customer, {
        user_id: provider.id,
        conversation_id: conversationId,
        reason: 'off_platform_payment',
        details: 'Asked me to pay by MoMo directly',
      });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({ reason: 'off_platform_payment', status: 'open' });

      const self = await report(customer, { user_id: customer.id, reason: 'spam' });
      expect(self.statusCode).toBe(400);
      expect(self.json().error.message).toBe(REPORT_TEXT.self);
      // Not your conversation: 404; the reported user is not its other member: 400.
      const notMine = await report(outsider, {
        user_id: provider.id,
        conversation_id: conversationId,
        reason: 'spam',
      });
      expect(notMine.statusCode).toBe(404);
      const wrongUser = await report(customer, {
        user_id: outsider.id,
        conversation_id: conversationId,
        reason: 'spam',
      });
      expect(wrongUser.statusCode).toBe(400);
      expect(wrongUser.json().error.message).toBe(REPORT_TEXT.notInConversation);
      expect((await report(customer, { user_id: 'nobody', reason: 'spam' })).statusCode).toBe(404);
      expect((await report(customer, { user_id: provider.id, reason: 'nonsense' })).statusCode).toBe(400);

      for (let i = 1; i < MAX_OPEN_REPORTS; i++) {
        expect((await report(customer, { user_id: provider.id, reason: 'spam' })).statusCode).toBe(201);
      }
      const tooMany = await report(customer, { user_id: provider.id, reason: 'spam' });
      expect(tooMany.statusCode).toBe(429);
      expect(tooMany.json().error.message).toBe(REPORT_TEXT.tooMany);

      expect((await call(t, 'GET', '/api/admin/reports', customer.cookie)).statusCode).toBe(403);
      expect(
        (
          await call(t, 'POST', `/api/admin/reports/${created.id}/resolve`, customer.cookie, {
            status: 'resolved',
            note: 'x',
          })
        ).statusCode,
      ).toBe(403);

      const list = await call(t, 'GET', '/api/admin/reports', admin.cookie);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().total).toBe(MAX_OPEN_REPORTS);
      const first = list.json().items[0];
      expect(first).toMatchObject({
        id: created.id,
        details: 'Asked me to pay by MoMo directly',
        reporter: { id: customer.id, email: customer.email, name: 'Ama Mensah' },
        reported: { id: provider.id, email: provider.email, name: 'Kofi Boateng' },
        conversation_id: conversationId,
        resolution_note: null,
      });
      expect(first.recent_messages.length).toBeGreaterThan(0);
      expect(first.recent_messages.length).toBeLessThanOrEqual(20);
      expect(first.recent_messages.at(-1).body).toBe('no problem');

      const resolve = (id: string, body: object) =>
        call(t, 'POST', `/api/admin/reports/${id}/resolve`, admin.cookie, body);
      expect((await resolve(created.id, { status: 'resolved', note: '' })).statusCode).toBe(400);
      const resolved = await resolve(created.id, { status: 'resolved', note: 'Warned the provider.' });
      expect(resolved.statusCode, resolved.body).toBe(200);
      expect(resolved.json()).toMatchObject({ status: 'resolved', resolution_note: 'Warned the provider.' });
      expect(resolved.json().resolved_at).not.toBeNull();
      const again = await resolve(created.id, { status: 'dismissed', note: 'Again' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(REPORT_TEXT.closed);
      expect(
        (await resolve('00000000-0000-4000-8000-000000000000', { status: 'resolved', note: 'x' })).statusCode,
      ).toBe(404);

      const audit = await t.database.db
        .select()
        .from(adminAuditLog)
        .where(eq(adminAuditLog.target_id, created.id));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        admin_id: admin.id,
        action: 'report.resolve',
        target_type: 'user_report',
      });

      const closed = await call(t, 'GET', '/api/admin/reports?status=resolved', admin.cookie);
      expect(closed.json().items.map((r: { id: string }) => r.id)).toEqual([created.id]);
      expect((await call(t, 'GET', '/api/admin/reports', admin.cookie)).json().total).toBe(
        MAX_OPEN_REPORTS - 1,
      );
      // A closed report frees a place.
      expect((await report(customer, { user_id: provider.id, reason: 'other' })).statusCode).toBe(201);
    });
  });

  describe('message mail', () => {
    const later = () => new Date(Date.now() + 3 * 60_000);
    const mailsTo = (email: string) =>
      t.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to_address, email), eq(mailOutbox.template, MESSAGE_MAIL_TEMPLATE)));

    it('is scheduled every minute through the job queue', async () => {
      const { rows } = await t.database.executeSql('select name, cron from pgboss.schedule where name = $1', [
        MESSAGE_MAIL_QUEUE,
      ]);
      expect(rows).toEqual([{ name: MESSAGE_MAIL_QUEUE, cron: '* * * * *' }]);
    });

    it('mails one summary for a burst of messages, once, after the delay', async () => {
      const sender = await signUp(t, { name: 'Akosua Darko' });
      const recipient = await onboardedProvider(t, { name: 'Kwame Asante' });
      const id = await start(sender, recipient);
      for (const body of ['Hello', 'Are you free on Saturday?', 'It is a <b>leaking</b> tap']) {
        expect((await send(sender, id, body)).statusCode).toBe(201);
      }
      // Too soon: nothing yet.
      const soon = await sendMessageMails(t.app.deps);
      expect(soon.mailed.map((m) => m.userId)).not.toContain(recipient.id);
      expect(await mailsTo(recipient.email)).toHaveLength(0);

      const run = await sendMessageMails(t.app.deps, later());
      expect(run.mailed).toContainEqual({ userId: recipient.id, conversationIds: [id] });
      const [mail] = await waitForMail(t, recipient.email, MESSAGE_MAIL_TEMPLATE);
      expect(mail!.subject).toBe('3 new messages from Akosua D.');
      expect(mail!.text_body).toContain(`http://localhost:3000/messaging?c=${id}`);
      expect(mail!.text_body).toContain('Akosua D. (3 new messages)');
      expect(mail!.text_body).toContain('It is a <b>leaking</b> tap');
      expect(mail!.html_body).toContain('It is a &lt;b&gt;leaking&lt;/b&gt; tap');
      // The sender read their own messages: no mail for them.
      expect(await mailsTo(sender.email)).toHaveLength(0);

      // Already mailed: the next runs send nothing more.
      await sendMessageMails(t.app.deps, later());
      expect(await mailsTo(recipient.email)).toHaveLength(1);
      // A new message starts a new batch.
      expect((await send(sender, id, 'One more thing')).statusCode).toBe(201);
      await sendMessageMails(t.app.deps, later());
      const mails = await mailsTo(recipient.email);
      expect(mails).toHaveLength(2);
      expect(mails.map((m) => m.subject)).toContain('New message from Akosua D.');
    });

    it('sends no mail to someone who turned message mail off', async () => {
      const sender = await signUp(t, { name: 'Abena Boakye' });
      const recipient = await onboardedProvider(t, { name: 'Yaw Mensah' });
      await t.database.db
        .insert(notificationPreferences)
        .values({ user_id: recipient.id, kind: 'message', in_app: true, email: false, push: true });
      const id = await start(sender, recipient);
      expect((await send(sender, id, 'Hello there')).statusCode).toBe(201);
      const run = await sendMessageMails(t.app.deps, later());
      expect(run.skipped).toContain(recipient.id);
      expect(await mailsTo(recipient.email)).toHaveLength(0);
    });

    it('sends no mail when the messages were read before the delay', async () => {
      const sender = await signUp(t, { name: 'Esi Quaye' });
      const recipient = await onboardedProvider(t, { name: 'Nana Addo' });
      const id = await start(sender, recipient);
      expect((await send(sender, id, 'First')).statusCode).toBe(201);
      const last = await send(sender, id, 'Second');
      const read = await call(t, 'POST', `/api/conversations/${id}/read`, recipient.cookie, {
        seq: last.json().seq,
      });
      expect(read.statusCode, read.body).toBe(200);
      const run = await sendMessageMails(t.app.deps, later());
      expect(run.mailed.map((m) => m.userId)).not.toContain(recipient.id);
      expect(await mailsTo(recipient.email)).toHaveLength(0);
    });
  });
});
