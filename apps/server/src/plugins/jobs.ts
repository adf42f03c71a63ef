import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';

export type JobHandler<T> = (data: T) => Promise<void>;

export interface WorkOptions {
  parallel?: number;
}

/** How often a queue that only its cron schedule feeds is polled. */
const SCHEDULED_POLL_SECONDS = 10;

export interface JobQueue {
  send<T extends object>(name: string, data: T, options?: PgBoss.SendOptions): Promise<string | null>;
  /**
   * Runs `handler` for each job of `name`. `parallel` (default 1): how many jobs of a fetched batch
   * run at once; only for handlers that are safe to run side by side (they lock what they change).
   */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /**
   * Runs `name` on a cron schedule (UTC), e.g. '0 * * * *' hourly; register its worker with `work`.
   * pg-boss keeps one schedule per name in the database, so several servers send one job per tick.
   * Processes that run no workers (runJobs false) neither record nor fire schedules.
   */
  schedule<T extends object>(name: string, cron: string, data?: T): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The statements by which pg-boss records a fetched job's outcome (`complete` and `fail` by id).
 * Its work loop (manager.js `watch`, pg-boss 10) calls them without awaiting them: a rejection there
 * is unhandled and used to end the process when the database was away (issue 29). Both are safe to
 * run again: complete only touches jobs still active, fail only jobs not yet completed.
 */
export function isJobOutcomeSql(text: string): boolean {
  return (
    /^\s*WITH results AS \(\s*UPDATE \S+\.job\s+SET completed_on = now\(\)/.test(text) ||
    /^\s*WITH deleted_jobs AS \(\s*DELETE FROM \S+\.job\s+WHERE name = \$1 AND id IN /.test(text)
  );
}

/** Waits between attempts to record an outcome while the database is away. */
const OUTCOME_RETRY_MS = [250, 500, 1000, 2000, 5000];
/** What pg-boss reads from an outcome's answer (`rows[0].count`): nothing recorded. */
const NOTHING_RECORDED = { rows: [{ count: '0' }] };

/**
 * Background jobs on pg-boss, in the same database (embedded or server) through our own connection:
 * retried with backoff, kept until done, never lost on a restart.
 */
export function createJobQueue(options: {
  database: Database;
  log: FastifyBaseLogger;
  runWorkers: boolean;
}): JobQueue {
  const { database, log, runWorkers } = options;
  // After stop() the database may close while a slow handler is still finishing; pg-boss would then
  // record its outcome on a closed connection and reject where nobody listens. Its SQL becomes a
  // no-op instead: the job stays active, expires and is retried by the next process. The no-op never
  // answers (an empty answer made pg-boss's complete/fail read `rows[0].count` and throw where nobody
  // listens); a promise that never settles holds no timer, so it keeps nothing alive.
  let closed = false;
  let stopping = false;
  const never = new Promise<{ rows: unknown[] }>(() => {});
  /**
   * A job's outcome (see isJobOutcomeSql), which nobody awaits: it never rejects. While the database
   * is away it is tried again until it is back (the job stays active meanwhile, so it is not run
   * twice); while stopping, or on any other error, it is logged and left: the job expires and is
   * retried. Meanwhile the work loop goes on polling (pg-boss's fetch answers no jobs on an error)
   * and fetches again as soon as the database answers.
   */
  const recordOutcome = async (text: string, values: unknown[]) => {
    for (let tries = 0; ; tries++) {
      if (closed) return never;
      try {
        return await database.executeSql(text, values);
      } catch (error) {
        if (closed) return never;
        if (stopping || !isDatabaseUnavailable(error)) {
          log.error({ err: error }, 'could not record a job outcome; the job will expire and be retried');
          return NOTHING_RECORDED;
        }
        if (tries === 0) log.warn({ err: error }, 'database away: recording a job outcome when it is back');
        const delay = OUTCOME_RETRY_MS[Math.min(tries, OUTCOME_RETRY_MS.length - 1)]!;
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
      }
    }
  };
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values: unknown[]) => {
        if (closed) return never;
        return isJobOutcomeSql(text) ? recordOutcome(text, values) : database.executeSql(text, values);
      },
    },
    schema: 'pgboss',
    // Maintenance and scheduling polls are useless noise on a test database.
    supervise: runWorkers,
    schedule: runWorkers,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  const handlers = new Map<string, { handler: JobHandler<object>; options: WorkOptions }>();
  const queues = new Set<string>();
  const schedules = new Map<string, { cron: string; data: object | undefined }>();
  let started = false;

  async function ensureQueue(name: string) {
    if (queues.has(name)) return;
    await boss.createQueue(name, { name, retryLimit: 5, retryDelay: 30, retryBackoff: true });
    queues.add(name);
  }

  async function subscribe(name: string, handler: JobHandler<object>, options: WorkOptions = {}) {
    await ensureQueue(name);
    // Mail and push leave within half a second; a queue fed by its cron schedule (minutes apart)
    // is polled every 10 s, so an idle server does not query the database dozens of times a second.
    const pollingIntervalSeconds = schedules.has(name) ? SCHEDULED_POLL_SECONDS : 0.5;
    const parallel = Math.max(1, options.parallel ?? 1);
    const run = async (job: { id: string; data: object }) => {
      try {
        await handler(job.data);
      } catch (error) {
        log.error({ err: error, queue: name, jobId: job.id }, 'job failed; it will be retried');
        throw error;
      }
    };
    await boss.work<object>(
      name,
      { pollingIntervalSeconds, batchSize: Math.max(5, parallel) },
      async (jobs) => {
        if (parallel === 1) {
          for (const job of jobs) await run(job);
          return;
        }
        // Side by side; the batch fails (and is retried) if any failed, after all of them ran.
        const outcomes = await Promise.allSettled(jobs.map(run));
        const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
        if (failed) throw failed.reason;
      },
    );
  }

  return {
    async send(name, data, sendOptions = {}) {
      await ensureQueue(name);
      return boss.send(name, data, sendOptions);
    },
    async work(name, handler, options = {}) {
      handlers.set(name, { handler: handler as JobHandler<object>, options });
      if (started && runWorkers) await subscribe(name, handler as JobHandler<object>, options);
    },
    async schedule(name, cron, data) {
      schedules.set(name, { cron, data });
      if (started && runWorkers) {
        await ensureQueue(name);
        await boss.schedule(name, cron, data ?? {});
      }
    },
    async start() {
      closed = false;
      stopping = false;
      await boss.start();
      started = true;
      if (!runWorkers) return;
      for (const [name, { handler, options }] of handlers) await subscribe(name, handler, options);
      for (const [name, { cron, data }] of schedules) {
        await ensureQueue(name);
        await boss.schedule(name, cron, data ?? {});
      }
    },
    async stop() {
      if (!started) return;
      started = false;
      stopping = true;
      await boss.stop({ graceful: true, close: false, timeout: 5000 });
      closed = true;
    },
  };
}

/**
 * One background job of a feature: its queue, an optional cron schedule (UTC) that feeds it, and
 * its worker. Features list theirs in `features/<x>/jobs.ts`; app.ts registers them all in one place.
 * `D` is the app's Deps (generic so this kernel module does not import types.ts).
 */
export interface FeatureJob<D, T extends object = object> {
  queue: string;
  schedule?: string;
  /** Jobs of a batch run side by side (see JobQueue.work); default one after another. */
  parallel?: number;
  // Method syntax: a job may declare a narrower payload type than `object`.
  handler(deps: D, data: T): Promise<void>;
}

export type FeatureJobs<D> = readonly FeatureJob<D>[];

/** Registers each job's worker and then its schedule, in list order (before `start`). */
export async function registerFeatureJobs<D>(jobs: JobQueue, deps: D, list: FeatureJobs<D>): Promise<void> {
  for (const job of list) {
    await jobs.work<object>(job.queue, (data) => job.handler(deps, data), { parallel: job.parallel });
    if (job.schedule) await jobs.schedule(job.queue, job.schedule);
  }
}
