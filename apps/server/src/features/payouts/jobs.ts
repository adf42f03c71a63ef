import type { FeatureJobs } from '../../plugins/jobs.ts';
import type { Deps } from '../../types.ts';
import { PAYOUTS_CRON, PAYOUTS_QUEUE, payoutCycle } from './payout-run.ts';

export const payoutJobs: FeatureJobs<Deps> = [
  {
    queue: PAYOUTS_QUEUE,
    schedule: PAYOUTS_CRON,
    handler: async (deps) => {
      await payoutCycle(deps);
    },
  },
];
