import type { FeatureJobs } from '../../plugins/jobs.ts';
import type { Deps } from '../../types.ts';
import { expireQuotes, QUOTES_EXPIRE_CRON, QUOTES_EXPIRE_QUEUE } from './expire-quotes.ts';

export const quoteJobs: FeatureJobs<Deps> = [
  {
    queue: QUOTES_EXPIRE_QUEUE,
    schedule: QUOTES_EXPIRE_CRON,
    handler: async (deps) => {
      await expireQuotes(deps);
    },
  },
];
