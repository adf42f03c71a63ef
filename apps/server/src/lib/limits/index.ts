import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../plugins/jobs.ts';
import { createDatabaseLimitStore } from './database-store.ts';
import { createRedisLimitStore } from './redis-store.ts';
import type { LimitStore } from './types.ts';

export { type ClaimAnswer, claimKey, type HeldClaim } from './claims.ts';
export { countInWindowSql, createDatabaseLimitStore } from './database-store.ts';
export { createRedisLimitStore } from './redis-store.ts';
export { routeLimitStore } from './route-store.ts';
export type { LimitResult, LimitRule, LimitStore } from './types.ts';

/** The app's one limit store: Redis when REDIS_URL is set, else the database. */
export function createLimitStore(options: {
  redisUrl: string | undefined;
  database: Database;
  log: FastifyBaseLogger;
}): LimitStore {
  const database = createDatabaseLimitStore(options.database);
  if (!options.redisUrl) return database;
  return createRedisLimitStore({ url: options.redisUrl, fallback: database, log: options.log });
}

export const LIMITS_PRUNE_QUEUE = 'limits.prune';
/** Hourly, at minute 41 (away from the other jobs' ticks). */
export const LIMITS_PRUNE_CRON = '41 * * * *';

/** Spent windows are forgotten hourly, by one server (a pg-boss schedule). */
export async function scheduleLimitPruning(jobs: JobQueue, limits: LimitStore): Promise<void> {
  await jobs.work(LIMITS_PRUNE_QUEUE, () => limits.prune());
  await jobs.schedule(LIMITS_PRUNE_QUEUE, LIMITS_PRUNE_CRON);
}
