import { randomUUID } from 'node:crypto';
import { ESCROW_ACCOUNTS, ESCROW_LIMITS, earningsMatured, payoutStarted } from '@adwuma/shared';
import { and, eq, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import { bookings, disputes, ledgerEntries, payoutSettings, payouts } from '../../db/schema.ts';
import { GatewayError, type TransferOutcome } from '../../kernel/payments/gateway.ts';
import { recordMovement } from '../../kernel/payments/ledger.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';
import { sendNoticeMails } from '../notifications/index.ts';
import { bookingPendingMinor, methodLabelOf, owedOn } from './balances.ts';
import { applyTransfer, type PayoutAfterCommit, type PayoutRow } from './transfer-events.ts';

/** The job-queue name and schedule of the payout cycle: mature earnings, settle stale transfers, pay. */
export const PAYOUTS_QUEUE = 'payouts.run';
export const PAYOUTS_CRON = '*/15 * * * *';

/** A pending payout this old with no webhook yet is asked about at its gateway. */
const STALE_PAYOUT_MS = 30 * 60_000;

export interface PayoutRunOptions {
  /** Only this provider (an admin's retry, a materials advance). */
  providerId?: string;
  /** A materials advance: paid whatever the amount (no minimum), marked as an advance. */
  advance?: boolean;
}

/**
 * Sends every provider's available balance to their payout method: providers with at least
 * ESCROW_LIMITS.minPayoutMinor available, a payout method, no hold after a change of method, no
 * backoff after a failure, and no payout already in flight. Answers the ids of the payouts started.
 */
export async function runPayouts(
  deps: Deps,
  now = new Date(),
  options: PayoutRunOptions = {},
): Promise<string[]> {
  const minimum = options.advance ? 1 : ESCROW_LIMITS.minPayoutMinor;
  const available = sql<string>`coalesce((select -sum(${ledgerEntries.amount_minor}) from ${ledgerEntries}
    where ${ledgerEntries.account} = 'provider:' || ${payoutSettings.provider_id} || ':available'
      and ${ledgerEntries.currency} = 'GHS'), 0)`;
  const candidates = await deps.database.db
    .select({ providerId: payoutSettings.provider_id })
    .from(payoutSettings)
    .where(
      and(
        options.providerId ? eq(payoutSettings.provider_id, options.providerId) : undefined,
        or(isNull(payoutSettings.hold_until), lte(payoutSettings.hold_until, now)),
        or(isNull(payoutSettings.next_attempt_at), lte(payoutSettings.next_attempt_at, now)),
        sql`${available} >= ${minimum}`,
        notExists(
          deps.database.db
            .select({ one: sql`1` })
            .from(payouts)
            .where(and(eq(payouts.provider_id, payoutSettings.provider_id), eq(payouts.status, 'pending'))),
        ),
      ),
    )
    .limit(500);
  const started: string[] = [];
  for (const { providerId } of candidates) {
    try {
      const id = await payProvider(deps, providerId, now, minimum, options.advance ?? false);
      if (id) started.push(id);
    } catch (error) {
      deps.log.error({ err: error, providerId }, 'payout failed to start; the next run tries again');
    }
  }
  return started;
}

/**
 * One provider's payout: under a lock on their payout settings (so two runs at once cannot both
 * send), the payout row and the available → in-flight movement are committed first; then the
 * gateway is asked to transfer. A refusal puts the money back at once; otherwise the webhook (or
 * reconciliation) tells the outcome.
 */
async function payProvider(
  deps: Deps,
  providerId: string,
  now: Date,
  minimum: number,
  advance: boolean,
): Promise<string | null> {
  let payout: PayoutRow | null;
  try {
    payout = await deps.database.db.transaction(async (tx) => {
      const [settings] = await tx
        .select()
        .from(payoutSettings)
        .where(eq(payoutSettings.provider_id, providerId))
        .for('update');
      if (!settings?.recipient_code) return null;
      if (settings.hold_until && settings.hold_until > now) return null;
      if (settings.next_attempt_at && settings.next_attempt_at > now) return null;
      const [inFlight] = await tx
        .select({ id: payouts.id })
        .from(payouts)
        .where(and(eq(payouts.provider_id, providerId), eq(payouts.status, 'pending')))
        .limit(1);
      if (inFlight) return null;
      const amount = await owedOn(tx, ESCROW_ACCOUNTS.available(providerId));
      if (amount < minimum) return null;
      const gateway = deps.payments.byId(settings.gateway);
      if (!gateway?.transfer) {
        deps.log.warn(
          { providerId, gateway: settings.gateway },
          'payout method gateway cannot transfer here',
        );
        return null;
      }
      const id = randomUUID();
      const [row] = await tx
        .insert(payouts)
        .values({
          id,
          provider_id: providerId,
          gateway: settings.gateway,
          // Paystack takes lowercase letters, digits, - and _ (16 to 50 characters).
          reference: `po_${id.replaceAll('-', '')}`,
          amount_minor: amount,
          method_label: methodLabelOf(settings),
          advance,
          test_mode: gateway.testMode,
          created_at: now,
          updated_at: now,
        })
        .returning();
      await recordMovement(
        tx,
        payoutStarted({ key: `payout:${id}:sent`, providerId, amountMinor: amount }),
        null,
        { payoutId: id },
      );
      return { ...row!, recipient: settings.recipient_code };
    });
  } catch (error) {
    // Another run got there first (one payout in flight per provider).
    if (isUniqueViolation(error)) return null;
    throw error;
  }
  if (!payout) return null;
  const { recipient } = payout as PayoutRow & { recipient: string };
  const gateway = deps.payments.byId(payout.gateway)!;
  let outcome: TransferOutcome;
  try {
    outcome = await gateway.transfer!({
      reference: payout.reference,
      recipientCode: recipient,
      amountMinor: payout.amount_minor,
      currency: 'GHS',
      reason: payout.advance ? 'Adwuma materials advance' : 'Adwuma earnings',
    });
  } catch (error) {
    if (error instanceof GatewayError && error.status !== undefined) {
      outcome = { status: 'failed', transferCode: null, reason: error.message };
    } else {
      // No answer: the gateway may or may not have it. Reconciliation asks it later, never guesses.
      deps.log.error(
        { err: error, payoutId: payout.id },
        'payout transfer got no answer; reconciliation asks later',
      );
      return payout.id;
    }
  }
  await applyOutcome(deps, payout.id, outcome, now);
  return payout.id;
}

/** What the gateway answered (at once, or to a verify) applied to the payout like its webhook. */
async function applyOutcome(
  deps: Deps,
  payoutId: string,
  outcome: TransferOutcome,
  now: Date,
): Promise<void> {
  const after: PayoutAfterCommit = { noticeIds: [] };
  await deps.database.db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (!payout) return;
    if (outcome.status === 'pending') {
      if (outcome.transferCode && !payout.transfer_code)
        await tx
          .update(payouts)
          .set({ transfer_code: outcome.transferCode, updated_at: now })
          .where(eq(payouts.id, payoutId));
      return;
    }
    const kind =
      outcome.status === 'success'
        ? 'transfer.succeeded'
        : outcome.status === 'reversed'
          ? 'transfer.reversed'
          : 'transfer.failed';
    await applyTransfer(tx, payout, kind, { ...outcome, occurredAt: now }, after, now);
  });
  await sendNoticeMails(deps, after.noticeIds, deps.log);
}

