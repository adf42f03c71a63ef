import {
  type BookingPaymentStatus,
  type DisputeOutcome,
  ESCROW_MESSAGES,
  formatMoney,
  releaseSplit,
  reversalParts,
  splitProblem,
  type TierId,
} from '@adwuma/shared';
import type { Db, Tx } from '../../db/client.ts';
import { providerTier } from '../../kernel/provider-tier.ts';
import { conflict, fieldError } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';
import { heldMinor, releaseHeld } from '../booking-payments/index.ts';
import type { BookingRow } from '../bookings/index.ts';
import { refundHeld, refundReleased, reversibleOf } from '../refunds/index.ts';

export const DISPUTE_MONEY_MESSAGES = {
  matured:
    'The provider’s earnings from this booking are already available or paid out, so Adwuma can no longer take them back. Resolve in the provider’s favour, or settle the refund outside Adwuma.',
  /** A split that does not add up, with the amount it must add up to. */
  mismatch: (stakeMinor: number) => `${ESCROW_MESSAGES.splitMismatch} (${formatMoney(stakeMinor, 'GHS')})`,
  /** A provider's share too small to carry the commission on a materials advance already paid. */
  belowAdvance: (advanceMinor: number, minimumMinor: number) =>
    `The provider already received a materials advance of ${formatMoney(advanceMinor, 'GHS')}: their share must be at least ${formatMoney(minimumMinor, 'GHS')} (the commission on the advance), or nothing.`,
} as const;

/**
 * The smallest share of the held money that can go to a provider who took a materials advance: the
 * commission is on the share and the advance together, and the held money must carry it.
 */
export function minimumShareWithAdvance(advanceMinor: number, tier: TierId): number {
  const takes = (share: number) =>
    releaseSplit({ amountMinor: share + advanceMinor, tier, advanceMinor }).releaseMinor;
  let share = 0;
  while (takes(share) > share) share = takes(share);
  return share;
}

/** What a resolution did with the booking's money. */
export interface DisputeMoney {
  /** Where the money at stake went; null when the resolution moved none. */
  providerMinor: number | null;
  customerMinor: number | null;
  /** The booking's payment status afterwards. */
  paymentStatus: BookingPaymentStatus;
  /** Whether the provider's share went through releaseHeld (the booking's earnings are set by it). */
  released: boolean;
  /** Refunds to queue after commit. */
  refundIds: string[];
}

export interface DisputeMoneyInput {
  booking: BookingRow;
  disputeId: string;
  outcome: DisputeOutcome;
  providerMinor?: number;
  customerMinor?: number;
  adminId: string;
  now: Date;
}

/** The two amounts of a resolution over `stakeMinor`; a split's are checked to add up to it (400). */
function amountsOf(input: DisputeMoneyInput, stakeMinor: number): { provider: number; customer: number } {
  if (input.outcome === 'provider') return { provider: stakeMinor, customer: 0 };
  if (input.outcome === 'customer') return { provider: 0, customer: stakeMinor };
  const provider = input.providerMinor ?? (stakeMinor === 0 ? 0 : undefined);
  const customer = input.customerMinor ?? (stakeMinor === 0 ? 0 : undefined);
  if (provider === undefined)
    throw fieldError('provider_minor', 'Enter the amount for the provider in pesewas');
  if (customer === undefined)
    throw fieldError('customer_minor', 'Enter the amount for the customer in pesewas');
  if (splitProblem(stakeMinor, provider, customer))
    throw fieldError(
      provider > stakeMinor ? 'provider_minor' : 'customer_minor',
      DISPUTE_MONEY_MESSAGES.mismatch(stakeMinor),
    );
  return { provider, customer };
}

/** 'refunded' once everything paid came back, else 'partially_refunded'. */
const afterRefund = (booking: BookingRow, refundedNowMinor: number): BookingPaymentStatus =>
  booking.refunded_minor + refundedNowMinor >= booking.price_minor ? 'refunded' : 'partially_refunded';

