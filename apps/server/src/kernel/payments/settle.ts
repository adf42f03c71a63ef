import { formatMoney, receiptNumber } from '@adwuma/shared';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import type { Deps } from '../../types.ts';
import type { NormalizedEvent } from './gateway.ts';

// Steps every payment purpose (plans, bookings) takes alike when a gateway reports on a payment.

type Succeeded = Extract<NormalizedEvent, { kind: 'payment.succeeded' }>;
type SettledPayment = Pick<
  typeof payments.$inferSelect,
  'id' | 'amount_minor' | 'currency' | 'method' | 'method_label' | 'gateway_data'
>;

/**
 * A success for another amount or currency than asked is never applied: the payment is marked
 * failed with both amounts, for an operator. Answers whether it was (the caller logs and stops).
 */
export async function failOnAmountMismatch(
  tx: Tx,
  payment: SettledPayment,
  event: Succeeded,
  now: Date,
): Promise<boolean> {
  if (event.amountMinor === payment.amount_minor && event.currency === payment.currency) return false;
  await tx
    .update(payments)
    .set({
      status: 'failed',
      failure_reason: `The gateway reported ${formatMoney(event.amountMinor, event.currency)}, not ${formatMoney(payment.amount_minor, payment.currency)}`,
      updated_at: now,
    })
    .where(eq(payments.id, payment.id));
  return true;
}

/**
 * Marks a verified payment succeeded: paid when the gateway says (never in the future), the next
 * receipt number, the method the gateway reported. Answers when it was paid and its receipt.
 */
export async function markPaymentSucceeded(
  tx: Tx,
  payment: SettledPayment,
  event: Succeeded,
  now: Date,
): Promise<{ paidAt: Date; receipt: string }> {
  const numbered = await tx.execute(sql`select nextval('receipt_number_seq')::int as seq`);
  const seq = Number((numbered as unknown as { rows: { seq: number }[] }).rows[0]!.seq);
  const paidAt = event.occurredAt > now ? now : event.occurredAt;
  const receipt = receiptNumber(paidAt, seq);
  await tx
    .update(payments)
    .set({
      status: 'succeeded',
      paid_at: paidAt,
      receipt_number: receipt,
      method: event.method ?? payment.method,
      method_label: event.methodLabel ?? payment.method_label,
      failure_reason: null,
      gateway_data: { ...payment.gateway_data, ...event.gatewayData },
      updated_at: now,
    })
    .where(eq(payments.id, payment.id));
  return { paidAt, receipt };
}

/**
 * Asks the payment's gateway what became of it while it is pending (reconciliation, the pages that
 * wait on a checkout). Answers the event to apply as a webhook's, or null when there is nothing.
 */
export async function askGatewayAboutPending(
  deps: Deps,
  payment: typeof payments.$inferSelect,
): Promise<NormalizedEvent | null> {
  const gateway = deps.payments.byId(payment.gateway);
  if (!gateway || payment.status !== 'pending') return null;
  return gateway.verifyPayment({
    id: payment.id,
    reference: payment.reference,
    amountMinor: payment.amount_minor,
    currency: payment.currency,
    gatewayData: payment.gateway_data,
  });
}
