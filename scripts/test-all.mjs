#!/usr/bin/env node
// `npm test`: every check and suite, then one closing line "N passed, M failed" over all of them.
// Static checks (lint, dependency rules, type-check, the size budgets) count one each;
// unit, component and API tests (Vitest) and browser tests (Playwright) count per test.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
const results = [];

function run(label, command, args, extraEnv = {}) {
  console.log(`\n━━ ${label} ━━ ${command} ${args.join(' ')}`);
  const started = Date.now();
  const res = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  console.log(
    `━━ ${label}: ${res.status === 0 ? 'ok' : `failed (exit ${res.status ?? res.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return res.status === 0;
}

/**
 * Runs commands side by side (the static checks are single-threaded: on two cores, three type-checks
 * one after another took 65 s). Each one's output is printed in one piece when it ends, so two never
 * interleave. Answers whether each passed, in the order given.
 */
function runTogether(jobs) {
  return Promise.all(
    jobs.map(
      ({ label, command, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (d) => output.push(d));
          child.stderr.on('data', (d) => output.push(d));
          child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
          child.on('close', (code, signal) => {
            console.log(`\n━━ ${label} ━━ ${command} ${args.join(' ')}`);
            process.stdout.write(Buffer.concat(output));
            const ok = code === 0;
            console.log(
              `━━ ${label}: ${ok ? 'ok' : `failed (exit ${code ?? signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
            );
            resolve(ok);
          });
        }),
    ),
  );
}

function check(label, command, args, extraEnv) {
  const ok = run(label, command, args, extraEnv);
  results.push({ suite: label, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const only = process.argv.slice(2);
const wants = (name) => only.length === 0 || only.includes(name);

if (wants('static')) {
  // The lint, the dependency rules and each command of `npm run typecheck` (one per project), side by side.
  const { scripts } = readJson(path.join(root, 'package.json'));
  const typechecks = scripts.typecheck.split('&&').map((part) => part.trim().split(/\s+/));
  const started = Date.now();
  const [lint, deps, ...typecheck] = await runTogether([
    { label: 'lint (biome)', command: 'npx', args: ['biome', 'ci', '.'] },
    { label: 'dependency rules', command: 'node', args: ['scripts/check-deps.mjs'] },
    ...typechecks.map((args) => ({ label: `type-check (${args.join(' ')})`, command: 'npx', args })),
  ]);
  console.log(`━━ static checks: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  for (const [suite, ok] of [
    ['lint (biome)', lint],
    ['dependency rules', deps],
    ['type-check', typecheck.every(Boolean)],
  ]) {
    results.push({ suite, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
  }
}

if (wants('vitest')) {
  const out = path.join(tmp, 'vitest.json');
  fs.rmSync(out, { force: true });
  const ok = run('unit, component and API tests (vitest)', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  const report = readJson(out);
  if (report) {
    results.push({
      suite: `vitest${process.env.TEST_DATABASE_URL ? ' (API on PGlite and Postgres)' : ' (API on PGlite)'}`,
      passed: report.numPassedTests,
      failed: report.numFailedTests + (ok || report.numFailedTests ? 0 : 1),
    });
  } else {
    results.push({ suite: 'vitest', passed: 0, failed: 1 });
  }
}

if (wants('e2e')) {
  const dist = path.join(tmp, 'e2e-dist');
  const built = check('web build', 'npm', ['run', 'build', '--workspace', '@adwuma/web'], {
    WEB_DIST_DIR: dist,
    VITE_ENABLE_TEST_ROUTES: 'true',
  });
  if (built) {
    check('size budgets (landing, every route)', 'node', ['scripts/check-bundle-size.mjs', dist]);
    const out = path.join(tmp, 'playwright.json');
    fs.rmSync(out, { force: true });
    const ok = run('browser tests (playwright, chromium)', 'npx', ['playwright', 'test'], {
      E2E_SKIP_BUILD: '1',
      E2E_DIST_DIR: dist,
    });
    const report = readJson(out);
    if (report?.stats) {
      const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
      results.push({
        suite: 'playwright',
        passed: expected + flaky,
        failed: unexpected + (ok || unexpected ? 0 : 1),
      });
    } else {
      results.push({ suite: 'playwright', passed: 0, failed: 1 });
    }
  }
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log('\nSummary');
for (const r of results) console.log(`  ${r.suite}: ${r.passed} passed, ${r.failed} failed`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
