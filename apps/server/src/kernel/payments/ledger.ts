import { assertBalanced, type LedgerMovement } from '@adwuma/shared';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions } from '../../db/schema.ts';

/** What a movement concerns besides its payment (issue 18): plain ids, no foreign keys. */
export interface MovementSubject {
  bookingId?: string | null;
  payoutId?: string | null;
  refundId?: string | null;
}

/**
 * Writes one balanced movement inside the caller's transaction, once per idempotency key: a second
 * call with the same key writes nothing and answers false. The database checks the balance again at
 * commit (a constraint trigger) and refuses updates and deletes (the ledger is append-only).
 */
export async function recordMovement(
  tx: Tx,
  movement: LedgerMovement,
  paymentId: string | null,
  subject: MovementSubject = {},
): Promise<boolean> {
  assertBalanced(movement);
  const [row] = await tx
    .insert(ledgerTransactions)
    .values({
      idempotency_key: movement.idempotencyKey,
      kind: movement.kind,
      currency: movement.currency,
      payment_id: paymentId,
      booking_id: subject.bookingId ?? null,
      payout_id: subject.payoutId ?? null,
      refund_id: subject.refundId ?? null,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotency_key })
    .returning({ id: ledgerTransactions.id });
  if (!row) return false;
  await tx.insert(ledgerEntries).values(
    movement.entries.map((e) => ({
      transaction_id: row.id,
      account: e.account,
      currency: movement.currency,
      amount_minor: e.amountMinor,
    })),
  );
  return true;
}

/** Balances per currency and account, derived from the entries (never stored). */
export async function ledgerBalances(db: Db | Tx): Promise<Map<string, number>> {
  const rows = await db
    .select({
      currency: ledgerEntries.currency,
      account: ledgerEntries.account,
      total: sql<string>`sum(${ledgerEntries.amount_minor})`,
    })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.currency, ledgerEntries.account);
  return new Map(rows.map((r) => [`${r.currency}:${r.account}`, Number(r.total)]));
}
