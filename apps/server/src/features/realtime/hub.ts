import {
  type ClientFrame,
  clientFrameSchema,
  createWindowLimiter,
  FRAME_LIMIT,
  type RealtimeEvent,
  type ServerFrame,
} from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Db } from '../../db/client.ts';
import { conversationMembers } from '../../db/schema.ts';
import type { SessionCache } from '../../kernel/http/session-cache.ts';
import { type AnnouncedActivity, activityFrame } from './activity.ts';
import type { BusHandlers } from './bus.ts';
import { type BusPayload, currentSeq, eventsSince, publishEphemeral } from './events.ts';
import { socketClosed, socketOpened } from './presence.ts';

/** A socket whose unsent data grows past this is too slow: it is closed and catches up on reconnect. */
const MAX_BUFFERED = 1024 * 1024;
/** Refused frames in a row after which the socket is closed (a client that ignores the errors). */
const MAX_STRIKES = 20;

/**
 * One WebSocket of one signed-in user. Everything it sends goes through one queue, so stored events
 * leave in their order (a gap is fetched from the database first) and never twice.
 */
export class Connection {
  /** The last stored event sent (or known) to this socket. */
  private lastSeq = -1;
  private queue: Promise<void> = Promise.resolve();
  /** Tasks in the queue not yet finished: while none is, an event in order is sent at once. */
  private pending = 0;
  private readonly limiter = createWindowLimiter(FRAME_LIMIT.max, FRAME_LIMIT.windowMs);
  private strikes = 0;
  /** Conversation id → the other members, for typing frames (checked once per conversation). */
  private readonly peers = new Map<string, string[]>();
  closed = false;

  constructor(
    readonly userId: string,
    /** The session the socket was opened with: it closes when that session ends. */
    readonly sessionId: string,
    private readonly socket: WebSocket,
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  private send(frame: ServerFrame): void {
    if (this.closed) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED) {
      this.close(1013, 'Too slow; reconnect to catch up');
      return;
    }
    this.socket.send(JSON.stringify(frame));
  }

  private enqueue(task: () => Promise<void>): void {
    this.pending += 1;
    this.queue = this.queue
      .then(task)
      .catch((error: unknown) => {
        this.log.error({ err: error, userId: this.userId }, 'realtime delivery failed');
        // Whatever was not sent is fetched again by the client on reconnect.
        this.close(1011, 'Delivery failed; reconnect to catch up');
      })
      .finally(() => {
        this.pending -= 1;
      });
  }

  /** First task: replay what was missed after `since` (or start from now), then say ready. */
  start(since: number | undefined): void {
    this.enqueue(async () => {
      if (since === undefined) {
        this.lastSeq = await currentSeq(this.db, this.userId);
      } else {
        const missed = await eventsSince(this.db, this.userId, since);
        if (missed.reset) this.send({ type: 'reset', seq: missed.seq });
        else for (const e of missed.events) this.send({ type: 'event', seq: e.seq, event: e.event });
        this.lastSeq = missed.seq;
      }
      this.send({ type: 'ready', seq: this.lastSeq, server_time: new Date().toISOString() });
    });
  }

  /** A stored event for this user: sent in order, a gap fetched first; a replay skipped. */
  deliver(seq: number, event: RealtimeEvent | undefined): void {
    // The usual case, the next event with nothing waiting before it: sent now, without the queue.
    if (this.pending === 0 && event && seq === this.lastSeq + 1) {
      if (this.closed) return;
      this.send({ type: 'event', seq, event });
      this.lastSeq = seq;
      return;
    }
    this.enqueue(async () => {
      if (this.closed || seq <= this.lastSeq) return;
      if (event && seq === this.lastSeq + 1) {
        this.send({ type: 'event', seq, event });
        this.lastSeq = seq;
        return;
      }
      await this.catchUp();
    });
  }

  /** After the listener reconnected: fetch whatever was announced while it was away. */
  resync(): void {
    this.enqueue(() => this.catchUp());
  }

  private async catchUp(): Promise<void> {
    if (this.closed) return;
    const missed = await eventsSince(this.db, this.userId, this.lastSeq);
    if (missed.reset) this.send({ type: 'reset', seq: missed.seq });
    else for (const e of missed.events) this.send({ type: 'event', seq: e.seq, event: e.event });
    this.lastSeq = Math.max(this.lastSeq, missed.seq);
  }

  /**
   * Holds this socket's writes until `uncork` (ws writes each frame at once): the frames of one
   * announcement (a message and its notice) leave in one write.
   */
  cork(): void {
    (this.socket as unknown as { _socket?: { cork?(): void } })._socket?.cork?.();
  }

  uncork(): void {
    (this.socket as unknown as { _socket?: { uncork?(): void } })._socket?.uncork?.();
  }

  /** A frame that is not stored (typing): sent as it comes. */
  push(frame: ServerFrame): void {
    this.send(frame);
  }

  private refuse(code: string, message: string, retryAfterMs?: number): void {
    this.strikes += 1;
    this.send({ type: 'error', code, message, ...(retryAfterMs ? { retry_after_ms: retryAfterMs } : {}) });
    if (this.strikes >= MAX_STRIKES) this.close(1008, 'Too many refused frames');
  }