/**
 * Pending payouts without an outcome for half an hour (a lost webhook, a call that got no answer)
 * are asked about at their gateway: a transfer it does not know never left, so it failed.
 */
export async function reconcilePayouts(deps: Deps, now = new Date()): Promise<number> {
  const stale = await deps.database.db
    .select()
    .from(payouts)
    .where(
      and(eq(payouts.status, 'pending'), lt(payouts.created_at, new Date(now.getTime() - STALE_PAYOUT_MS))),
    )
    .limit(100);
  let settled = 0;
  for (const payout of stale) {
    const gateway = deps.payments.byId(payout.gateway);
    if (!gateway?.verifyTransfer) continue;
    try {
      const outcome = (await gateway.verifyTransfer(payout.reference)) ?? {
        status: 'failed' as const,
        transferCode: null,
        reason: 'The transfer never reached the payment gateway.',
      };
      if (outcome.status === 'pending') continue;
      await applyOutcome(deps, payout.id, outcome, now);
      settled++;
    } catch (error) {
      deps.log.warn(
        { err: error, payoutId: payout.id },
        'could not verify a pending payout; tried again later',
      );
    }
  }
  return settled;
}

/**
 * Earnings whose payout delay has passed become available: for each booking with
 * earnings_available_at ≤ now, not matured yet and no open dispute, its pending part moves to the
 * provider's available balance (one transaction per booking, once by its idempotency key).
 */
