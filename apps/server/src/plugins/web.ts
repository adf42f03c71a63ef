import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DATA_SAVER_COOKIE,
  dataSaverOn,
  isAppPage,
  LANGUAGE_COOKIE,
  LANGUAGE_TAGS,
  LANGUAGES,
  type Language,
  type PageMeta,
  pageTitle,
  resolveLanguage,
  type ServerRenderResult,
  SITE_NAME,
} from '@adwuma/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasSessionCookie } from '../kernel/http/session.ts';
import { IN_PROCESS_HEADER, IN_PROCESS_TOKEN } from './load-shedding.ts';

/** What a described page's lookup found: its tags, its current address, or nothing (404). */
export type PageLookup = { meta: PageMeta } | { redirect: string } | null;

/**
 * An app page whose HTML carries its own title and link-preview tags (crawlers run no script):
 * `path` has one `:slug` parameter; `lookup` is called once per request for the HTML.
 */
export interface DescribedPage {
  path: `/${string}/:slug`;
  lookup(slug: string): Promise<PageLookup>;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** The head tags a page describes itself with; every value escaped. */
export function headTags(meta: PageMeta): string {
  const e = escapeHtml;
  const tags = [
    `<title>${e(pageTitle(meta.title))}</title>`,
    `<meta name="description" content="${e(meta.description)}" />`,
    `<link rel="canonical" href="${e(meta.url)}" />`,
    `<meta property="og:site_name" content="${e(SITE_NAME)}" />`,
    `<meta property="og:title" content="${e(meta.title)}" />`,
    `<meta property="og:description" content="${e(meta.description)}" />`,
    `<meta property="og:type" content="${e(meta.type ?? 'website')}" />`,
    `<meta property="og:url" content="${e(meta.url)}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${e(meta.image)}" />`] : []),
    '<meta name="twitter:card" content="summary" />',
  ];
  return tags.join('\n    ');
}

/**
 * index.html without the site-wide title and preview tags, cut where a page's own go (before
 * </head>). Read once: the file only changes with a new build, which restarts the server.
 */
function describedTemplate(html: string): { head: string; rest: string } | null {
  const stripped = html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+(?:name="(?:description|twitter:[^"]*)"|property="og:[^"]*")[^>]*>\s*/gi, '')
    .replace(/<link\s+rel="canonical"[^>]*>\s*/gi, '');
  const at = stripped.search(/<\/head>/i);
  return at < 0 ? null : { head: stripped.slice(0, at), rest: stripped.slice(at) };
}

/**
 * The CSP sources allowing a page's inline scripts by their sha256 (the prerendered landing page's
 * hero experiment script, apps/web/src/landing/hero-script.ts): the exact text between the tags.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attrs = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attrs) || body.length === 0) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The policy with `sources` added to its script-src directive. */
export function withScriptSources(policy: string, sources: readonly string[]): string {
  if (sources.length === 0) return policy;
  return policy
    .split(';')
    .map((d) => (/^\s*script-src\s/i.test(d) ? `${d.trimEnd()} ${sources.join(' ')}` : d))
    .join(';');
}

/** Marks a route answering one file of the web build (the prerendered landing page). */
interface BuiltFileConfig {
  builtFile?: boolean;
  /** Set by @fastify/static on the route of each file it found in the build. */
  file?: unknown;
}

/**
 * Whether a request is for a file of the web build (hashed assets, icons, fonts, the service
 * worker, the manifest) or the prerendered landing page: cheap and cached, so neither counted by
 * the overall rate limit nor shed under load. Server-rendered pages and the app shell are counted.
 */
export function isBuiltFileRequest(request: FastifyRequest): boolean {
  const config = request.routeOptions.config as BuiltFileConfig | undefined;
  return config?.builtFile === true || typeof config?.file === 'string';
}

/** A last path segment with a file extension (`/.env`, `/backup.sql`): asked as a file, never a page. */
const FILE_LIKE = /\/[^/]*\.[A-Za-z0-9]+$/;

export interface WebOptions {
  distDir: string;
  pages?: DescribedPage[];
  /** MAP_TILE_URL: written into index.html so the app's maps use the tiles the CSP allows. */
  mapTileUrl?: string;
  /** PUBLIC_URL: the canonical address of server-rendered pages. */
  publicUrl?: string;
  /** Send the public pages as the app shell only, as before issue 20 (for comparing; default false). */
  disableServerRendering?: boolean;
}

/** The development pages' module: in the build manifest when the build has them. */
const DEV_PAGES_MODULE = 'src/features/dev/dev-pages.tsx';

/** Where a server-rendered page's markup goes in index.html. */
const APP_PLACEHOLDER = '<!--app-html-->';

