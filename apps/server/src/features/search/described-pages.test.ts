import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { providerSearch } from '../../db/schema.ts';
import { withAppSettings } from '../../plugins/web.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { PLACES, provider, seedProviders, service } from '../../test/providers.ts';

/** A built app's index.html as Vite writes it: site-wide title and preview tags, scripts in the head. */
const INDEX_HTML = `<!doctype html>
<html lang="en-GH">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Adwuma connects customers in Ghana with trusted providers." />
    <meta property="og:title" content="Adwuma — Find trusted service providers in Ghana" />
    <meta property="og:description" content="Hire verified providers near you." />
    <meta property="og:type" content="website" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>Adwuma</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"><!--app-html--></div>
  </body>
</html>
`;

/** index.html as served: with the default map tile setting (plugins/web.test.ts covers it). */
const SERVED_HTML = withAppSettings(INDEX_HTML, { mapTileUrl: loadConfig({}).mapTileUrl });

const count = (html: string, pattern: RegExp) => (html.match(pattern) ?? []).length;
/** The content of the one tag that matches `attr="name"`. */
const tag = (html: string, attr: string) => {
  const found = [...html.matchAll(new RegExp(`<meta ${attr} content="([^"]*)"`, 'g'))];
  expect(found, attr).toHaveLength(1);
  return found[0]?.[1];
};

/**
 * GET /providers/:slug and /categories/:slug as crawlers see them (no script runs): the HTML carries
 * the page's own title and link-preview tags, escaped; old slugs redirect; unknown ones are 404s.
 */
describe('link-preview tags in the HTML of public pages', () => {
  let t: TestApp;
  let dist: string;
  const hostile = provider('<script>alert(1)</script> & "Ama"', PLACES.kumasi, {
    services: [service('hair-braiding', 'Knotless braids', 250), service('makeup', 'Bridal makeup', 900)],
    bio: 'Braids </title><script>x()</script> since 2015.',
    avatar_url: '/api/avatars/hostile?v=1',
    verified: true,
    rating: 4.62,
    total_reviews: 23,
  });
  const plain = provider('Kofi Plain', PLACES.accra, { services: [service('plumbing', 'Leak repair', 150)] });
  const hidden = provider('Hidden Provider', PLACES.accra, {
    services: [service('plumbing', 'Pipe repair', 100)],
  });
  const slugs: Record<string, string> = {};

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await createTestApp({ webDistDir: dist, publicUrl: 'https://adwuma.example' });
    await seedProviders(t, [hostile, plain, hidden]);
    for (const p of [hostile, plain, hidden]) {
      const [row] = await t.database.db
        .select({ slug: providerSearch.slug })
        .from(providerSearch)
        .where(eq(providerSearch.provider_id, p.id));
      slugs[p.id] = row!.slug;
    }
    // No longer listed (the read model's flag, as when a provider is suspended or unpublishes).
    await t.database.db
      .update(providerSearch)
      .set({ listed: false })
      .where(eq(providerSearch.provider_id, hidden.id));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it("writes a provider's title, description, Open Graph and Twitter tags, all escaped", async () => {
    const slug = slugs[hostile.id]!;
    const res = await get(`/providers/${slug}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;

    // Nothing the provider wrote becomes markup.
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<script>x()');
    expect(html).not.toContain('</title><script>');
    expect(count(html, /<script/g)).toBe(1);

    const name = '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Ama&quot;';
    const title = `${name} — Hair braiding and Makeup artistry in Kumasi`;
    expect(count(html, /<title>/g)).toBe(1);
    expect(html).toContain(`<title>${title} · Adwuma</title>`);
    expect(tag(html, 'property="og:title"')).toBe(title);
    const description = tag(html, 'name="description"');
    expect(description).toBe(
      'Hair braiding and Makeup artistry in Kumasi, verified on Adwuma. Rated 4.6 from 23 reviews. ' +
        'Braids &lt;/title&gt;&lt;script&gt;x()&lt;/script&gt; since 2015.',
    );
    expect(tag(html, 'property="og:description"')).toBe(description);
    expect(tag(html, 'property="og:type"')).toBe('profile');
    expect(tag(html, 'property="og:url"')).toBe(`https://adwuma.example/providers/${slug}`);
    expect(tag(html, 'property="og:image"')).toBe('https://adwuma.example/api/avatars/hostile?v=1');
    expect(tag(html, 'name="twitter:card"')).toBe('summary');
    expect(html).toContain(`<link rel="canonical" href="https://adwuma.example/providers/${slug}" />`);
    // The site-wide tags are replaced, not repeated; the rest of the page is the app as built.
    expect(html).not.toContain('Hire verified providers near you.');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(html).toContain('<div id="root"><!--app-html--></div>');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
  });

  it('leaves og:image out for a provider without a picture', async () => {
    const html = (await get(`/providers/${slugs[plain.id]}`)).body;
    expect(html).toContain('<title>Kofi Plain — Plumbing in Accra · Adwuma</title>');
    expect(html).not.toContain('og:image');
  });

  it("sends an old or mistyped slug on to the provider's current one with a 301", async () => {
    const slug = slugs[plain.id]!;
    const code = slug.split('-').at(-1)!;
    const res = await get(`/providers/kofi-old-name-${code}?utm_source=whatsapp`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/providers/${slug}?utm_source=whatsapp`);
    expect((await get(`/providers/${code.toUpperCase()}`)).headers.location).toBe(`/providers/${slug}`);
  });

  it('answers an unknown or unlisted provider with the app (its not-found page) and a 404', async () => {
    for (const url of [
      '/providers/nobody-zz99zz99',
      '/providers/no-code',
      `/providers/${slugs[hidden.id]}`,
      '/providers/%3Cscript%3E',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toBe(SERVED_HTML);
    }
  });

  it("writes a category's tags, and 404s an unknown category", async () => {
    const res = await get('/categories/plumbing?page=2');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Plumbing in Ghana · Adwuma</title>');
    expect(tag(res.body, 'property="og:url"')).toBe('https://adwuma.example/categories/plumbing');
    expect(tag(res.body, 'property="og:type"')).toBe('website');
    expect(tag(res.body, 'name="description"')).toMatch(/^Leaks, pipes.*Compare providers/);

    const unknown = await get('/categories/no-such-thing');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(SERVED_HTML);
  });

  it('leaves every other page as it was', async () => {
    const search = await get('/search?category=plumbing');
    expect(search.statusCode).toBe(200);
    expect(search.body).toBe(SERVED_HTML);
    // No page of the app (issue 29): the same shell, which shows the not-found page, with 404.
    for (const url of ['/providers', '/providers/a/b', '/categories']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(SERVED_HTML);
    }
    const api = await get(`/api/providers/${slugs[plain.id]}`);
    expect(api.statusCode).toBe(200);
    expect(api.headers['content-type']).toContain('application/json');
  });
});
