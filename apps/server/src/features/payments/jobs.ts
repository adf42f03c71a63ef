import type { FeatureJobs } from '../../plugins/jobs.ts';
import type { Deps } from '../../types.ts';
import { PAYMENT_EVENTS_QUEUE } from './intake.ts';
import { processPaymentEvent } from './process.ts';
import { PAYMENTS_RECONCILE_CRON, PAYMENTS_RECONCILE_QUEUE, reconcilePayments } from './reconcile.ts';

export const paymentJobs: FeatureJobs<Deps> = [
  {
    queue: PAYMENT_EVENTS_QUEUE,
    // Each event locks what it changes (its row, the payment, the subscription): a burst of payments
    // is applied twenty at a time instead of one after another (bench/payments.mjs).
    parallel: 20,
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
