import type { SignedIn } from './session.ts';

/** How long a looked-up session may answer again without asking Better Auth (and the database). */
export const SESSION_CACHE_TTL_MS = 30_000;
/** Entries kept per process at most; the oldest go first. */
const MAX_ENTRIES = 20_000;

interface Entry {
  signedIn: SignedIn;
  /** Date.now() after which the entry is not used: the TTL or the session's own expiry. */
  until: number;
}

/**
 * Issue 20: sessions recently looked up, by the session cookie's exact value (so the signature was
 * checked when the entry was made), for the routes that ask for it (`cachedSession`). A message
 * send spent two database round trips and an HMAC check on the session; a chat sends many.
 *
 * Access must still end promptly, so an entry is dropped (every entry of the user):
 * - when Better Auth deletes a session (sign-out, "sign out everywhere", a password change or reset,
 *   an account deleted): its database hook drops it here and announces it to every process;
 * - when an admin suspends an account or forces a reset (the `signed_out` frame, in every process);
 * - and in any case after SESSION_CACHE_TTL_MS or at the session's expiry.
 * Other processes hear of the end through the realtime listener, so the cache answers only while
 * that listener is connected (`resume` / `suspend`): an announcement missed while it was away
 * cannot leave a signed-out session cached.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly keysByUser = new Map<string, Set<string>>();
  private active = false;
  /** Bumped by every drop: a lookup that began before one does not store what it found. */
  private generation = 0;

  /** The cached session for this cookie value, or undefined (not cached, expired, or cache off). */
  get(key: string, now = Date.now()): SignedIn | undefined {
    if (!this.active) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.delete(key, entry.signedIn.user.id);
      return undefined;
    }
    return entry.signedIn;
  }

  /** What `set` needs to know that nothing was dropped meanwhile. */
  mark(): number {
    return this.generation;
  }

  /** Keeps a session found by a lookup that began at `mark`, unless a drop happened since. */
  set(key: string, signedIn: SignedIn, mark: number, now = Date.now()): void {
    if (!this.active || mark !== this.generation) return;
    const until = Math.min(now + SESSION_CACHE_TTL_MS, new Date(signedIn.session.expiresAt).getTime());
    if (until <= now) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.entries().next().value;
      if (oldest) this.delete(oldest[0], oldest[1].signedIn.user.id);
    }
    this.entries.set(key, { signedIn, until });
    let keys = this.keysByUser.get(signedIn.user.id);
    if (!keys) {
      keys = new Set();
      this.keysByUser.set(signedIn.user.id, keys);
    }
    keys.add(key);
  }

  /** Drops every cached session of these users. */
  forgetUsers(userIds: Iterable<string>): void {
    this.generation += 1;
    for (const userId of userIds) {
      const keys = this.keysByUser.get(userId);
      if (!keys) continue;
      for (const key of keys) this.entries.delete(key);
      this.keysByUser.delete(userId);
    }
  }

  /** Starts answering (the realtime listener is connected). */
  resume(): void {
    this.active = true;
    live.add(this);
  }

  /** Stops answering and forgets everything (the listener is away, or the app is closing). */
  suspend(): void {
    this.active = false;
    this.generation += 1;
    this.entries.clear();
    this.keysByUser.clear();
    live.delete(this);
  }

  get size(): number {
    return this.entries.size;
  }

  /** How many sessions of this user are cached (the tests look). */
  countOf(userId: string): number {
    return this.keysByUser.get(userId)?.size ?? 0;
  }

  private delete(key: string, userId: string): void {
    this.entries.delete(key);
    const keys = this.keysByUser.get(userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByUser.delete(userId);
  }
}

const caches = new WeakMap<object, SessionCache>();
/** The caches that answer in this process (one per app; tests run several). */
const live = new Set<SessionCache>();

/** The cache of one app, keyed by its database (the object every part of the app shares). */
export function sessionCacheFor(database: object): SessionCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = new SessionCache();
    caches.set(database, cache);
  }
  return cache;
}

/**
 * Drops these users' cached sessions in every app of this process, at once: called where a session
 * ends (before the announcement to the other processes arrives, which drops them again).
 */
export function forgetCachedSessions(userIds: Iterable<string>): void {
  const ids = [...userIds];
  for (const cache of live) cache.forgetUsers(ids);
}
