import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerSearch } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { signUp } from '../test/auth.ts';
import { PLACES, provider, seedProviders, service } from '../test/providers.ts';

/** The built index.html, as Vite writes it (scripts in the head, the markup's place in #root). */
const INDEX_HTML = `<!doctype html>
<html lang="en-GH">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Adwuma connects customers in Ghana with trusted providers." />
    <meta property="og:title" content="Adwuma — Find trusted service providers in Ghana" />
    <title>Adwuma</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-abc123.js">
  </head>
  <body>
    <div id="root"><!--app-html--></div>
  </body>
</html>
`;

/** The build's manifest: a page chunk and what it imports (one of them already in index.html). */
const MANIFEST = {
  'src/features/providers/provider-profile-page.tsx': {
    file: 'assets/provider-profile-page-p1.js',
    imports: ['_avatar-p2.js', '_shared-abc123.js'],
  },
  '_avatar-p2.js': { file: 'assets/avatar-p2.js', css: ['assets/avatar-p2.css'] },
  '_shared-abc123.js': { file: 'assets/shared-abc123.js' },
};

const webSource = path.resolve(import.meta.dirname, '../../../web/src/ssr/entry-server.tsx');

/** A web build whose server renderer is the web app's own source (run through the test's transform). */
function makeDist(renderer: string): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-ssr-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, '.server', 'app'), { recursive: true });
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  fs.writeFileSync(path.join(dist, '.server', 'app', 'entry-server.js'), renderer);
  return dist;
}

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.lastIndexOf('</div>'));
/** Scripts the browser would run that are written in the page (the CSP forbids them). */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
    ([, attrs = '', body = '']) => !/\bsrc=/.test(attrs) && !/application\/json/.test(attrs) && body.trim(),
  );

