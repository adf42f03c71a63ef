#!/usr/bin/env node
// Enforces DESIGN.md's one-way dependencies: every bare import in a workspace must be declared in that
// workspace's package.json (root devDependencies count for tests and config only); `shared` may use
// zod alone; `web` never imports server-side packages; no relative import leaves its workspace.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { serverFenceProblems, webFenceProblems } from './deps-rules.mjs';

const root = path.resolve(import.meta.dirname, '..');
const rootPkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

const workspaces = {
  'packages/shared': { allowBuiltins: false, banned: [] },
  'apps/server': {
    allowBuiltins: true,
    banned: ['react', 'react-dom', 'react-router', '@adwuma/web', '@adwuma/server'],
  },
  'apps/web': {
    allowBuiltins: false,
    banned: [
      'drizzle-orm',
      'pg',
      '@electric-sql/pglite',
      'fastify',
      'pg-boss',
      'nodemailer',
      '@adwuma/server',
    ],
  },
};

const IMPORT_RE =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

function walk(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'dist-ssr', 'drizzle'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const packageName = (spec) =>
  spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
const problems = [];

for (const [ws, rules] of Object.entries(workspaces)) {
  const wsDir = path.join(root, ws);
  const pkg = JSON.parse(fs.readFileSync(path.join(wsDir, 'package.json'), 'utf8'));
  const declared = new Set([
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.devDependencies ?? {}),
  ]);
  const rootDev = new Set(Object.keys(rootPkg.devDependencies ?? {}));
  for (const file of walk(wsDir)) {
    const rel = path.relative(root, file);
    const isTestOrConfig = /\.(test|spec)\.tsx?$|(^|\/)(test|tests|scripts)\/|\.config\.ts$/.test(rel);
    // The web app's server renderer (apps/web/src/ssr/entry-server.tsx) runs in Node only.
    const isServerOnly = /^apps\/web\/src\/ssr\/entry-server\.tsx$/.test(rel);
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(IMPORT_RE)) {
      const spec = match[1] ?? match[2] ?? match[3];
      if (!spec) continue;
      if (spec.startsWith('.')) {
        const target = path.resolve(path.dirname(file), spec);
        if (!target.startsWith(wsDir + path.sep))
          problems.push(`${rel}: relative import "${spec}" leaves ${ws}`);
        continue;
      }
      if (spec.startsWith('/') || spec.startsWith('virtual:')) continue;
      const name = packageName(spec);
      if (builtins.has(spec) || builtins.has(name)) {
        if (!rules.allowBuiltins && !isTestOrConfig && !isServerOnly)
          problems.push(`${rel}: Node built-in "${spec}" in ${ws}`);
        continue;
      }
      if (rules.banned.includes(name)) {
        problems.push(`${rel}: "${name}" must not be imported in ${ws} (DESIGN.md dependencies)`);
        continue;
      }
      if (ws === 'packages/shared' && name !== 'zod' && !isTestOrConfig) {
        problems.push(`${rel}: packages/shared depends on zod only, not "${name}"`);
        continue;
      }
      if (declared.has(name) || name === pkg.name) continue;
      if (isTestOrConfig && rootDev.has(name)) continue;
      problems.push(`${rel}: "${name}" is not declared in ${ws}/package.json`);
    }
  }
}

// Web fences (issue 16): features/A imports features/B only through features/B/index.ts, and no
// import cycles. The rules themselves are pure functions in deps-rules.mjs (unit-tested there).
function checkWebFences() {
  const srcDir = path.join(root, 'apps/web/src');
  const sources = {};
  for (const file of walk(srcDir)) sources[path.relative(srcDir, file)] = fs.readFileSync(file, 'utf8');
  return webFenceProblems(sources, 'apps/web/src/');
}
problems.push(...checkWebFences());

// Server fences (issue 16, docs/decisions/012-layering.md): route files do not import db/schema
// (minus the commented allow-list in deps-rules.mjs), features meet only through entry files, the
// kernel imports no feature, and no import cycles (type-only imports ignored).
function checkServerFences() {
  const srcDir = path.join(root, 'apps/server/src');
  const sources = {};
  for (const file of walk(srcDir)) sources[path.relative(srcDir, file)] = fs.readFileSync(file, 'utf8');
  return serverFenceProblems(sources, { prefix: 'apps/server/src/' });
}
problems.push(...checkServerFences());

if (problems.length) {
  console.error(
    `Dependency rules broken (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(
  'Dependency rules hold: shared → zod only; web and server depend on shared, never on each other; web and server features meet only through entry files, server routes stay off the schema, no import cycles.',
);
