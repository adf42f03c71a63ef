import { type ChildProcess, spawn } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { FRAME_LIMIT, FRAME_MAX_BYTES, type ServerFrame } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeEvents } from '../../db/schema.ts';
import { createSecondApp, createTestApp, databaseUrlOf, type TestApp } from '../../test/app.ts';
import { signUp, type TestUser } from '../../test/auth.ts';
import { call } from '../../test/providers.ts';
import { listenLoopback, openSocket, type TestSocket } from '../../test/realtime.ts';

/** A port nobody listens on right now (for the child server). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

type EventFrame = Extract<ServerFrame, { type: 'event' }>;

const messageBodies = (frames: EventFrame[]) =>
  frames.flatMap((f) => (f.event.type === 'message' ? [f.event.message.body] : []));
const messageEvents = (socket: TestSocket) => socket.events().filter((f) => f.event.type === 'message');

describe('realtime', () => {
  let t: TestApp;
  let base: string;

  /** A customer and a provider (explorer) with a conversation between them. */
  async function pair() {
    const customer = await signUp(t, { name: 'Ama Mensah' });
    const provider = await signUp(t, { role: 'explorer', name: 'Kofi Boateng' });
    const res = await call(t, 'POST', '/api/conversations', customer.cookie, { recipient_id: provider.id });
    expect(res.statusCode, res.body).toBe(200);
    return { customer, provider, conversationId: res.json().id as string };
  }

  async function send(from: TestUser, conversationId: string, body: string, app: TestApp = t) {
    const res = await call(app, 'POST', `/api/conversations/${conversationId}/messages`, from.cookie, {
      body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  beforeAll(async () => {
    t = await createTestApp();
    base = await listenLoopback(t.app);
  });
  afterAll(() => t.close());

  it('refuses a socket without a session (401) or from a foreign origin (403)', async () => {
    await expect(openSocket(base, undefined)).rejects.toThrow('upgrade refused: 401');
    const user = await signUp(t);
    await expect(openSocket(base, user.cookie, { origin: 'https://evil.example' })).rejects.toThrow(
      'upgrade refused: 403',
    );
    // The right origin, or none (a native client), is let in.
    const socket = await openSocket(base, user.cookie);
    expect((await socket.ready()).seq).toBe(0);
    await socket.close();
  });

  it('answers catch-up over HTTP with only your own events; a bad since is a 400', async () => {
    const { customer, provider, conversationId } = await pair();
    const outsider = await signUp(t);
    await send(customer, conversationId, 'Akwaaba');
    const mine = await call(t, 'GET', '/api/realtime/events?since=0', provider.cookie);
    expect(mine.statusCode, mine.body).toBe(200);
    const answer = mine.json();
    expect(answer.reset).toBe(false);
    expect(answer.events.map((e: { seq: number }) => e.seq)).toEqual(
      Array.from({ length: answer.seq }, (_, i) => i + 1),
    );
    expect(answer.events.some((e: EventFrame) => e.event.type === 'message')).toBe(true);
    const theirs = await call(t, 'GET', '/api/realtime/events?since=0', outsider.cookie);
    expect(theirs.json()).toEqual({ events: [], seq: 0, reset: false });
    for (const since of ['-1', 'abc', '1.5', '1e400', '', '+3']) {
      const bad = await call(t, 'GET', `/api/realtime/events?since=${since}`, provider.cookie);
      expect(bad.statusCode, `since=${since}`).toBe(400);
    }
    expect((await call(t, 'GET', '/api/realtime/events', provider.cookie)).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/realtime/events?since=0')).statusCode).toBe(401);
  });

  it('delivers 20 concurrent messages from both sides to each member once, in order', async () => {
    const { customer, provider, conversationId } = await pair();
    const sockets = [await openSocket(base, customer.cookie), await openSocket(base, provider.cookie)];
    const readies = await Promise.all(sockets.map((s) => s.ready()));
    const sent = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(i % 2 ? provider : customer, conversationId, `m${i}`)),
    );
    expect(new Set(sent.map((m) => m.seq)).size).toBe(20);
    for (const [i, socket] of sockets.entries()) {
      await socket.waitFor(() => messageEvents(socket).length >= 20);
      const events = socket.events();
      // Every stored event (messages, the notice of the first unread one) numbered without a gap.
      expect(events.map((e) => e.seq)).toEqual(events.map((_, k) => readies[i]!.seq + 1 + k));
      const messages = messageEvents(socket).map(
        (e) => (e.event.type === 'message' ? e.event.message : null)!,
      );
      expect(messages).toHaveLength(20);
      expect(new Set(messages.map((m) => m.id))).toEqual(new Set(sent.map((m) => m.id)));
      const seqs = messages.map((m) => m.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(seqs).toEqual(Array.from({ length: 20 }, (_, k) => k + 1));
    }
    await Promise.all(sockets.map((s) => s.close()));
  });

  it('replays what was missed while offline, then a reset when it is no longer kept', async () => {
    const { customer, provider, conversationId } = await pair();
    const first = await openSocket(base, provider.cookie);
    const ready = await first.ready();
    await first.close();
    for (let i = 1; i <= 5; i++) await send(customer, conversationId, `offline ${i}`);

    const again = await openSocket(base, provider.cookie, { since: ready.seq });
    const back = await again.ready();
    const replayed = again.events();
    expect(replayed.map((e) => e.seq)).toEqual(replayed.map((_, k) => ready.seq + 1 + k));
    expect(back.seq).toBe(replayed.at(-1)!.seq);
    expect(messageBodies(replayed)).toEqual([
      'offline 1',
      'offline 2',
      'offline 3',
      'offline 4',
      'offline 5',
    ]);
    // The replay hands over to live delivery without a gap or a duplicate.
    await send(customer, conversationId, 'live');
    await again.waitFor(() => messageBodies(again.events()).includes('live'));
    expect(again.events().map((e) => e.seq)).toEqual(again.events().map((_, k) => ready.seq + 1 + k));
    expect(messageBodies(again.events())).toEqual([
      'offline 1',
      'offline 2',
      'offline 3',
      'offline 4',
      'offline 5',
      'live',
    ]);
    await again.close();

    // Events pruned: a since that old is answered with a reset to the newest seq.
    await t.database.db.delete(realtimeEvents).where(eq(realtimeEvents.user_id, provider.id));
    const stale = await openSocket(base, provider.cookie, { since: ready.seq });
    const reset = await stale.waitFor(() => stale.frames.find((f) => f.type === 'reset'));
    const afterReset = await stale.ready();
    expect(reset.seq).toBe(afterReset.seq);
    expect(afterReset.seq).toBeGreaterThan(ready.seq);
    expect(stale.events()).toEqual([]);
    await stale.close();
    const http = await call(t, 'GET', `/api/realtime/events?since=${ready.seq}`, provider.cookie);
    expect(http.json()).toMatchObject({ events: [], reset: true, seq: afterReset.seq });
  });

  it('tells the sender when the other side has read, never backwards', async () => {
    const { customer, provider, conversationId } = await pair();
    for (const body of ['one', 'two', 'three']) await send(customer, conversationId, body);
    const socket = await openSocket(base, customer.cookie);
    await socket.ready();
    const readsOf = () => socket.events().flatMap((e) => (e.event.type === 'read' ? [e.event] : []));

    const read = (seq: number) =>
      call(t, 'POST', `/api/conversations/${conversationId}/read`, provider.cookie, { seq });
    expect((await read(2)).json()).toEqual({ conversation_id: conversationId, last_read_seq: 2 });
    await socket.waitFor(() => readsOf().length === 1);
    expect(readsOf()[0]).toEqual({
      type: 'read',
      conversation_id: conversationId,
      reader_id: provider.id,
      seq: 2,
    });
    // Backwards is a no-op (and no event); past the end stops at the last message.
    expect((await read(1)).json().last_read_seq).toBe(2);
    expect((await read(99)).json().last_read_seq).toBe(3);
    await socket.waitFor(() => readsOf().length >= 2);
    expect(readsOf().map((r) => r.seq)).toEqual([2, 3]);
    await socket.close();
  });

  it('sends typing to the other member only; typing elsewhere is FORBIDDEN and the socket stays', async () => {
    const { customer, provider, conversationId } = await pair();
    const outsider = await signUp(t);
    const [a, b, c] = await Promise.all(
      [customer, provider, outsider].map((u) => openSocket(base, u.cookie)),
    );
    await Promise.all([a!, b!, c!].map((s) => s.ready()));

    a!.send({ type: 'typing', conversation_id: conversationId });
    const typing = await b!.waitFor(() => b!.frames.find((f) => f.type === 'typing'));
    expect(typing).toEqual({ type: 'typing', conversation_id: conversationId, user_id: customer.id });
    // Once the answer (sent after) reached a, its own typing would have too.
    b!.send({ type: 'typing', conversation_id: conversationId });
    await a!.waitFor(() => a!.frames.find((f) => f.type === 'typing'));
    expect(a!.frames.filter((f) => f.type === 'typing')).toEqual([
      { type: 'typing', conversation_id: conversationId, user_id: provider.id },
    ]);

    c!.send({ type: 'typing', conversation_id: conversationId });
    const refused = await c!.waitFor(() => c!.frames.find((f) => f.type === 'error'));
    expect(refused).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
    c!.send({ type: 'ping', id: 'still-here' });
    await c!.waitFor(() => c!.frames.find((f) => f.type === 'pong' && f.id === 'still-here'));
    expect(c!.closed).toBeNull();
    expect(c!.frames.some((f) => f.type === 'typing')).toBe(false);
    // The refused typing reached nobody.
    expect(b!.frames.filter((f) => f.type === 'typing')).toHaveLength(1);
    await Promise.all([a!, b!, c!].map((s) => s.close()));
  });

  it('refuses forged frames with errors, closes on oversize or binary, and keeps serving others', async () => {
    const user = await signUp(t);
    const socket = await openSocket(base, user.cookie);
    await socket.ready();
    const errors = () => socket.frames.filter((f) => f.type === 'error');
    socket.send('not json {');
    socket.send({ type: 'subscribe', channel: 'everything' });
    socket.send({ type: 'typing', conversation_id: 'not-a-uuid' });
    socket.send({ type: 'ping', id: 'x'.repeat(65) });
    await socket.waitFor(() => errors().length === 4);
    expect(errors().map((f) => f.type === 'error' && f.code)).toEqual([
      'BAD_FRAME',
      'BAD_FRAME',
      'BAD_FRAME',
      'BAD_FRAME',
    ]);
    socket.send({ type: 'ping', id: 'p1' });
    await socket.waitFor(() => socket.frames.find((f) => f.type === 'pong' && f.id === 'p1'));

    socket.send(JSON.stringify({ type: 'ping', id: 'x'.repeat(FRAME_MAX_BYTES) }));
    expect((await socket.waitFor(() => socket.closed)).code).toBe(1009);

    const binary = await openSocket(base, user.cookie);
    await binary.ready();
    binary.ws.send(Buffer.from(JSON.stringify({ type: 'ping', id: 'b' })), { binary: true });
    expect((await binary.waitFor(() => binary.closed)).code).toBe(1003);

    const other = await openSocket(base, (await signUp(t)).cookie);
    await other.ready();
    other.send({ type: 'ping', id: 'after' });
    await other.waitFor(() => other.frames.find((f) => f.type === 'pong' && f.id === 'after'));
    expect((await call(t, 'GET', '/api/health')).statusCode).toBe(200);
    await other.close();
  });

  it('answers a frame flood with RATE_LIMITED errors (with a wait), then closes a client that ignores them', async () => {
    const user = await signUp(t);
    const socket = await openSocket(base, user.cookie);
    await socket.ready();
    const extra = 10;
    for (let i = 0; i < FRAME_LIMIT.max + extra; i++) socket.send({ type: 'ping', id: `p${i}` });
    await socket.waitFor(() => socket.frames.length >= FRAME_LIMIT.max + extra + 1);
    const pongs = socket.frames.filter((f) => f.type === 'pong');
    const limited = socket.frames.filter((f) => f.type === 'error');
    expect(pongs).toHaveLength(FRAME_LIMIT.max);
    expect(limited).toHaveLength(extra);
    for (const f of limited) {
      expect(f).toMatchObject({ type: 'error', code: 'RATE_LIMITED' });
      if (f.type !== 'error') continue;
      expect(f.retry_after_ms).toBeGreaterThan(0);
      expect(f.retry_after_ms).toBeLessThanOrEqual(FRAME_LIMIT.windowMs);
    }
    expect(socket.closed).toBeNull();
    // 20 refusals in a row: the client is not listening, so the socket is closed (policy violation).
    for (let i = 0; i < 20; i++) socket.send({ type: 'ping', id: `q${i}` });
    expect((await socket.waitFor(() => socket.closed)).code).toBe(1008);
  });

  describe('across server instances (Postgres only)', () => {
    // LISTEN/NOTIFY across processes needs a Postgres server; PGlite is one process by design.
    const onPostgres = process.env.TEST_DB === 'postgres';
    let second: TestApp | undefined;
    let child: ChildProcess | undefined;
    let childBase = '';
    let childOutput = '';

    beforeAll(async () => {
      if (!onPostgres) return;
      second = await createSecondApp(t);
      const port = await freePort();
      child = spawn(
        process.execPath,
        ['--import', 'tsx', path.resolve(import.meta.dirname, '../../main.ts')],
        {
          stdio: ['ignore', 'ignore', 'pipe'],
          env: {
            ...process.env,
            NODE_ENV: 'test',
            DATABASE_URL: databaseUrlOf(t.database),
            PORT: String(port),
            HOST: '127.0.0.1',
            PUBLIC_URL: 'http://localhost:3000',
            SEED_DEMO: 'false',
            WEB_DIST_DIR: path.join(t.app.deps.config.dataDir, 'no-web-dist'),
            LOG_LEVEL: 'warn',
            DATA_DIR: path.join(t.app.deps.config.dataDir, 'child'),
          },
        },
      );
      child.on('exit', (code) => {
        if (code !== null && code !== 0) console.error(`child server exited with ${code}: ${childOutput}`);
      });
      child.stderr!.on('data', (data: Buffer) => {
        childOutput = (childOutput + data.toString()).slice(-4000);
      });
      childBase = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 45_000;
      for (;;) {
        const res = await fetch(`${childBase}/api/health`).catch(() => null);
        if (res?.status === 200) break;
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`child server did not become healthy: ${childOutput}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }, 60_000);

    afterAll(async () => {
      if (child && child.exitCode === null) {
        const exited = new Promise((r) => child!.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await second?.close();
    });

    it.skipIf(!onPostgres)(
      'delivers a message sent through one app instance to a socket on another',
      async () => {
        const { customer, provider, conversationId } = await pair();
        const secondBase = await listenLoopback(second!.app);
        const socket = await openSocket(secondBase, provider.cookie);
        await socket.ready();
        const sent = await send(customer, conversationId, 'across instances');
        const got = await socket.waitFor(() =>
          messageEvents(socket).find((e) => e.event.type === 'message' && e.event.message.id === sent.id),
        );
        expect(got.event).toMatchObject({ type: 'message', message: { body: 'across instances' } });
        // Typing crosses too (ephemeral NOTIFY).
        const local = await openSocket(base, customer.cookie);
        await local.ready();
        socket.send({ type: 'typing', conversation_id: conversationId });
        await local.waitFor(() => local.frames.find((f) => f.type === 'typing' && f.user_id === provider.id));
        await Promise.all([socket.close(), local.close()]);
      },
    );

    it.skipIf(!onPostgres)('delivers to a socket held by a separate server process', async () => {
      const { customer, provider, conversationId } = await pair();
      const socket = await openSocket(childBase.replace('http', 'ws'), provider.cookie);
      const ready = await socket.ready();
      const sent = await send(customer, conversationId, 'to another process');
      const got = await socket.waitFor(
        () => messageEvents(socket).find((e) => e.event.type === 'message' && e.event.message.id === sent.id),
        10_000,
      );
      expect(got.seq).toBeGreaterThan(ready.seq);
      await socket.close();
    });
  });
});
