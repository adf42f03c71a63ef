import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BUDGETS,
  budgetProblems,
  chunkKey,
  GOALS,
  groupSummary,
  measureRoutes,
  parseRoutes,
  routeChunks,
  routePatterns,
} from './check-bundle-size.mjs';

const ROUTER = `
const devRoutes = TEST_ROUTES_ENABLED
  ? [{ path: ROUTES.devCrash, lazy: async () => ({ Component: (await import('../features/dev/dev-pages.tsx')).CrashPage }) }]
  : [];
const pageRoutes = [
  { index: true, Component: HomeRedirect },
  { path: ROUTES.search, lazy: async () => ({ Component: (await import('../features/search/search-page.tsx')).SearchPage }) },
  {
    Component: RequireAuth,
    children: [
      {
        Component: ProviderGate,
        children: [
          { path: ROUTES.messaging, lazy: async () => ({ Component: (await import('../features/messaging/messaging-page.tsx')).MessagingPage }) },
          ...[ROUTES.postJob, ROUTES.tasksCreate].map((path) => ({
            path,
            lazy: async () => ({ Component: (await import('../features/jobs/post-job-page.tsx')).PostJobPage }),
          })),
        ],
      },
    ],
  },
  {
    path: ROUTES.admin,
    lazy: async () => ({ Component: (await import('../features/admin/admin-guard.tsx')).AdminArea }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../features/admin/dashboard-page.tsx')).Page }) },
      { path: ROUTES.adminUsers, lazy: async () => ({ Component: (await import('../features/admin/users-page.tsx')).Page }) },
    ],
  },
  ...devRoutes,
];
`;

const PATTERNS = routePatterns(`export const ROUTES = {
  search: '/search',
  messaging: '/messaging',
  admin: '/admin',
  adminUsers: '/admin/users',
  devCrash: '/dev/crash',
} as const;`);

describe('routes of the router', () => {
  const routes = parseRoutes(ROUTER, { patterns: PATTERNS });
  const byRoute = Object.fromEntries(routes.map((r) => [r.route, r]));

  it('finds every lazy route, named by its ROUTES pattern', () => {
    expect(routes.map((r) => r.route)).toEqual([
      '/dev/crash',
      '/search',
      '/messaging',
      'src/features/jobs/post-job-page.tsx',
      '/admin',
      '/admin (index)',
      '/admin/users',
    ]);
  });

  it('groups a route by its place in the tree: public, behind RequireAuth, in the admin area, test-only', () => {
    expect(byRoute['/search'].group).toBe('public');
    expect(byRoute['/messaging'].group).toBe('app');
    expect(byRoute['src/features/jobs/post-job-page.tsx'].group).toBe('app');
    expect(byRoute['/admin/users'].group).toBe('admin');
    expect(byRoute['/dev/crash'].group).toBe('dev');
  });

  it("counts a child route's lazy parents into its modules, as manifest keys", () => {
    expect(byRoute['/search'].modules).toEqual(['src/features/search/search-page.tsx']);
    expect(byRoute['/admin/users'].modules).toEqual([
      'src/features/admin/admin-guard.tsx',
      'src/features/admin/users-page.tsx',
    ]);
  });

  it('covers every page of the real router.tsx, so a new page is measured without editing the check', () => {
    const file = path.resolve(import.meta.dirname, '../apps/web/src/app/router.tsx');
    const source = fs.readFileSync(file, 'utf8');
    const real = parseRoutes(source, {
      patterns: routePatterns(
        fs.readFileSync(path.resolve(import.meta.dirname, '../packages/shared/src/routes.ts'), 'utf8'),
      ),
    });
    const imported = new Set(
      [...source.matchAll(/import\(\s*'(\.\.\/features\/[^']+)'\s*\)/g)].map((m) =>
        path.posix.normalize(path.posix.join('src/app', m[1])),
      ),
    );
    expect(new Set(real.flatMap((r) => r.modules))).toEqual(imported);
    const groupOf = Object.fromEntries(real.map((r) => [r.route, r.group]));
    expect(groupOf).toMatchObject({ '/search': 'public', '/pricing': 'public', '/auth': 'public' });
    expect(groupOf).toMatchObject({ '/messaging': 'app', '/dashboard': 'app', '/admin/dashboard': 'admin' });
  });
});

const MANIFEST = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'] },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_zod.js': { file: 'assets/zod.js' },
  '_form.js': { file: 'assets/form.js', imports: ['_zod.js', '_vendor.js'], css: ['assets/form.css'] },
  'src/features/a/page.tsx': {
    file: 'assets/page.js',
    src: 'src/features/a/page.tsx',
    isDynamicEntry: true,
    imports: ['_form.js', 'index.html'],
    dynamicImports: ['_map.js'],
  },
  '_map.js': { file: 'assets/map.js', name: 'map' },
  '_shared-page.js': { file: 'assets/shared-page.js', name: 'shared-page', imports: ['_vendor.js'] },
};
MANIFEST['index.html'].dynamicImports = ['src/features/a/page.tsx', '_shared-page.js'];

