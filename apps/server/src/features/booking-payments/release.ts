import {
  type BookingAction,
  bookingReleased,
  ESCROW_ACCOUNTS,
  ESCROW_MESSAGES,
  earningsAvailableAt,
  type Release,
  releaseSplit,
} from '@adwuma/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bookings, ledgerEntries } from '../../db/schema.ts';
import { recordMovement } from '../../kernel/payments/ledger.ts';
import { providerTier } from '../../kernel/provider-tier.ts';
import { conflict } from '../../lib/errors.ts';

export type BookingRow = typeof bookings.$inferSelect;

/** The key of a booking's release at completion (one per booking). */
export const releaseKey = (bookingId: string) => `booking:${bookingId}:release`;

/**
 * Why the provider may not take `action` on a booking yet, or null: the work cannot start, nor be
 * marked done, before the customer has paid (the money must be held first).
 */
export function bookingPaymentGuard(
  booking: Pick<BookingRow, 'payment_status'>,
  action: BookingAction,
): string | null {
  if ((action === 'start' || action === 'mark_done') && booking.payment_status === 'awaiting_payment')
    return ESCROW_MESSAGES.notPaidYet;
  return null;
}

/** What Adwuma still holds for a booking (pesewas): minus the balance of its held account. */
export async function heldMinor(db: Db | Tx, bookingId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount_minor}), 0)` })
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.account, ESCROW_ACCOUNTS.held(bookingId)), eq(ledgerEntries.currency, 'GHS')),
    );
  const total = Number(row?.total ?? 0);
  return total === 0 ? 0 : -total;
}

const noRelease = (commissionPercent: number): Release => ({
  releaseMinor: 0,
  commissionPercent,
  commissionMinor: 0,
  earningsMinor: 0,
  availableNowMinor: 0,
  pendingMinor: 0,
});

/**
 * Releases `amountMinor` of a booking's held money to the provider's side, split by the commission
 * of the provider's tier now (bookingReleased, once per `key`). The first release of a booking also
 * settles its materials: the advance already paid counts as earnings taken (the commission is on
 * the amount plus the advance) and Starter receipts are paid at once. The booking's commission and
 * earnings add up over releases; its earnings become available after the tier's payout delay from
 * `now` (a later date than one already set wins). Call under the booking's row lock.
 */
export async function releaseHeld(
  tx: Tx,
  booking: BookingRow,
  input: { amountMinor: number; key: string; now: Date },
): Promise<Release> {
  const [fresh] = await tx.select().from(bookings).where(eq(bookings.id, booking.id)).for('update');
  if (!fresh) throw new Error(`No booking ${booking.id}`);
  const tier = await providerTier(tx, fresh.provider_id);
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor < 0)
    throw new Error(`Cannot release ${input.amountMinor} of booking ${fresh.id}`);
  const first = fresh.earnings_minor === null;
  const advance = first ? fresh.advance_minor : 0;
  const release = releaseSplit({
    amountMinor: input.amountMinor + advance,
    tier,
    advanceMinor: advance,
    receiptsMinor: first ? fresh.receipts_minor : 0,
  });
  if (release.commissionMinor === 0 && release.earningsMinor === 0)
    return noRelease(release.commissionPercent);
  const held = await heldMinor(tx, fresh.id);
  if (release.releaseMinor > held) {
    throw conflict(
      'The provider’s share is smaller than the materials advance already paid: settle it by hand.',
    );
  }
  const written = await recordMovement(
    tx,
    bookingReleased({ key: input.key, bookingId: fresh.id, providerId: fresh.provider_id, release }),
    null,
    { bookingId: fresh.id },
  );
  if (!written) return release;
  const availableAt = earningsAvailableAt(input.now, tier);
  await tx
    .update(bookings)
    .set({
      commission_percent: release.commissionPercent,
      commission_minor: (fresh.commission_minor ?? 0) + release.commissionMinor,
      earnings_minor: (fresh.earnings_minor ?? 0) + release.earningsMinor,
      earnings_available_at:
        fresh.earnings_available_at && fresh.earnings_available_at > availableAt
          ? fresh.earnings_available_at
          : availableAt,
      // New pending earnings mature again (a second release after the first matured).
      ...(release.pendingMinor > 0 ? { earnings_matured_at: null } : {}),
      updated_at: input.now,
    })
    .where(eq(bookings.id, fresh.id));
  return release;
}

/**
 * Completion of a booking whose money is held (confirmed, auto-completed): everything still held is
 * released to the provider and the booking's money is 'released' ('partially_refunded' when part
 * was refunded before). Any other payment status: nothing moves (null). Call in the completing
 * transaction, under the booking's row lock.
 */
export async function releaseOnCompletion(tx: Tx, booking: BookingRow, now: Date): Promise<Release | null> {
  if (booking.payment_status !== 'held') return null;
  const held = await heldMinor(tx, booking.id);
  const release = await releaseHeld(tx, booking, { amountMinor: held, key: releaseKey(booking.id), now });
  await tx
    .update(bookings)
    .set({ payment_status: booking.refunded_minor > 0 ? 'partially_refunded' : 'released', updated_at: now })
    .where(eq(bookings.id, booking.id));
  return release;
}
