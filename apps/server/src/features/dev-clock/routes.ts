import { z } from 'zod';
import { errorResponses } from '../../lib/errors.ts';
import type { App } from '../../types.ts';
import { isLoopback } from '../dev-outbox/index.ts';
import { MONEY_JOBS, runMoneyJobs } from './run-money-jobs.ts';

const errors = errorResponses(400);

const runBody = z.strictObject({
  /** The moment the jobs believe it is (ISO 8601 with an offset). */
  at: z.iso.datetime({ offset: true, error: 'at must be a date-time, e.g. 2026-05-01T12:00:00Z' }),
  /** Some of the jobs only; all of them when left out. */
  jobs: z
    .array(z.enum(MONEY_JOBS, { error: `jobs are ${MONEY_JOBS.join(', ')}` }))
    .min(1)
    .optional(),
});

/**
 * The dev clock: the browser tests move time for the money jobs (unpaid release, maturity, payouts)
 * without waiting days. Registered only with DEV_CLOCK=true outside production (app.ts), and
 * answers loopback callers only, like the dev outbox.
 */
export async function devClockRoutes(app: App) {
  app.post(
    '/api/dev/clock/run-money-jobs',
    {
      config: { access: 'public' },
      schema: {
        tags: ['development'],
        summary: 'Run the money jobs as if it were `at` (DEV_CLOCK=true, loopback only)',
        body: runBody,
        response: {
          200: z.object({
            at: z.string(),
            released: z.array(z.string()),
            matured: z.number().int(),
            payouts: z.array(z.string()),
          }),
          ...errors,
        },
      },
      // As if the route did not exist: the app's own 404, so a remote caller learns nothing.
      onRequest: async (request, reply) => {
        if (isLoopback(request.socket.remoteAddress)) return;
        reply.callNotFound();
        return reply;
      },
    },
    async (request) => runMoneyJobs(app.deps, new Date(request.body.at), request.body.jobs),
  );
}
