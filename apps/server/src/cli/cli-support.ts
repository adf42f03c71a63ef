/**
 * What every command-line tool shares: its arguments parsed strictly (usage on a mistake), the
 * configuration read from the environment, and the database opened with one clear message when the
 * embedded database is held by a running server. Each step answers an exit code instead of throwing
 * for the mistakes a person makes.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type AppConfig, ConfigError, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';

/**
 * What a command reads and writes. A run from the shell uses the process's own (processIo); tests
 * call a command's main in the test process with theirs, without starting a process per case.
 */
export interface CliIo {
  argv: string[];
  env: NodeJS.ProcessEnv;
  out(text: string): void;
  err(text: string): void;
}

export function processIo(): CliIo {
  return {
    argv: process.argv.slice(2),
    env: process.env,
    out: (text) => console.info(text),
    err: (text) => console.error(text),
  };
}

type Options = Record<string, { type: 'string' | 'boolean' }>;
type Values<O extends Options> = { [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string };

/** The named options, or null after printing the problem and the usage. */
export function cliArgs<O extends Options>(
  options: O,
  usage: string,
  io: CliIo = processIo(),
): Values<O> | null {
  try {
    return parseArgs({ args: io.argv, options, strict: true, allowPositionals: false }).values as Values<O>;
  } catch (error) {
    io.err(`${(error as Error).message}\n${usage}`);
    return null;
  }
}

/**
 * The configuration and its database, or null after printing why not. `whenLocked` says what to do
 * when a running server holds the embedded database (with DATABASE_URL that never happens).
 */
export async function openCliDatabase(
  whenLocked: (config: AppConfig) => string,
  io: CliIo = processIo(),
): Promise<{ config: AppConfig; database: Database } | null> {
  let config: AppConfig;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message);
      return null;
    }
    throw error;
  }
  try {
    return { config, database: await openDatabase(config) };
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      io.err(`${error.message}\n${whenLocked(config)}`);
      return null;
    }
    throw error;
  }
}

/** Whether the module at this URL is the script node was started with (not imported by a test). */
function isEntryPoint(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return fs.realpathSync(script) === fs.realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

/**
 * Runs a command's main with the process's arguments and exits with its code (1 on an unexpected
 * error, printed), when its module (`import.meta.url`) is the script being run; an import does nothing.
 */
export function runCli(main: (io: CliIo) => Promise<number>, moduleUrl: string): void {
  if (!isEntryPoint(moduleUrl)) return;
  main(processIo()).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
