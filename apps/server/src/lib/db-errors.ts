/**
 * Which failures mean "the database is away or full" (answer 503 + Retry-After) rather than a bug
 * (500). Errors arrive raw from pg/pg-pool, or wrapped: Drizzle's DrizzleQueryError and Better Auth
 * keep the driver error on `.cause`; Node's happy-eyeballs connect gives an AggregateError.
 */

/** Node socket errors: the server is not there or the connection broke. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs (besides class 08, connection exceptions): 57P01 admin_shutdown, 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up / shutting down), 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** pg's own messages for a lost or unusable connection (they carry no code). */
const CONNECTION_MESSAGES = [
  /connection terminated/i, // "Connection terminated unexpectedly", "... due to connection timeout"
  /is not queryable/i, // "Client has encountered a connection error and is not queryable", "Client was closed ..."
  /timeout exceeded when trying to connect/i, // pg-pool: no connection freed up in time
  /connection timeout/i,
  /cannot use a pool after calling end/i,
];

/** pg-pool's answer when every connection stayed busy for connectionTimeoutMillis. */
const POOL_TIMEOUT = /timeout exceeded when trying to connect/i;

/** The error and everything it wraps (`cause`, AggregateError's `errors`), nearest first. */
function* chain(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length && seen.size < 16) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    yield current;
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    if (cause) queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
}

function isUnavailableOne(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return typeof message === 'string' && CONNECTION_MESSAGES.some((pattern) => pattern.test(message));
}

/** The database cannot be reached, dropped the connection, is restarting, or has no connection free. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const one of chain(error)) if (isUnavailableOne(one)) return true;
  return false;
}

/** Every pool connection stayed busy (overload), as opposed to the server being away. */
export function isPoolExhausted(error: unknown): boolean {
  for (const one of chain(error)) {
    const { message } = one as { message?: unknown };
    if (typeof message === 'string' && POOL_TIMEOUT.test(message)) return true;
  }
  return false;
}

/**
 * A failure to *obtain* a connection (pool.connect / client.connect) that is worth trying again: the
 * server was away, restarting or full. Nothing was sent, so any statement may be retried. Pool
 * exhaustion is not retried: it already waited, and retrying would only add load.
 */
export function isRetryableConnectError(error: unknown): boolean {
  return isDatabaseUnavailable(error) && !isPoolExhausted(error);
}

/** A query pg refused before sending it, on a client whose connection had already failed. */
export function isNotSentError(error: unknown): boolean {
  for (const one of chain(error)) {
    const { message } = one as { message?: unknown };
    if (typeof message === 'string' && /is not queryable/i.test(message)) return true;
  }
  return false;
}

/** How long a client should wait before trying again (Retry-After, seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = '2';
export const BUSY_MESSAGE = 'Adwuma is very busy right now. Please try again in a moment.';
export const DATABASE_UNAVAILABLE_MESSAGE =
  "Adwuma can't reach its database right now. Please try again in a moment.";
