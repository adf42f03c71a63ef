import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/throwaway-cluster.ts';
import { installProcessGuards, SHUTTING_DOWN_BODY } from './process-handlers.ts';

const serverDir = path.resolve(import.meta.dirname, '../..');

/** Runs a Node script (ESM, with tsx) to its end; answers its exit code and output. */
function runNode(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

describe('process guards', () => {
  it('log an unhandled rejection and an uncaught exception with what they were, and keep the process', () => {
    const proc = new EventEmitter();
    const logged: { object: Record<string, unknown>; message: string }[] = [];
    const guards = installProcessGuards(proc, {
      error: (object, message) => logged.push({ object: object as Record<string, unknown>, message }),
    });
    const rejection = new Error('ECONNREFUSED');
    proc.emit('unhandledRejection', rejection, Promise.resolve());
    const thrown = new Error('boom');
    proc.emit('uncaughtException', thrown, 'uncaughtException');
    expect(logged).toEqual([
      {
        object: { err: rejection, what: 'unhandled rejection' },
        message: 'unhandled rejection; still serving',
      },
      {
        object: { err: thrown, what: 'uncaught exception', origin: 'uncaughtException' },
        message: 'uncaught exception; still serving',
      },
    ]);

    // Once the app's logger exists, it is used; uninstalled, nothing listens any more.
    const later: string[] = [];
    guards.useLog({ error: (_object, message) => later.push(message) });
    proc.emit('unhandledRejection', new Error('later'), Promise.resolve());
    expect(later).toEqual(['unhandled rejection; still serving']);
    guards.uninstall();
    expect(proc.listenerCount('unhandledRejection')).toBe(0);
    expect(proc.listenerCount('uncaughtException')).toBe(0);
  });

  it('keep a real Node process running after a rejection nobody awaits and an exception in a timer', async () => {
    const script = `
      const { installProcessGuards } = await import(${JSON.stringify(path.join(import.meta.dirname, 'process-handlers.ts'))});
      installProcessGuards();
      Promise.reject(new Error('nobody awaits this'));
      setTimeout(() => { throw new Error('thrown in a timer'); });
      setTimeout(() => console.log('still serving'), 50);
    `;
    const run = runNode(['--input-type=module', '-e', script]);
    expect(await run.exited).toBe(0);
    expect(run.stdout()).toContain('still serving');
    const lines = run
      .stderr()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
    expect(lines).toMatchObject([
      { level: 50, what: 'unhandled rejection', err: { message: 'nobody awaits this' } },
      {
        level: 50,
        what: 'uncaught exception',
        origin: 'uncaughtException',
        err: { message: 'thrown in a timer' },
      },
    ]);
  });
});

/** A raw HTTP/1.1 connection, to send a request in parts and pipeline another behind it. */
class RawConnection {
  received = '';
  private readonly socket: net.Socket;
  private waiters: (() => void)[] = [];
  ended = false;

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('data', (d) => {
      this.received += d;
      this.wake();
    });
    this.socket.on('close', () => {
      this.ended = true;
      this.wake();
    });
    this.socket.on('error', () => {});
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  write(text: string) {
    this.socket.write(text);
  }

  async until(check: () => boolean, what: string, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (this.ended || Date.now() > deadline) throw new Error(`no ${what}; received: ${this.received}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

// A process-level test of main.ts on the embedded database; once is enough.
describe.skipIf(process.env.TEST_DB === 'postgres')('SIGTERM', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-sigterm-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('answers a request that arrives on a kept-alive connection meanwhile 503 with Retry-After', async () => {
    const port = await freePort();
    const server = runNode([path.join(serverDir, 'src/main.ts')], {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: '/nonexistent',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
    });
    try {
      const deadline = Date.now() + 45_000;
      while (!(await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok) {
        if (server.child.exitCode !== null || Date.now() > deadline) throw new Error(server.stderr());
        await new Promise((r) => setTimeout(r, 100));
      }
      const connection = new RawConnection(port);
      const body = JSON.stringify({ email: `sigterm-${Date.now()}@example.com` });
      // A sign-up in flight: its headers are in (the server answered 100 Continue, right before it
      // handed the request on), its body not yet.
      connection.write(
        `POST /api/waitlist HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          'Expect: 100-continue\r\n\r\n',
      );
      await connection.until(() => connection.received.includes('100 Continue'), '100 Continue');
      server.child.kill('SIGTERM');
      await connection.until(() => server.stdout().includes('shutting down'), 'shutdown log line');
      // The body, then another request on the same connection.
      connection.write(`${body}GET /api/categories HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      await connection.until(() => connection.ended, 'end of the connection');

      const responses = connection.received.split(/(?=HTTP\/1\.1 )/);
      expect(responses.map((r) => r.split('\r\n')[0])).toEqual([
        'HTTP/1.1 100 Continue',
        'HTTP/1.1 201 Created',
        'HTTP/1.1 503 Service Unavailable',
      ]);
      const [head, rest] = responses[2]!.split('\r\n\r\n') as [string, string];
      expect(head.toLowerCase()).toContain('retry-after: 2');
      expect(head.toLowerCase()).toContain('connection: close');
      expect(JSON.parse(rest)).toEqual(SHUTTING_DOWN_BODY);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
  }, 60_000);
});
