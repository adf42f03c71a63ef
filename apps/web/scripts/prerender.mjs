// Build step after `vite build` and `vite build --ssr src/landing/prerender.tsx --outDir dist-ssr`:
// 1. renders the landing page to HTML and puts it into the built landing.html, so the page paints
//    before any script runs, and puts the hero experiment's inline script into its <head> (the
//    server allows it by its sha256 in the page's Content-Security-Policy);
// 2. writes .gz and .br copies of the text assets, which the server's @fastify/static serves
//    (preCompressed) to browsers that accept them.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.join(webRoot, 'dist');
// The server-side builds sit beside the app in <dist>/.server (never served: web.ts skips dot folders).
const ssrEntry = path.join(distDir, '.server', 'landing', 'prerender.js');
const PLACEHOLDER = '<!--app-html-->';
const HEAD_PLACEHOLDER = '<!--head-html-->';
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** landing.html's template in `language`: <html lang>, the title and the descriptions. */
function localizeTemplate(template, meta) {
  const replaceOnce = (html, pattern, replacement, what) => {
    if (!pattern.test(html)) throw new Error(`landing.html has no ${what}`);
    return html.replace(pattern, () => replacement);
  };
  let html = replaceOnce(template, /<html lang="[^"]*"/, `<html lang="${meta.lang}"`, '<html lang>');
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`, '<title>');
  html = replaceOnce(
    html,
    /<meta name="description" content="[^"]*"/,
    `<meta name="description" content="${escapeHtml(meta.description)}"`,
    'description',
  );
  html = replaceOnce(
    html,
    /<meta property="og:title" content="[^"]*"/,
    `<meta property="og:title" content="${escapeHtml(meta.title)}"`,
    'og:title',
  );
  return replaceOnce(
    html,
    /<meta property="og:description" content="[^"]*"/,
    `<meta property="og:description" content="${escapeHtml(meta.ogDescription)}"`,
    'og:description',
  );
}

/**
 * Issue 21: the landing page once per language, from the one built template: landing.html (English,
 * <html lang="en-GH">) and landing.ak.html (Twi, <html lang="ak-GH">, with its catalogs in a JSON
 * block for hydration). The server sends the file of the request's language (plugins/web.ts).
 */
async function prerenderLanding() {
  const landingPath = path.join(distDir, 'landing.html');
  const template = await fs.readFile(landingPath, 'utf8');
  if (!template.includes(PLACEHOLDER)) {
    throw new Error(`${landingPath} has no ${PLACEHOLDER} placeholder (already prerendered?)`);
  }
  if (!template.includes(HEAD_PLACEHOLDER))
    throw new Error(`${landingPath} has no ${HEAD_PLACEHOLDER} placeholder`);
  const { render, renderHead, pageMeta, LANDING_LANGUAGES, LANDING_FILES } = await import(
    pathToFileURL(ssrEntry).href
  );
  const written = [];
  // The numbers section: the shared claims (the demo data's), or the operator's LANDING_CLAIMS
  // (docs/configuration.md); a malformed value stops the build, naming it.
  const claims = process.env.LANDING_CLAIMS;
  for (const language of LANDING_LANGUAGES) {
    const html = render(language, claims);
    if (typeof html !== 'string' || html.length === 0)
      throw new Error(`the landing page rendered nothing in ${language}`);
    const file = path.join(distDir, LANDING_FILES[language]);
    // A function replacement: the markup may contain `$` sequences that String.replace would expand.
    await fs.writeFile(
      file,
      localizeTemplate(template, pageMeta(language))
        .replace(HEAD_PLACEHOLDER, () => renderHead(language))
        .replace(PLACEHOLDER, () => html),
    );
    written.push({ file, bytes: Buffer.byteLength(html) });
  }
  return written;
}

async function* walk(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // .server (the renderers) and .vite (the manifest) are read by the server, never sent.
      if (!entry.name.startsWith('.')) yield* walk(full);
    } else yield full;
  }
}

async function precompress() {
  let files = 0;
  for await (const file of walk(distDir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const raw = await fs.readFile(file);
    const [gz, br] = await Promise.all([
      gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
      brotli(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
    ]);
    // A stale copy from an earlier build would be served instead of the new file: always rewrite.
    await Promise.all([fs.writeFile(`${file}.gz`, gz), fs.writeFile(`${file}.br`, br)]);
    files += 1;
  }
  return files;
}

try {
  const pages = await prerenderLanding();
  const compressed = await precompress();
  const list = pages.map((p) => `${path.relative(process.cwd(), p.file)} (${p.bytes} bytes of markup)`);
  console.log(`prerendered ${list.join(', ')}; precompressed ${compressed} files in ${distDir}`);
} catch (error) {
  console.error('prerender failed:', error);
  process.exit(1);
}
