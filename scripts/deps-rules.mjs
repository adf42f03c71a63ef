// Pure rules behind scripts/check-deps.mjs, exported so a unit test can feed them a wrong import.
// Input everywhere: a map { 'relative/path.tsx': 'source text' } over one app's src/ tree.
import path from 'node:path';

const IMPORT_RE =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

/** Every import specifier in a source text (static, re-export, side-effect and dynamic). */
export function importSpecifiers(source) {
  const out = [];
  for (const m of source.matchAll(IMPORT_RE)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec) out.push(spec);
  }
  return out;
}

/** Resolves a relative specifier against the known files: exact, + .ts/.tsx, or a directory's index. */
export function resolveRelative(fromFile, spec, files) {
  if (!spec.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), spec));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (files.has(candidate)) return candidate;
  }
  return null;
}

const isTest = (file) => /\.(test|spec)\.tsx?$|(^|\/)test\//.test(file);

/** Relative-import graph: file → resolved target files. Tests and test fixtures are left out. */
export function importGraph(sources) {
  const files = new Set(Object.keys(sources));
  const graph = new Map();
  for (const [file, source] of Object.entries(sources)) {
    if (isTest(file)) continue;
    const targets = [];
    for (const spec of importSpecifiers(source)) {
      const target = resolveRelative(file, spec, files);
      if (target && !isTest(target)) targets.push({ spec, target });
    }
    graph.set(file, targets);
  }
  return graph;
}

const featureOf = (file) => /^features\/([^/]+)\//.exec(file)?.[1] ?? null;
const isEntryFile = (file, feature) =>
  file === `features/${feature}/index.ts` || file === `features/${feature}/index.tsx`;

/**
 * Web fence: a file in features/A may import features/B (A ≠ B) only through B's entry file
 * (features/B/index.ts). Returns the crossing imports that break it.
 */
export function crossFeatureViolations(graph) {
  const problems = [];
  for (const [file, targets] of graph) {
    const from = featureOf(file);
    if (!from) continue;
    for (const { spec, target } of targets) {
      const to = featureOf(target);
      if (!to || to === from || isEntryFile(target, to)) continue;
      problems.push(
        `${file}: imports "${spec}" — features/${from} may use features/${to} only through features/${to}/index.ts`,
      );
    }
  }
  return problems;
}

const WEB_KERNEL_DIRS = ['components', 'lib', 'landing'];

/** Web fence: the shared kernel (components/, lib/) and the landing page never import a feature. */
export function webKernelViolations(graph) {
  const problems = [];
  for (const [file, targets] of graph) {
    const dir = file.split('/')[0];
    if (!WEB_KERNEL_DIRS.includes(dir)) continue;
    for (const { spec, target } of targets) {
      const to = featureOf(target);
      if (to)
        problems.push(`${file}: imports "${spec}" — ${dir}/ may not import features/ (features build on it)`);
    }
  }
  return problems;
}

/** Every crossing import line between features (entry file or not), for the numbers in reports. */
export function crossFeatureImports(graph) {
  const lines = [];
  for (const [file, targets] of graph) {
    const from = featureOf(file);
    if (!from) continue;
    for (const { target } of targets) {
      const to = featureOf(target);
      if (to && to !== from) lines.push({ file, from, to, target });
    }
  }
  return lines;
}

/** Import cycles, found by a depth-first search; each cycle is listed once as a path a → … → a. */
export function findCycles(graph) {
  const state = new Map(); // undefined = new, 1 = on the stack, 2 = done
  const stack = [];
  const cycles = [];
  const seen = new Set();
  const visit = (file) => {
    state.set(file, 1);
    stack.push(file);
    for (const { target } of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      const s = state.get(target);
      if (s === 1) {
        const cycle = stack.slice(stack.indexOf(target));
        const key = [...cycle].sort().join('|');
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push([...cycle, target]);
        }
      } else if (s === undefined) visit(target);
    }
    stack.pop();
    state.set(file, 2);
  };
  for (const file of [...graph.keys()].sort()) if (state.get(file) === undefined) visit(file);
  return cycles;
}

