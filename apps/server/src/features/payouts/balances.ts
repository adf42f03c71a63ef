import { ESCROW_ACCOUNTS, MOMO_NETWORK_NAMES, payoutMethodLabel } from '@adwuma/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions, type payoutSettings } from '../../db/schema.ts';

export type PayoutSettingsRow = typeof payoutSettings.$inferSelect;

/**
 * What the ledger owes on a liability account (its credits): the negative of its balance. A
 * provider's pending, available and in-flight money are such accounts.
 */
export async function owedOn(db: Db | Tx, account: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount_minor}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, account), eq(ledgerEntries.currency, 'GHS')));
  return -Number(row?.total ?? 0);
}

/** A provider's three balances (pesewas). */
export async function providerBalances(db: Db | Tx, providerId: string) {
  const accounts = {
    pending: ESCROW_ACCOUNTS.pending(providerId),
    available: ESCROW_ACCOUNTS.available(providerId),
    inFlight: ESCROW_ACCOUNTS.inFlight(providerId),
  };
  const rows = await db
    .select({ account: ledgerEntries.account, total: sql<string>`sum(${ledgerEntries.amount_minor})` })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.account, Object.values(accounts)), eq(ledgerEntries.currency, 'GHS')))
    .groupBy(ledgerEntries.account);
  const owed = (account: string) => -Number(rows.find((r) => r.account === account)?.total ?? 0);
  return {
    pendingMinor: owed(accounts.pending),
    availableMinor: owed(accounts.available),
    inFlightMinor: owed(accounts.inFlight),
  };
}

/** The provider's earnings of one booking still waiting for the payout delay. */
export async function bookingPendingMinor(tx: Tx, bookingId: string, providerId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount_minor}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transaction_id))
    .where(
      and(
        eq(ledgerTransactions.booking_id, bookingId),
        eq(ledgerEntries.account, ESCROW_ACCOUNTS.pending(providerId)),
      ),
    );
  return -Number(row?.total ?? 0);
}

/** "MTN MoMo •••• 4567", "GCB Bank •••• 6789". */
export function methodLabelOf(settings: Pick<PayoutSettingsRow, 'network' | 'bank_name' | 'account_number'>) {
  const name = settings.network
    ? MOMO_NETWORK_NAMES[settings.network]
    : (settings.bank_name ?? 'Bank account');
  return payoutMethodLabel(name, settings.account_number);
}
