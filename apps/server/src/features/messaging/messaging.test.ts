import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser } from '../../test/auth.ts';
import { call, onboardedProvider } from '../../test/providers.ts';
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
    expect(event.seq).toBe(ready.seq + 1);
    expect(event.event).toMatchObject({ type: 'message', message: { body: 'Hello <b>Kofi</b>', seq: 1 } });
    await socket.close();
    for (const body of ['two', 'three']) {
      await call(t, 'POST', `/api/conversations/${conversation.id}/messages`, customer.cookie, { body });
    }
    const again = await openSocket(base, provider.cookie, { since: event.seq });
    await again.ready();
    expect(again.events().map((e) => e.event.type === 'message' && e.event.message.body)).toEqual([
      'two',
      'three',
    ]);
    await again.close();
  });
});
