import { nextPayoutAttempt, type PaymentGatewayId, payoutReturned, payoutSettled } from '@adwuma/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { payoutSettings, payouts } from '../../db/schema.ts';
import type { NormalizedEvent, TransferEvent } from '../../kernel/payments/gateway.ts';
import { recordMovement } from '../../kernel/payments/ledger.ts';
import type { Deps } from '../../types.ts';
import { insertNotices } from '../notifications/index.ts';
import { payoutFailedNotice, payoutSentNotice } from './notices.ts';

export type PayoutRow = typeof payouts.$inferSelect;

/** What must happen after the transaction commits: the notices' mail (and push). */
export interface PayoutAfterCommit {
  noticeIds: string[];
}

/**
 * A transfer's outcome applied to its payout, inside the caller's transaction, once:
 * - succeeded: a pending payout is paid (in flight → gone to the gateway), the failure count reset;
 * - failed: a pending payout failed, its money back in the available balance, the next try backed off;
 * - reversed: a paid (or still pending) payout came back: available again, backed off.
 * Anything else changes nothing: a replay, a success after a failure or reversal (out of order), a
 * failure after a success. Answers whether the payout changed.
 */
export async function applyTransfer(
  tx: Tx,
  payout: PayoutRow,
  kind: TransferEvent['kind'],
  info: { transferCode: string | null; reason: string | null; occurredAt: Date },
  after: PayoutAfterCommit,
  now: Date,
): Promise<boolean> {
  const base = { providerId: payout.provider_id, gateway: payout.gateway, amountMinor: payout.amount_minor };
  const transferCode = info.transferCode ?? payout.transfer_code;
  if (kind === 'transfer.succeeded') {
    if (payout.status !== 'pending') return false;
    await tx
      .update(payouts)
      .set({
        status: 'paid',
        transfer_code: transferCode,
        settled_at: info.occurredAt > now ? now : info.occurredAt,
        failure_reason: null,
        updated_at: now,
      })
      .where(eq(payouts.id, payout.id));
    await recordMovement(tx, payoutSettled({ key: `payout:${payout.id}:settled`, ...base }), null, {
      payoutId: payout.id,
    });
    await tx
      .update(payoutSettings)
      .set({ failures: 0, next_attempt_at: null })
      .where(eq(payoutSettings.provider_id, payout.provider_id));
    after.noticeIds.push(
      ...(await insertNotices(tx, [
        payoutSentNotice({
          providerId: payout.provider_id,
          amountMinor: payout.amount_minor,
          methodLabel: payout.method_label,
        }),
      ])),
    );
    return true;
  }

  const reversed = kind === 'transfer.reversed';
  if (payout.status !== 'pending' && !(reversed && payout.status === 'paid')) return false;
  const wasSettled = payout.status === 'paid';
  const reason =
    info.reason ?? (reversed ? 'The transfer was reversed.' : 'The transfer could not be completed.');
  await tx
    .update(payouts)
    .set({
      status: reversed ? 'reversed' : 'failed',
      transfer_code: transferCode,
      failure_reason: reason.slice(0, 500),
      failed_at: now,
      updated_at: now,
    })
    .where(eq(payouts.id, payout.id));
  await recordMovement(
    tx,
    payoutReturned({ key: `payout:${payout.id}:returned`, ...base, wasSettled }),
    null,
    { payoutId: payout.id },
  );
  const retryAt = await backOff(tx, payout.provider_id, now);
  after.noticeIds.push(
    ...(await insertNotices(tx, [
      payoutFailedNotice({
        providerId: payout.provider_id,
        amountMinor: payout.amount_minor,
        methodLabel: payout.method_label,
        reason,
        retryAt,
        reversed,
      }),
    ])),
  );
  return true;
}

/** One more failure in a row: the next payout waits (30 min, doubling, at most a day). */
async function backOff(tx: Tx, providerId: string, now: Date): Promise<Date> {
  const [row] = await tx
    .update(payoutSettings)
    .set({ failures: sql`${payoutSettings.failures} + 1` })
    .where(eq(payoutSettings.provider_id, providerId))
    .returning({ failures: payoutSettings.failures });
  const retryAt = nextPayoutAttempt(now, row?.failures ?? 1);
  await tx
    .update(payoutSettings)
    .set({ next_attempt_at: retryAt })
    .where(eq(payoutSettings.provider_id, providerId));
  return retryAt;
}

/** The payout a gateway's transfer reference names, locked for the caller's transaction. */
export async function lockPayout(tx: Tx, gateway: PaymentGatewayId, reference: string) {
  const [row] = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.gateway, gateway), eq(payouts.reference, reference)))
    .for('update');
  return row ?? null;
}

/**
 * A transfer.* webhook (features/payments routes them here), applied in the event's transaction.
 * A transfer that is not one of our payouts (made by hand in the gateway's dashboard) is ignored.
 */
export async function applyTransferEvent(
  tx: Tx,
  deps: Deps,
  gateway: PaymentGatewayId,
  event: NormalizedEvent,
  after: PayoutAfterCommit,
): Promise<void> {
  if (!event.kind.startsWith('transfer.')) return;
  const transfer = event as TransferEvent;
  const payout = await lockPayout(tx, gateway, transfer.reference);
  if (!payout) {
    deps.log.warn(
      { gateway, reference: transfer.reference },
      'transfer event for no payout of ours: ignored',
    );
    return;
  }
  await applyTransfer(tx, payout, transfer.kind, transfer, after, new Date());
}
