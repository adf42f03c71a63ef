import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';

describe('the data folder lock', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second holder while the first lives, and frees on release', () => {
    const dir = tempDir();
    const first = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    first.release();
    const again = acquireDataDirLock(dir);
    again.release();
  });

  it('refuses when another live process holds it', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(dir, 'adwuma.lock'), String(child.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(/in use by another Adwuma process/);
    } finally {
      child.kill();
    }
  });

  it('takes over a lock left by a process that has died', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => child.on('exit', resolve));
    fs.writeFileSync(path.join(dir, 'adwuma.lock'), String(child.pid));
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(lock.path, 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(lock.path)).toBe(false);
  });
});
