import { MESSAGE_MAX_LENGTH, MESSAGING_TEXT, SEND_LIMIT } from '@adwuma/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser } from '../../test/auth.ts';
import { call, conversationPair, onboardedProvider } from '../../test/providers.ts';
import { listenLoopback, openSocket } from '../../test/realtime.ts';

describe('messaging', () => {
  let t: TestApp;
  let base: string;
  let customer: TestUser;
  let provider: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    base = await listenLoopback(t.app);
    customer = await signUp(t, { name: 'Ama Mensah' });
    provider = await onboardedProvider(t, { name: 'Kofi Boateng' });
  });
  afterAll(() => t.close());

  it('delivers a message live to the other side, in order, and catches up after a drop', async () => {
    const start = await call(t, 'POST', '/api/conversations', customer.cookie, { recipient_id: provider.id });
    expect(start.statusCode, start.body).toBe(200);
    const conversation = start.json();
    const socket = await openSocket(base, provider.cookie);
    const ready = await socket.ready();
    const sent = await call(t, 'POST', `/api/conversations/${conversation.id}/messages`, customer.cookie, {
      body: 'Hello <b>Kofi</b>',
      client_id: 'c1',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const event = await socket.waitFor(() => socket.events().find((e) => e.event.type === 'message'));
    // The first unread message also brings a notice (its own event), numbered in the same stream.
    expect(socket.events().map((e) => e.seq)).toEqual(socket.events().map((_, i) => ready.seq + 1 + i));
    expect(event.event).toMatchObject({ type: 'message', message: { body: 'Hello <b>Kofi</b>', seq: 1 } });
    await socket.close();
    for (const body of ['two', 'three']) {
      await call(t, 'POST', `/api/conversations/${conversation.id}/messages`, customer.cookie, { body });
    }
    const again = await openSocket(base, provider.cookie, { since: event.seq });
    await again.ready();
    expect(again.events().flatMap((e) => (e.event.type === 'message' ? [e.event.message.body] : []))).toEqual(
      ['two', 'three'],
    );
    await again.close();
  });

  it('answers 404 to outsiders on someone else’s conversation, as for one that does not exist', async () => {
    const { a, conversationId } = await conversationPair(t);
    await call(t, 'POST', `/api/conversations/${conversationId}/messages`, a.cookie, { body: 'private' });
    const outsider = await signUp(t);
    const attempts = [
      call(t, 'GET', `/api/conversations/${conversationId}`, outsider.cookie),
      call(t, 'POST', `/api/conversations/${conversationId}/messages`, outsider.cookie, { body: 'hi' }),
      call(t, 'POST', `/api/conversations/${conversationId}/read`, outsider.cookie, { seq: 1 }),
      call(t, 'GET', '/api/conversations/00000000-0000-4000-8000-000000000000', outsider.cookie),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.message).toBe(MESSAGING_TEXT.noConversation);
    }
    // Nothing was added by the outsider.
    const thread = await call(t, 'GET', `/api/conversations/${conversationId}`, a.cookie);
    expect(thread.json().messages.map((m: { body: string }) => m.body)).toEqual(['private']);
    const list = await call(t, 'GET', '/api/conversations', outsider.cookie);
    expect(list.json().items).toEqual([]);
  });

  it('refuses a message over 5,000 characters and a 100 KB one with 400', async () => {
    const { a, conversationId } = await conversationPair(t);
    const url = `/api/conversations/${conversationId}/messages`;
    const justOver = await call(t, 'POST', url, a.cookie, { body: 'a'.repeat(MESSAGE_MAX_LENGTH + 1) });
    expect(justOver.statusCode, justOver.body).toBe(400);
    expect(justOver.json().error.message).toContain(MESSAGING_TEXT.tooLong);
    const huge = await call(t, 'POST', url, a.cookie, { body: 'b'.repeat(100 * 1024) });
    expect(huge.statusCode, huge.body).toBe(400);
    expect(huge.json().error.code).toBe('VALIDATION_ERROR');
    // Exactly the cap is fine.
    const atCap = await call(t, 'POST', url, a.cookie, { body: 'c'.repeat(MESSAGE_MAX_LENGTH) });
    expect(atCap.statusCode, atCap.body).toBe(201);
    expect(atCap.json().body).toHaveLength(MESSAGE_MAX_LENGTH);
    const empty = await call(t, 'POST', url, a.cookie, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(MESSAGING_TEXT.empty);
  });

  it('stores and returns HTML or script as plain text, verbatim', async () => {
    const { a, b, conversationId } = await conversationPair(t);
    const body = '<script>alert("x")</script><img src=x onerror="alert(1)"> & <b>bold</b>';
    const socket = await openSocket(base, b.cookie);
    await socket.ready();
    const sent = await call(t, 'POST', `/api/conversations/${conversationId}/messages`, a.cookie, { body });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.headers['content-type']).toMatch(/^application\/json/);
    expect(sent.json().body).toBe(body);
    const thread = await call(t, 'GET', `/api/conversations/${conversationId}`, b.cookie);
    expect(thread.json().messages[0].body).toBe(body);
    const live = await socket.waitFor(() => socket.events().find((e) => e.event.type === 'message'));
    expect(live.event.type === 'message' && live.event.message.body).toBe(body);
    const list = await call(t, 'GET', '/api/conversations', b.cookie);
    expect(list.json().items[0].last_message.preview).toBe(body);
    await socket.close();
  });

  it('refuses a send flood over REST with 429 RATE_LIMITED and how long to wait', async () => {
    const { a, b, conversationId } = await conversationPair(t);
    const url = `/api/conversations/${conversationId}/messages`;
    const results = await Promise.all(
      Array.from({ length: SEND_LIMIT.max + 5 }, (_, i) =>
        call(t, 'POST', url, a.cookie, { body: `flood ${i}` }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(SEND_LIMIT.max);
    const refused = results.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(5);
    for (const res of refused) {
      const { error } = res.json();
      expect(error.code).toBe('RATE_LIMITED');
      const seconds = error.details.retry_after_seconds;
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(SEND_LIMIT.windowMs / 1000);
      expect(error.message).toBe(MESSAGING_TEXT.rateLimited(seconds));
    }
    // The other side is counted on its own.
    const reply = await call(t, 'POST', url, b.cookie, { body: 'slow down' });
    expect(reply.statusCode, reply.body).toBe(201);
    // Nothing refused was stored: the thread holds the accepted ones and the reply.
    const thread = await call(t, 'GET', `/api/conversations/${conversationId}`, b.cookie);
    expect(thread.json().conversation.last_seq).toBe(SEND_LIMIT.max + 1);
  });

  it('answers a retried send (same client_id, even at once) with the first message, stored once', async () => {
    const a = await signUp(t, { name: 'Abena Ofori' });
    const b = await onboardedProvider(t, { name: 'Kwesi Arthur' });
    const started = await call(t, 'POST', '/api/conversations', a.cookie, { recipient_id: b.id });
    const conversationId = started.json().id;
    const url = `/api/conversations/${conversationId}/messages`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(t, 'POST', url, a.cookie, { body: 'Once only', client_id: 'retry-1' }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    const again = await call(t, 'POST', url, a.cookie, { body: 'Once only', client_id: 'retry-1' });
    expect(again.statusCode).toBe(200);
    const thread = await call(t, 'GET', `/api/conversations/${conversationId}`, a.cookie);
    expect(thread.json().messages.map((m: { body: string }) => m.body)).toEqual(['Once only']);
  });

  it('answers, stores and sends the same message, with one notice for the first unread one (one-statement send)', async () => {
    const { a, b, conversationId } = await conversationPair(t);
    const socket = await openSocket(base, b.cookie);
    const ready = await socket.ready();
    const url = `/api/conversations/${conversationId}/messages`;
    const first = await call(t, 'POST', url, a.cookie, {
      body: '  Are you free on Saturday?  ',
      client_id: 'q1',
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await call(t, 'POST', url, a.cookie, { body: 'Morning is best' });
    expect(second.statusCode, second.body).toBe(201);
    const events = await socket.waitFor(() => (socket.events().length === 3 ? socket.events() : undefined));
    // Numbered after `ready`, in order: the message, its notice, the next message (no second notice).
    expect(events.map((e) => [e.seq, e.event.type])).toEqual([
      [ready.seq + 1, 'message'],
      [ready.seq + 2, 'notification'],
      [ready.seq + 3, 'message'],
    ]);
    // The answer, the event and the thread (read back through toMessage) agree to the character.
    const thread = await call(t, 'GET', `/api/conversations/${conversationId}`, b.cookie);
    const stored = thread.json().messages;
    expect(stored).toEqual([first.json(), second.json()]);
    expect(events[0]!.event).toEqual({ type: 'message', message: first.json() });
    expect(events[2]!.event).toEqual({ type: 'message', message: second.json() });
    expect(first.json()).toMatchObject({
      body: 'Are you free on Saturday?',
      client_id: 'q1',
      seq: 1,
      sender_id: a.id,
    });
    // The notice as the bell lists it, named as the provider sees a customer ("Efua A.").
    const bell = await call(t, 'GET', '/api/notifications', b.cookie);
    const notice = bell.json().items.find((n: { kind: string }) => n.kind === 'message');
    expect(notice).toMatchObject({
      title: 'New message from Efua A.',
      body: 'Are you free on Saturday?',
      link: `/messaging?c=${conversationId}`,
      read_at: null,
    });
    expect(events[1]!.event).toEqual({ type: 'notification', notification: notice });
    // The sender has read their own messages; the recipient has two unread.
    const unread = await call(t, 'GET', '/api/messages/unread', b.cookie);
    expect(unread.json()).toEqual({ conversations: 1, messages: 2 });
    await socket.close();
  });

  it('delivers a message too large for a NOTIFY payload (fetched by the receiving process), in order', async () => {
    const { a, b, conversationId } = await conversationPair(t);
    const socket = await openSocket(base, b.cookie);
    await socket.ready();
    // 2,500 emoji: 5,000 characters, 10,000 bytes of UTF-8 — more than NOTIFY carries inline.
    const big = '😀'.repeat(2500);
    for (const body of [big, 'small after big']) {
      const res = await call(t, 'POST', `/api/conversations/${conversationId}/messages`, a.cookie, { body });
      expect(res.statusCode, res.body).toBe(201);
    }
    const bodies = await socket.waitFor(() => {
      const got = socket.events().flatMap((e) => (e.event.type === 'message' ? [e.event.message.body] : []));
      return got.length === 2 ? got : undefined;
    });
    expect(bodies).toEqual([big, 'small after big']);
    const seqs = socket.events().map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    await socket.close();
  });
});
