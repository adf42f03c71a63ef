import type { FeatureJobs } from '../../plugins/jobs.ts';
import type { Deps } from '../../types.ts';
import { PAYMENT_EVENTS_QUEUE } from './intake.ts';
import { processPaymentEvent } from './process.ts';
import { PAYMENTS_RECONCILE_CRON, PAYMENTS_RECONCILE_QUEUE, reconcilePayments } from './reconcile.ts';

export const paymentJobs: FeatureJobs<Deps> = [
  {
    queue: PAYMENT_EVENTS_QUEUE,
    handler: async (deps, data: { id: string }) => {
      await processPaymentEvent(deps, data.id);
    },
  },
  {
    queue: PAYMENTS_RECONCILE_QUEUE,
    schedule: PAYMENTS_RECONCILE_CRON,
    handler: async (deps) => {
      await reconcilePayments(deps);
    },
  },
];
