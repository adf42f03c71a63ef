import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** Where the guards log: the app's logger (pino), or anything with the same `error`. */
export interface GuardLog {
  error(object: object, message: string): void;
}

/** The part of `process` the guards listen on (tests pass an EventEmitter). */
export interface GuardedProcess {
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
  on(event: 'uncaughtException', listener: (error: Error, origin: string) => void): unknown;
  off(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
  off(event: 'uncaughtException', listener: (error: Error, origin: string) => void): unknown;
}

export interface ProcessGuards {
  /** Logs through `log` from now on (the app's logger, once it is built). */
  useLog(log: GuardLog): void;
  /** Removes the listeners (tests). */
  uninstall(): void;
}

/** Logs as one JSON line on stderr, as pino would, until the app's logger exists. */
const stderrLog: GuardLog = {
  error(object, message) {
    const { err, ...rest } = object as { err?: unknown };
    const error =
      err instanceof Error
        ? { type: err.name, message: err.message, stack: err.stack }
        : { value: String(err) };
    process.stderr.write(
      `${JSON.stringify({ level: 50, time: Date.now(), ...rest, err: error, msg: message })}\n`,
    );
  },
};

/**
 * Issue 29: a promise nobody awaited (pg-boss recording a job's outcome while the database was away)
 * rejected, and Node's default ended the process and every request and socket with it. These
 * listeners log such a rejection, and an uncaught exception, with what it was, and keep serving
 * (docs/decisions/011-database-faults.md, "Long outages"): the state that matters is in the
 * database, each request is its own, and a supervisor's restart would drop everything in flight.
 * The bug that let the error escape is still a bug: the log line says where it came from.
 */
export function installProcessGuards(
  proc: GuardedProcess = process,
  initialLog: GuardLog = stderrLog,
): ProcessGuards {
  let log = initialLog;
  const onRejection = (reason: unknown) => {
    log.error({ err: reason, what: 'unhandled rejection' }, 'unhandled rejection; still serving');
  };
  const onException = (error: Error, origin: string) => {
    log.error({ err: error, what: 'uncaught exception', origin }, 'uncaught exception; still serving');
  };
  proc.on('unhandledRejection', onRejection);
  proc.on('uncaughtException', onException);
  return {
    useLog(next) {
      log = next;
    },
    uninstall() {
      proc.off('unhandledRejection', onRejection);
      proc.off('uncaughtException', onException);
    },
  };
}

/** How soon a client may try again while the server restarts (another process, or this one back). */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 2;

export const SHUTTING_DOWN_BODY = {
  error: { code: 'SERVICE_UNAVAILABLE', message: 'Adwuma is restarting. Please try again in a moment.' },
};

/**
 * From now on `server` answers every new request 503 with Retry-After and our error body, and closes
 * the connection after it. For the shutdown: requests already being handled finish as before; one
 * that arrives meanwhile on a kept-alive connection got Fastify's bare 503 (no Retry-After, its own
 * body). Fastify's own answer is only switched off by a constructor option; this replaces its
 * request listener instead, so it never sees the request.
 */
export function answerUnavailableFromNowOn(server: Server): void {
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const body = JSON.stringify(SHUTTING_DOWN_BODY);
    response.shouldKeepAlive = false;
    response.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'retry-after': String(SHUTDOWN_RETRY_AFTER_SECONDS),
      'cache-control': 'no-store',
      connection: 'close',
    });
    response.end(body);
    // The body of a request nobody reads is discarded, so the socket can close.
    request.resume();
  });
}
