import type { Message } from '@adwuma/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_MESSAGE } from '../../lib/api.ts';
import { isNetworkFailure, Outbox, type OutboxEntry, type OutboxStorage, outboxKey } from './outbox.ts';

/** localStorage's part the outbox uses, kept in a Map (one "device"). */
function memoryStorage(): OutboxStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const saved = (entry: OutboxEntry, seq: number): Message => ({
  id: `m-${seq}`,
  conversation_id: entry.conversationId,
  seq,
  sender_id: 'user-1',
  body: entry.body,
  client_id: entry.clientId,
  attachment: null,
  context: null,
  created_at: new Date().toISOString(),
});

/** An outbox whose network the test switches and whose sends it records. */
function setup(
  options: { storage?: ReturnType<typeof memoryStorage>; answer?: (e: OutboxEntry) => Promise<Message> } = {},
) {
  const storage = options.storage ?? memoryStorage();
  const net = { online: true };
  const sent: string[] = [];
  let seq = 0;
  const timers: (() => void)[] = [];
  const send = vi.fn(async (entry: OutboxEntry) => {
    sent.push(entry.clientId);
    if (options.answer) return options.answer(entry);
    seq += 1;
    return saved(entry, seq);
  });
  const box = new Outbox('user-1', {
    storage,
    send,
    isOnline: () => net.online,
    setTimer: (run) => timers.push(run),
    clearTimer: () => {},
  });
  return { box, storage, net, sent, send, timers };
}

const write = (box: Outbox, clientId: string, body = clientId, conversationId = 'conv-1') =>
  box.add({ clientId, conversationId, body });

describe('the outbox of messages written offline (issue 21)', () => {
  it('keeps what is written offline, in order, and sends it in that order when the network returns', async () => {
    const { box, net, sent } = setup();
    net.online = false;
    await write(box, 'a', 'First');
    await write(box, 'b', 'Second');
    await write(box, 'c', 'Third', 'conv-2');
    expect(sent).toEqual([]);
    expect(box.list().map((e) => [e.clientId, e.state])).toEqual([
      ['a', 'waiting'],
      ['b', 'waiting'],
      ['c', 'waiting'],
    ]);

    net.online = true;
    const sentMessages: string[] = [];
    box.subscribe((change) => {
      if (change.type === 'sent') sentMessages.push(change.message.client_id ?? '');
    });
    await box.flush();
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(sentMessages).toEqual(['a', 'b', 'c']);
    expect(box.list()).toEqual([]);
  });

  it('keeps one entry per client id and sends it once, however often a flush is asked for', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { box, sent } = setup({
      answer: async (entry) => {
        await gate;
        return saved(entry, 1);
      },
    });
    const first = write(box, 'same', 'Hello');
    const again = write(box, 'same', 'Hello');
    void box.flush();
    void box.flush();
    expect(box.list()).toHaveLength(1);
    release();
    await Promise.all([first, again]);
    expect(sent).toEqual(['same']);
    expect(box.list()).toEqual([]);
  });

  it('survives a reload: a new outbox on the same device sends the waiting messages with their client ids', async () => {
    const storage = memoryStorage();
    const before = setup({ storage });
    before.net.online = false;
    await write(before.box, 'k1', 'Are you coming today?');
    await write(before.box, 'k2', 'Call me when close', 'conv-2');
    expect(JSON.parse(storage.data.get(outboxKey('user-1')) ?? '[]')).toHaveLength(2);
    // Another user's outbox on the same device is their own.
    expect(new Outbox('user-2', { storage, isOnline: () => false }).list()).toEqual([]);

    const after = setup({ storage });
    expect(after.box.list().map((e) => [e.clientId, e.conversationId, e.body, e.state])).toEqual([
      ['k1', 'conv-1', 'Are you coming today?', 'waiting'],
      ['k2', 'conv-2', 'Call me when close', 'waiting'],
    ]);
    await after.box.flush();
    expect(after.sent).toEqual(['k1', 'k2']);
    expect(storage.data.has(outboxKey('user-1'))).toBe(false);
  });

  it('a message on its way when the page closed waits again after the reload', async () => {
    const storage = memoryStorage();
    storage.setItem(
      outboxKey('user-1'),
      JSON.stringify([
        {
          clientId: 'x',
          conversationId: 'conv-1',
          body: 'Hi',
          createdAt: '2026-11-27T10:00:00Z',
          state: 'sending',
        },
        {
          clientId: 'x',
          conversationId: 'conv-1',
          body: 'Hi',
          createdAt: '2026-11-27T10:00:00Z',
          state: 'sending',
        },
        { nonsense: true },
      ]),
    );
    const { box } = setup({ storage });
    expect(box.list().map((e) => [e.clientId, e.state])).toEqual([['x', 'waiting']]);
  });

  it('a network failure keeps the message waiting (and the ones after it), and tries again later', async () => {
    let down = true;
    const { box, sent, timers } = setup({
      answer: async (entry) => {
        if (down) throw new ApiError(0, 'NETWORK_ERROR', NETWORK_MESSAGE);
        return saved(entry, 1);
      },
    });
    await write(box, 'n1');
    await write(box, 'n2');
    expect(sent).toEqual(['n1', 'n1']);
    expect(box.list().map((e) => e.state)).toEqual(['waiting', 'waiting']);
    expect(box.get('n1')?.error).toBeUndefined();
    expect(timers.length).toBeGreaterThan(0);

    down = false;
    timers.at(-1)?.();
    await box.flush();
    expect(sent.slice(-2)).toEqual(['n1', 'n2']);
    expect(box.list()).toEqual([]);
  });

  it('a refusal (4xx with a message) is failed with the reason, does not hold up the next, and Retry sends the same client id', async () => {
    const storage = memoryStorage();
    let refuse = true;
    const { box, sent } = setup({
      storage,
      answer: async (entry) => {
        if (entry.clientId === 'r1' && refuse)
          throw new ApiError(403, 'FORBIDDEN', "You can't message this user.");
        return saved(entry, 1);
      },
    });
    await write(box, 'r1');
    await write(box, 'r2');
    expect(sent).toEqual(['r1', 'r2']);
    expect(box.list().map((e) => [e.clientId, e.state, e.error])).toEqual([
      ['r1', 'failed', "You can't message this user."],
    ]);
    // Still shown as failed after a reload.
    expect(setup({ storage }).box.get('r1')?.state).toBe('failed');

    refuse = false;
    await box.retry('r1');
    expect(sent).toEqual(['r1', 'r2', 'r1']);
    expect(box.list()).toEqual([]);
  });

  it('Delete forgets a refused message', async () => {
    const { box, storage } = setup({
      answer: async () => {
        throw new ApiError(422, 'VALIDATION_ERROR', 'Too long');
      },
    });
    await write(box, 'd1');
    expect(box.get('d1')?.state).toBe('failed');
    box.remove('d1');
    expect(box.list()).toEqual([]);
    expect(storage.data.has(outboxKey('user-1'))).toBe(false);
  });

  it('tells network failures from refusals', () => {
    expect(isNetworkFailure(new ApiError(0, 'NETWORK_ERROR', NETWORK_MESSAGE))).toBe(true);
    expect(isNetworkFailure(new ApiError(503, 'HTTP_ERROR', 'Unavailable'))).toBe(true);
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkFailure(new ApiError(429, 'RATE_LIMITED', 'Slow down'))).toBe(false);
    expect(isNetworkFailure(new ApiError(403, 'FORBIDDEN', 'Blocked'))).toBe(false);
  });
});
