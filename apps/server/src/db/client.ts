import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import {
  isDatabaseUnavailable,
  isNotSentError,
  isPoolExhausted,
  isRetryableConnectError,
} from '../lib/db-errors.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of Db (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What runs raw SQL: a Database, or one of its `together` turns. */
export interface SqlRunner {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** One database, embedded (PGlite) or a Postgres server, behind the same face. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw SQL with positional parameters; used by the job queue. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * Runs a few statements back to back (a search's terms lookup, then its list). On PGlite they
   * take one turn of the connection, in one transaction, instead of queueing behind everyone else
   * once each; on a Postgres server they go to the pool one by one, as with `executeSql`.
   */
  together<T>(fn: (runner: SqlRunner) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance, when embedded (tests dump it as a template). */
  pglite?: PGlite;
  /** The pool, when on a Postgres server. */
  pool?: pg.Pool;
}

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../drizzle');
const MIGRATION_LOCK_KEY = 727_073_690;

const pgliteExtensions = { pg_trgm, cube, earthdistance };

export interface PgliteOptions {
  /** Folder to keep the database in; omitted = in memory. */
  dataDir?: string;
  /** A dump (from `dumpDataDir`) to start from, for fast test databases. */
  loadDataDir?: Blob | File;
}

/**
 * One statement (or transaction) per turn of the event loop, first come first served.
 *
 * PGlite runs each statement synchronously on the event loop. Left alone, every statement waiting
 * for its mutex ran back to back in one turn, and Node accepts one new connection per turn: at
 * concurrency 50 a turn lasted 0.5–1.5 s, so connections were let in one by one, seconds apart,
 * while the few already in were served again and again (search: p50 0.2 s, p99 4–5 s for 12 ms of
 * work a request; decision 005). Here each statement or transaction from outside a transaction
 * waits for the one before it, then for the next turn (setImmediate): between two of them Node
 * reads every socket and accepts a connection, so requests are served in the order they came.
 * Statements inside a transaction do not wait (it holds the connection). Idle, a turn costs
 * microseconds. `drain` waits for everything queued (before closing, as PGlite's own close does).
 */
function oneStatementPerTurn(client: PGlite): { drain(): Promise<unknown> } {
  const exclusive = client._runExclusiveTransaction.bind(client);
  let previous: Promise<unknown> = Promise.resolve();
  client._runExclusiveTransaction = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = previous.then(() => nextTurn()).then(() => exclusive(fn));
    previous = run.catch(() => undefined);
    return run;
  };
  return {
    async drain() {
      // A statement issued just before reaches the queue after PGlite's own ready check: one turn.
      await nextTurn();
      for (let tail = previous; ; tail = previous) {
        await tail;
        if (tail === previous) return;
      }
    },
  };
}

/**
 * Settings given to PGlite at every start (command-line options win over postgresql.conf).
 * shared_buffers: PGlite's default of 128 MB is allocated and touched inside the WebAssembly
 * memory at start, most of a server's idle memory on PGlite; with 64 MB a server starts about
 * 100 MB smaller, and searches over 100,000 providers used the same CPU (pages not in the buffers
 * come from the operating system's file cache). Decision 005.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=64MB'];

async function pgliteRows(
  run: Pick<PGlite, 'query' | 'exec'>,
  text: string,
  values?: unknown[],
): Promise<{ rows: Record<string, unknown>[] }> {
  if (values?.length) {
    const result = await run.query<Record<string, unknown>>(text, values);
    return { rows: result.rows };
  }
  const results = await run.exec(text);
  return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
}

export async function openPglite(options: PgliteOptions = {}): Promise<Database> {
  let lock: DataDirLock | undefined;
  let dataDir: string | undefined;
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    lock = acquireDataDirLock(options.dataDir);
    dataDir = path.join(options.dataDir, 'pgdata');
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: pgliteExtensions,
      startParams: PGLITE_START_PARAMS,
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const turns = oneStatementPerTurn(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    executeSql: (text, values) => pgliteRows(client, text, values),
    together: (fn) =>
      client.transaction((tx) => fn({ executeSql: (text, values) => pgliteRows(tx, text, values) })),
    async ping() {
      await client.query('select 1');
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async close() {
      try {
        await turns.drain();
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** How long a request may spend retrying a database that is away (a restart takes 1–3 s). */
export const CONNECT_RETRY_BUDGET_MS = 3000;
const RETRY_DELAYS_MS = [50, 100, 200, 400, 800];

/** Runs `attempt` again while `retryable` says so, with backoff, within the budget. */
async function withRetry<T>(attempt: () => Promise<T>, retryable: (error: unknown) => boolean): Promise<T> {
  const deadline = Date.now() + CONNECT_RETRY_BUDGET_MS;
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      const delay = RETRY_DELAYS_MS[Math.min(tries, RETRY_DELAYS_MS.length - 1)]!;
      if (!retryable(error) || Date.now() + delay > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * A read that is safe to send twice: a plain SELECT with no side effect (locks, sequences, notify).
 * Only these are retried after the connection broke mid-statement; writes may have committed.
 */
export function isSafeToRepeat(text: string): boolean {
  return (
    /^\s*select\b/i.test(text) &&
    !/\b(nextval|setval|pg_advisory\w*|pg_notify|pg_terminate_backend|set_config|into)\b|\bfor\s+(update|share|no\s+key|key)\b/i.test(
      text,
    )
  );
}

/**
 * A pg.Pool that rides out a Postgres restart (see docs/decisions/011-database-faults.md):
 * - getting a connection is retried while the server is away (nothing was sent yet);
 * - pool.query retries a statement pg refused to send (the client was already broken), and a
 *   side-effect-free SELECT whose connection broke; anything else fails (503 to the client).
 */
export function createResilientPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  // An idle client that loses its server (restart, network) must not crash the process.
  pool.on('error', () => {});
  // Nor may a checked-out one (pg-pool only listens on idle clients): its query fails instead.
  pool.on('connect', (client) => client.on('error', () => {}));

  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  // A pool that is closing answers "cannot use a pool after calling end": nothing to wait for.
  const resilientConnect = () =>
    withRetry(connect, (error) => !pool.ending && isRetryableConnectError(error));
  pool.connect = ((
    callback?: (err: Error | undefined, client?: pg.PoolClient, done?: () => void) => void,
  ) => {
    if (!callback) return resilientConnect();
    resilientConnect().then(
      (client) => callback(undefined, client, client.release),
      (error: Error) => callback(error, undefined, () => {}),
    );
  }) as typeof pool.connect;

  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = ((...args: unknown[]) => {
    if (args.some((arg) => typeof arg === 'function')) return query(...args);
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
    const repeatable = isSafeToRepeat(text);
    return withRetry(
      () => query(...args),
      (error) =>
        !pool.ending &&
        (isNotSentError(error) || (repeatable && isDatabaseUnavailable(error) && !isPoolExhausted(error))),
    );
  }) as typeof pool.query;
  return pool;
}

export async function openPostgres(connectionString: string, max = 10): Promise<Database> {
  const pool = createResilientPool({ connectionString, max, connectionTimeoutMillis: 5000 });
  const db = drizzlePostgres(pool, { schema }) as unknown as Db;
  let closed = false;
  const executeSql: Database['executeSql'] = async (text, values) => {
    const result = await pool.query(text, values as unknown[]);
    return { rows: result.rows };
  };
  return {
    kind: 'postgres',
    db,
    pool,
    executeSql,
    together: (fn) => fn({ executeSql }),
    async ping() {
      // One attempt, no retry: the health check must answer quickly whether the database is there.
      const client = await (pg.Pool.prototype.connect as () => Promise<pg.PoolClient>).call(pool);
      try {
        await client.query('select 1');
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      client.release();
    },
    async migrate() {
      // Two servers starting together must not migrate at once: hold an advisory lock meanwhile.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePostgres(drizzlePostgres(client), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export interface DatabaseConfig {
  databaseUrl: string | undefined;
  dataDir: string;
}

/** `DATABASE_URL` selects a Postgres server; otherwise PGlite in `DATA_DIR`. */
export function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite({ dataDir: config.dataDir });
}

/** The rows of a raw `db.execute(sql...)` answer (the same shape on PGlite and node-postgres). */
export const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
