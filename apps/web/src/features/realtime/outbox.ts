import { type ConversationContextInput, type Message, reconnectDelay } from '@adwuma/shared';
import { ApiError, api } from '../../lib/api.ts';

/**
 * Issue 21: messages written offline. Every text message goes through the signed-in person's outbox:
 * it is kept (localStorage, per user, each entry naming its conversation and its client id) until
 * the server confirms it, and sent in the order written whenever the network is there: at once,
 * when the browser says it is back online, when the realtime connection reopens, when the app
 * starts, and after a growing delay while a flaky network keeps failing. A retry carries the same
 * client_id, so the server answers it with the first copy (stored once).
 *
 * - 'waiting': not sent yet (offline, or the send failed for network reasons): "Waiting to send".
 * - 'sending': on its way now.
 * - 'failed': the server refused it (4xx with a message): shown with Retry and Delete.
 *
 * A photo cannot be kept in localStorage: its entry lives in memory only (lost on a reload).
 */

export type OutboxState = 'waiting' | 'sending' | 'failed';

export interface OutboxEntry {
  clientId: string;
  conversationId: string;
  body: string;
  context?: ConversationContextInput;
  /** ISO time it was written. */
  createdAt: string;
  state: OutboxState;
  /** The server's reason, when refused. */
  error?: string;
  /** In memory only: a photo, its preview URL, its upload progress and the sender that uploads it. */
  file?: File;
  previewUrl?: string;
  progress?: number;
  sendWith?: (entry: OutboxEntry, onProgress: (fraction: number) => void) => Promise<Message>;
}

export type OutboxChange = { type: 'sent'; entry: OutboxEntry; message: Message } | { type: 'changed' };

/** Where entries are kept (window.localStorage; a test passes its own). */
export type OutboxStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const OUTBOX_KEY_PREFIX = 'adwuma:outbox:';
export const outboxKey = (userId: string) => `${OUTBOX_KEY_PREFIX}${userId}`;

/** Whether a failed send is worth sending again by itself (no network, a gateway down). */
export function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504;
}

/** POST /api/conversations/:id/messages with the entry's client_id (the same on every retry). */
export function postMessage(entry: OutboxEntry): Promise<Message> {
  return api<Message>(`/api/conversations/${encodeURIComponent(entry.conversationId)}/messages`, {
    method: 'POST',
    json: {
      body: entry.body,
      client_id: entry.clientId,
      ...(entry.context ? { context: entry.context } : {}),
    },
  });
}

const STORED_FIELDS = [
  'clientId',
  'conversationId',
  'body',
  'context',
  'createdAt',
  'state',
  'error',
] as const;

function isEntry(value: unknown): value is OutboxEntry {
  const v = value as Record<string, unknown> | null;
  return (
    !!v &&
    typeof v.clientId === 'string' &&
    typeof v.conversationId === 'string' &&
    typeof v.body === 'string' &&
    typeof v.createdAt === 'string'
  );
}

