import type { AdminPayoutRetry, AdminRefund } from '@adwuma/shared';
import { adminAuditLog } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';
import { retryPayout } from '../payouts/index.ts';
import { retryRefund } from '../refunds/index.ts';
import { adminPayout, adminRefund } from './money-lists.ts';

export const ADMIN_MONEY_MESSAGES = {
  payoutNotFound: 'Payout not found',
  refundNotFound: 'Refund not found',
  payoutNotFailed: 'Only a failed or reversed payout can be retried.',
  refundNotFailed: 'Only a failed refund can be retried.',
} as const;

/**
 * An admin sends a failed (or reversed) payout's money again: payouts' retryPayout clears the
 * provider's backoff and starts a new payout of their available balance (the failed one stays as it
 * was). The audit log records who did it and what started. Answers both payouts.
 */
export async function retryFailedPayout(
  deps: Deps,
  payoutId: string,
  adminId: string,
): Promise<AdminPayoutRetry> {
  const db = deps.database.db;
  const before = await adminPayout(db, payoutId);
  if (!before) throw notFound(ADMIN_MONEY_MESSAGES.payoutNotFound);
  if (before.status !== 'failed' && before.status !== 'reversed')
    throw conflict(ADMIN_MONEY_MESSAGES.payoutNotFailed);
  const { payoutId: startedId } = await retryPayout(deps, payoutId, adminId);
  const started = startedId ? await adminPayout(db, startedId) : null;
  await db.insert(adminAuditLog).values({
    admin_id: adminId,
    action: 'payout.retry',
    target_type: 'payout',
    target_id: payoutId,
    details: {
      provider_id: before.provider_id,
      amount_minor: before.amount_minor,
      failure_reason: before.failure_reason,
      new_payout_id: startedId,
      new_amount_minor: started?.amount_minor ?? null,
    },
  });
  return { payout: (await adminPayout(db, payoutId)) ?? before, new_payout: started };
}

/** An admin asks the gateway again for a failed refund (refunds' retryRefund), recorded in the audit log. */
export async function retryFailedRefund(deps: Deps, refundId: string, adminId: string): Promise<AdminRefund> {
  const db = deps.database.db;
  const before = await adminRefund(db, refundId);
  if (!before) throw notFound(ADMIN_MONEY_MESSAGES.refundNotFound);
  if (before.status !== 'failed') throw conflict(ADMIN_MONEY_MESSAGES.refundNotFailed);
  await retryRefund(deps, refundId, adminId);
  const after = await adminRefund(db, refundId);
  await db.insert(adminAuditLog).values({
    admin_id: adminId,
    action: 'refund.retry',
    target_type: 'refund',
    target_id: refundId,
    details: {
      booking_id: before.booking_id,
      amount_minor: before.amount_minor,
      failure_reason: before.failure_reason,
      status: after?.status ?? null,
    },
  });
  return after ?? before;
}
