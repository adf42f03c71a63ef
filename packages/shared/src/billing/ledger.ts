/**
 * Double-entry ledger rules (DESIGN.md "Money movement"): a movement is a set of entries in one
 * currency whose signed amounts (debit positive, credit negative, integer minor units) sum to zero,
 * under an idempotency key. Balances are derived from the entries, never stored beside them.
 */
import type { Currency } from '../money.ts';

export interface LedgerEntry {
  account: string;
  /** Signed integer minor units: debit positive, credit negative. */
  amountMinor: number;
}

export interface LedgerMovement {
  idempotencyKey: string;
  currency: Currency;
  kind: string;
  entries: LedgerEntry[];
}

/** Ledger accounts, named by what they hold. */
export const LEDGER_ACCOUNTS = {
  /** Money the gateway collected for us and owes us (settles to the bank). */
  gatewayClearing: (gateway: string) => `gateway:${gateway}`,
  subscriptionRevenue: 'revenue:subscriptions',
  /** Money returned to payers. */
  refunds: 'refunds:subscriptions',
} as const;

/** Why a movement cannot be written; null when it is sound. */
export function movementProblem(movement: LedgerMovement): string | null {
  if (!movement.idempotencyKey.trim()) return 'A movement needs an idempotency key';
  if (movement.entries.length < 2) return 'A movement needs at least two entries';
  // Summed exactly: in floating point, entries near 2^53 can round to a sum of zero that is not.
  let sum = 0n;
  for (const entry of movement.entries) {
    if (!Number.isSafeInteger(entry.amountMinor)) return 'Amounts must be whole minor units';
    if (entry.amountMinor === 0) return 'An entry cannot be zero';
    if (!entry.account.trim()) return 'Every entry needs an account';
    sum += BigInt(entry.amountMinor);
  }
  if (sum !== 0n) return `The entries do not balance (they sum to ${sum})`;
  return null;
}

export function assertBalanced(movement: LedgerMovement): void {
  const problem = movementProblem(movement);
  if (problem) throw new Error(problem);
}

/** A payment received: the gateway owes it, the revenue account earned it. */
export function paymentReceived(input: {
  idempotencyKey: string;
  gateway: string;
  currency: Currency;
  amountMinor: number;
}): LedgerMovement {
  return {
    idempotencyKey: input.idempotencyKey,
    currency: input.currency,
    kind: 'subscription_payment',
    entries: [
      { account: LEDGER_ACCOUNTS.gatewayClearing(input.gateway), amountMinor: input.amountMinor },
      { account: LEDGER_ACCOUNTS.subscriptionRevenue, amountMinor: -input.amountMinor },
    ],
  };
}

/** A payment refunded: the reverse of paymentReceived, through the refunds account. */
export function paymentRefunded(input: {
  idempotencyKey: string;
  gateway: string;
  currency: Currency;
  amountMinor: number;
}): LedgerMovement {
  return {
    idempotencyKey: input.idempotencyKey,
    currency: input.currency,
    kind: 'subscription_refund',
    entries: [
      { account: LEDGER_ACCOUNTS.refunds, amountMinor: input.amountMinor },
      { account: LEDGER_ACCOUNTS.gatewayClearing(input.gateway), amountMinor: -input.amountMinor },
    ],
  };
}

/**
 * Balances per account and currency from movements, applying each idempotency key once (a replayed
 * movement changes nothing). Every currency's balances sum to zero.
 */
export function balances(movements: readonly LedgerMovement[]): Map<string, number> {
  const seen = new Set<string>();
  const out = new Map<string, number>();
  for (const m of movements) {
    if (seen.has(m.idempotencyKey)) continue;
    seen.add(m.idempotencyKey);
    for (const e of m.entries) {
      const key = `${m.currency}:${e.account}`;
      out.set(key, (out.get(key) ?? 0) + e.amountMinor);
    }
  }
  return out;
}
