import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerFor } from './app.ts';
import { loadConfig } from './config.ts';
import { createTestDatabase } from './test/database.ts';
import type { App } from './types.ts';

/** The production logger (JSON, info), writing into an array. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe('request logging', () => {
  let app: App;
  const { lines, stream } = capture();

  beforeAll(async () => {
    const config = {
      ...loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'info' }),
      seedDemo: false,
      runJobs: false,
      webDistDir: '/nonexistent-web-dist',
    };
    const logger = { ...(loggerFor(config) as object), stream };
    app = await buildApp(config, { database: await createTestDatabase(), logger });
  });
  afterAll(() => app?.close());

  const linesOf = (reqId: string) => lines.filter((l) => l.reqId === reqId);

  it('writes exactly one line per request, without the query string', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/health?token=secret-token&email=kofi%40example.com',
      headers: {
        'x-request-id': 'one-line-test',
        'user-agent': 'probe/1.0',
        cookie: 'adwuma.session_token=abc',
      },
    });
    expect(res.statusCode).toBe(200);
    const mine = linesOf('one-line-test');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      path: '/api/health',
      status: 200,
      userAgent: 'probe/1.0',
    });
    expect(typeof mine[0]?.ms).toBe('number');
    const text = JSON.stringify(lines);
    expect(text).not.toContain('secret-token');
    expect(text).not.toContain('kofi');
    expect(text).not.toContain('session_token=abc');
  });

  it('one line for a 404 and for a refused body too', async () => {
    await app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'x-request-id': 'not-found-test' },
    });
    expect(linesOf('not-found-test')).toMatchObject([{ status: 404, path: '/api/nothing-here' }]);
    await app.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { email: 'not an email' },
      headers: { 'x-request-id': 'bad-body-test', origin: 'http://localhost:3000' },
    });
    expect(linesOf('bad-body-test')).toMatchObject([{ status: 400, path: '/api/waitlist' }]);
  });
});
