/**
 * Booking money (issue 18, decision 014): a customer pays for a booking in cedis, Adwuma holds it
 * until the work is done, then splits it into the commission of the provider's tier and the
 * provider's earnings, which become available after the tier's payout delay and are paid out to the
 * provider's mobile money or bank account. Pure rules and ledger movement builders; the server
 * enforces them, the web mirrors them.
 */
import type { TierId } from '../tiers.ts';
import { getTier } from '../tiers.ts';
import type { LedgerEntry, LedgerMovement } from './ledger.ts';
import type { MobileMoneyNetwork } from './rules.ts';

/**
 * Where a booking's money is. `not_required`: a booking made before payments existed (no money moved
 * through Adwuma). `expired`: not paid in time, so the booking was released.
 */
export const BOOKING_PAYMENT_STATUSES = [
  'not_required',
  'awaiting_payment',
  'held',
  'released',
  'refunded',
  'partially_refunded',
  'expired',
] as const;
export type BookingPaymentStatus = (typeof BOOKING_PAYMENT_STATUSES)[number];

export const BOOKING_PAYMENT_LABELS: Record<BookingPaymentStatus, string> = {
  not_required: 'No payment through Adwuma',
  awaiting_payment: 'Awaiting payment',
  held: 'Paid — held by Adwuma',
  released: 'Paid to the provider',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  expired: 'Not paid',
};

export const PAYOUT_METHOD_TYPES = ['mobile_money', 'bank'] as const;
export type PayoutMethodType = (typeof PAYOUT_METHOD_TYPES)[number];

