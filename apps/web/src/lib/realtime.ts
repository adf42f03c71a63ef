import {
  eventOrder,
  type MissedEvents,
  type RealtimeEvent,
  reconnectDelay,
  type ServerFrame,
  TYPING_THROTTLE_MS,
} from '@adwuma/shared';
import { api } from './api.ts';

/**
 * The realtime client (issue 9): one WebSocket to /api/realtime for the signed-in user. Stored events
 * arrive numbered; the client remembers the last one applied and, after any drop, reconnects with
 * backoff (1 s doubling to 30 s, with jitter) asking for everything after it, so nothing is lost and
 * nothing is applied twice. Typing and pongs are not stored. Diagnostics read its state.
 */

export type RealtimeState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'offline';

export interface ReceivedFrame {
  at: number;
  frame: ServerFrame;
}

export type EventListener = (event: RealtimeEvent, seq: number) => void;
/** `reset`: the server no longer has what was missed; refetch everything. */
export type ControlListener = (signal: 'reset' | 'ready') => void;
export type FrameListener = (frame: ServerFrame) => void;

const PING_EVERY_MS = 25_000;
const RECENT_LIMIT = 20;

export class RealtimeClient {
  state: RealtimeState = 'idle';
  /** The last stored event applied; -1 before the first connection (start from now). */
  lastSeq = -1;
  /** Round trip of the last ping, ms. */
  latencyMs: number | null = null;
  /** The last frames received (newest last), for /notifications/diagnostics. */
  readonly recent: ReceivedFrame[] = [];
  connectedAt: number | null = null;
  attempts = 0;

  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pings = new Map<string, number>();
  private typingSentAt = new Map<string, number>();
  private wanted = false;
  private catchingUp: Promise<void> | null = null;
  private readonly eventListeners = new Set<EventListener>();
  private readonly controlListeners = new Set<ControlListener>();
  private readonly frameListeners = new Set<FrameListener>();
  private readonly stateListeners = new Set<() => void>();

  constructor(private readonly url: () => string = defaultUrl) {}