/**
 * All web fence problems as printable lines: crossing imports that skip the entry file, the kernel
 * importing a feature, and cycles. app/ (router, providers) is the composition root and may import
 * any feature file: the router lazy-loads pages by path so that route-level code splitting stays.
 */
export function webFenceProblems(sources, prefix = 'apps/web/src/') {
  const graph = importGraph(sources);
  return [
    ...crossFeatureViolations(graph).map((p) => `${prefix}${p}`),
    ...webKernelViolations(graph).map((p) => `${prefix}${p}`),
    ...findCycles(graph).map(
      (cycle) => `${prefix}${cycle[0]}: import cycle (no cycles in the web app): ${cycle.join(' → ')}`,
    ),
  ];
}

// ---------------------------------------------------------------------------------------------
// Server fences (issue 16, docs/decisions/012-layering.md). Same input shape: { 'rel/path.ts': source }
// over apps/server/src.

/**
 * Drops type-only imports and re-exports (`import type …`, `export type … from …`): TypeScript erases
 * them, so they cannot form a load-order cycle. Used for the server's cycle rule only.
 */
export function withoutTypeOnlyImports(source) {
  return source.replace(/^\s*(?:import|export)\s+type\s[^;]*?from\s*['"][^'"]+['"];?/gm, '');
}

/**
 * Route files allowed to import db/schema anyway. Empty since issue 16 thinned the routes; keep it
 * empty (a listed file that no longer imports the schema is reported, so the list can only shrink).
 */
export const ROUTE_SCHEMA_ALLOW = [];

const isRouteFile = (file) => /(^|\/)([a-z0-9-]+-)?routes\.ts$/.test(file);

/** Server rule: a route file (routes.ts, *-routes.ts) is transport only and may not import db/schema. */
export function routeSchemaViolations(graph, allow = ROUTE_SCHEMA_ALLOW) {
  const problems = [];
  const allowed = new Set(allow);
  const offenders = new Set();
  for (const [file, targets] of graph) {
    if (!isRouteFile(file)) continue;
    for (const { spec, target } of targets) {
      if (target !== 'db/schema.ts') continue;
      offenders.add(file);
      if (!allowed.has(file))
        problems.push(
          `${file}: imports "${spec}" — route files may not import db/schema; move the queries into a service`,
        );
    }
  }
  for (const file of allowed) {
    if (graph.has(file) && !offenders.has(file))
      problems.push(`${file}: no longer imports db/schema — remove it from ROUTE_SCHEMA_ALLOW`);
  }
  return problems;
}

/** Server rule: the kernel sits below the features and never imports one. */
export function kernelViolations(graph) {
  const problems = [];
  for (const [file, targets] of graph) {
    if (!file.startsWith('kernel/')) continue;
    for (const { spec, target } of targets) {
      if (target.startsWith('features/'))
        problems.push(`${file}: imports "${spec}" — the kernel may not import features`);
    }
  }
  return problems;
}

/**
 * All server fence problems as printable lines: route files importing the schema, crossing imports
 * that skip a feature's entry file (features/B/index.ts; type-only imports count too), the kernel
 * importing a feature, and import cycles over relative imports with type-only imports left out.
 */
export function serverFenceProblems(sources, { prefix = 'apps/server/src/', routeSchemaAllow } = {}) {
  const graph = importGraph(sources);
  const runtime = {};
  for (const [file, source] of Object.entries(sources)) runtime[file] = withoutTypeOnlyImports(source);
  return [
    ...routeSchemaViolations(graph, routeSchemaAllow).map((p) => `${prefix}${p}`),
    ...crossFeatureViolations(graph).map((p) => `${prefix}${p}`),
    ...kernelViolations(graph).map((p) => `${prefix}${p}`),
    ...findCycles(importGraph(runtime)).map(
      (cycle) => `${prefix}${cycle[0]}: import cycle (no cycles in the server): ${cycle.join(' → ')}`,
    ),
  ];
}
