import type { ServerFrame } from '@adwuma/shared';

/** A WebSocket the test drives: open it, push frames, drop it. */
export class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: unknown[] = [];
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(public readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = FakeSocket.CLOSED;
  }
  /** The server accepts and says where the stream stands. */
  ready(seq: number) {
    this.readyState = FakeSocket.OPEN;
    this.frame({ type: 'ready', seq, server_time: new Date().toISOString() });
  }
  frame(frame: ServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  /** The connection drops. */
  drop() {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
  }
  static last(): FakeSocket {
    const socket = FakeSocket.all.at(-1);
    if (!socket) throw new Error('no socket');
    return socket;
  }
}