  /** Connects (once signed in); reconnects by itself until `stop`. */
  start(): void {
    if (this.wanted) return;
    this.wanted = true;
    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.onOnline);
      document.addEventListener('visibilitychange', this.onVisible);
    }
    this.connect();
  }

  /** Disconnects for good (sign-out); forgets the position. */
  stop(): void {
    this.wanted = false;
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', this.onOnline);
      document.removeEventListener('visibilitychange', this.onVisible);
    }
    this.clearTimers();
    this.socket?.close(1000, 'Signed out');
    this.socket = null;
    this.lastSeq = -1;
    this.attempts = 0;
    this.connectedAt = null;
    this.latencyMs = null;
    this.pings.clear();
    this.setState('idle');
  }

  onEvent(listener: EventListener): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }
  onControl(listener: ControlListener): () => void {
    this.controlListeners.add(listener);
    return () => this.controlListeners.delete(listener);
  }
  /** Every frame (typing, pong, error, ...). */
  onFrame(listener: FrameListener): () => void {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }
  /** Frames of one type only: 'activity' for the admin live feed, 'signed_out' for the session's end. */
  onFrameOf<T extends ServerFrame['type']>(
    type: T,
    listener: (frame: Extract<ServerFrame, { type: T }>) => void,
  ): () => void {
    return this.onFrame((frame) => {
      if (frame.type === type) listener(frame as Extract<ServerFrame, { type: T }>);
    });
  }
  onState(listener: () => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Tells the other member that the user is typing (at most every TYPING_THROTTLE_MS). */
  typing(conversationId: string, now = Date.now()): void {
    const last = this.typingSentAt.get(conversationId) ?? 0;
    if (now - last < TYPING_THROTTLE_MS) return;
    if (this.send({ type: 'typing', conversation_id: conversationId }))
      this.typingSentAt.set(conversationId, now);
  }

  /** Measures the round trip now; the answer lands in `latencyMs`. */
  ping(): boolean {
    const id = Math.random().toString(36).slice(2, 10);
    this.pings.set(id, performance.now());
    const sent = this.send({ type: 'ping', id });
    if (!sent) this.pings.delete(id);
    return sent;
  }

  private send(frame: object): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN || this.state !== 'open') return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  private readonly onOnline = () => {
    // A socket still opening is left to finish (or fail and back off) rather than restarted.
    const opening = this.socket?.readyState === WebSocket.CONNECTING;
    if (this.wanted && this.state !== 'open' && this.state !== 'connecting' && !opening) {
      this.attempts = 0;
      this.connect();
    }
  };

  private readonly onVisible = () => {
    if (document.visibilityState === 'visible') this.onOnline();
  };

  private setState(state: RealtimeState): void {
    this.state = state;
    for (const l of this.stateListeners) l();
  }

  private clearTimers(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.timer = null;
    this.pingTimer = null;
  }

  private connect(): void {
    this.clearTimers();
    if (this.socket) {
      this.socket.onclose = null;
      this.socket.close();
    }
    this.setState(this.attempts === 0 ? 'connecting' : 'reconnecting');
    const since = this.lastSeq >= 0 ? `?since=${this.lastSeq}` : '';
    let socket: WebSocket;
    try {
      socket = new WebSocket(`${this.url()}${since}`);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onmessage = (message) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(message.data)) as ServerFrame;
      } catch {
        return;
      }
      this.receive(frame);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.connectedAt = null;
      this.pings.clear();
      this.clearTimers();
      if (this.wanted) this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    this.setState(offline ? 'offline' : 'reconnecting');
    const delay = reconnectDelay(this.attempts);
    this.attempts += 1;
    this.timer = setTimeout(() => this.connect(), delay);
  }

  private remember(frame: ServerFrame): void {
    this.recent.push({ at: Date.now(), frame });
    if (this.recent.length > RECENT_LIMIT) this.recent.shift();
  }

  private receive(frame: ServerFrame): void {
    this.remember(frame);
    for (const l of this.frameListeners) l(frame);
    switch (frame.type) {
      case 'event':
        this.applyOrFetch(frame.seq, frame.event);
        break;
      case 'reset':
        this.lastSeq = frame.seq;
        for (const l of this.controlListeners) l('reset');
        break;
      case 'ready':
        if (this.lastSeq < 0) this.lastSeq = frame.seq;
        this.attempts = 0;
        this.connectedAt = Date.now();
        this.setState('open');
        for (const l of this.controlListeners) l('ready');
        this.ping();
        if (this.pingTimer) clearInterval(this.pingTimer);
        this.pingTimer = setInterval(() => this.ping(), PING_EVERY_MS);
        break;
      case 'pong': {
        const sentAt = this.pings.get(frame.id);
        if (sentAt !== undefined) {
          this.pings.delete(frame.id);
          this.latencyMs = Math.round(performance.now() - sentAt);
          for (const l of this.stateListeners) l();
        }
        break;
      }
      default:
        break;
    }
  }

  private apply(seq: number, event: RealtimeEvent): void {
    this.lastSeq = seq;
    for (const l of this.eventListeners) l(event, seq);
  }

  private applyOrFetch(seq: number, event: RealtimeEvent): void {
    const order = eventOrder(this.lastSeq, seq);
    if (order === 'skip') return;
    if (order === 'apply' || this.lastSeq < 0) {
      this.apply(seq, event);
      return;
    }
    // A gap (should not happen on one socket): fetch what is missing, then apply in order.
    this.catchingUp ??= api<MissedEvents>(`/api/realtime/events?since=${this.lastSeq}`)
      .then((missed) => {
        if (missed.reset) {
          this.lastSeq = missed.seq;
          for (const l of this.controlListeners) l('reset');
          return;
        }
        for (const e of missed.events) if (e.seq > this.lastSeq) this.apply(e.seq, e.event);
      })
      .catch(() => this.socket?.close())
      .finally(() => {
        this.catchingUp = null;
      });
  }
}

function defaultUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/api/realtime`;
}

/** The app's one client. */
export const realtime = new RealtimeClient();
