import { type AdminMoneyOverview, ESCROW_ACCOUNTS, LEDGER_ACCOUNTS } from '@adwuma/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;
const int = (value: unknown) => Number(value ?? 0);

/**
 * The ledger's entries with their transaction's date: the relation every figure is computed from.
 * Tests pass a fixture relation of the same columns (transaction_id, currency, account, amount_minor,
 * created_at) to prove the checks catch what the database refuses to store.
 */
export const LEDGER_SOURCE: SQL = sql`(
  select e.transaction_id::text as transaction_id, e.currency, e.account, e.amount_minor, t.created_at
  from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
)`;

/** `like` patterns of the escrow accounts (`_` escaped: it is a wildcard). */
const like = (pattern: string) => pattern.replace(/_/g, '\\_');
const ACCOUNTS = {
  held: like(ESCROW_ACCOUNTS.held('%')),
  pending: like(ESCROW_ACCOUNTS.pending('%')),
  available: like(ESCROW_ACCOUNTS.available('%')),
  inFlight: like(ESCROW_ACCOUNTS.inFlight('%')),
  refundsDue: like(ESCROW_ACCOUNTS.refundsDue('%')),
};

/**
 * The admin's money overview, derived from the entries (never stored): whether the books balance
 * (every transaction's entries sum to zero in each currency, and so does every currency), what is
 * held and owed (liabilities are credit balances, shown as positive amounts) and the platform's
 * revenue by month (UTC months; Ghana keeps UTC all year).
 */
export async function moneyFigures(db: Db | Tx, source: SQL = LEDGER_SOURCE): Promise<AdminMoneyOverview> {
  const [checks] = rowsOf(
    await db.execute(sql`
      select
        (select count(distinct transaction_id) from (
          select transaction_id from ${source} s group by transaction_id, currency having sum(amount_minor) <> 0
        ) t) as unbalanced_transactions,
        (select count(*) from (
          select currency from ${source} s group by currency having sum(amount_minor) <> 0
        ) c) as unbalanced_currencies`),
  );
  const [totals] = rowsOf(
    await db.execute(sql`
      select
        -coalesce(sum(amount_minor) filter (where account like ${ACCOUNTS.held}), 0) as held,
        -coalesce(sum(amount_minor) filter (where account like ${ACCOUNTS.pending}), 0) as pending,
        -coalesce(sum(amount_minor) filter (where account like ${ACCOUNTS.available}), 0) as available,
        -coalesce(sum(amount_minor) filter (where account like ${ACCOUNTS.inFlight}), 0) as in_flight,
        -coalesce(sum(amount_minor) filter (where account like ${ACCOUNTS.refundsDue}), 0) as refunds_due,
        -coalesce(sum(amount_minor) filter (where account = ${ESCROW_ACCOUNTS.commission}), 0) as commission
      from ${source} s where currency = 'GHS'`),
  );
  // Subscriptions net of their refunds (refunds:subscriptions is debited when money goes back).
  const months = rowsOf(
    await db.execute(sql`
      select currency, to_char(created_at at time zone 'UTC', 'YYYY-MM') as month,
        -coalesce(sum(amount_minor) filter (where account = ${ESCROW_ACCOUNTS.commission}), 0) as commission,
        -coalesce(sum(amount_minor) filter (
          where account in (${LEDGER_ACCOUNTS.subscriptionRevenue}, ${LEDGER_ACCOUNTS.refunds})
        ), 0) as subscriptions
      from ${source} s
      where account in (${ESCROW_ACCOUNTS.commission}, ${LEDGER_ACCOUNTS.subscriptionRevenue}, ${LEDGER_ACCOUNTS.refunds})
      group by 1, 2
      order by 2 desc`),
  );
  const unbalanced = int(checks?.unbalanced_transactions);
  return {
    books_balance: unbalanced === 0 && int(checks?.unbalanced_currencies) === 0,
    unbalanced_transactions: unbalanced,
    held_minor: int(totals?.held),
    providers_pending_minor: int(totals?.pending),
    providers_available_minor: int(totals?.available),
    in_flight_minor: int(totals?.in_flight),
    refunds_due_minor: int(totals?.refunds_due),
    commission_minor: int(totals?.commission),
    revenue_by_month: months
      .filter((m) => m.currency === 'GHS')
      .map((m) => ({
        month: String(m.month),
        commission_minor: int(m.commission),
        subscriptions_minor: int(m.subscriptions),
      })),
    usd_subscriptions_by_month: months
      .filter((m) => m.currency === 'USD' && int(m.subscriptions) !== 0)
      .map((m) => ({ month: String(m.month), subscriptions_minor: int(m.subscriptions) })),
  };
}
