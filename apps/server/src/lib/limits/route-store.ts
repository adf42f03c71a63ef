import { createRequire } from 'node:module';
import type { LimitStore } from './types.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface PluginStore {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  // The plugin passes its merged options plus `routeInfo` (its typings say otherwise).
  child(routeOptions: object): PluginStore;
}

interface RouteOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
  routeInfo?: { method?: string | string[]; url?: string };
}

// The plugin's own in-memory store (no typings of its own).
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding?: boolean,
  exponentialBackoff?: boolean,
  cache?: number,
) => PluginStore;

/**
 * A `store` for @fastify/rate-limit. The plugin-wide instance (the per-address flood guard on every
 * /api request) stays in process memory, so an ordinary request costs no write; every route's own
 * limit (`config.rateLimit` — uploads, writes, geocoding, waitlist, leads…) is a child, counted in
 * the shared LimitStore under `route:<METHOD> <url>:<client key>`, so N servers allow it once.
 */
export function routeLimitStore(limits: LimitStore) {
  class SharedRouteStore implements PluginStore {
    private readonly local: PluginStore;
    constructor(given: object) {
      const options = given as RouteOptions;
      this.local = new LocalStore(options.continueExceeding, options.exponentialBackoff, options.cache);
    }
    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      this.local.incr(key, callback, timeWindow, max);
    }
    child(routeOptions: object): PluginStore {
      const options = routeOptions as RouteOptions;
      // Limits on reads (public images at 1200/min, geocoding) are flood guards, not quotas: kept in
      // memory so serving an image costs no database write. Every write's limit is shared.
      if (isReadOnly(options)) {
        return new LocalStore(options.continueExceeding, options.exponentialBackoff, options.cache);
      }
      return new RouteStore(limits, scopeOf(options));
    }
  }
  return SharedRouteStore;
}

class RouteStore implements PluginStore {
  constructor(
    private readonly limits: LimitStore,
    private readonly scope: string,
  ) {}
  incr(key: string, callback: Callback, timeWindow: number, max: number) {
    this.limits.consume(`${this.scope}:${key}`, { max, windowSeconds: timeWindow / 1000 }).then(
      (result) => callback(null, { current: result.count, ttl: result.resetMs }),
      (error: Error) => callback(error),
    );
  }
  child(routeOptions: object): PluginStore {
    return new RouteStore(this.limits, scopeOf(routeOptions as RouteOptions));
  }
}

function isReadOnly(options: RouteOptions): boolean {
  const methods = [options.routeInfo?.method ?? 'ANY'].flat();
  return methods.every((m) => m === 'GET' || m === 'HEAD');
}

/** `route:POST /api/waitlist`: the route's method and path pattern. */
function scopeOf(routeOptions: RouteOptions): string {
  const info = routeOptions.routeInfo ?? {};
  return `route:${[info.method ?? 'ANY'].flat().join(',')} ${info.url ?? '(limiter)'}`;
}
