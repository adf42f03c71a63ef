import type { FeatureJobs } from '../../plugins/jobs.ts';
import type { Deps } from '../../types.ts';
import {
  REFUND_SEND_QUEUE,
  REFUND_SWEEP_CRON,
  REFUND_SWEEP_QUEUE,
  sendRefund,
  sendStaleRefunds,
} from './refund-service.ts';

export const refundJobs: FeatureJobs<Deps> = [
  {
    queue: REFUND_SEND_QUEUE,
    // Each refund claims its own row before it asks the gateway: safe side by side.
    parallel: 5,
    handler: async (deps, data: { id: string }) => {
      await sendRefund(deps, data.id);
    },
  },
  {
    queue: REFUND_SWEEP_QUEUE,
    schedule: REFUND_SWEEP_CRON,
    handler: async (deps) => {
      await sendStaleRefunds(deps);
    },
  },
];
