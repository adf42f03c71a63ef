import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openPglite } from '../db/client.ts';
import { acquireDataDirLock } from '../db/data-dir-lock.ts';
import { cookiesFrom, ORIGIN } from '../test/auth.ts';
import { main } from './create-admin.ts';

const cliFile = path.resolve(import.meta.dirname, 'create-admin.ts');
const ENV = { NODE_ENV: 'production', LOG_LEVEL: 'warn' };

/** The command as a user runs it: a process of its own. */
function spawnCli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', cliFile, ...args], {
    env: { ...process.env, ...ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

/** The same command's main in this process (no process start per case): its exit code and output. */
async function run(args: string[], env: Record<string, string>) {
  let output = '';
  const code = await main({
    argv: args,
    env: { ...process.env, ...ENV, ...env },
    out: (text) => {
      output += `${text}\n`;
    },
    err: (text) => {
      output += `${text}\n`;
    },
  });
  return { code, output };
}

// A process-level test of the command on the embedded database (as a user runs it), then the other
// cases through its main in this process; the service it calls is tested on both databases in
// features/admin.
describe.skipIf(process.env.TEST_DB === 'postgres')('npm run create-admin', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-admin-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates an admin on a fresh DATA_DIR who can sign in and open the admin overview', async () => {
    const created = await spawnCli(['--email', 'Chief@Adwuma.test', '--password', 'Adm1n-pass'], {
      DATA_DIR: dataDir,
    });
    expect(created.output).toContain('Created admin chief@adwuma.test');
    expect(created.code).toBe(0);

    const again = await run(['--email', 'chief@adwuma.test'], { DATA_DIR: dataDir });
    expect(again.code).toBe(0);
    expect(again.output).toContain('already an admin');

    const database = await openPglite({ dataDir });
    const config = {
      ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL: ORIGIN, DATA_DIR: dataDir }),
      runJobs: false,
    };
    const app = await buildApp(config, { database, logger: false });
    try {
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN },
        payload: { email: 'chief@adwuma.test', password: 'Adm1n-pass' },
      });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json().user.emailVerified).toBe(true);
      const overview = await app.inject({
        method: 'GET',
        url: '/api/admin/overview',
        headers: { cookie: cookiesFrom(signIn) },
      });
      expect(overview.statusCode).toBe(200);
      expect(overview.json().users.byRole.admin).toBe(1);
    } finally {
      await app.close();
    }
  }, 90_000);

  it('says clearly when the server holds the data folder, and refuses bad input', async () => {
    const lock = acquireDataDirLock(dataDir);
    try {
      const locked = await run(['--email', 'other@adwuma.test', '--password', 'Adm1n-pass'], {
        DATA_DIR: dataDir,
      });
      expect(locked.code).toBe(1);
      expect(locked.output).toContain('is in use by another Adwuma process');
      expect(locked.output).toContain('stop it, run create-admin again');
    } finally {
      lock.release();
    }
    const noEmail = await run(['--password', 'x'], { DATA_DIR: dataDir });
    expect(noEmail.code).toBe(1);
    expect(noEmail.output).toContain('--email is required');
    const weak = await run(['--email', 'weak@adwuma.test', '--password', 'short'], { DATA_DIR: dataDir });
    expect(weak.code).toBe(1);
    expect(weak.output).toContain('--password: Password must be at least 8 characters');
  }, 90_000);
});
