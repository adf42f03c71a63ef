import type { FeatureJobs } from '../../plugins/jobs.ts';
import type { Deps } from '../../types.ts';
import { runRenewals, SUBSCRIPTION_RENEWALS_CRON, SUBSCRIPTION_RENEWALS_QUEUE } from './renewals.ts';

export const subscriptionJobs: FeatureJobs<Deps> = [
  {
    queue: SUBSCRIPTION_RENEWALS_QUEUE,
    schedule: SUBSCRIPTION_RENEWALS_CRON,
    handler: async (deps) => {
      await runRenewals(deps);
    },
  },
];
