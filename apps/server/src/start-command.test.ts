import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const BUILD_STEP = 'npm run build && ';

/** What `npm start` runs after the web build: the command under test (the build is slow and tested elsewhere). */
function serverCommand(): string {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const start: string = scripts.start;
  expect(start.startsWith(BUILD_STEP)).toBe(true);
  return start.slice(BUILD_STEP.length);
}

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

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** Whether any process of the group (the spawned process and anything it started) is alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(process.env.TEST_DB === 'postgres')('npm start (the production command)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-start-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('runs in production mode and stops, with everything it started, on SIGTERM to its PID', async () => {
    const port = await freePort();
    const { NODE_ENV: _unset, ...env } = process.env;
    // sh -c as npm runs a script; detached: a process group of its own, to find any leftover child.
    const child = spawn('sh', ['-c', serverCommand()], {
      cwd: root,
      detached: true,
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
        DEV_OUTBOX: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    const pid = child.pid!;
    try {
      for (;;) {
        if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
        const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (res) => res.ok,
          () => false,
        );
        if (ok) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      // Production by default: JSON log lines (no pretty printer) and no dev outbox.
      expect(output).toMatch(/^\{"level":30,.*"msg":"Adwuma is running at/m);
      const outbox = await fetch(`http://127.0.0.1:${port}/api/dev/outbox`);
      expect(outbox.status).toBe(404);

      const sentAt = Date.now();
      process.kill(pid, 'SIGTERM');
      const result = await exited;
      expect(Date.now() - sentAt).toBeLessThan(5_000);
      expect(result).toEqual({ code: 0, signal: null });
      expect(output).toContain('shutting down');
      // A helper process (tsx's esbuild) may take a moment to notice its parent is gone.
      await vi.waitFor(() => expect(groupAlive(pid)).toBe(false), { timeout: 3_000, interval: 50 });
      expect(Date.now() - sentAt).toBeLessThan(5_000);
      expect(await portIsFree(port)).toBe(true);
    } finally {
      if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
    }
  }, 90_000);
});
