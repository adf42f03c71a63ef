import fs from 'node:fs';
import path from 'node:path';
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
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of Db (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One database, embedded (PGlite) or a Postgres server, behind the same face. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw SQL with positional parameters; used by the job queue. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
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
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    async executeSql(text, values) {
      if (values?.length) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    async ping() {
      await client.query('select 1');
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

export async function openPostgres(connectionString: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server (restart, network) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePostgres(pool, { schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    pool,
    async executeSql(text, values) {
      const result = await pool.query(text, values as unknown[]);
      return { rows: result.rows };
    },
    async ping() {
      await pool.query('select 1');
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
