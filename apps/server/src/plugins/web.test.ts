import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { uniqueIp } from '../test/auth.ts';
import { inlineScriptHashes, withAppSettings, withScriptSources } from './web.ts';

const INDEX_HTML = `<!doctype html>
<html lang="en-GH">
  <head>
    <meta charset="UTF-8" />
    <title>Adwuma</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const TILES = 'https://tiles.example.net/{z}/{x}/{y}.png?key=a&b="c"';
const TILES_ESCAPED = 'https://tiles.example.net/{z}/{x}/{y}.png?key=a&amp;b=&quot;c&quot;';

/** MAP_TILE_URL is one setting: the app's maps read it from the served HTML, the CSP allows its host. */
describe('the map tile setting in the served app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await createTestApp({ webDistDir: dist, mapTileUrl: TILES });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('writes the configured tile URL, escaped, into the head of every app page', async () => {
    for (const url of ['/search', '/onboarding/location?x=1', '/providers/nobody-here']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const html = res.body;
      expect(html, url).toContain(`<meta name="adwuma-map-tiles" content="${TILES_ESCAPED}" />`);
      expect(html.indexOf('adwuma-map-tiles'), url).toBeLessThan(html.indexOf('</head>'));
      expect(html, url).toContain('<div id="root"></div>');
    }
    // An unknown provider is still the app (its not-found state), with the tiles.
    expect((await t.app.inject({ method: 'GET', url: '/providers/nobody-here' })).statusCode).toBe(404);
  });

  it('answers a repeat visit with 304 from its ETag, and the page again once it differs', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/search' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/pricing', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await t.app.inject({
      method: 'GET',
      url: '/pricing',
      headers: { 'if-none-match': '"old"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toContain('<div id="root"></div>');
  });

  it("allows the tiles' host in the Content-Security-Policy", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/search' });
    const imgSrc = (res.headers['content-security-policy'] as string)
      .split(';')
      .find((d) => d.trim().startsWith('img-src'));
    expect(imgSrc).toContain('https://tiles.example.net');
    expect(imgSrc).not.toContain('openstreetmap');
  });
});

describe('withAppSettings', () => {
  it('leaves the HTML alone without a tile URL or without a head', () => {
    expect(withAppSettings(INDEX_HTML, {})).toBe(INDEX_HTML);
    expect(withAppSettings('<div></div>', { mapTileUrl: TILES })).toBe('<div></div>');
  });

  it('cannot be used to close the tag', () => {
    const html = withAppSettings(INDEX_HTML, { mapTileUrl: '"><script>alert(1)</script>' });
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });
});

/** The landing page's hero experiment runs an inline script before paint: allowed by hash, there only. */
describe('the landing page Content-Security-Policy', () => {
  const SCRIPT = `(function(){document.documentElement.setAttribute("data-hero","local")})();`;
  const HASH = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    fs.writeFileSync(
      path.join(dist, 'landing.html'),
      `<!doctype html><html><head><script src="/theme-init.js"></script>\n<script>${SCRIPT}</script>` +
        '<script type="module" crossorigin src="/assets/landing-abc.js"></script></head><body><h1>Adwuma</h1></body></html>',
    );
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const scriptSrc = (policy: string) =>
    policy
      .split(';')
      .find((d) => d.trim().startsWith('script-src'))!
      .trim();

  it("allows the inline script by its sha256 on /landing, never 'unsafe-inline', and only there", async () => {
    const landing = await t.app.inject({ method: 'GET', url: '/landing' });
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toContain(SCRIPT);
    const policy = landing.headers['content-security-policy'] as string;
    expect(scriptSrc(policy)).toBe(`script-src 'self' ${HASH}`);
    expect(scriptSrc(policy)).not.toContain('unsafe-inline');
    // Every other directive is the site-wide policy's.
    const page = await t.app.inject({ method: 'GET', url: '/search' });
    const sitePolicy = page.headers['content-security-policy'] as string;
    expect(scriptSrc(sitePolicy)).toBe("script-src 'self'");
    expect(policy.replace(` ${HASH}`, '')).toBe(sitePolicy);
  });

  it('hashes only inline scripts, exactly as written', () => {
    expect(
      inlineScriptHashes('<script src="/a.js"></script><script type="module" src="/b.js"></script>'),
    ).toEqual([]);
    expect(inlineScriptHashes(`<script>${SCRIPT}</script><script>\n${SCRIPT}</script>`)).toEqual([
      HASH,
      `'sha256-${createHash('sha256').update(`\n${SCRIPT}`).digest('base64')}'`,
    ]);
    expect(withScriptSources("default-src 'self';script-src 'self';img-src 'self'", [HASH])).toBe(
      `default-src 'self';script-src 'self' ${HASH};img-src 'self'`,
    );
    expect(withScriptSources("script-src 'self'", [])).toBe("script-src 'self'");
  });
});

/**
 * Issue 29: pages are counted by the overall per-address limit (a server-rendered page costs what
 * its API calls cost), the build's files are not; a path that is no page of the app answers 404.
 */
describe('unknown paths and the overall limit on pages', () => {
  let t: TestApp;
  let dist: string;
  const FILES = [
    '/assets/index-abc123.js',
    '/sw.js',
    '/manifest.webmanifest',
    '/icons/icon-192.png',
    '/favicon.ico',
  ];
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.mkdirSync(path.join(dist, 'icons'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    fs.writeFileSync(
      path.join(dist, 'landing.html'),
      '<!doctype html><html><body><h1>Adwuma</h1></body></html>',
    );
    for (const file of FILES) fs.writeFileSync(path.join(dist, file), 'x');
    t = await createTestApp({ webDistDir: dist, rateLimitPerMinute: 3 });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const page = (url: string, remoteAddress = uniqueIp()) =>
    t.app.inject({ method: 'GET', url, remoteAddress });

  it('answers a path that is no page of the app 404 with the app shell, which shows its not-found page', async () => {
    for (const url of [
      '/wp-admin',
      '/admin/nothing-here',
      '/searches',
      '/task',
      '/task/1/edit/more',
      '/dev/crash',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    // The app's pages, as its router matches them (a parameter is one segment; case and a trailing
    // slash do not count); the signed-in ones are the page guard's (302 to /auth), not a 404.
    for (const url of [
      '/search',
      '/Search/',
      '/help/payments',
      '/pay/test/ref-123',
      '/onboarding/location?x=1',
      '/auth/callback',
    ]) {
      expect((await page(url)).statusCode, url).toBe(200);
    }
    expect((await page('/task/123/edit')).statusCode).not.toBe(404);
  });

  it('answers a file that is not in the build a plain 404, never the app', async () => {
    for (const url of ['/.env', '/backup.sql', '/wp-login.php', '/assets/gone-123.js', '/search/old.js']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe('NOT_FOUND');
    }
  });

  it('counts pages per address: beyond RATE_LIMIT_PER_MINUTE a page gets 429', async () => {
    const ip = uniqueIp();
    const statuses = [];
    for (const url of ['/search', '/pricing', '/wp-admin', '/search'])
      statuses.push((await page(url, ip)).statusCode);
    expect(statuses).toEqual([200, 200, 404, 429]);
    const refused = await page('/about', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    // A browser opening the page reads the refusal as a page, with the limit's wait and a way back.
    const opened = await t.app.inject({
      method: 'GET',
      url: '/about?x=1',
      remoteAddress: ip,
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(opened.statusCode).toBe(429);
    expect(opened.headers['content-type']).toMatch(/^text\/html/);
    expect(opened.headers['retry-after']).toBeDefined();
    expect(opened.body).toMatch(
      /<h1>Please slow down<\/h1><p>Too many requests\. Please try again in \d+ seconds\.<\/p>/,
    );
    expect(opened.body).toContain('<a href="/about?x=1">Try again</a>');
  });

  it('does not count the build’s files nor the prerendered landing page', async () => {
    const ip = uniqueIp();
    for (let round = 0; round < 3; round++) {
      for (const url of [...FILES, '/landing']) expect((await page(url, ip)).statusCode, url).toBe(200);
    }
    const statuses = [];
    for (const url of ['/search', '/search', '/search', '/search'])
      statuses.push((await page(url, ip)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Still served once the pages are refused.
    expect((await page('/assets/index-abc123.js', ip)).statusCode).toBe(200);
  });
});