describe('chunks of a route', () => {
  it('follows static imports transitively and leaves dynamic ones for later', () => {
    expect(routeChunks(MANIFEST, ['src/features/a/page.tsx'])).toEqual({
      js: ['assets/page.js', 'assets/form.js', 'assets/zod.js', 'assets/vendor.js', 'assets/index.js'],
      css: ['assets/form.css'],
    });
  });

  it('finds the chunk of a page that is also imported statically by its name', () => {
    expect(chunkKey(MANIFEST, 'src/features/b/shared-page.tsx')).toBe('_shared-page.js');
    expect(() => chunkKey(MANIFEST, 'src/features/b/gone.tsx')).toThrow(/no chunk of its own/);
  });
});

describe('budgets', () => {
  const route = (over) => ({
    route: '/x',
    group: 'public',
    budget: BUDGETS.public,
    jsGzip: 1000,
    libraries: [],
    ...over,
  });

  it('passes a build within its budgets', () => {
    expect(budgetProblems({ landing: { jsGzip: 1000 }, routes: [route()] })).toEqual([]);
  });

  it('fails a page over its group budget and a landing page over its own', () => {
    const problems = budgetProblems({
      landing: { jsGzip: BUDGETS.landing + 1 },
      routes: [
        route({ jsGzip: BUDGETS.public + 1 }),
        route({ route: '/y', group: 'app', budget: BUDGETS.app, jsGzip: BUDGETS.public + 1 }),
      ],
    });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^landing/);
    expect(problems[1]).toMatch(/^\/x \(public\)/);
  });

  it('fails charts outside the admin area and maps in any first download', () => {
    const problems = budgetProblems({
      routes: [
        route({ libraries: ['recharts'] }),
        route({ route: '/admin', group: 'admin', budget: BUDGETS.admin, libraries: ['recharts'] }),
        route({ route: '/search', libraries: ['leaflet'] }),
      ],
    });
    expect(problems).toEqual([
      '/x (public) loads recharts in its first download: import it lazily',
      '/search (public) loads leaflet in its first download: import it lazily',
    ]);
  });

  it('fails when a library marker is found nowhere, so the fence cannot go blind', () => {
    expect(budgetProblems({ routes: [], markersFound: ['recharts'] })).toEqual([
      expect.stringMatching(/^no chunk contains leaflet's marker/),
    ]);
  });

  it('holds the landing page to its goal, the others to the measured ceiling after issue 21 (decisions 018, 019)', () => {
    expect(GOALS).toEqual({ landing: 90 * 1024, public: 130 * 1024, app: 200 * 1024, admin: 200 * 1024 });
    expect(BUDGETS.landing).toBe(GOALS.landing);
    expect(BUDGETS.public).toBeLessThanOrEqual(200 * 1024);
    expect(BUDGETS.app).toBeLessThanOrEqual(225 * 1024);
    expect(BUDGETS.admin).toBeLessThanOrEqual(225 * 1024);
  });

  it('summarizes each group by its heaviest page', () => {
    expect(
      groupSummary([
        route({ jsGzip: 2048 }),
        route({ route: '/y', jsGzip: 4096 }),
        route({ route: '/d', group: 'dev', budget: undefined }),
      ]),
    ).toEqual({
      public: { budgetKB: 200, goalKB: 130, routes: 2, overGoal: 0, maxKB: 4, maxRoute: '/y' },
      dev: { budgetKB: null, goalKB: null, routes: 1, overGoal: 0, maxKB: 1, maxRoute: '/d' },
    });
  });
});

describe('measuring a build', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-size-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('adds the shell of index.html to each page chunk closure, each file once, and spots fenced libraries', () => {
    const dist = path.join(dir, 'dist');
    fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<script type="module" src="/assets/index.js"></script><link rel="modulepreload" href="/assets/vendor.js">',
    );
    for (const file of ['index', 'vendor', 'zod', 'form', 'page', 'map', 'shared-page']) {
      const text =
        file === 'map' ? 'leaflet-container' : file === 'form' ? 'recharts-wrapper' : `/* ${file} */`;
      fs.writeFileSync(path.join(dist, 'assets', `${file}.js`), text.repeat(50));
    }
    fs.writeFileSync(path.join(dist, 'assets', 'form.css'), '.a{color:red}');
    const routerFile = path.join(dir, 'src', 'app', 'router.tsx');
    fs.mkdirSync(path.dirname(routerFile), { recursive: true });
    fs.writeFileSync(
      routerFile,
      "const r = [{ path: ROUTES.a, lazy: async () => ({ Component: (await import('../features/a/page.tsx')).A }) }];",
    );
    const routesFile = path.join(dir, 'routes.ts');
    fs.writeFileSync(routesFile, "export const ROUTES = {\n  a: '/a',\n};");

    const [a] = measureRoutes(dist, { routerFile, routesFile, webRoot: dir });
    expect(a).toMatchObject({ route: '/a', group: 'public', chunks: 5, libraries: ['recharts'] });
    expect(a.files.map((f) => f.url)).toEqual([
      'assets/index.js',
      'assets/vendor.js',
      'assets/page.js',
      'assets/form.js',
      'assets/zod.js',
    ]);
    expect(a.jsGzip).toBe(a.files.reduce((n, f) => n + f.gzip, 0));
    expect(a.cssGzip).toBeGreaterThan(0);
  });
});
