import net from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isSafeToRepeat } from '../db/client.ts';
import {
  isDatabaseUnavailable,
  isNotSentError,
  isPoolExhausted,
  isRetryableConnectError,
} from './db-errors.ts';

const withCode = (code: string, message = `failed with ${code}`) =>
  Object.assign(new Error(message), { code });

/** A port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('isDatabaseUnavailable', () => {
  it.each(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH'])('socket error %s', (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
  });

  it.each([
    ['08000', 'connection_exception'],
    ['08003', 'connection_does_not_exist'],
    ['08006', 'connection_failure'],
    ['08001', 'sqlclient_unable_to_establish_sqlconnection'],
    ['08P01', 'protocol_violation'],
    ['57P01', 'admin_shutdown'],
    ['57P02', 'crash_shutdown'],
    ['57P03', 'cannot_connect_now'],
    ['53300', 'too_many_connections'],
  ])('SQLSTATE %s (%s)', (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated',
    'Connection terminated due to connection timeout',
    'Client has encountered a connection error and is not queryable',
    'Client was closed and is not queryable',
    'timeout exceeded when trying to connect',
    'Cannot use a pool after calling end on the pool',
  ])('pg message "%s"', (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
  });

  it('finds the driver error under a DrizzleQueryError', () => {
    const wrapped = new DrizzleQueryError('insert into "subscribers" ...', [], withCode('57P01'));
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('finds it two levels down (Better Auth or pg-boss wrapping a Drizzle error)', () => {
    const drizzle = new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly'));
    const outer = new Error('Failed to get session', { cause: drizzle });
    expect(isDatabaseUnavailable(outer)).toBe(true);
  });

  it('finds it inside an AggregateError (happy-eyeballs connect)', () => {
    const aggregate = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], '');
    expect(isDatabaseUnavailable(aggregate)).toBe(true);
  });

  it('classifies a real refused connection from pg', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await closedPort(), user: 'x', database: 'x' });
    const error = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeTruthy();
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isRetryableConnectError(error)).toBe(true);
  });

  it.each([
    ['23505', 'unique_violation'],
    ['23503', 'foreign_key_violation'],
    ['22P02', 'invalid_text_representation'],
    ['42P01', 'undefined_table'],
    ['40001', 'serialization_failure'],
    ['57014', 'query_canceled'],
  ])('not for SQLSTATE %s (%s)', (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(false);
    expect(isDatabaseUnavailable(new DrizzleQueryError('q', [], withCode(code)))).toBe(false);
  });

  it('not for ordinary errors or non-errors', () => {
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new Error('relation "x" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });

  it('survives a cause cycle', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe('retry classification', () => {
  it('pool exhaustion is unavailable but not retried', () => {
    const error = new Error('timeout exceeded when trying to connect');
    expect(isPoolExhausted(error)).toBe(true);
    expect(isRetryableConnectError(error)).toBe(false);
  });

  it('a server that is restarting or refusing is retried', () => {
    expect(isRetryableConnectError(withCode('57P03', 'the database system is starting up'))).toBe(true);
    expect(isRetryableConnectError(withCode('ECONNREFUSED'))).toBe(true);
    expect(isRetryableConnectError(withCode('53300'))).toBe(true);
  });

  it('only "not queryable" counts as never sent', () => {
    expect(isNotSentError(new Error('Client has encountered a connection error and is not queryable'))).toBe(
      true,
    );
    expect(isNotSentError(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(isNotSentError(withCode('57P01'))).toBe(false);
  });
});

describe('isSafeToRepeat (which statements pool.query may resend after a broken connection)', () => {
  it.each([
    'select 1',
    '  SELECT "id", "name" from "categories" where "slug" = $1',
    'select count(*) from subscribers',
  ])('a plain read: %s', (text) => {
    expect(isSafeToRepeat(text)).toBe(true);
  });

  it.each([
    'insert into subscribers (email) values ($1)',
    'update profiles set bio = $1',
    'delete from favorites where id = $1',
    'commit',
    'with next as (select id from pgboss.job for update skip locked) update pgboss.job set state = 1',
    "select nextval('seq')",
    'select pg_advisory_lock($1)',
    "select pg_notify('realtime', $1)",
    'select * from realtime_cursors where user_id = $1 for update',
    'select * into backup from subscribers',
  ])('not a write or a read with a side effect: %s', (text) => {
    expect(isSafeToRepeat(text)).toBe(false);
  });
});