/**
 * Moves a disputed booking's money as the admin decided (decision 014), inside the resolving
 * transaction under the booking's row lock:
 * - money held (paid, not released): the provider's share released (releaseHeld, commission of
 *   their tier now), the customer's refunded (refundHeld); a split must add up to what is held;
 * - money already released at completion and not matured: the customer's share taken back from the
 *   provider's pending earnings and the commission in proportion (refundReleased); a split must add
 *   up to what can still be taken back; once matured, only the provider outcome is possible (409);
 * - no money through Adwuma (bookings from before payments, unpaid): nothing moves.
 */
export async function settleDisputeMoney(
  tx: Tx,
  deps: Pick<Deps, 'log'>,
  input: DisputeMoneyInput,
): Promise<DisputeMoney> {
  const { booking, disputeId, now } = input;
  const held = await heldMinor(tx, booking.id);
  const reason = 'Dispute resolved by our team';

  if (held > 0) {
    const { provider, customer } = amountsOf(input, held);
    if (provider > 0 && booking.advance_minor > 0 && booking.earnings_minor === null) {
      const minimum = minimumShareWithAdvance(
        booking.advance_minor,
        await providerTier(tx, booking.provider_id),
      );
      if (provider < minimum)
        throw fieldError(
          'provider_minor',
          DISPUTE_MONEY_MESSAGES.belowAdvance(booking.advance_minor, minimum),
        );
    }
    if (provider > 0)
      await releaseHeld(tx, booking, { amountMinor: provider, key: `dispute:${disputeId}:release`, now });
    const refundIds =
      customer > 0
        ? [
            await refundHeld(tx, deps, {
              booking,
              amountMinor: customer,
              reason,
              createdBy: input.adminId,
              key: `dispute:${disputeId}:refund`,
            }),
          ]
        : [];
    const paymentStatus: BookingPaymentStatus =
      customer === 0
        ? booking.refunded_minor > 0
          ? 'partially_refunded'
          : 'released'
        : provider === 0
          ? afterRefund(booking, customer)
          : 'partially_refunded';
    return {
      providerMinor: provider,
      customerMinor: customer,
      paymentStatus,
      released: provider > 0,
      refundIds,
    };
  }

  const wasReleased = booking.earnings_available_at !== null && booking.earnings_minor !== null;
  if (!wasReleased || input.outcome === 'provider') {
    // Nothing held: a split may only name zeros (nothing to share).
    if (input.outcome === 'split') amountsOf(input, 0);
    return {
      providerMinor: null,
      customerMinor: null,
      paymentStatus: booking.payment_status,
      released: false,
      refundIds: [],
    };
  }

  if (booking.earnings_matured_at !== null) throw conflict(DISPUTE_MONEY_MESSAGES.matured);
  const left = await reversibleOf(tx, booking);
  const { provider, customer } = amountsOf(input, left.pendingMinor + left.commissionMinor);
  if (customer === 0)
    return {
      providerMinor: provider,
      customerMinor: 0,
      paymentStatus: booking.payment_status,
      released: false,
      refundIds: [],
    };
  const parts = reversalParts(customer, left);
  const refundId = await refundReleased(tx, deps, {
    booking,
    ...parts,
    reason,
    createdBy: input.adminId,
    key: `dispute:${disputeId}:refund`,
  });
  return {
    providerMinor: provider,
    customerMinor: customer,
    paymentStatus: afterRefund(booking, customer),
    released: false,
    refundIds: [refundId],
  };
}

/**
 * What a resolution of this booking's dispute decides over, as the admin's split must add up to it:
 * the money held; after completion, what can still be taken back (pending earnings and commission);
 * null once the earnings matured (only the provider outcome is possible); 0 when no money moved
 * through Adwuma.
 */
export async function moneyAtStake(db: Db | Tx, booking: BookingRow): Promise<number | null> {
  const held = await heldMinor(db, booking.id);
  if (held > 0) return held;
  if (booking.earnings_available_at === null || booking.earnings_minor === null) return 0;
  if (booking.earnings_matured_at !== null) return null;
  const left = await reversibleOf(db, booking);
  return left.pendingMinor + left.commissionMinor;
}