  /** A frame from the client: ping and typing; anything else is refused with an error frame. */
  async receive(raw: string): Promise<void> {
    const wait = this.limiter.hit(Date.now());
    if (wait > 0) {
      this.refuse('RATE_LIMITED', `Too many frames. Please wait ${Math.ceil(wait / 1000)} seconds.`, wait);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      this.refuse('BAD_FRAME', 'Frames must be JSON.');
      return;
    }
    const frame = clientFrameSchema.safeParse(parsed);
    if (!frame.success) {
      this.refuse(
        'BAD_FRAME',
        'Unknown frame: send {"type":"ping","id":...} or {"type":"typing","conversation_id":...}.',
      );
      return;
    }
    this.strikes = 0;
    await this.handle(frame.data);
  }

  private async handle(frame: ClientFrame): Promise<void> {
    if (frame.type === 'ping') {
      this.send({ type: 'pong', id: frame.id, server_time: new Date().toISOString() });
      return;
    }
    let peers = this.peers.get(frame.conversation_id);
    if (!peers) {
      const members = await this.db
        .select({ user_id: conversationMembers.user_id })
        .from(conversationMembers)
        .where(eq(conversationMembers.conversation_id, frame.conversation_id));
      if (!members.some((m) => m.user_id === this.userId)) {
        this.refuse('FORBIDDEN', 'You are not part of this conversation.');
        return;
      }
      peers = members.map((m) => m.user_id).filter((id) => id !== this.userId);
      this.peers.set(frame.conversation_id, peers);
    }
    if (peers.length > 0) {
      await publishEphemeral(this.db, peers, {
        type: 'typing',
        conversation_id: frame.conversation_id,
        user_id: this.userId,
      });
    }
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.close(code, reason);
  }
}

/** The sockets of this process by user, fed by the bus. */
export class RealtimeHub implements BusHandlers {
  private readonly byUser = new Map<string, Set<Connection>>();
  /** Issue 19: the sockets of admins (decided when they connect), which also get the activity feed. */
  private readonly admins = new Set<Connection>();
  private activity: Promise<void> = Promise.resolve();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly db: Db,
    private readonly sessions: SessionCache,
  ) {}

  add(connection: Connection, opts: { admin?: boolean } = {}): void {
    if (opts.admin) this.admins.add(connection);
    let set = this.byUser.get(connection.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(connection.userId, set);
    }
    if (!set.has(connection)) socketOpened(connection.userId);
    set.add(connection);
  }

  remove(connection: Connection): void {
    this.admins.delete(connection);
    const set = this.byUser.get(connection.userId);
    if (!set) return;
    if (set.delete(connection)) socketClosed(connection.userId);
    if (set.size === 0) this.byUser.delete(connection.userId);
  }

  onPayload(payload: BusPayload): void {
    if ('a' in payload) {
      this.announce(payload.a);
      return;
    }
    if ('x' in payload) {
      this.endSessions(payload.x.u, payload.x.s);
      return;
    }
    if ('e' in payload) {
      // Events in order go out at once (Connection.deliver): corked meanwhile, each socket gets
      // its frames of this payload in one write.
      const touched = new Set<Connection>();
      try {
        for (const item of payload.e) {
          const set = this.byUser.get(item.u);
          if (!set) continue;
          for (const connection of set) {
            if (!touched.has(connection)) {
              touched.add(connection);
              connection.cork();
            }
            connection.deliver(item.s, item.v);
          }
        }
      } finally {
        for (const connection of touched) connection.uncork();
      }
      return;
    }
    if (!('f' in payload)) return;
    if (payload.f.type === 'signed_out') this.sessions.forgetUsers(payload.u);
    for (const userId of payload.u) {
      const set = this.byUser.get(userId);
      if (set) for (const connection of set) connection.push(payload.f);
      // Issue 19: a suspended account (or a forced reset) hears why, then its sockets close.
      if (set && payload.f.type === 'signed_out')
        for (const connection of set) connection.close(4401, 'Signed out');
    }
  }

  /** An activity row to every admin socket, in the order announced. */
  private announce(a: AnnouncedActivity): void {
    if (this.admins.size === 0) return;
    this.activity = this.activity
      .then(async () => {
        const frame = await activityFrame(this.db, a);
        for (const connection of this.admins) connection.push(frame);
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'activity delivery failed'));
  }

  /** Sessions ended somewhere: their users' cached sessions go, and the sockets opened with them close. */
  private endSessions(userIds: string[], sessionIds: string[]): void {
    this.sessions.forgetUsers(userIds);
    const ended = new Set(sessionIds);
    for (const userId of userIds) {
      const set = this.byUser.get(userId);
      if (set)
        for (const connection of set)
          if (ended.has(connection.sessionId)) connection.close(4401, 'Signed out');
    }
  }

  /** Announcements arrive: the session cache may answer (every end of a session will reach it). */
  onListening(): void {
    this.sessions.resume();
  }

  /** Announcements may be missed: the session cache forgets everything and stops answering. */
  onLost(): void {
    this.sessions.suspend();
  }

  onResync(): void {
    this.log.info({ users: this.byUser.size }, 'realtime listener back; sockets catch up');
    for (const set of this.byUser.values()) for (const connection of set) connection.resync();
  }

  /** Open sockets on this process. */
  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  closeAll(code = 1001, reason = 'Server shutting down'): void {
    const all = [...this.byUser.values()].flatMap((set) => [...set]);
    this.byUser.clear();
    this.admins.clear();
    for (const connection of all) {
      socketClosed(connection.userId);
      connection.close(code, reason);
    }
  }
}
