import type { AddressInfo } from 'node:net';
import type { ServerFrame } from '@adwuma/shared';
import WebSocket from 'ws';
import type { App } from '../types.ts';
import { ORIGIN } from './auth.ts';

/** Makes the app listen on a free loopback port; answers its ws:// base URL. */
export async function listenLoopback(app: App): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}`;
}

/** A realtime client for tests: keeps every frame and waits for the ones it expects (no sleeps). */
export class TestSocket {
  readonly frames: ServerFrame[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters: (() => void)[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as ServerFrame);
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Waits until `check` answers something truthy for the frames so far; fails after `timeoutMs`. */
  async waitFor<T>(
    check: (frames: ServerFrame[]) => T | undefined | false | null,
    timeoutMs = 5000,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = check(this.frames);
      if (found) return found;
      if (Date.now() > deadline) {
        throw new Error(`timed out; frames so far: ${JSON.stringify(this.frames).slice(0, 2000)}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The stored events received, in order. */
  events() {
    return this.frames.flatMap((f) => (f.type === 'event' ? [f] : []));
  }

  ready(): Promise<Extract<ServerFrame, { type: 'ready' }>> {
    return this.waitFor(
      (frames) => frames.find((f) => f.type === 'ready') as Extract<ServerFrame, { type: 'ready' }>,
    );
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.ws.close();
    await this.waitFor(() => this.closed);
  }
}

/**
 * Opens /api/realtime with a session cookie (and `since`, to catch up). Resolves once open; rejects
 * with the HTTP status when the upgrade is refused.
 */
export function openSocket(
  baseUrl: string,
  cookie: string | undefined,
  opts: { since?: number; origin?: string } = {},
): Promise<TestSocket> {
  const url = `${baseUrl}/api/realtime${opts.since === undefined ? '' : `?since=${opts.since}`}`;
  const ws = new WebSocket(url, {
    headers: { origin: opts.origin ?? ORIGIN, ...(cookie ? { cookie } : {}) },
  });
  const socket = new TestSocket(ws);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}