/** What the web build's server renderer answers (apps/web/src/ssr/entry-server.tsx). */
type RenderResult = ServerRenderResult;
interface ServerRenderer {
  render(input: {
    url: string;
    fetch: (path: string, init: RequestInit) => Promise<Response>;
    language: Language;
    dataSaver: boolean;
  }): Promise<RenderResult | null>;
}

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/**
 * The preload tags of a page's code (its chunk and every chunk it imports, the styles they bring),
 * from the build manifest: the browser fetches them beside the app's entry instead of after it.
 */
export function preloadTags(manifest: Manifest, modules: readonly string[], html: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    const file = `/${chunk.file}`;
    if (!html.includes(`"${file}"`))
      tags.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" />`);
    for (const css of chunk.css ?? []) {
      const href = `/${css}`;
      if (!html.includes(`"${href}"`))
        tags.push(`<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" />`);
    }
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return tags;
}

/** The web build's manifest (which chunk a module became), empty when the build has none. */
function readManifest(distDir: string): Manifest {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  return fs.existsSync(manifestPath) ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest) : {};
}

/** Loads the web build's server renderer and manifest, or null when the build has none. */
async function loadRenderer(
  distDir: string,
): Promise<{ renderer: ServerRenderer; manifest: Manifest } | null> {
  const entry = path.join(distDir, '.server', 'app', 'entry-server.js');
  if (!fs.existsSync(entry)) return null;
  const renderer = (await import(pathToFileURL(entry).href)) as ServerRenderer;
  return { renderer, manifest: readManifest(distDir) };
}

const LANGUAGE_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]+)`);

/**
 * The language a page is sent in (issue 21): the device's choice (its cookie), else the browser's
 * Accept-Language. (A signed-in account's choice reaches the device's cookie when it signs in.)
 */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  const cookie = LANGUAGE_COOKIE_PATTERN.exec(request.headers.cookie ?? '')?.[1];
  return resolveLanguage({ cookie, acceptLanguage: request.headers['accept-language'] });
}

const DATA_SAVER_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${DATA_SAVER_COOKIE}=([^;]+)`);

/** Whether a page is sent with the data saver on (issue 21): the device's cookie, else Save-Data. */
export function requestDataSaver(request: Pick<FastifyRequest, 'headers'>): boolean {
  const cookie = DATA_SAVER_COOKIE_PATTERN.exec(request.headers.cookie ?? '')?.[1];
  const saveData = request.headers['save-data'];
  return dataSaverOn({ cookie, saveData: Array.isArray(saveData) ? saveData[0] : saveData });
}

/** Marks the page's <html> with the data saver (the app's first render reads it: src/lib/data-saver.ts). */
export function withDataSaver(html: string, on: boolean): string {
  if (!on) return html;
  return html.replace(/<html\b/i, '<html data-saver="on"');
}

/** What a page's HTML varies by: its language and its data saver. */
const VARY = 'Cookie, Accept-Language, Save-Data';

/**
 * A page's HTML in `language`: <html lang>, and for Twi the preload of its catalogs' chunk (the app
 * loads it before the first render: src/i18n/index.ts).
 */
export function withLanguage(html: string, language: Language, manifest: Manifest = {}): string {
  let out = html.replace(/<html\b[^>]*>/i, (tag) =>
    /\slang="/i.test(tag)
      ? tag.replace(/\slang="[^"]*"/i, ` lang="${LANGUAGE_TAGS[language]}"`)
      : tag.replace(/^<html/i, `<html lang="${LANGUAGE_TAGS[language]}"`),
  );
  if (language !== 'en') {
    const tags = preloadTags(manifest, ['src/i18n/twi.ts'], out);
    const at = out.search(/<\/head>/i);
    if (tags.length && at >= 0)
      out = `${out.slice(0, at).trimEnd()}\n    ${tags.join('\n    ')}\n  ${out.slice(at)}`;
  }
  return out;
}

/** index.html with the server's settings the app reads before any script runs (escaped). */
export function withAppSettings(html: string, settings: { mapTileUrl?: string }): string {
  if (!settings.mapTileUrl) return html;
  const tag = `<meta name="adwuma-map-tiles" content="${escapeHtml(settings.mapTileUrl)}" />`;
  const at = html.search(/<\/head>/i);
  return at < 0 ? html : `${html.slice(0, at).trimEnd()}\n    ${tag}\n  ${html.slice(at)}`;
}

/**
 * Serves the built SPA: hashed assets cached for a year, HTML never cached, the prerendered landing
 * page at /landing, history fallback to index.html for every page of the app (ROUTES, shared). Any
 * other path answers 404: the app shell (its not-found page) for a page-like path, the JSON 404 for
 * a file-like one and for unknown /api paths. Described pages (a provider's profile, a category) get
 * their own title and link-preview tags in the HTML, a 301 to their current address, or a 404 (the
 * app then shows its not-found state).
 */
