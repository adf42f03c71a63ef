import type { RealtimeEvent } from '@adwuma/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../features/realtime/test/fake-socket.ts';
import { RealtimeClient } from './realtime.ts';

const conversationEvent = (id: string): RealtimeEvent => ({ type: 'conversation', conversation_id: id });

let client: RealtimeClient;

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  // No jitter: the delays are exactly 1 s, 2 s, 4 s, ...
  vi.spyOn(Math, 'random').mockReturnValue(0);
  client = new RealtimeClient(() => 'ws://test/api/realtime');
});

afterEach(() => {
  client.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RealtimeClient', () => {
  it('connects from now, then applies events in order and skips a repeated seq', () => {
    const seen: [string, number][] = [];
    client.onEvent((event, seq) => seen.push([event.type, seq]));
    client.start();
    expect(client.state).toBe('connecting');
    expect(FakeSocket.last().url).toBe('ws://test/api/realtime');

    FakeSocket.last().ready(10);
    expect(client.state).toBe('open');
    expect(client.lastSeq).toBe(10);
    FakeSocket.last().frame({ type: 'event', seq: 11, event: conversationEvent('c-1') });
    FakeSocket.last().frame({ type: 'event', seq: 11, event: conversationEvent('c-1') });
    FakeSocket.last().frame({ type: 'event', seq: 12, event: conversationEvent('c-2') });
    FakeSocket.last().frame({ type: 'event', seq: 9, event: conversationEvent('old') });

    expect(seen).toEqual([
      ['conversation', 11],
      ['conversation', 12],
    ]);
    expect(client.lastSeq).toBe(12);
  });

  it('reconnects with backoff (1 s, 2 s, 4 s) and asks for what came after the last event', () => {
    client.start();
    FakeSocket.last().ready(3);
    FakeSocket.last().frame({ type: 'event', seq: 4, event: conversationEvent('c-1') });

    FakeSocket.last().drop();
    expect(client.state).toBe('reconnecting');
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    expect(FakeSocket.last().url).toBe('ws://test/api/realtime?since=4');

    // That try fails too: the next wait is doubled.
    FakeSocket.last().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);

    FakeSocket.last().drop();
    vi.advanceTimersByTime(3999);
    expect(FakeSocket.all).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(4);
    expect(FakeSocket.last().url).toBe('ws://test/api/realtime?since=4');

    // Once through, the backoff starts again from 1 s.
    FakeSocket.last().ready(4);
    expect(client.state).toBe('open');
    expect(client.attempts).toBe(0);
    FakeSocket.last().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(5);
  });

  it('does not apply an event replayed after a reconnect twice', () => {
    const seen: number[] = [];
    client.onEvent((_event, seq) => seen.push(seq));
    client.start();
    FakeSocket.last().ready(0);
    FakeSocket.last().frame({ type: 'event', seq: 1, event: conversationEvent('c-1') });
    FakeSocket.last().drop();
    vi.advanceTimersByTime(1000);
    // The server replays from since=1, and (by a race) 1 once more.
    FakeSocket.last().frame({ type: 'event', seq: 1, event: conversationEvent('c-1') });
    FakeSocket.last().frame({ type: 'event', seq: 2, event: conversationEvent('c-2') });
    FakeSocket.last().ready(2);
    expect(seen).toEqual([1, 2]);
  });

  it('signals a reset and continues from its seq', () => {
    const controls: string[] = [];
    const seen: number[] = [];
    client.onControl((signal) => controls.push(signal));
    client.onEvent((_event, seq) => seen.push(seq));
    client.start();
    FakeSocket.last().ready(5);
    FakeSocket.last().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.last().url).toContain('?since=5');
    FakeSocket.last().frame({ type: 'reset', seq: 40 });
    FakeSocket.last().ready(40);
    FakeSocket.last().frame({ type: 'event', seq: 41, event: conversationEvent('c-1') });
    expect(controls).toEqual(['ready', 'reset', 'ready']);
    expect(client.lastSeq).toBe(41);
    expect(seen).toEqual([41]);
  });

  it('measures latency with a ping and stops for good on sign-out', () => {
    const now = vi.spyOn(performance, 'now');
    now.mockReturnValue(1000);
    client.start();
    FakeSocket.last().ready(0);
    const ping = FakeSocket.last().sent.at(-1) as { type: string; id: string };
    expect(ping.type).toBe('ping');
    now.mockReturnValue(1042);
    FakeSocket.last().frame({ type: 'pong', id: ping.id, server_time: new Date().toISOString() });
    expect(client.latencyMs).toBe(42);

    client.stop();
    expect(client.state).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(client.ping()).toBe(false);
  });
});
