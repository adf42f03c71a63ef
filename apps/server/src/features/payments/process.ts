import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { paymentEvents } from '../../db/schema.ts';
import type { Deps } from '../../types.ts';
import {
  applyBookingPaymentEvent,
  finishBookingAfterCommit,
  isBookingPaymentEvent,
  newBookingAfterCommit,
} from '../booking-payments/index.ts';
import { applyTransferEvent } from '../payouts/index.ts';
import { applyPaymentEvent, finishAfterCommit, newAfterCommit } from '../subscriptions/index.ts';
import { PAYMENT_EVENTS_QUEUE } from './intake.ts';

/**
 * Applies one stored event: normalized by its gateway and applied in one transaction that also marks
 * it processed, so it takes effect exactly once. A failure is recorded on the event and rethrown for
 * the job queue to retry (an event that arrived before the one it depends on waits this way).
 */
export async function processPaymentEvent(deps: Deps, eventRowId: string): Promise<void> {
  const after = newAfterCommit();
  const bookingAfter = newBookingAfterCommit();
  try {
    await deps.database.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.id, eventRowId))
        .for('update');
      if (!row || row.processed_at) return;
      const gateway = deps.payments.byId(row.gateway);
      if (!gateway)
        throw new Error(`The ${row.gateway} gateway is not configured; event ${row.event_id} waits`);
      const normalized = gateway.normalize({
        id: row.event_id,
        type: row.type,
        createdAt: row.occurred_at,
        payload: row.payload,
      });
      for (const event of normalized) {
        // Booking payments (issue 18) apart from plan payments; transfer events: payouts.
        if (event.kind.startsWith('transfer.'))
          await applyTransferEvent(tx, deps, row.gateway, event, bookingAfter);
        else if (await isBookingPaymentEvent(tx, row.gateway, event))
          await applyBookingPaymentEvent(tx, deps, row.gateway, event, bookingAfter);
        else await applyPaymentEvent(tx, deps, row.gateway, event, after);
      }
      await tx
        .update(paymentEvents)
        .set({ processed_at: new Date(), attempts: sql`${paymentEvents.attempts} + 1`, last_error: null })
        .where(eq(paymentEvents.id, row.id));
    });
  } catch (error) {
    await deps.database.db
      .update(paymentEvents)
      .set({
        attempts: sql`${paymentEvents.attempts} + 1`,
        last_error: String((error as Error).message).slice(0, 500),
      })
      .where(eq(paymentEvents.id, eventRowId));
    throw error;
  }
  await finishAfterCommit(deps, after);
  await finishBookingAfterCommit(deps, bookingAfter);
}

/** Events stored but never processed a minute later (their job was lost): queued again. */
export async function requeueStaleEvents(deps: Deps, now = new Date()): Promise<number> {
  const stale = await deps.database.db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(
      and(
        isNull(paymentEvents.processed_at),
        lt(paymentEvents.received_at, new Date(now.getTime() - 60_000)),
      ),
    )
    .limit(100);
  for (const { id } of stale) await deps.jobs.send(PAYMENT_EVENTS_QUEUE, { id }, { singletonKey: id });
  return stale.length;
}
