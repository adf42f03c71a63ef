import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { type LimitRule, type LimitStore, limitResult } from './types.ts';

/**
 * One attempt, atomically: the first INCR of a window sets its expiry; a key that somehow lost its
 * expiry gets it back (it would otherwise count forever).
 */
const CONSUME = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

export interface RedisLimitStoreOptions {
  url: string;
  /** Used while Redis cannot answer: limits stay enforced (in the database), never lifted. */
  fallback: LimitStore;
  log: FastifyBaseLogger;
  /** Prepended to every key (tests use a unique one). */
  prefix?: string;
}

/**
 * Windows in Redis, for installs that run many servers and want no database write per limited
 * request. A Redis outage falls back to the database store with one warning (and one notice on
 * recovery): the limits hold, requests are not refused for an outage of a helper service.
 */
export function createRedisLimitStore(options: RedisLimitStoreOptions): LimitStore & { redis: Redis } {
  const { fallback, log } = options;
  const prefix = options.prefix ?? 'adwuma:limit:';
  const redis = new Redis(options.url, {
    // Fail fast instead of queueing while disconnected: the fallback answers meanwhile.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    connectTimeout: 2000,
  });
  // The first connection is awaited (briefly) so a starting server does not count its first
  // requests in the database; later outages fall back at once.
  const firstReady = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 2000);
    timer.unref();
    const settle = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', settle);
    redis.once('error', settle);
  });
  let failing = false;
  redis.on('error', (error) => {
    if (failing) return;
    failing = true;
    log.warn({ err: error }, 'Redis is unreachable; rate limits are counted in the database meanwhile');
  });

  return {
    kind: 'redis',
    redis,
    async consume(key: string, rule: LimitRule) {
      const windowMs = Math.max(1, Math.round(rule.windowSeconds * 1000));
      await firstReady;
      try {
        const [count, ttl] = (await redis.eval(CONSUME, 1, prefix + key, windowMs)) as [number, number];
        if (failing) {
          failing = false;
          log.info('Redis answers again; rate limits are counted there');
        }
        return limitResult(rule, Number(count), Number(ttl));
      } catch (error) {
        if (!failing) {
          failing = true;
          log.warn({ err: error }, 'Redis refused a rate limit count; counting in the database meanwhile');
        }
        return fallback.consume(key, rule);
      }
    },
    // Redis keys expire by themselves; the fallback's table may hold windows from an outage.
    prune: () => fallback.prune(),
    async close() {
      redis.disconnect();
      await fallback.close();
    },
  };
}