export async function matureEarnings(deps: Deps, now = new Date()): Promise<number> {
  const openDispute = (db: typeof deps.database.db) =>
    db
      .select({ one: sql`1` })
      .from(disputes)
      .where(and(eq(disputes.booking_id, bookings.id), eq(disputes.status, 'open')));
  const due = and(lte(bookings.earnings_available_at, now), isNull(bookings.earnings_matured_at));
  const rows = await deps.database.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(due, notExists(openDispute(deps.database.db))))
    .orderBy(bookings.earnings_available_at)
    .limit(1000);
  let matured = 0;
  for (const { id } of rows) {
    const done = await deps.database.db.transaction(async (tx) => {
      const [booking] = await tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.id, id), due))
        .for('update');
      if (!booking) return false;
      const [dispute] = await tx
        .select({ id: disputes.id })
        .from(disputes)
        .where(and(eq(disputes.booking_id, id), eq(disputes.status, 'open')))
        .limit(1);
      if (dispute) return false;
      const pending = await bookingPendingMinor(tx, id, booking.provider_id);
      if (pending > 0) {
        await recordMovement(
          tx,
          earningsMatured({
            // One maturity per release date: a later release of the same booking matures again.
            key: `booking:${id}:matured:${booking.earnings_available_at?.toISOString()}`,
            providerId: booking.provider_id,
            amountMinor: pending,
          }),
          null,
          { bookingId: id },
        );
      }
      await tx.update(bookings).set({ earnings_matured_at: now }).where(eq(bookings.id, id));
      return true;
    });
    if (done) matured++;
  }
  return matured;
}

/** The cron's cycle, every 15 minutes: mature, settle stale transfers, pay. */
export async function payoutCycle(deps: Deps, now = new Date()): Promise<void> {
  await matureEarnings(deps, now);
  await reconcilePayouts(deps, now);
  await runPayouts(deps, now);
}

/**
 * An admin sends a failed or reversed payout's money again now: the provider's backoff is cleared
 * and a payout run for them starts (the failed payout stays as it was; its money went back to the
 * available balance, which the new payout sends). The admin's audit log row is the caller's
 * (features/admin-money). Answers the new payout's id, or null when none could start (on hold, no
 * method, nothing available, one already in flight).
 */
export async function retryPayout(
  deps: Deps,
  payoutId: string,
  adminId: string,
  now = new Date(),
): Promise<{ payoutId: string | null }> {
  const [payout] = await deps.database.db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!payout) throw notFound('Payout not found');
  if (payout.status !== 'failed' && payout.status !== 'reversed')
    throw conflict('Only a failed or reversed payout can be retried.');
  await deps.database.db
    .update(payoutSettings)
    .set({ next_attempt_at: null })
    .where(eq(payoutSettings.provider_id, payout.provider_id));
  deps.log.info({ payoutId, adminId }, 'payout retried by an admin');
  const [started] = await runPayouts(deps, now, { providerId: payout.provider_id });
  return { payoutId: started ?? null };
}
