import fs from 'node:fs/promises';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, parseAst } from 'vite';
import { type CustomInjectManifestOptions, VitePWA } from 'vite-plugin-pwa';
import { stylesFirst } from './src/lib/styles-first.ts';
import { type BuildManifest, precacheFiles } from './src/pwa/precache-list.ts';

// WEB_DIST_DIR moves the build (the server reads the same variable), so parallel builds don't collide.
const outDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : 'dist';
const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

// In development, /landing is the landing entry (the server does the same in production).
const landingInDev: Plugin = {
  name: 'adwuma-landing-dev',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url === '/landing' || req.url?.startsWith('/landing?'))
        req.url = req.url.replace('/landing', '/landing.html');
      next();
    });
  },
};

/**
 * Lets the bundler drop the zod schemas no page uses. A module of @adwuma/shared often holds
 * constants and helpers next to its schemas; a page importing only a constant kept every schema of
 * the module (and zod with them), because a call such as `base.extend({…})` may have side effects as
 * far as the bundler knows. In the shared modules that import zod, each top-level initializer that
 * calls something is wrapped in a pure IIFE: kept where used, dropped with its schema chain where
 * not (the admin dashboard lost 26 KB gzip). The package holds pure rules (DESIGN.md), so no
 * initializer is there for a side effect. A schema another page uses still ships with its module:
 * a constant the app shell needs lives in a module without zod (admin/user-messages.ts).
 */
const pureSharedSchemas: Plugin = {
  name: 'adwuma-pure-shared-schemas',
  apply: 'build',
  enforce: 'post',
  transform(code, id) {
    if (!/[\\/]packages[\\/]shared[\\/]src[\\/].*\.ts$/.test(id) || /\.test\.ts$/.test(id)) return null;
    if (!/\bfrom\s*['"]zod['"]/.test(code)) return null;
    // parseAst, not this.parse: its offsets count UTF-16 units like String#slice (the modules hold ₵ and —).
    const program = parseAst(code);
    const edits: Array<{ start: number; end: number }> = [];
    for (const statement of program.body) {
      const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
      if (declaration?.type !== 'VariableDeclaration') continue;
      for (const { init } of declaration.declarations) {
        if (init && callsAtTopLevel(init)) edits.push({ start: init.start, end: init.end });
      }
    }
    if (edits.length === 0) return null;
    let out = code;
    for (const { start, end } of edits.reverse()) {
      out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
    }
    return { code: out, map: null };
  },
};

/** Whether evaluating `node` calls something (calls inside a function body run later, if ever). */
function callsAtTopLevel(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(callsAtTopLevel);
  const { type } = node as { type?: string };
  if (type === 'ArrowFunctionExpression' || type === 'FunctionExpression') return false;
  if (type === 'CallExpression' || type === 'NewExpression' || type === 'TaggedTemplateExpression')
    return true;
  return Object.entries(node).some(([key, value]) => key !== 'parent' && callsAtTopLevel(value));
}

/** Both pages' stylesheets ahead of their module preloads (src/lib/styles-first.ts). */
const stylesheetsFirst: Plugin = {
  name: 'adwuma-stylesheets-first',
  apply: 'build',
  transformIndexHtml: { order: 'post', handler: (html) => stylesFirst(html) },
};

/**
 * What the service worker precaches: the app shell (index.html, which the server answers for
 * /index.html as for any page rendered in the browser), the offline page's icon, and of the built
 * code only the app's start and the pages readable offline (src/pwa/precache-list.ts). Not the
 * landing page's own files (the landing page is a page like any other, kept once opened).
 */
const PRECACHE_PATTERNS = ['index.html', 'assets/**/*.{js,css}', 'favicon.svg', 'icon-192.png'];
const PRECACHE_IGNORES = ['landing.html', '.server/**', '.vite/**'];
type ManifestTransform = NonNullable<CustomInjectManifestOptions['manifestTransforms']>[number];
const onlyOfflineCode: ManifestTransform = async (entries) => {
  const manifestPath = path.resolve(import.meta.dirname, outDir, '.vite', 'manifest.json');
  const keep = precacheFiles(JSON.parse(await fs.readFile(manifestPath, 'utf8')) as BuildManifest);
  return { manifest: entries.filter((e) => !e.url.startsWith('assets/') || keep.has(e.url)) };
};

/**
 * The installable app (issue 21): the web app manifest and the service worker, built from
 * src/pwa/sw.ts into /sw.js (the address push subscriptions were made with, issue 9) with the list
 * of files to precache injected. The worker is registered by src/pwa/register.ts after the app has
 * started (no registration script in either page: the landing page's budget is untouched).
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/pwa',
  filename: 'sw.ts',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'Adwuma',
    short_name: 'Adwuma',
    description: 'Find trusted, verified service providers in Ghana.',
    lang: 'en-GH',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    // --color-brand-600 and --bg (src/styles/theme.css).
    theme_color: '#b45309',
    background_color: '#fffdf8',
    categories: ['business', 'lifestyle'],
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  },
  injectManifest: {
    rollupFormat: 'iife',
    globPatterns: PRECACHE_PATTERNS,
    globIgnores: PRECACHE_IGNORES,
    // The hashed files need no revision: their names change with their content.
    dontCacheBustURLsMatching: /^assets\//,
    manifestTransforms: [onlyOfflineCode],
  },
});

// Two entries: the lean, prerendered marketing page (landing.html) and the app (index.html).
export default defineConfig({
  plugins: [react(), tailwindcss(), landingInDev, pureSharedSchemas, stylesheetsFirst, pwa],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json maps each source module to its chunk: scripts/check-bundle-size.mjs walks it
    // to measure every route's first download.
    manifest: true,
    rollupOptions: {
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        landing: path.resolve(import.meta.dirname, 'landing.html'),
      },
      output: {
        codeSplitting: {
          groups: [
            // One chunk each for React (React DOM used to land in a chunk named after the footer), the
            // router and the query client: every page needs them, and they change less than our code.
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'vendor-router', test: /node_modules[\\/]react-router[\\/]/, priority: 30 },
            { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 30 },
            // Icons many pages share, in one chunk instead of one sub-1 KB file each; an icon of a few
            // pages stays in their chunks (one chunk of every icon cost each page ~5 KB gzip more and
            // the landing page 9 KB).
            {
              name: 'icons',
              test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/,
              priority: 20,
              minShareCount: 13,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, ws: true } },
  },
});
