import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';

function makeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'landing.html'), '<!doctype html><title>landing</title><h1>Adwuma</h1>');
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe('the app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = makeDist();
    t = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers unknown API paths with a JSON 404 in the error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No route for GET /api/does-not-exist' },
    });
    const post = await t.app.inject({ method: 'POST', url: '/api/nothing', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('serves the SPA with history fallback and the prerendered landing page', async () => {
    const deep = await t.app.inject({ method: 'GET', url: '/pricing?plan=pro' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>app</title>');
    expect(deep.headers['cache-control']).toBe('no-cache');

    const landing = await t.app.inject({ method: 'GET', url: '/landing' });
    expect(landing.body).toContain('<title>landing</title>');

    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/auth');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');

    const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/gone-000.js' });
    expect(missingAsset.statusCode).toBe(404);

    const badPath = await t.app.inject({ method: 'GET', url: '/%E0%A4%A' });
    expect(badPath.statusCode).toBe(400);
  });

  it('sends security headers with a Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/about' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The test PUBLIC_URL is http: no HSTS, no upgrade (plugins/security.test.ts covers https).
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('compresses responses when the client accepts it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('publishes the OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/waitlist', '/api/enterprise-leads', '/api/events']),
    );
    expect(doc.paths['/api/waitlist'].post.requestBody).toBeTruthy();
  });

  it('echoes a sane request id and replaces a hostile one', async () => {
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const hostile = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': '<script>alert(1)</script>' },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

// The loopback and admin rules: features/dev-outbox/dev-outbox.test.ts.
describe('the dev outbox', () => {
  it('is readable with DEV_OUTBOX outside production and absent in production', async () => {
    const dev = await createTestApp({ devOutbox: true });
    const prod = await createTestApp({ env: 'production', devOutbox: true });
    try {
      expect((await dev.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(200);
      expect((await prod.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await dev.close();
      await prod.close();
    }
  });
});
