import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * A Postgres cluster of its own in a temporary folder (initdb + pg_ctl), for drills that stop and
 * start the database: the fault benchmark (bench/db-fault.mjs) and the long-outage test. Never
 * touches the machine's shared Postgres. initdb and pg_ctl refuse to run as root: as root they run
 * as the `postgres` OS user.
 */
export interface ThrowawayCluster {
  /** The temporary folder (data, logs, socket); removed by `destroy`. */
  readonly dir: string;
  readonly port: number;
  /** Connection string of `database` (default: the one created at start). */
  url(database?: string): string;
  /** The database goes away (`pg_ctl stop -m fast`, or `immediate`: a crash). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  restart(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops the cluster (if running) and removes its folder. */
  destroy(): Promise<void>;
}

export interface ThrowawayClusterOptions {
  /** Folder of initdb and pg_ctl; default PG_BIN, else the newest /usr/lib/postgresql/<n>/bin. */
  pgBin?: string;
  /** A database to create, with the extensions the app needs; default 'adwuma'. */
  database?: string;
  maxConnections?: number;
  /**
   * false: `fsync = off`, for tests (initdb and migrations are faster). A fast stop still writes
   * everything out, so nothing acknowledged is lost to it; only a crash of the machine would.
   */
  fsync?: boolean;
}

const run = promisify(execFile);

/** The newest Postgres installed the Debian way, or PG_BIN. */
export function defaultPgBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length) throw new Error('no Postgres binaries found: set PG_BIN');
  return path.join(base, versions[0]!, 'bin');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startThrowawayCluster(
  options: ThrowawayClusterOptions = {},
): Promise<ThrowawayCluster> {
  const pgBin = options.pgBin ?? defaultPgBin();
  const database = options.database ?? 'adwuma';
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adwuma-cluster-'));
  const pgData = path.join(dir, 'pgdata');
  const port = await freePort();
  let running = false;

  // Output to a file, not a pipe: the postmaster pg_ctl starts would inherit a pipe and hold it open.
  const tool = (name: string, args: string[]) => {
    const file = path.join(pgBin, name);
    const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
    const out = fs.openSync(path.join(dir, 'pg-tools.log'), 'a');
    return new Promise<void>((resolve, reject) => {
      const child = spawn(command!, argv as string[], { cwd: dir, stdio: ['ignore', out, out] });
      child.on('error', (error) => {
        fs.closeSync(out);
        reject(error);
      });
      child.on('exit', (code) => {
        fs.closeSync(out);
        if (code === 0) resolve();
        else reject(new Error(`${name} ${args.join(' ')} exited with ${code} (see ${dir}/pg-tools.log)`));
      });
    });
  };
  const pgCtl = (...args: string[]) => tool('pg_ctl', ['-D', pgData, ...args]);
  const url = (name = database) => `postgres://postgres@127.0.0.1:${port}/${name}`;

  const cluster: ThrowawayCluster = {
    dir,
    port,
    url,
    async stop(mode = 'fast') {
      await pgCtl('-m', mode, '-w', 'stop');
      running = false;
    },
    async start() {
      await pgCtl('-l', path.join(dir, 'postgres.log'), '-w', 'start');
      running = true;
    },
    async restart(mode = 'fast') {
      await pgCtl('-m', mode, '-w', 'restart');
      running = true;
    },
    async destroy() {
      if (running) await pgCtl('-m', 'immediate', '-w', 'stop').catch(() => {});
      running = false;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };

  try {
    if (asRoot) await run('chown', ['-R', 'postgres:postgres', dir]);
    const noSync = options.fsync === false ? ['--no-sync'] : [];
    await tool('initdb', [
      '-D',
      pgData,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C',
      ...noSync,
    ]);
    // In the config file, so a plain `pg_ctl start` after a stop keeps them.
    fs.appendFileSync(
      path.join(pgData, 'postgresql.conf'),
      `\nport = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\n` +
        `max_connections = ${options.maxConnections ?? 50}\n${options.fsync === false ? 'fsync = off\n' : ''}`,
    );
    await cluster.start();
    const admin = new pg.Client({ connectionString: url('postgres') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const db = new pg.Client({ connectionString: url() });
    await db.connect();
    // Debian's earthdistance must be created by a superuser: before the app migrates.
    for (const extension of ['pg_trgm', 'cube', 'earthdistance']) {
      await db.query(`CREATE EXTENSION IF NOT EXISTS ${extension}`);
    }
    await db.end();
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
  return cluster;
}
