import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import { type BusPayload, REALTIME_CHANNEL } from './events.ts';

/**
 * LISTEN on the realtime channel: every server process on the database hears every NOTIFY, so a
 * message sent through one process reaches the sockets held by another. On a Postgres server it is
 * a dedicated connection (a pooled one would lose its LISTEN) that reconnects with backoff; after a
 * reconnect `onResync` lets every socket fetch what it may have missed meanwhile.
 */
export interface Bus {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface BusHandlers {
  onPayload(payload: BusPayload): void;
  onResync(): void;
  /** The listener is connected (at start and after each reconnect): announcements arrive. */
  onListening(): void;
  /** The listener lost its connection: announcements may be missed until it is back. */
  onLost(): void;
}

const RECONNECT_MAX_DELAY_MS = 5000;

function parse(text: string, log: FastifyBaseLogger): BusPayload | null {
  try {
    return JSON.parse(text) as BusPayload;
  } catch (error) {
    log.error({ err: error }, 'unreadable realtime payload');
    return null;
  }
}

export function createBus(database: Database, handlers: BusHandlers, log: FastifyBaseLogger): Bus {
  if (database.kind === 'pglite') {
    let unlisten: (() => Promise<void>) | undefined;
    return {
      async start() {
        unlisten = await database.pglite!.listen(REALTIME_CHANNEL, (text) => {
          const payload = parse(text, log);
          if (payload) handlers.onPayload(payload);
        });
        handlers.onListening();
      },
      async stop() {
        handlers.onLost();
        if (database.pglite!.closed) return;
        await unlisten?.().catch(() => {});
      },
    };
  }

  const connectionString = (database.pool as unknown as { options: { connectionString: string } }).options
    .connectionString;
  let client: pg.Client | undefined;
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    // A server that does not answer at all (no refusal) must not hold the reconnect forever.
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5000, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel !== REALTIME_CHANNEL || !message.payload) return;
      const payload = parse(message.payload, log);
      if (payload) handlers.onPayload(payload);
    });
    next.on('error', (error) => log.warn({ err: error }, 'realtime listener connection error'));
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = undefined;
      handlers.onLost();
      log.warn('realtime listener disconnected; reconnecting');
      schedule();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${REALTIME_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    // Stopped meanwhile (a shutdown during an outage): this connection is nobody's.
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    handlers.onListening();
  };
  const schedule = () => {
    // At most 5 s apart: after a long outage the listener is back within seconds of the database
    // (one connection attempt per 5 s costs the database nothing).
    const delay = Math.min(RECONNECT_MAX_DELAY_MS, 250 * 2 ** attempt);
    attempt += 1;
    timer = setTimeout(() => {
      connect().then(
        () => {
          if (stopped) return;
          attempt = 0;
          handlers.onResync();
        },
        (error) => {
          log.warn({ err: error }, 'realtime listener could not reconnect');
          if (!stopped) schedule();
        },
      );
    }, delay);
  };

  return {
    async start() {
      await connect();
    },
    async stop() {
      stopped = true;
      handlers.onLost();
      if (timer) clearTimeout(timer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
