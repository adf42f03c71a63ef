import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { signUp } from '../../test/auth.ts';
import { listenLoopback, openSocket } from '../../test/realtime.ts';

describe('realtime on shutdown', () => {
  it('closes open sockets with 1001 "going away", so clients reconnect elsewhere', async () => {
    const t = await createTestApp();
    let closed = false;
    try {
      const base = await listenLoopback(t.app);
      const user = await signUp(t);
      const socket = await openSocket(base, user.cookie);
      await socket.ready();
      await t.close();
      closed = true;
      expect(await socket.waitFor(() => socket.closed)).toEqual({
        code: 1001,
        reason: 'Server shutting down',
      });
    } finally {
      if (!closed) await t.close();
    }
  });
});
