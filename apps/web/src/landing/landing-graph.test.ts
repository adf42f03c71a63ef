import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The landing entry stays lean (DESIGN.md: "the landing page must not download the app"): walks the
 * runtime imports from main.tsx (type-only imports are erased by the build) and lists the packages.
 */
const webSrc = path.resolve(import.meta.dirname, '..');
const sharedSrc = path.resolve(webSrc, '../../../packages/shared/src');

const IMPORT_RE = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/gm;

function resolveFile(base: string): string {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`cannot resolve ${base}`);
}

function landingGraph() {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [path.join(webSrc, 'landing', 'main.tsx')];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(IMPORT_RE)) {
      if (!spec || spec.endsWith('.css')) continue;
      if (spec.startsWith('.')) queue.push(resolveFile(path.resolve(path.dirname(file), spec)));
      else if (spec.startsWith('@adwuma/shared')) {
        packages.add(spec);
        const sub = spec.slice('@adwuma/shared'.length).replace(/^\//, '') || 'index';
        queue.push(resolveFile(path.join(sharedSrc, sub)));
      } else packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
    }
  }
  return { files, packages };
}

describe('landing entry graph', () => {
  it('holds only React, lucide icons and the dependency-free shared modules', () => {
    const { packages, files } = landingGraph();
    for (const banned of [
      'react-router',
      'zod',
      '@tanstack/react-query',
      'react-hook-form',
      '@hookform/resolvers',
      '@adwuma/shared',
    ]) {
      expect(packages, `${banned} is in the landing bundle`).not.toContain(banned);
    }
    expect([...files].some((f) => f.includes(`${path.sep}app${path.sep}`))).toBe(false);
    expect([...packages].filter((p) => !p.startsWith('@adwuma/shared/')).sort()).toEqual([
      'lucide-react',
      'react',
      'react-dom',
    ]);
  });
});