export const webPlugin = fp(async (app: FastifyInstance, options: WebOptions) => {
  const { distDir } = options;
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build` (npm start does it for you)');
    return;
  }

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      } else if (
        /\.html(?:\.(?:br|gz))?$/.test(filePath) ||
        /^sw\.js(?:\.(?:br|gz))?$/.test(path.basename(filePath))
      ) {
        // The service worker too, precompressed or not (its .br is what browsers get): a new version
        // must reach browsers at once (issue 9), and with it the update prompt (issue 21).
        res.setHeader('cache-control', 'no-cache');
      } else {
        res.setHeader('cache-control', 'public, max-age=3600');
      }
    },
  });

  // Only files that exist at build time are served as files; every other path is an app route.
  const files = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      // .server (the renderers) and .vite (the manifest) are for the server, never sent.
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.')) walk(full);
      } else if (!/\.(gz|br)$/.test(entry.name))
        files.add(`/${path.relative(distDir, full).split(path.sep).join('/')}`);
    }
  };
  walk(distDir);

  // The landing page, prerendered in each language (landing.html in English, landing.<lang>.html).
  const landingFiles = new Map<Language, { file: string; scripts: string[] }>();
  for (const language of LANGUAGES) {
    const file = language === 'en' ? 'landing.html' : `landing.${language}.html`;
    const full = path.join(distDir, file);
    // Its inline script (chosen before the first paint) is allowed by hash, on this page only.
    if (fs.existsSync(full))
      landingFiles.set(language, { file, scripts: inlineScriptHashes(fs.readFileSync(full, 'utf8')) });
  }
  app.get('/landing', { config: { builtFile: true } satisfies BuiltFileConfig }, async (request, reply) => {
    const landing = landingFiles.get(requestLanguage(request)) ?? landingFiles.get('en');
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string' && landing)
      reply.header('content-security-policy', withScriptSources(policy, landing.scripts));
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', VARY)
      .type('text/html; charset=utf-8')
      .sendFile(landing?.file ?? 'index.html');
  });

  // Read once: the file only changes with a new build, which restarts the server.
  const indexHtml = withAppSettings(fs.readFileSync(indexPath, 'utf8'), options);
  const manifest = readManifest(distDir);
  // The development pages (/dev/*) are app pages only in a build that has them (apps/web/src/app/router.tsx).
  const devRoutes = DEV_PAGES_MODULE in manifest;
  // The shell in each language; revalidated on every navigation (no-cache): the ETag lets a phone
  // get a 304 instead of the page.
  const shells = new Map<string, { html: string; etag: string }>(
    LANGUAGES.flatMap((language) =>
      [false, true].map((saver) => {
        const html = withDataSaver(withLanguage(indexHtml, language, manifest), saver);
        const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
        return [`${language}:${saver}`, { html, etag }] as [string, { html: string; etag: string }];
      }),
    ),
  );
  const sendIndex = (reply: FastifyReply, request?: FastifyRequest) => {
    const key = request ? `${requestLanguage(request)}:${requestDataSaver(request)}` : 'en:false';
    const shell = shells.get(key)!;
    reply
      .header('cache-control', 'no-cache')
      .header('vary', VARY)
      .header('etag', shell.etag)
      .type('text/html; charset=utf-8');
    if (request && reply.statusCode === 200 && request.headers['if-none-match'] === shell.etag) {
      return reply.status(304).send();
    }
    return reply.send(shell.html);
  };
  const template = describedTemplate(indexHtml);
  const ssr = options.disableServerRendering ? null : await loadRenderer(distDir);
  const siteDescription = /<meta\s+name="description"\s+content="([^"]*)"/i.exec(indexHtml)?.[1] ?? '';
  const publicUrl = (options.publicUrl ?? '').replace(/\/+$/, '');

  /** The API answered in-process for a server render: as anyone would see it, without the caller's cookies. */
  const apiFor =
    (request: FastifyRequest) =>
    async (apiPath: string, init: RequestInit): Promise<Response> => {
      const answer = await app.inject({
        method: (init.method ?? 'GET').toUpperCase() as 'GET',
        url: apiPath,
        headers: {
          accept: 'application/json',
          'user-agent': request.headers['user-agent'] ?? '',
          // The page was let in under load: the calls it makes are too.
          [IN_PROCESS_HEADER]: IN_PROCESS_TOKEN,
        },
        // Limits count the visitor, not the server.
        remoteAddress: request.ip,
      });
      const empty = answer.statusCode === 204 || answer.statusCode === 304;
      return new Response(empty ? null : answer.rawPayload, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    };

  /**
   * A public page rendered on the server (issue 20): the same for everyone, so a visitor's copy may
   * be kept by shared caches for a minute; a request with a session cookie gets its own, never
   * stored (the page itself never shows who is signed in: the browser asks /api/session).
   */
  const sendRendered = (request: FastifyRequest, reply: FastifyReply, html: string) => {
    reply.type('text/html; charset=utf-8');
    if (hasSessionCookie(request)) return reply.header('cache-control', 'private, no-store').send(html);
    // The same page with the same data is the same ETag: the render's clock readings do not count.
    const stable = html.replace(/"(?:dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '');
    const etag = `"${createHash('sha256').update(stable).digest('base64url').slice(0, 27)}"`;
    reply
      .header('cache-control', 'public, max-age=0, s-maxage=60, stale-while-revalidate=300')
      .header('vary', VARY)
      .header('etag', etag);
    if (reply.statusCode === 200 && request.headers['if-none-match'] === etag)
      return reply.status(304).send();
    return reply.send(html);
  };

  /**
   * Sends the page as HTML from the server renderer and answers true; false when it is not one of
   * the rendered pages (or the render failed), and nothing was sent. (Not the reply itself: a reply
   * is awaitable, and an async function would wait on it.)
   */
  const renderPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    meta: PageMeta | null,
  ): Promise<boolean> => {
    if (!ssr || !template) return false;
    let result: RenderResult | null;
    const language = requestLanguage(request);
    const dataSaver = requestDataSaver(request);
    try {
      result = await ssr.renderer.render({
        url: `http://adwuma.local${request.url}`,
        fetch: apiFor(request),
        language,
        dataSaver,
      });
    } catch (error) {
      request.log.error({ err: error }, 'server render failed: the app shell is sent instead');
      return false;
    }
    if (!result) return false;
    if (result.type === 'redirect') {
      reply.redirect(result.location, result.status);
      return true;
    }
    const page = result;
    const pageMeta: PageMeta = meta ?? {
      title: page.title ?? '',
      description: siteDescription,
      url: `${publicUrl}${request.url}`,
    };
    const { head, rest } = template;
    const headHtml = [headTags(pageMeta), ...preloadTags(ssr.manifest, page.modules, indexHtml)].join(
      '\n    ',
    );
    const body = rest
      .replace(APP_PLACEHOLDER, () => page.html)
      .replace(/<\/body>/i, () => `${page.dataScript}\n  </body>`);
    reply.status(page.status);
    sendRendered(
      request,
      reply,
      withDataSaver(
        withLanguage(`${head.trimEnd()}\n    ${headHtml}\n  ${body}`, language, manifest),
        dataSaver,
      ),
    );
    return true;
  };

  for (const page of template ? (options.pages ?? []) : []) {
    app.get(page.path, { schema: { hide: true } }, async (request, reply) => {
      const { slug } = request.params as { slug: string };
      const found = await page.lookup(slug);
      if (found && 'redirect' in found) {
        const query = request.url.indexOf('?');
        return reply.redirect(query < 0 ? found.redirect : found.redirect + request.url.slice(query), 301);
      }
      if (!found) return sendIndex(reply.status(404));
      if (await renderPage(request, reply, found.meta)) return reply;
      reply.header('cache-control', 'no-cache').header('vary', VARY).type('text/html; charset=utf-8');
      const { head, rest } = template as NonNullable<typeof template>;
      return withDataSaver(
        withLanguage(
          `${head.trimEnd()}\n    ${headTags(found.meta)}\n  ${rest}`,
          requestLanguage(request),
          manifest,
        ),
        requestDataSaver(request),
      );
    });
  }

  app.get('/*', async (request, reply) => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      return reply.status(400).send({ error: { code: 'BAD_REQUEST', message: 'The address is not valid.' } });
    }
    if (urlPath.startsWith('/api/') || urlPath === '/api') return reply.callNotFound();
    if (files.has(urlPath) && !urlPath.endsWith('.html')) return reply.sendFile(urlPath.slice(1));
    // A file that is not in the build (`/.env`, `/backup.sql`, an old asset): a plain 404.
    if (urlPath.startsWith('/assets/') || FILE_LIKE.test(urlPath)) return reply.callNotFound();
    // No page of the app (`/wp-admin`): the app shell, which shows its not-found page, with a 404.
    if (!isAppPage(urlPath, { devRoutes })) return sendIndex(reply.status(404), request);
    if (await renderPage(request, reply, null)) return reply;
    return sendIndex(reply, request);
  });
});
