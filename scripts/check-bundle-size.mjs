#!/usr/bin/env node
// Size budgets of the first download: every script (classic, module, modulepreload) and stylesheet
// the built landing.html (the landing page) and index.html (the app shell every other page starts
// from) reference, raw and gzip bytes. Prints JSON; exits 1 over either JS budget.
//   node scripts/check-bundle-size.mjs [distDir] [--files]   (default: $WEB_DIST_DIR, else apps/web/dist)
// `measureLanding(distDir)` is exported for the benchmarks.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

export const LANDING_JS_GZIP_BUDGET = 120 * 1024;
/**
 * The app shell's scripts before any page chunk: the router, providers, header and session code.
 * Set a little above the measured size, so a shared module pulling a whole feature (or zod) into
 * every page fails the build; raise it deliberately, with the reason in the commit.
 */
export const APP_SHELL_JS_GZIP_BUDGET = 212 * 1024;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function defaultDistDir() {
  return process.env.WEB_DIST_DIR
    ? path.resolve(process.env.WEB_DIST_DIR)
    : path.join(repoRoot, 'apps', 'web', 'dist');
}

const gzipSize = (buffer) => zlib.gzipSync(buffer, { level: zlib.constants.Z_BEST_COMPRESSION }).length;

function attributes(tag) {
  const attrs = {};
  for (const match of tag.matchAll(/([a-zA-Z:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attrs[match[1].toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return attrs;
}

/** Same-origin asset URLs referenced by the HTML: scripts and stylesheets, each once. */
export function referencedAssets(html) {
  const js = new Set();
  const css = new Set();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const { src } = attributes(tag.slice(7, -1));
    if (src) js.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const { rel = '', href } = attributes(tag.slice(5, -1));
    const rels = rel.toLowerCase().split(/\s+/);
    if (!href) continue;
    if (rels.includes('modulepreload')) js.add(href);
    else if (rels.includes('stylesheet')) css.add(href);
  }
  return { js: [...js], css: [...css] };
}

function resolveAsset(distDir, url) {
  if (/^(?:[a-z]+:)?\/\//i.test(url)) throw new Error(`the page references an external asset: ${url}`);
  const clean = decodeURIComponent(url.split(/[?#]/)[0]);
  return path.join(distDir, clean.startsWith('/') ? clean.slice(1) : clean);
}

function sum(distDir, urls) {
  let bytes = 0;
  let gzip = 0;
  const files = [];
  for (const url of urls) {
    const file = resolveAsset(distDir, url);
    const content = fs.readFileSync(file);
    const gz = gzipSize(content);
    bytes += content.length;
    gzip += gz;
    files.push({ url, bytes: content.length, gzip: gz });
  }
  return { bytes, gzip, files };
}

/** Measures the built landing page in `distDir` (the folder holding landing.html). */
export function measureLanding(distDir = defaultDistDir()) {
  return measurePage(distDir, 'landing.html');
}

/** Measures the app shell (index.html) in `distDir`. */
export function measureAppShell(distDir = defaultDistDir()) {
  return measurePage(distDir, 'index.html');
}

function measurePage(distDir, page) {
  const htmlPath = path.join(distDir, page);
  const html = fs.readFileSync(htmlPath);
  const assets = referencedAssets(html.toString('utf8'));
  const js = sum(distDir, assets.js);
  const css = sum(distDir, assets.css);
  const htmlGzip = gzipSize(html);
  return {
    jsBytes: js.bytes,
    jsGzip: js.gzip,
    cssBytes: css.bytes,
    cssGzip: css.gzip,
    htmlBytes: html.length,
    htmlGzip,
    totalGzip: js.gzip + css.gzip + htmlGzip,
    files: [...js.files, ...css.files],
  };
}

const invokedDirectly =
  process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  const [dirArg] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const distDir = dirArg ? path.resolve(dirArg) : defaultDistDir();
  let landing;
  let shell;
  try {
    landing = measureLanding(distDir);
    shell = measureAppShell(distDir);
  } catch (error) {
    console.error(
      `cannot measure the landing page in ${distDir}: ${error.message} (run the web build first)`,
    );
    process.exit(2);
  }
  const { files, ...figures } = landing;
  const { files: shellFiles, ...shellFigures } = shell;
  console.log(JSON.stringify({ landing: figures, appShell: shellFigures }, null, 2));
  if (process.argv.includes('--files')) console.log(JSON.stringify({ files, shellFiles }, null, 2));
  let over = false;
  if (landing.jsGzip > LANDING_JS_GZIP_BUDGET) {
    console.error(
      `landing JS is ${landing.jsGzip} bytes gzip, over the budget of ${LANDING_JS_GZIP_BUDGET} bytes`,
    );
    over = true;
  }
  if (shell.jsGzip > APP_SHELL_JS_GZIP_BUDGET) {
    console.error(
      `app shell JS (index.html) is ${shell.jsGzip} bytes gzip, over the budget of ${APP_SHELL_JS_GZIP_BUDGET} bytes: did a module loaded on every page start importing a whole feature?`,
    );
    over = true;
  }
  if (over) process.exit(1);
}
