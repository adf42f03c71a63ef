import type { PaymentGatewayId } from '@adwuma/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import type { NormalizedEvent } from '../../kernel/payments/gateway.ts';
import type { Deps } from '../../types.ts';
import { sendNoticeMails } from '../notifications/index.ts';
import {
  type AfterCommit,
  applyGatewaySubscription,
  applyPaymentFailed,
  applyPaymentSucceeded,
  emptyAfterCommit,
} from './apply.ts';

export const newAfterCommit = emptyAfterCommit;

/** Applies one normalized gateway event inside the caller's transaction. */
export async function applyPaymentEvent(
  tx: Tx,
  deps: Deps,
  gateway: PaymentGatewayId,
  event: NormalizedEvent,
  after: AfterCommit,
): Promise<void> {
  switch (event.kind) {
    case 'payment.succeeded':
      return applyPaymentSucceeded(tx, deps, gateway, event, after);
    case 'payment.failed':
      return applyPaymentFailed(tx, gateway, event, after);
    case 'subscription.updated':
    case 'subscription.deleted':
      return applyGatewaySubscription(tx, event, after);
    case 'payment.pending':
      return;
  }
}

/**
 * After the change committed: its mails, and the refund of a duplicate payment at the gateway (and,
 * on Stripe, the duplicate subscription cancelled). A refund that fails is logged for an operator;
 * the ledger already shows it owed.
 */
export async function finishAfterCommit(deps: Deps, after: AfterCommit): Promise<void> {
  await sendNoticeMails(deps, after.noticeIds, deps.log);
  for (const refund of after.refunds) {
    const gateway = deps.payments.byId(refund.gateway);
    const [payment] = await deps.database.db.select().from(payments).where(eq(payments.id, refund.paymentId));
    if (!gateway || !payment) continue;
    try {
      if (refund.gatewaySubscriptionId && gateway.cancelNow)
        await gateway.cancelNow(refund.gatewaySubscriptionId);
      await gateway.refund?.({
        id: payment.id,
        reference: payment.reference,
        amountMinor: payment.amount_minor,
        currency: payment.currency,
        gatewayData: payment.gateway_data,
      });
    } catch (error) {
      deps.log.error(
        { err: error, paymentId: payment.id },
        'refund of a duplicate payment failed: refund it by hand',
      );
    }
  }
}
