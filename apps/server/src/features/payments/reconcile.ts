import { ABANDON_AFTER_HOURS, RECONCILE_AFTER_MINUTES } from '@adwuma/shared';
import { and, asc, eq, lt } from 'drizzle-orm';
import { payments } from '../../db/schema.ts';
import type { Deps } from '../../types.ts';
import { verifyBookingPayment } from '../booking-payments/index.ts';
import { verifyPendingPayment } from '../subscriptions/index.ts';
import { requeueStaleEvents } from './process.ts';

export const PAYMENTS_RECONCILE_QUEUE = 'payments.reconcile';
/** Every five minutes. */
export const PAYMENTS_RECONCILE_CRON = '*/5 * * * *';

/**
 * Reconciliation (issue 17): every payment left pending for more than RECONCILE_AFTER_MINUTES is
 * verified with its gateway, server to server, and the answer applied like a webhook, so a lost
 * webhook never loses a payer's money. One the gateway never saw paid within ABANDON_AFTER_HOURS is
 * cancelled. Events stored but never processed are queued again.
 */
export async function reconcilePayments(deps: Deps, now = new Date()) {
  const requeued = await requeueStaleEvents(deps, now);
  const pending = await deps.database.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        lt(payments.created_at, new Date(now.getTime() - RECONCILE_AFTER_MINUTES * 60_000)),
      ),
    )
    .orderBy(asc(payments.created_at))
    .limit(100);
  let verified = 0;
  let abandoned = 0;
  for (const payment of pending) {
    try {
      const verify = payment.purpose === 'booking' ? verifyBookingPayment : verifyPendingPayment;
      if (await verify(deps, payment)) {
        verified++;
        continue;
      }
    } catch (error) {
      deps.log.warn({ err: error, paymentId: payment.id }, 'reconciliation could not verify a payment');
      continue;
    }
    if (now.getTime() - payment.created_at.getTime() > ABANDON_AFTER_HOURS * 3_600_000) {
      const closed = await deps.database.db
        .update(payments)
        .set({ status: 'cancelled', failure_reason: 'The payment was not completed.', updated_at: now })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
        .returning({ id: payments.id });
      abandoned += closed.length;
    }
  }
  return { requeued, verified, abandoned };
}
