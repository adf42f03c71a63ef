// The web build a benchmark measures, in its own folder (other builds don't collide with it).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { log } from './common.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/** Chromium's flags for the benchmarks (Debian's /usr/bin/chromium, headless, no background traffic). */
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Builds the web app into `dist`, or with `skipVariable` set to 1 in the environment checks that
 * `dist` already holds a build.
 */
export function buildWebApp(dist, skipVariable) {
  if (process.env[skipVariable] === '1') {
    if (!fs.existsSync(path.join(dist, 'index.html')))
      throw new Error(`${skipVariable}=1 but ${dist} holds no build`);
    return;
  }
  log(`building the web app into ${path.relative(root, dist)}`);
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@adwuma/web'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, WEB_DIST_DIR: dist },
  });
  if (build.status !== 0) throw new Error(`the web build failed (exit ${build.status})`);
}
