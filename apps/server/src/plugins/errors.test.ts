import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors.ts';

describe('the error body for failures that are not the caller’s', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    await app.register(errorsPlugin);
    app.get('/pool', async () => {
      throw new Error('timeout exceeded when trying to connect');
    });
    app.get('/db-down', async () => {
      // What Drizzle throws when Postgres shuts a connection down mid-query.
      throw new DrizzleQueryError(
        'select 1',
        [],
        Object.assign(new Error('terminating connection'), { code: '57P01' }),
      );
    });
    app.get('/bug', async () => {
      throw new Error('something broke');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After when the database pool is exhausted', async () => {
    const res = await app.inject({ url: '/pool' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.json()).toEqual({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'Adwuma is very busy right now. Please try again in a moment.',
      },
    });
  });

  it('answers 503 with Retry-After and its own message when the database is unreachable', async () => {
    const res = await app.inject({ url: '/db-down' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.json()).toEqual({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: "Adwuma can't reach its database right now. Please try again in a moment.",
      },
    });
  });

  it('answers 500 INTERNAL_ERROR without details for anything else', async () => {
    const res = await app.inject({ url: '/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred. Please try again.' },
    });
  });
});