export interface OutboxOptions {
  storage?: OutboxStorage | null;
  send?: (entry: OutboxEntry) => Promise<Message>;
  isOnline?: () => boolean;
  /** Timers for the retry after a network failure (tests pass their own). */
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

function browserStorage(): OutboxStorage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export class Outbox {
  private entries: OutboxEntry[] = [];
  private readonly listeners = new Set<(change: OutboxChange) => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private timer: unknown = null;
  private readonly storage: OutboxStorage | null;
  private readonly send: (entry: OutboxEntry) => Promise<Message>;
  private readonly isOnline: () => boolean;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;
  /** A new array whenever something changes (useSyncExternalStore's snapshot). */
  private snapshot: readonly OutboxEntry[] = [];

  constructor(
    readonly userId: string,
    options: OutboxOptions = {},
  ) {
    this.storage = options.storage === undefined ? browserStorage() : options.storage;
    this.send = options.send ?? postMessage;
    this.isOnline = options.isOnline ?? browserOnline;
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = options.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
    this.entries = this.load();
    this.snapshot = [...this.entries];
  }

  private load(): OutboxEntry[] {
    try {
      const raw = this.storage?.getItem(outboxKey(this.userId));
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      if (!Array.isArray(parsed)) return [];
      const seen = new Set<string>();
      return parsed.filter(isEntry).flatMap((e) => {
        if (seen.has(e.clientId)) return [];
        seen.add(e.clientId);
        // One that was on its way when the page closed is sent again (same client_id: stored once).
        return [{ ...e, state: e.state === 'failed' ? 'failed' : 'waiting' } as OutboxEntry];
      });
    } catch {
      return [];
    }
  }

  private save(): void {
    if (!this.storage) return;
    const kept = this.entries
      .filter((e) => !e.file)
      .map((e) => Object.fromEntries(STORED_FIELDS.filter((k) => e[k] !== undefined).map((k) => [k, e[k]])));
    try {
      if (kept.length === 0) this.storage.removeItem(outboxKey(this.userId));
      else this.storage.setItem(outboxKey(this.userId), JSON.stringify(kept));
    } catch {
      // Storage full or refused: the entries still live in memory for this visit.
    }
  }

  private changed(change: OutboxChange = { type: 'changed' }): void {
    this.snapshot = [...this.entries];
    this.save();
    for (const listener of [...this.listeners]) listener(change);
  }

  private patch(clientId: string, patch: Partial<OutboxEntry>): void {
    this.entries = this.entries.map((e) => (e.clientId === clientId ? { ...e, ...patch } : e));
  }

  /** Every entry, in the order written (a stable array until something changes). */
  list(): readonly OutboxEntry[] {
    return this.snapshot;
  }

  get(clientId: string): OutboxEntry | undefined {
    return this.entries.find((e) => e.clientId === clientId);
  }

  subscribe(listener: (change: OutboxChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Keeps a new message (an entry with the same client id is already there: kept once) and sends. */
  add(entry: Omit<OutboxEntry, 'state' | 'createdAt'> & { createdAt?: string }): Promise<void> {
    if (!this.get(entry.clientId)) {
      this.entries.push({
        ...entry,
        createdAt: entry.createdAt ?? new Date().toISOString(),
        state: 'waiting',
      });
      this.changed();
    }
    return this.flush();
  }

  /** Sends a refused message again (same client id). */
  retry(clientId: string): Promise<void> {
    const entry = this.get(clientId);
    if (entry?.state === 'failed') {
      this.patch(clientId, { state: 'waiting', error: undefined });
      this.changed();
    }
    return this.flush();
  }

  /** Forgets a message that is not on its way (a refused one, or one still waiting). */
  remove(clientId: string): void {
    const entry = this.get(clientId);
    if (!entry || entry.state === 'sending') return;
    if (entry.previewUrl?.startsWith('blob:')) URL.revokeObjectURL(entry.previewUrl);
    this.entries = this.entries.filter((e) => e.clientId !== clientId);
    this.changed();
  }

  /** Sends what waits, one after the other in the order written; a network failure stops the round. */
  flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    if (this.timer !== null) {
      this.clearTimer(this.timer);
      this.timer = null;
    }
    this.running = this.round().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async round(): Promise<void> {
    let stalled = false;
    do {
      this.again = false;
      for (;;) {
        const next = this.entries.find((e) => e.state === 'waiting');
        if (!next || !this.isOnline()) break;
        this.patch(next.clientId, { state: 'sending', progress: next.file ? 0 : undefined });
        this.changed();
        try {
          const current = this.get(next.clientId) ?? next;
          const message = current.sendWith
            ? await current.sendWith(current, (progress) => {
                if (!this.get(next.clientId)) return;
                this.patch(next.clientId, { progress });
                this.snapshot = [...this.entries];
                for (const listener of [...this.listeners]) listener({ type: 'changed' });
              })
            : await this.send(current);
          this.failures = 0;
          const sent = this.get(next.clientId) ?? current;
          // Listeners put the server's copy in place first; then the local copy goes.
          this.entries = this.entries.filter((e) => e.clientId !== next.clientId);
          this.changed({ type: 'sent', entry: sent, message });
          if (sent.previewUrl?.startsWith('blob:')) URL.revokeObjectURL(sent.previewUrl);
        } catch (error) {
          if (isNetworkFailure(error)) {
            this.patch(next.clientId, { state: 'waiting', progress: undefined });
            this.changed();
            stalled = true;
            break;
          }
          const reason = error instanceof Error && error.message ? error.message : String(error);
          this.patch(next.clientId, { state: 'failed', error: reason, progress: undefined });
          this.changed();
        }
      }
    } while (this.again && !stalled);
    if (stalled) this.retryLater();
  }

  /** After a network failure while "online" (a flaky network): tries again, 1 s doubling to 30 s. */
  private retryLater(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    const delay = reconnectDelay(this.failures);
    this.failures += 1;
    this.timer = this.setTimer(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  /** Stops the retry timer (signing out). */
  dispose(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    this.listeners.clear();
  }
}

const outboxes = new Map<string, Outbox>();

/** The signed-in person's outbox (one per user on this device). */
export function getOutbox(userId: string): Outbox {
  let box = outboxes.get(userId);
  if (!box) {
    box = new Outbox(userId);
    outboxes.set(userId, box);
  }
  return box;
}

/** Forgets the outboxes held in memory (tests; signing out keeps the stored entries). */
export function resetOutboxes(): void {
  for (const box of outboxes.values()) box.dispose();
  outboxes.clear();
}