describe('public pages rendered on the server (issue 20)', () => {
  let t: TestApp;
  let dist: string;
  const ama = provider('Ama Braids Owusu', PLACES.kumasi, {
    services: [service('hair-braiding', 'Knotless braids', 250)],
    bio: 'Knotless braids and cornrows since 2015.',
    verified: true,
  });
  let slug = '';

  beforeAll(async () => {
    dist = makeDist(`export * from ${JSON.stringify(webSource)};\n`);
    t = await createTestApp({ webDistDir: dist });
    await seedProviders(t, [ama]);
    const [row] = await t.database.db
      .select({ slug: providerSearch.slug })
      .from(providerSearch)
      .where(eq(providerSearch.provider_id, ama.id));
    slug = row!.slug;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it("sends a provider's profile as HTML: name, price, title, preview tags, the page's code preloaded", async () => {
    const res = await get(`/providers/${slug}`);
    expect(res.statusCode, res.body).toBe(200);
    const html = res.body;
    const root = rootOf(html);
    expect(root).toMatch(/<h1[^>]*>Ama Braids Owusu<\/h1>/);
    expect(root).toContain('Knotless braids');
    expect(root).toContain('GH₵ 250.00');
    expect(html).toContain('<title>Ama Braids Owusu — Hair braiding in Kumasi · Adwuma</title>');
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/providers/${slug}" />`);
    expect(html).toContain(
      '<meta property="og:title" content="Ama Braids Owusu — Hair braiding in Kumasi" />',
    );
    expect(html.match(/<title>/g)).toHaveLength(1);
    // The page's chunk and its imports, once, not what index.html already loads.
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/provider-profile-page-p1.js" />',
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/avatar-p2.js" />');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/avatar-p2.css" />');
    expect(html.match(/shared-abc123\.js/g)).toHaveLength(1);
    // The data it was rendered with, for hydration; no script the Content-Security-Policy would block.
    expect(html).toMatch(/<script type="application\/json" id="adwuma-ssr">\{"router":/);
    expect(inlineScripts(html)).toEqual([]);
  });

  it('sends a search with the query of its address: the result, its price and its title', async () => {
    const res = await get('/search?q=braids');
    expect(res.statusCode, res.body).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain('Ama Braids Owusu');
    expect(root).toContain('GH₵ 250.00');
    expect(res.body).toContain('<title>“braids” · Adwuma</title>');
    expect(res.body).toContain('<link rel="canonical" href="http://localhost:3000/search?q=braids" />');
    const data = JSON.parse(/id="adwuma-ssr">([^<]*)</.exec(res.body)![1]!);
    expect(data.queries.queries.map((q: { queryKey: unknown }) => q.queryKey)).toContainEqual([
      'search',
      'q=braids',
    ]);
  });

  it('renders in the language the browser asks for, and the device’s choice wins (issue 21)', async () => {
    const twi = await get('/pricing', { 'accept-language': 'ak-GH,ak;q=0.9,en;q=0.8' });
    expect(twi.statusCode).toBe(200);
    expect(twi.body).toMatch(/<html lang="ak-GH">/);
    expect(String(twi.headers.vary)).toMatch(/Accept-Language/);
    const chosen = await get('/pricing', { 'accept-language': 'ak', cookie: 'adwuma_lang=en' });
    expect(chosen.body).toMatch(/<html lang="en-GH">/);
    // Two languages, two copies: a cache must not answer one with the other.
    expect(chosen.headers.etag).not.toBe(twi.headers.etag);
    // The app shell of a page that is not server-rendered (/dashboard would send a visitor to /auth).
    const shell = await get('/onboarding', { cookie: 'adwuma_lang=ak' });
    expect(shell.body).toMatch(/<html lang="ak-GH">/);
    expect(String(shell.headers.vary)).toMatch(/Accept-Language/);
  });

  it('marks the page with the data saver when the browser asks to save data, unless the device said no (issue 21)', async () => {
    const saver = await get('/pricing', { 'save-data': 'on' });
    expect(saver.body).toMatch(/<html data-saver="on" lang="en-GH">/);
    expect(String(saver.headers.vary)).toMatch(/Save-Data/);
    const off = await get('/pricing', { 'save-data': 'on', cookie: 'adwuma_saver=off' });
    expect(off.body).not.toContain('data-saver');
    const chosen = await get('/onboarding', { cookie: 'adwuma_saver=on' });
    expect(chosen.body).toContain('data-saver="on"');
  });

  it('lets shared caches keep a visitor’s copy for a minute, revalidated by its ETag', async () => {
    const res = await get('/pricing');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Pricing · Adwuma</title>');
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    expect(String(res.headers.vary)).toMatch(/Cookie/);
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await get('/pricing', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('never lets a signed-in request be cached, and never writes who is signed in into the page', async () => {
    const user = await signUp(t, { name: 'Yaw Signedin' });
    const res = await get(`/providers/${slug}`, { cookie: user.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toBeUndefined();
    expect(res.body).toContain('Ama Braids Owusu');
    expect(res.body).not.toContain('Yaw Signedin');
    expect(res.body).not.toContain(user.email);
    expect(res.body).not.toContain(user.id);
    // A copy made for a visitor is not answered with 304 to a signed-in request either.
    const visitor = await get(`/providers/${slug}`);
    const conditional = await get(`/providers/${slug}`, {
      cookie: user.cookie,
      'if-none-match': String(visitor.headers.etag),
    });
    expect(conditional.statusCode).toBe(200);
  });

  it('sends signed-in pages as the app shell, as before', async () => {
    const customer = await signUp(t, { name: 'Kojo Shell' });
    const res = await get('/dashboard', { cookie: customer.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"><!--app-html--></div>');
    expect(res.body).not.toContain('adwuma-ssr');
  });

  it('answers an unknown provider with 404 and the app shell', async () => {
    const res = await get('/providers/nobody-zzzzzzzz');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('adwuma-ssr');
  });
});

describe('a server renderer that fails', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = makeDist('export async function render() { throw new Error("render exploded"); }\n');
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends the app shell instead of an error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pricing' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><!--app-html--></div>');
  });
});

describe('GET /api/session (the app’s first question on every page)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a visitor without a session cookie with 200 and null (no failed request in the console)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/session' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });

  it('answers as /api/me does for a signed-in caller', async () => {
    const user = await signUp(t, { name: 'Efua Session' });
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: user.cookie },
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual(me.json());
    expect(session.json().user.name).toBe('Efua Session');
  });

  it('answers 401 to a session cookie whose session is gone (the app then asks to sign in again)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: 'adwuma.session_token=gone.signature' },
    });
    expect(res.statusCode).toBe(401);
  });
});