/** A payout's life: pending at the gateway, then paid, failed, or reversed after it was paid. */
export const PAYOUT_STATUSES = ['pending', 'paid', 'failed', 'reversed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** A refund's life: owed (pending), accepted by the gateway (sent), or refused (failed, retried by an admin). */
export const REFUND_STATUSES = ['pending', 'sent', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const ESCROW_LIMITS = {
  /** A booking not paid this many hours after the hire is released. */
  paymentDueHours: 48,
  /** Percent of the price a customer's late cancellation (under 24 h before the start) pays the provider. */
  lateCancelFeePercent: 10,
  /** A changed payout method holds payouts this long (account takeover guard). */
  payoutMethodHoldHours: 24,
  /** Smallest payout (GH₵ 1): smaller balances wait for more. */
  minPayoutMinor: 100,
  /** A failed payout is retried after 30 min, doubling, at most a day apart. */
  payoutRetryBaseMinutes: 30,
  payoutRetryMaxMinutes: 24 * 60,
} as const;

/** Days after completion before a tier's earnings can be paid out (spec 9; Enterprise: a day). */
export const PAYOUT_DELAY_DAYS: Record<TierId, number> = { starter: 7, pro: 3, premium: 1, enterprise: 1 };

/** The share of the price a tier may take upfront for materials (spec 9: Pro 40 %, Premium 70 %). */
export const MATERIALS_ADVANCE_PERCENT: Record<TierId, number> = {
  starter: 0,
  pro: 40,
  premium: 70,
  enterprise: 70,
};

export const ESCROW_MESSAGES = {
  notAwaitingPayment: 'This booking is not waiting for a payment.',
  onlyCustomerPays: 'Only the customer pays for a booking.',
  notPaidYet: 'The customer has not paid for this booking yet.',
  advanceTaken: 'A materials advance was paid on this booking: open a dispute so our team can settle it.',
  advanceNotAllowed: 'Materials advances come with the Pro and Premium plans.',
  advanceTooHigh: (capMinor: number) => `The advance can be at most ${capMinor / 100} cedis on your plan.`,
  advanceTwice: 'A materials advance was already paid on this booking.',
  receiptsTooHigh: 'Material receipts cannot add up to more than your earnings on this booking.',
  noPayoutMethod: 'Add a payout method to be paid.',
  payoutHeld: 'Your payout method changed recently: payouts resume 24 hours after the change.',
  splitMismatch: 'The two amounts must add up to the amount held.',
  accountNotFound: 'We could not find that account. Check the number and network.',
  wrongNetwork: (network: string) => `That number is not on ${network}.`,
} as const;

/** When an unpaid booking hired at `hiredAt` is released. */
export function paymentDueAt(hiredAt: Date): Date {
  return new Date(hiredAt.getTime() + ESCROW_LIMITS.paymentDueHours * 3_600_000);
}

export function payoutDelayDays(tier: TierId): number {
  return PAYOUT_DELAY_DAYS[tier];
}

/** When earnings of a booking completed at `completedAt` by a provider on `tier` can be paid out. */
export function earningsAvailableAt(completedAt: Date, tier: TierId): Date {
  return new Date(completedAt.getTime() + payoutDelayDays(tier) * 86_400_000);
}

/** The largest materials advance a tier may take on a price (rounded down to the pesewa). */
export function materialsAdvanceCap(priceMinor: number, tier: TierId): number {
  return Math.floor((priceMinor * MATERIALS_ADVANCE_PERCENT[tier]) / 100);
}

/** Why an advance of `amountMinor` cannot be taken; null when it can. */
export function advanceProblem(input: {
  priceMinor: number;
  tier: TierId;
  amountMinor: number;
  alreadyAdvancedMinor: number;
}): string | null {
  if (MATERIALS_ADVANCE_PERCENT[input.tier] === 0) return ESCROW_MESSAGES.advanceNotAllowed;
  if (input.alreadyAdvancedMinor > 0) return ESCROW_MESSAGES.advanceTwice;
  const cap = materialsAdvanceCap(input.priceMinor, input.tier);
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0 || input.amountMinor > cap)
    return ESCROW_MESSAGES.advanceTooHigh(cap);
  return null;
}

/**
 * The money side of a cancellation of a paid booking holding `heldMinor`: a provider's cancellation
 * and a customer's in time refund everything; a customer's late cancellation pays the provider a fee
 * (10 % of the price, at most what is held) and refunds the rest.
 */
export function cancellationSettlement(input: {
  priceMinor: number;
  heldMinor: number;
  cancelledBy: 'customer' | 'provider';
  late: boolean;
}): { refundMinor: number; feeMinor: number } {
  if (input.cancelledBy === 'provider' || !input.late) return { refundMinor: input.heldMinor, feeMinor: 0 };
  const fee = Math.min(
    input.heldMinor,
    Math.round((input.priceMinor * ESCROW_LIMITS.lateCancelFeePercent) / 100),
  );
  return { refundMinor: input.heldMinor - fee, feeMinor: fee };
}

export interface Release {
  /** Taken from the held money. */
  releaseMinor: number;
  commissionPercent: number;
  commissionMinor: number;
  /** The provider's earnings on the amount released, advance included. */
  earningsMinor: number;
  /** Paid at once (material receipts, Starter). */
  availableNowMinor: number;
  /** Waits for the payout delay. */
  pendingMinor: number;
}

/**
 * Splits `amountMinor` of a booking's price going to the provider (the whole price at completion,
 * the provider's share of a dispute split, a late-cancellation fee) into commission and earnings.
 * The commission is the tier's rate on that amount (rounded to the pesewa). A materials advance
 * already paid from the held money is deducted; material receipts (Starter) are paid at once,
 * capped at the earnings left.
 */
export function releaseSplit(input: {
  amountMinor: number;
  tier: TierId;
  advanceMinor?: number;
  receiptsMinor?: number;
}): Release {
  const rate = getTier(input.tier).commission;
  const commission = Math.round((input.amountMinor * rate) / 100);
  const earnings = input.amountMinor - commission;
  const advance = Math.min(input.advanceMinor ?? 0, earnings);
  const left = earnings - advance;
  const availableNow = Math.min(input.receiptsMinor ?? 0, left);
  return {
    releaseMinor: input.amountMinor - advance,
    commissionPercent: rate,
    commissionMinor: commission,
    earningsMinor: earnings,
    availableNowMinor: availableNow,
    pendingMinor: left - availableNow,
  };
}

/** Why a dispute split cannot be applied; null when the amounts add up to what is held. */
export function splitProblem(heldMinor: number, providerMinor: number, customerMinor: number): string | null {
  for (const amount of [providerMinor, customerMinor])
    if (!Number.isSafeInteger(amount) || amount < 0) return ESCROW_MESSAGES.splitMismatch;
  return providerMinor + customerMinor === heldMinor ? null : ESCROW_MESSAGES.splitMismatch;
}

/**
 * How much of a customer's share taken back from a released booking comes from the commission and
 * how much from the provider's pending earnings: in proportion to what is left of each (commission
 * rounded to the pesewa), so neither part ever exceeds what is left. `customerMinor` is at most
 * their sum.
 */
export function reversalParts(
  customerMinor: number,
  left: { pendingMinor: number; commissionMinor: number },
): { pendingMinor: number; commissionMinor: number } {
  const total = left.pendingMinor + left.commissionMinor;
  if (total <= 0 || customerMinor <= 0) return { pendingMinor: 0, commissionMinor: 0 };
  const amount = Math.min(customerMinor, total);
  const commission = Math.min(left.commissionMinor, Math.round((amount * left.commissionMinor) / total));
  return { pendingMinor: amount - commission, commissionMinor: commission };
}

/** When a payout that failed `failures` times in a row is tried again. */
export function nextPayoutAttempt(failedAt: Date, failures: number): Date {
  const minutes = Math.min(
    ESCROW_LIMITS.payoutRetryBaseMinutes * 2 ** Math.max(failures - 1, 0),
    ESCROW_LIMITS.payoutRetryMaxMinutes,
  );
  return new Date(failedAt.getTime() + minutes * 60_000);
}

/** Payouts wait 24 hours after a change of payout method. */
export function payoutHoldUntil(changedAt: Date): Date {
  return new Date(changedAt.getTime() + ESCROW_LIMITS.payoutMethodHoldHours * 3_600_000);
}

/**
 * Mobile money prefixes per network (the three digits after the 0), as the networks assign them.
 * Telecel (formerly Vodafone) is `vod`, AirtelTigo `atl`, as Paystack names them.
 */
export const MOMO_PREFIXES: Record<MobileMoneyNetwork, readonly string[]> = {
  mtn: ['024', '025', '053', '054', '055', '059'],
  vod: ['020', '050'],
  atl: ['026', '027', '056', '057'],
};

export const MOMO_NETWORK_NAMES: Record<MobileMoneyNetwork, string> = {
  mtn: 'MTN MoMo',
  vod: 'Telecel Cash',
  atl: 'AirtelTigo Money',
};

/**
 * A mobile money number for a network, in the local form the networks and Paystack use
 * ("0241234567"), or the refusal. Accepts +233, 233 or 0, with spaces or dashes.
 */
export function momoNumber(
  network: MobileMoneyNetwork,
  input: string,
): { ok: true; number: string } | { ok: false; message: string } {
  const compact = input.replace(/[\s().-]/g, '');
  const match = /^(?:\+?233|0)(\d{9})$/.exec(compact);
  if (!match) return { ok: false, message: 'Enter a Ghana mobile number, e.g. 024 123 4567' };
  const local = `0${match[1]}`;
  if (!MOMO_PREFIXES[network].includes(local.slice(0, 3)))
    return { ok: false, message: ESCROW_MESSAGES.wrongNetwork(MOMO_NETWORK_NAMES[network]) };
  return { ok: true, number: local };
}

/** "MTN MoMo •••• 4567" / "GCB Bank •••• 6789": how a payout method is shown once saved. */
export function payoutMethodLabel(name: string, accountNumber: string): string {
  return `${name} •••• ${accountNumber.slice(-4)}`;
}

/** Ledger accounts of booking money (all GHS). Balances of liabilities are negative (credits). */
export const ESCROW_ACCOUNTS = {
  gateway: (gateway: string) => `gateway:${gateway}`,
  /** The customer's money held for one booking. */
  held: (bookingId: string) => `held:booking:${bookingId}`,
  /** Earnings waiting for the payout delay. */
  pending: (providerId: string) => `provider:${providerId}:pending`,
  /** Earnings that can be paid out. */
  available: (providerId: string) => `provider:${providerId}:available`,
  /** Sent to the gateway, not yet confirmed paid. */
  inFlight: (providerId: string) => `provider:${providerId}:in_flight`,
  /** Owed back to a customer until the gateway accepts the refund. */
  refundsDue: (customerId: string) => `customer:${customerId}:refunds_due`,
  commission: 'revenue:commission',
} as const;

function movement(idempotencyKey: string, kind: string, entries: LedgerEntry[]): LedgerMovement {
  return { idempotencyKey, currency: 'GHS', kind, entries: entries.filter((e) => e.amountMinor !== 0) };
}

/** The customer paid: the gateway owes it to us, we hold it for the booking. */
export function bookingPaid(i: { key: string; gateway: string; bookingId: string; amountMinor: number }) {
  return movement(i.key, 'booking_payment', [
    { account: ESCROW_ACCOUNTS.gateway(i.gateway), amountMinor: i.amountMinor },
    { account: ESCROW_ACCOUNTS.held(i.bookingId), amountMinor: -i.amountMinor },
  ]);
}

/** A materials advance: from the held money to the provider's available balance (paid out at once). */
export function advancePaid(i: { key: string; bookingId: string; providerId: string; amountMinor: number }) {
  return movement(i.key, 'materials_advance', [
    { account: ESCROW_ACCOUNTS.held(i.bookingId), amountMinor: i.amountMinor },
    { account: ESCROW_ACCOUNTS.available(i.providerId), amountMinor: -i.amountMinor },
  ]);
}

/** Held money released: commission to revenue, earnings to the provider (now and after the delay). */
export function bookingReleased(i: { key: string; bookingId: string; providerId: string; release: Release }) {
  const r = i.release;
  return movement(i.key, 'booking_release', [
    { account: ESCROW_ACCOUNTS.held(i.bookingId), amountMinor: r.releaseMinor },
    { account: ESCROW_ACCOUNTS.commission, amountMinor: -r.commissionMinor },
    { account: ESCROW_ACCOUNTS.available(i.providerId), amountMinor: -r.availableNowMinor },
    { account: ESCROW_ACCOUNTS.pending(i.providerId), amountMinor: -r.pendingMinor },
  ]);
}

/** The payout delay passed: pending earnings become available. */
export function earningsMatured(i: { key: string; providerId: string; amountMinor: number }) {
  return movement(i.key, 'earnings_available', [
    { account: ESCROW_ACCOUNTS.pending(i.providerId), amountMinor: i.amountMinor },
    { account: ESCROW_ACCOUNTS.available(i.providerId), amountMinor: -i.amountMinor },
  ]);
}

/** A refund decided: from the held money to what we owe the customer. */
export function refundOwed(i: { key: string; bookingId: string; customerId: string; amountMinor: number }) {
  return movement(i.key, 'refund_owed', [
    { account: ESCROW_ACCOUNTS.held(i.bookingId), amountMinor: i.amountMinor },
    { account: ESCROW_ACCOUNTS.refundsDue(i.customerId), amountMinor: -i.amountMinor },
  ]);
}

/**
 * Money already released to the provider taken back for the customer (a dispute decided after
 * completion, before the earnings matured): part of the provider's pending earnings and of the
 * commission become owed to the customer.
 */
export function releaseReversed(i: {
  key: string;
  providerId: string;
  customerId: string;
  pendingMinor: number;
  commissionMinor: number;
}) {
  return movement(i.key, 'release_reversed', [
    { account: ESCROW_ACCOUNTS.pending(i.providerId), amountMinor: i.pendingMinor },
    { account: ESCROW_ACCOUNTS.commission, amountMinor: i.commissionMinor },
    { account: ESCROW_ACCOUNTS.refundsDue(i.customerId), amountMinor: -(i.pendingMinor + i.commissionMinor) },
  ]);
}

/** The gateway accepted the refund: the money leaves. */
export function refundSent(i: { key: string; customerId: string; gateway: string; amountMinor: number }) {
  return movement(i.key, 'refund_sent', [
    { account: ESCROW_ACCOUNTS.refundsDue(i.customerId), amountMinor: i.amountMinor },
    { account: ESCROW_ACCOUNTS.gateway(i.gateway), amountMinor: -i.amountMinor },
  ]);
}

/** A payout sent to the gateway: available → in flight. */
export function payoutStarted(i: { key: string; providerId: string; amountMinor: number }) {
  return movement(i.key, 'payout_sent', [
    { account: ESCROW_ACCOUNTS.available(i.providerId), amountMinor: i.amountMinor },
    { account: ESCROW_ACCOUNTS.inFlight(i.providerId), amountMinor: -i.amountMinor },
  ]);
}

/** The gateway paid the provider: the money leaves. */
export function payoutSettled(i: { key: string; providerId: string; gateway: string; amountMinor: number }) {
  return movement(i.key, 'payout_settled', [
    { account: ESCROW_ACCOUNTS.inFlight(i.providerId), amountMinor: i.amountMinor },
    { account: ESCROW_ACCOUNTS.gateway(i.gateway), amountMinor: -i.amountMinor },
  ]);
}

/**
 * A payout failed (from in flight) or was reversed after it was paid (the gateway gives the money
 * back): available again, to be retried.
 */
export function payoutReturned(i: {
  key: string;
  providerId: string;
  gateway: string;
  amountMinor: number;
  wasSettled: boolean;
}) {
  return movement(i.key, i.wasSettled ? 'payout_reversed' : 'payout_failed', [
    {
      account: i.wasSettled ? ESCROW_ACCOUNTS.gateway(i.gateway) : ESCROW_ACCOUNTS.inFlight(i.providerId),
      amountMinor: i.amountMinor,
    },
    { account: ESCROW_ACCOUNTS.available(i.providerId), amountMinor: -i.amountMinor },
  ]);
}
