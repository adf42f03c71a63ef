import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signUp } from '../../test/auth.ts';
import { call, onboardedProvider } from '../../test/providers.ts';
import { listenLoopback, openSocket } from '../../test/realtime.ts';

describe('messaging under concurrency', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await listenLoopback(t.app);
  });
  afterAll(() => t.close());

  it('both sides of many conversations sending and reading at once: no error, no deadlock, no gap', async () => {
    const providers = await Promise.all(
      [0, 1, 2].map((i) => onboardedProvider(t, { name: `Kojo Provider${i}` })),
    );
    const customers = await Promise.all(Array.from({ length: 9 }, () => signUp(t)));
    const everyone = [...providers, ...customers];
    const sockets = await Promise.all(everyone.map((u) => openSocket(base, u.cookie)));
    const readies = await Promise.all(sockets.map((s) => s.ready()));
    const failures: string[] = [];
    const record = (label: string, res: { statusCode: number; body: string }) => {
      if (res.statusCode >= 300) failures.push(`${label}: ${res.statusCode} ${res.body}`);
    };
    const ROUNDS = 4;
    const conversations = await Promise.all(
      customers.map(async (c, i) => {
        const p = providers[i % providers.length]!;
        const res = await call(t, 'POST', '/api/conversations', c.cookie, { recipient_id: p.id });
        record('start', res);
        return { id: res.json().id as string, c, p };
      }),
    );
    // Every customer and every provider writes and reads in all their conversations at the same time.
    await Promise.all(
      conversations.flatMap(({ id, c, p }) =>
        [c, p].map(async (me) => {
          for (let k = 0; k < ROUNDS; k++) {
            record(
              'send',
              await call(t, 'POST', `/api/conversations/${id}/messages`, me.cookie, {
                body: `${me.id} ${k}`,
              }),
            );
            record('read', await call(t, 'POST', `/api/conversations/${id}/read`, me.cookie, { seq: 1000 }));
          }
        }),
      ),
    );
    expect(failures).toEqual([]);
    for (const { id, c } of conversations) {
      const thread = (await call(t, 'GET', `/api/conversations/${id}`, c.cookie)).json();
      expect(thread.messages.map((m: { seq: number }) => m.seq)).toEqual(
        Array.from({ length: 2 * ROUNDS }, (_, i) => i + 1),
      );
    }
    // Each socket got its user's events numbered without a gap or a repeat.
    const { db } = t.database;
    for (const [i, socket] of sockets.entries()) {
      const userId = everyone[i]!.id;
      const last = await db.query.realtimeCursors.findFirst({ where: (c, { eq }) => eq(c.user_id, userId) });
      const expected = Array.from(
        { length: (last?.last_seq ?? 0) - readies[i]!.seq },
        (_, k) => readies[i]!.seq + k + 1,
      );
      const seqs = await socket.waitFor(() => {
        const got = socket.events().map((e) => e.seq);
        return got.length >= expected.length ? got : undefined;
      });
      expect(seqs).toEqual(expected);
    }
    for (const s of sockets) await s.close();
  }, 60_000);
});
