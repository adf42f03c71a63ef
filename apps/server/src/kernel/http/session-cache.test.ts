import { describe, expect, it } from 'vitest';
import type { SignedIn } from './session.ts';
import { forgetCachedSessions, SESSION_CACHE_TTL_MS, SessionCache } from './session-cache.ts';

const NOW = Date.UTC(2026, 10, 27, 12);

function signedIn(userId: string, expiresAt = new Date(NOW + 7 * 24 * 3600_000)): SignedIn {
  return {
    user: {
      id: userId,
      email: `${userId}@example.com`,
      name: userId,
      emailVerified: true,
      createdAt: new Date(NOW),
    },
    session: { id: `s-${userId}`, userId, expiresAt, token: `t-${userId}` },
  };
}

describe('SessionCache', () => {
  it('answers nothing until the listener is up, and forgets everything when it goes away', () => {
    const cache = new SessionCache();
    cache.set('k', signedIn('u1'), cache.mark(), NOW);
    expect(cache.get('k', NOW)).toBeUndefined();
    cache.resume();
    cache.set('k', signedIn('u1'), cache.mark(), NOW);
    expect(cache.get('k', NOW)?.user.id).toBe('u1');
    cache.suspend();
    expect(cache.get('k', NOW)).toBeUndefined();
    cache.resume();
    expect(cache.get('k', NOW)).toBeUndefined();
    cache.suspend();
  });

  it('keeps an entry for the TTL at most, and never past the session’s expiry', () => {
    const cache = new SessionCache();
    cache.resume();
    cache.set('a', signedIn('u1'), cache.mark(), NOW);
    expect(cache.get('a', NOW + SESSION_CACHE_TTL_MS - 1)).toBeDefined();
    expect(cache.get('a', NOW + SESSION_CACHE_TTL_MS)).toBeUndefined();
    cache.set('b', signedIn('u2', new Date(NOW + 1000)), cache.mark(), NOW);
    expect(cache.get('b', NOW + 999)).toBeDefined();
    expect(cache.get('b', NOW + 1000)).toBeUndefined();
    cache.suspend();
  });

  it('does not store what a lookup found when a session ended while it ran', () => {
    const cache = new SessionCache();
    cache.resume();
    const mark = cache.mark();
    // The sign-out is announced while the lookup (which read the row before it was deleted) runs.
    cache.forgetUsers(['u1']);
    cache.set('k', signedIn('u1'), mark, NOW);
    expect(cache.get('k', NOW)).toBeUndefined();
    cache.suspend();
  });

  it('forgets every session of a user, in every cache of the process', () => {
    const one = new SessionCache();
    const two = new SessionCache();
    one.resume();
    two.resume();
    one.set('phone', signedIn('u1'), one.mark(), NOW);
    one.set('laptop', signedIn('u1'), one.mark(), NOW);
    one.set('other', signedIn('u2'), one.mark(), NOW);
    two.set('phone', signedIn('u1'), two.mark(), NOW);
    forgetCachedSessions(['u1']);
    expect(one.get('phone', NOW)).toBeUndefined();
    expect(one.get('laptop', NOW)).toBeUndefined();
    expect(two.get('phone', NOW)).toBeUndefined();
    expect(one.get('other', NOW)?.user.id).toBe('u2');
    one.suspend();
    two.suspend();
  });
});
