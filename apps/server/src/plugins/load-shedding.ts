import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { BUSY_MESSAGE, DATABASE_RETRY_AFTER_SECONDS } from '../lib/db-errors.ts';
import { sendRefusal } from './refusal.ts';

/** How far behind the server is, and how much it has on hand, as last measured. */
export interface Pressure {
  /** The event loop's delay (median of a sample), in milliseconds. */
  eventLoopDelayMs: number;
  /** How long a `select 1` waited for its turn and answered (PGlite's queue, the pool's), in milliseconds. */
  databaseWaitMs: number;
  /** Queries waiting for a Postgres connection right now (0 on PGlite). */
  poolWaiting: number;
  /** Requests let in and not answered yet. */
  inFlight: number;
  /** Requests answered a second: the best of the last 10 s. */
  servedPerSecond: number;
}

export interface LoadShedding {
  /** The measurements the decision is made on; a test replaces it to force or lift the pressure. */
  pressure(): Pressure;
  /** Why a request would be refused now, or null. */
  overloaded(): string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    loadShedding: LoadShedding;
  }
}

/**
 * The header the server's own in-process requests carry (a server render asking the API): the page
 * was let in, so the calls it makes are too. Random at each start: no client can know it.
 */
export const IN_PROCESS_HEADER = 'x-adwuma-in-process';
export const IN_PROCESS_TOKEN = randomBytes(18).toString('base64url');

export interface LoadSheddingOptions {
  database: Pick<Database, 'ping' | 'pool'>;
  /** SHED_EVENT_LOOP_DELAY_MS: the most the event loop or the database may be behind (0 = never shed). */
  maxDelayMs: number;
  /** SHED_POOL_WAITING: the most queries waiting for a connection (0 = never shed). */
  maxPoolWaiting: number;
  /** Requests never shed: the health check, the web build's files. */
  exempt(request: FastifyRequest): boolean;
}

const SAMPLE_MS = 500;
/** The server's rate is its best over this many windows (10 s): refusing costs time too, and a rate measured while refusing would only shrink. */
const RATE_WINDOWS = 20;
/** Let in at least this many at once, whatever the measured rate. */
const MIN_IN_FLIGHT = 8;

/**
 * Refuses requests with 503 + Retry-After while the server is saturated (issue 29), instead of
 * letting every answer wait 10 s and sockets time out: a client told to come back soon costs
 * nothing, and those already in are served in time.
 *
 * Saturated: over SHED_EVENT_LOOP_DELAY_MS for two windows of SAMPLE_MS in a row (one long pause, a
 * GC or a slow start, is over before anything is refused), and until two windows in a row are under
 * it again: the event loop's median delay, or the time a `select 1` takes — the wait for PGlite's
 * turn (its statements queue one per turn of the event loop, so the loop itself stays prompt while
 * the queue grows) or for a pool connection; or more than SHED_POOL_WAITING queries waiting for a
 * connection. While saturated the server still lets in as many requests as it answers in
 * SHED_EVENT_LOOP_DELAY_MS (Little's law: those wait about that long), and refuses the rest: it
 * keeps serving at its full rate rather than in bursts. Measured while the app runs (onReady → onClose).
 */
export const loadSheddingPlugin = fp(
  async (app: FastifyInstance, options: LoadSheddingOptions) => {
    const { database, maxDelayMs, maxPoolWaiting } = options;
    const histogram = monitorEventLoopDelay({ resolution: 20 });
    let timer: NodeJS.Timeout | undefined;
    /** The last two windows' measurements: [previous, last]. */
    let loop: [number, number] = [0, 0];
    let wait: [number, number] = [0, 0];
    const served: number[] = [];
    let servedNow = 0;
    let inFlight = 0;
    let behind = false;
    let probe: { startedAt: number } | null = null;
    let lastProbeMs = 0;

    let sampledAt = performance.now();
    const sample = () => {
      // This timer's own lateness is a measurement too: a loop blocked for the whole window may
      // leave the histogram no sample of it (its timer and ours fire in either order after the block).
      const now = performance.now();
      const late = Math.max(0, now - sampledAt - SAMPLE_MS);
      sampledAt = now;
      loop = [loop[1], Math.max(late, histogram.count > 0 ? histogram.percentile(50) / 1e6 : 0)];
      histogram.reset();
      const waiting = probe ? performance.now() - probe.startedAt : 0;
      wait = [wait[1], Math.max(lastProbeMs, waiting)];
      served.push(servedNow);
      if (served.length > RATE_WINDOWS) served.shift();
      servedNow = 0;
      // Two windows over the limit to start shedding, two under it to stop.
      const both = (pair: [number, number]) => (behind ? Math.max(...pair) : Math.min(...pair));
      behind = maxDelayMs > 0 && (both(loop) > maxDelayMs || both(wait) > maxDelayMs);
      if (probe || maxDelayMs === 0) return;
      const started = { startedAt: performance.now() };
      probe = started;
      database.ping().then(
        () => {
          lastProbeMs = performance.now() - started.startedAt;
          probe = null;
        },
        () => {
          // Unreachable is the health check's and the error handler's to report, not an overload.
          lastProbeMs = 0;
          probe = null;
        },
      );
    };

    const shedding: LoadShedding = {
      pressure() {
        const pick = (pair: [number, number]) => (behind ? Math.max(...pair) : Math.min(...pair));
        return {
          eventLoopDelayMs: pick(loop),
          databaseWaitMs: pick(wait),
          poolWaiting: database.pool?.waitingCount ?? 0,
          inFlight,
          servedPerSecond: Math.max(0, ...served) / (SAMPLE_MS / 1000),
        };
      },
      overloaded() {
        const now = shedding.pressure();
        const reason =
          maxDelayMs > 0 && now.eventLoopDelayMs > maxDelayMs
            ? `event loop ${Math.round(now.eventLoopDelayMs)} ms behind`
            : maxDelayMs > 0 && now.databaseWaitMs > maxDelayMs
              ? `database ${Math.round(now.databaseWaitMs)} ms behind`
              : maxPoolWaiting > 0 && now.poolWaiting > maxPoolWaiting
                ? `${now.poolWaiting} queries waiting for a connection`
                : null;
        if (!reason) return null;
        const admitted = Math.max(MIN_IN_FLIGHT, (now.servedPerSecond * (maxDelayMs || 1000)) / 1000);
        return now.inFlight >= admitted ? `${reason}, ${now.inFlight} requests in flight` : null;
      },
    };
    app.decorate('loadShedding', shedding);

    if (maxDelayMs > 0 || maxPoolWaiting > 0) {
      app.addHook('onReady', async () => {
        histogram.enable();
        sampledAt = performance.now();
        timer = setInterval(sample, SAMPLE_MS);
        timer.unref();
      });
      app.addHook('onClose', async () => {
        clearInterval(timer);
        histogram.disable();
      });
    }

    app.addHook('onRequest', async (request, reply) => {
      if (options.exempt(request) || request.headers[IN_PROCESS_HEADER] === IN_PROCESS_TOKEN) return;
      const reason = app.loadShedding.overloaded();
      if (!reason) {
        inFlight++;
        // 'close' comes once the answer is sent or the client has gone, whichever happens.
        reply.raw.once('close', () => {
          inFlight--;
          servedNow++;
        });
        return;
      }
      request.log.debug({ reason }, 'overloaded: request shed');
      reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS).header('cache-control', 'no-store');
      return sendRefusal(request, reply, 503, {
        error: { code: 'SERVICE_UNAVAILABLE', message: BUSY_MESSAGE },
      });
    });
  },
  { name: 'load-shedding' },
);
