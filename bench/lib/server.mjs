// The production server (apps/server/src/main.ts, as `npm start` runs it) in a child process, for the
// benchmarks that measure it from outside. Plain Node: the benchmarks that run without tsx use it too.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { sleep } from './common.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Starts the server with NODE_ENV=production on 127.0.0.1:`port` (its stdout ignored, its stderr
 * shown); `env` adds or overrides settings. Answers the child process: the caller stops it.
 */
export function spawnServer(port, env = {}) {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', ...env },
  });
}

/**
 * Waits until `origin`/api/health answers 2xx. Throws after `seconds`, or as soon as `server` (the
 * child process) has exited: a server that fails at start is not waited for.
 */
export async function waitForHealth(origin, server, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      const exited = { code: server.exitCode, signal: server.signalCode };
      throw new Error(`the server exited before it was healthy (${JSON.stringify(exited)})`);
    }
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`the server did not become healthy in ${seconds} s`);
}
