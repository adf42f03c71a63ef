import { FRAME_MAX_BYTES, missedEventsSchema } from '@adwuma/shared';
import websocket from '@fastify/websocket';
import { z } from 'zod';
import { requireUser, roleOfCaller } from '../../kernel/http/session.ts';
import { sessionCacheFor } from '../../kernel/http/session-cache.ts';
import { AppError, errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { createBus } from './bus.ts';
import { eventsSince } from './events.ts';
import { Connection, RealtimeHub } from './hub.ts';

const HEARTBEAT_MS = 30_000;

/** A whole number of events (an empty or signed value is refused, not read as 0). */
const sinceValue = z
  .string()
  .regex(/^\d{1,10}$/, 'since must be a whole number, 0 or more.')
  .transform(Number);
const sinceQuery = z.object({ since: sinceValue.optional() });

/**
 * The realtime part (issue 9): WebSocket /api/realtime, authenticated by the session cookie, which
 * pushes the user's stored events in order (replaying those after `?since=N` first) plus typing
 * frames; GET /api/realtime/events?since=N answers the same catch-up over HTTP.
 */
export async function realtimeRoutes(app: App): Promise<void> {
  const { database, config } = app.deps;
  const hub = new RealtimeHub(app.log, database.db, sessionCacheFor(database));
  const bus = createBus(database, hub, app.log);
  await bus.start();
  const allowedOrigin = new URL(config.publicUrl).origin;

  // Before the websocket plugin's own preClose, which closes every socket without a code (the
  // client sees 1005): ours go with 1001 "going away", and the client reconnects (to another process).
  app.addHook('preClose', async () => {
    hub.closeAll();
    // Sockets still opening (not in the hub yet) too.
    for (const client of app.websocketServer?.clients ?? []) client.close(1001, 'Server shutting down');
    await bus.stop();
  });
  await app.register(websocket, {
    options: { maxPayload: FRAME_MAX_BYTES },
    errorHandler: (error, socket, request) => {
      request.log.warn({ err: error }, 'realtime socket error');
      socket.terminate();
    },
  });

  app.get(
    '/api/realtime',
    {
      config: { access: 'user', cachedSession: true },
      websocket: true,
      schema: { querystring: sinceQuery, hide: true },
      preValidation: async (request) => {
        // A page on another site must not open a socket with our visitor's cookie.
        const origin = request.headers.origin;
        if (origin && origin !== allowedOrigin) {
          throw new AppError(403, 'FORBIDDEN', 'This origin may not open a realtime connection.');
        }
        const { user } = await requireUser(request);
        // Issue 19: whether the socket carries the admins' activity feed, decided once, before it opens.
        await roleOfCaller(request, user.id);
      },
    },
    async (socket, request) => {
      const { user, session } = await requireUser(request);
      const connection = new Connection(user.id, session.id, socket, database.db, request.log);
      // The role was looked up in preValidation (memoised): no wait before the listeners are on.
      hub.add(connection, { admin: (await roleOfCaller(request, user.id)) === 'admin' });
      let alive = true;
      const heartbeat = setInterval(() => {
        if (!alive) {
          socket.terminate();
          return;
        }
        alive = false;
        socket.ping();
      }, HEARTBEAT_MS);
      socket.on('pong', () => {
        alive = true;
      });
      socket.on('message', (data, isBinary) => {
        if (isBinary) {
          connection.close(1003, 'Frames must be JSON text');
          return;
        }
        connection.receive(data.toString()).catch((error: unknown) => {
          request.log.error({ err: error }, 'realtime frame failed');
        });
      });
      socket.on('close', () => {
        clearInterval(heartbeat);
        connection.closed = true;
        hub.remove(connection);
      });
      connection.start(request.query.since);
    },
  );

  app.get(
    '/api/realtime/events',
    {
      config: { access: 'user', cachedSession: true },
      schema: {
        querystring: z.object({ since: sinceValue }),
        response: { 200: missedEventsSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return eventsSince(database.db, user.id, request.query.since);
    },
  );
}
