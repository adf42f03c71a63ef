import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const mainFile = path.resolve(import.meta.dirname, 'main.ts');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', WEB_DIST_DIR: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function untilHealthy(port: number, child: ChildProcess) {
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited early');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

// A process-level test of main.ts on the embedded database; once is enough.
describe.skipIf(process.env.TEST_DB === 'postgres')('the server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-main-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a second server on the same DATA_DIR and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const first = start({ PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1' });
    try {
      await untilHealthy(port, first.child);
      expect(fs.existsSync(path.join(dataDir, 'adwuma.lock'))).toBe(true);

      const second = start({ PORT: String(await freePort()), DATA_DIR: dataDir, HOST: '127.0.0.1' });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain('is in use by another Adwuma process');
    } finally {
      first.child.kill('SIGTERM');
    }
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shutting down');
    expect(fs.existsSync(path.join(dataDir, 'adwuma.lock'))).toBe(false);
  }, 60_000);

  it('stops at start with a message naming a bad variable', async () => {
    const bad = start({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('PORT:');
  });
});
