import type { FeatureJobs } from '../../plugins/jobs.ts';
import type { Deps } from '../../types.ts';
import { expireJobs, JOBS_EXPIRE_CRON, JOBS_EXPIRE_QUEUE } from './expire-jobs.ts';

export const jobBoardJobs: FeatureJobs<Deps> = [
  {
    queue: JOBS_EXPIRE_QUEUE,
    schedule: JOBS_EXPIRE_CRON,
    handler: async (deps) => {
      await expireJobs(deps);
    },
  },
];
