/**
 * What every command-line tool shares: its arguments parsed strictly (usage on a mistake), the
 * configuration read from the environment, and the database opened with one clear message when the
 * embedded database is held by a running server. Each step answers an exit code instead of throwing
 * for the mistakes a person makes.
 */
import { parseArgs } from 'node:util';
import { type AppConfig, ConfigError, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';

type Options = Record<string, { type: 'string' | 'boolean' }>;
type Values<O extends Options> = { [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string };

/** The named options, or null after printing the problem and the usage. */
export function cliArgs<O extends Options>(options: O, usage: string): Values<O> | null {
  try {
    return parseArgs({ options, strict: true, allowPositionals: false }).values as Values<O>;
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return null;
  }
}

/**
 * The configuration and its database, or null after printing why not. `whenLocked` says what to do
 * when a running server holds the embedded database (with DATABASE_URL that never happens).
 */
export async function openCliDatabase(
  whenLocked: (config: AppConfig) => string,
): Promise<{ config: AppConfig; database: Database } | null> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return null;
    }
    throw error;
  }
  try {
    return { config, database: await openDatabase(config) };
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`${error.message}\n${whenLocked(config)}`);
      return null;
    }
    throw error;
  }
}

/** Runs a command's main and exits with its code (1 on an unexpected error, printed). */
export function runCli(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
