import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openPostgres } from '../../db/client.ts';
import { subscribers } from '../../db/schema.ts';
import { createTestApp, databaseUrlOf, type TestApp, uniqueEmail } from '../../test/app.ts';
import { ORIGIN, uniqueIp } from '../../test/auth.ts';
import type { App } from '../../types.ts';

/**
 * A TCP proxy in front of the shared Postgres server that the test can cut: the app instance behind
 * it loses its database (connections reset, new ones refused) while the server and every other test
 * go on. Never stops the machine's Postgres.
 */
class BreakableProxy {
  private server: net.Server | undefined;
  private sockets = new Set<net.Socket>();
  /** Connections to refuse (accept, then reset) before forwarding again. */
  rejectNext = 0;
  rejected = 0;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async listen(): Promise<void> {
    const server = net.createServer((client) => {
      if (this.rejectNext > 0) {
        this.rejectNext--;
        this.rejected++;
        client.resetAndDestroy();
        return;
      }
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** The database goes away: live connections are cut and the port refuses new ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.resetAndDestroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  /** Cuts live connections but keeps listening (a restart of the server behind). */
  dropConnections(): void {
    for (const socket of this.sockets) socket.resetAndDestroy();
  }
}

async function waitFor(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const joinWaitlist = (app: App, email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/waitlist',
    payload: { email },
    remoteAddress: uniqueIp(),
    headers: { origin: ORIGIN },
  });

const UNAVAILABLE = {
  error: {
    code: 'SERVICE_UNAVAILABLE',
    message: "Adwuma can't reach its database right now. Please try again in a moment.",
  },
};

describe.runIf(process.env.TEST_DB === 'postgres')('database faults (Postgres server)', () => {
  let first: TestApp;
  let proxy: BreakableProxy;
  let app: App;
  let dataDir: string;

  beforeAll(async () => {
    first = await createTestApp();
    const url = new URL(databaseUrlOf(first.database));
    proxy = new BreakableProxy(url.hostname, Number(url.port || 5432));
    await proxy.listen();
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-test-'));
    const database = await openPostgres(url.toString(), 5);
    // No job workers: their polling would only add noise to the connection counts.
    app = await buildApp({ ...first.app.deps.config, dataDir, runJobs: false }, { database, logger: false });
  });

  afterAll(async () => {
    await proxy?.cut().catch(() => {});
    await app?.close().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
    await first?.close();
  });

  it('retries a write whose connection could not be made, and stores it once', async () => {
    proxy.dropConnections();
    const pool = app.deps.database.pool!;
    await waitFor(() => pool.totalCount === 0, 'the pool to drop its broken clients');
    proxy.rejectNext = 2;
    const email = uniqueEmail('retry');
    const res = await joinWaitlist(app, email);
    expect(res.statusCode).toBe(201);
    expect(proxy.rejected).toBeGreaterThanOrEqual(1);
    const stored = await first.database.db.select().from(subscribers).where(eq(subscribers.email, email));
    expect(stored).toHaveLength(1);
  });

  it('answers 503 + Retry-After on reads, writes and sign-in while the database is away, then recovers', async () => {
    await proxy.cut();

    const read = await app.inject({ method: 'GET', url: '/api/categories', remoteAddress: uniqueIp() });
    expect(read.statusCode).toBe(503);
    expect(read.headers['retry-after']).toBe('2');
    expect(read.json()).toEqual(UNAVAILABLE);

    const email = uniqueEmail('down');
    const write = await joinWaitlist(app, email);
    expect(write.statusCode).toBe(503);
    expect(write.headers['retry-after']).toBe('2');
    expect(write.json()).toEqual(UNAVAILABLE);

    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: uniqueEmail('signin'), password: 'Passw0rd!' },
      remoteAddress: uniqueIp(),
      headers: { origin: ORIGIN },
    });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.headers['retry-after']).toBe('2');
    expect(signIn.json()).toEqual(UNAVAILABLE);

    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'degraded', checks: { database: 'unreachable' } });

    // Nothing half-written by the refused write.
    const none = await first.database.db.select().from(subscribers).where(eq(subscribers.email, email));
    expect(none).toHaveLength(0);

    await proxy.listen();
    await waitFor(
      async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200,
      'the health check to recover',
    );
    const again = await joinWaitlist(app, email);
    expect(again.statusCode).toBe(201);
    const readAgain = await app.inject({ method: 'GET', url: '/api/categories', remoteAddress: uniqueIp() });
    expect(readAgain.statusCode).toBe(200);
  });
});
