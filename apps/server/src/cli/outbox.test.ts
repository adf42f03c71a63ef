import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client.ts';
import { acquireDataDirLock } from '../db/data-dir-lock.ts';
import { mailOutbox } from '../db/schema.ts';
import { main } from './outbox.ts';

const cliFile = path.resolve(import.meta.dirname, 'outbox.ts');
const ENV = { NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: '' };

/** The command as an operator runs it: a process of its own. */
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

// A process-level test of the command on the embedded database, as an operator runs it, then the
// other cases through its main in this process.
describe.skipIf(process.env.TEST_DB === 'postgres')('npm run outbox', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-outbox-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('prints the latest mail for an address with its links, or all of them with --all', async () => {
    const none = await spawnCli(['--to', 'kofi@example.com'], { DATA_DIR: dataDir });
    expect(none.output).toContain('No mail stored for kofi@example.com.');
    expect(none.code).toBe(0);

    const database = await openPglite({ dataDir });
    try {
      const mail = (subject: string, link: string, at: string) => ({
        to_address: 'kofi@example.com',
        subject,
        text_body: `Hello Kofi,\n\nOpen ${link}\n`,
        html_body: '<p>Hello</p>',
        template: 'password-reset',
        transport: 'outbox',
        created_at: new Date(at),
      });
      await database.db.insert(mailOutbox).values([
        mail('Older mail', 'http://localhost:3000/auth?token=old', '2026-01-01T08:00:00Z'),
        mail('Reset your password', 'http://localhost:3000/auth?token=new', '2026-01-02T08:00:00Z'),
        {
          ...mail('For Ama', 'http://localhost:3000/x', '2026-01-03T08:00:00Z'),
          to_address: 'ama@example.com',
        },
      ]);
    } finally {
      await database.close();
    }

    const latest = await run(['--to', ' Kofi@Example.com '], { DATA_DIR: dataDir });
    expect(latest.code).toBe(0);
    expect(latest.output).toContain('Subject:  Reset your password');
    expect(latest.output).toContain('Date:     2026-01-02T08:00:00.000Z');
    expect(latest.output).toContain('http://localhost:3000/auth?token=new');
    expect(latest.output).not.toContain('token=old');
    expect(latest.output).not.toContain('For Ama');

    const all = await run(['--to', 'kofi@example.com', '--all'], { DATA_DIR: dataDir });
    expect(all.code).toBe(0);
    expect(all.output.indexOf('token=new')).toBeLessThan(all.output.indexOf('token=old'));
    expect(all.output).not.toContain('For Ama');
  }, 90_000);

  it('says clearly when the server holds the data folder, and refuses bad input', async () => {
    const lock = acquireDataDirLock(dataDir);
    try {
      const locked = await run(['--to', 'kofi@example.com'], { DATA_DIR: dataDir });
      expect(locked.code).toBe(1);
      expect(locked.output).toContain('is in use by another Adwuma process');
      expect(locked.output).toContain('stop it and run outbox again');
      expect(locked.output).toContain('/admin/outbox');
    } finally {
      lock.release();
    }
    const noTo = await run([], { DATA_DIR: dataDir });
    expect(noTo.code).toBe(1);
    expect(noTo.output).toContain('--to is required');
    const unknown = await run(['--to', 'a@b.c', '--bogus'], { DATA_DIR: dataDir });
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('Usage: npm run outbox');
  }, 90_000);
});
