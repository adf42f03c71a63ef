import { type AdminMoneyOverview, formatMoney } from '@adwuma/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { EmptyRows, QueryError } from '../admin-ui.tsx';
import { adminMoneyOverviewQuery } from './api/money.ts';

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2026-11" → "November 2026". */
export function monthLabel(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : MONTH.format(date);
}

type FigureKey =
  | 'held_minor'
  | 'providers_pending_minor'
  | 'providers_available_minor'
  | 'in_flight_minor'
  | 'refunds_due_minor'
  | 'commission_minor';

const FIGURES: { key: FigureKey; label: string; hint: string }[] = [
  { key: 'held_minor', label: 'Held for bookings', hint: 'Paid by customers, work not yet done' },
  { key: 'providers_pending_minor', label: 'Pending earnings', hint: 'Waiting for the payout delay' },
  { key: 'providers_available_minor', label: 'Available to pay out', hint: 'Owed to providers now' },
  { key: 'in_flight_minor', label: 'Payouts in flight', hint: 'Sent, not yet confirmed' },
  { key: 'refunds_due_minor', label: 'Refunds due', hint: 'Owed back to customers' },
  { key: 'commission_minor', label: 'Commission earned', hint: 'All time' },
];

function BooksBalance({ overview }: { overview: AdminMoneyOverview }) {
  if (overview.books_balance)
    return (
      <Alert tone="success" role="status" title="Books balance ✓">
        Every ledger transaction and every currency sums to zero.
      </Alert>
    );
  const n = overview.unbalanced_transactions;
  return (
    <Alert tone="danger" role="alert" title="The books do not balance">
      {n === 1 ? '1 transaction does' : `${n} transactions do`} not sum to zero. Stop payouts and look into
      the ledger.
    </Alert>
  );
}

/** Commission and subscriptions (net of refunds) per month, newest first, in cedis. */
function RevenueByMonth({ overview }: { overview: AdminMoneyOverview }) {
  const rows = overview.revenue_by_month;
  if (rows.length === 0) return <EmptyRows>No revenue yet.</EmptyRows>;
  return (
    <>
      {/* Phones: a card a month (the four columns do not fit 360 px). */}
      <ul aria-label="Revenue by month" className="grid gap-3 sm:hidden">
        {rows.map((r) => (
          <li key={r.month} className="rounded-2xl border border-border bg-card p-4 text-sm shadow-sm">
            <p className="font-semibold">{monthLabel(r.month)}</p>
            <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1">
              <dt className="text-muted-fg">Commission</dt>
              <dd className="text-right">{formatMoney(r.commission_minor, 'GHS')}</dd>
              <dt className="text-muted-fg">Subscriptions</dt>
              <dd className="text-right">{formatMoney(r.subscriptions_minor, 'GHS')}</dd>
              <dt className="font-semibold">Total</dt>
              <dd className="text-right font-semibold">
                {formatMoney(r.commission_minor + r.subscriptions_minor, 'GHS')}
              </dd>
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-2xl border border-border bg-card shadow-sm sm:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Revenue by month</caption>
          <thead className="border-b border-border bg-muted/60 text-xs uppercase tracking-wider text-muted-fg">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Month
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Commission
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Subscriptions
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Total
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((r) => (
              <tr key={r.month}>
                <th scope="row" className="px-4 py-3 font-semibold">
                  {monthLabel(r.month)}
                </th>
                <td className="whitespace-nowrap px-4 py-3 text-right">
                  {formatMoney(r.commission_minor, 'GHS')}
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-right">
                  {formatMoney(r.subscriptions_minor, 'GHS')}
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-right font-semibold">
                  {formatMoney(r.commission_minor + r.subscriptions_minor, 'GHS')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Plans paid in dollars (Stripe), kept apart from the cedi figures. */
function DollarSubscriptions({ overview }: { overview: AdminMoneyOverview }) {
  const rows = overview.usd_subscriptions_by_month;
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="money-usd" className="mt-6">
      <h3 id="money-usd" className="text-base font-bold">
        Subscriptions paid in dollars
      </h3>
      <ul aria-labelledby="money-usd" className="mt-2 grid gap-1 text-sm">
        {rows.map((r) => (
          <li
            key={r.month}
            className="flex justify-between gap-4 rounded-xl border border-border bg-card px-4 py-2"
          >
            <span>{monthLabel(r.month)}</span>
            <span className="font-semibold">{formatMoney(r.subscriptions_minor, 'USD')}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The ledger's figures: the balance check first, then what is held and owed, then revenue. */
export function MoneyOverview() {
  const overview = useQuery(adminMoneyOverviewQuery());
  if (overview.isPending)
    return (
      <div role="status" aria-label="Loading" className="grid gap-3">
        <Skeleton className="h-16" />
        <Skeleton className="h-40" />
      </div>
    );
  if (overview.isError) return <QueryError error={overview.error} onRetry={() => void overview.refetch()} />;
  const data = overview.data;
  return (
    <div className="grid gap-6">
      <BooksBalance overview={data} />
      <ul aria-label="Balances" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {FIGURES.map((f) => (
          <li key={f.key} className="rounded-2xl border border-border bg-card p-4 shadow-sm">
            <span className="block text-sm text-muted-fg">{f.label}</span>
            <span className="mt-1 block text-2xl font-extrabold tracking-tight">
              {formatMoney(data[f.key], 'GHS')}
            </span>
            <span className="mt-1 block text-xs text-muted-fg">{f.hint}</span>
          </li>
        ))}
      </ul>
      <section aria-labelledby="money-revenue" className="min-w-0">
        <h2 id="money-revenue" className="mb-3 text-lg font-bold">
          Revenue by month
        </h2>
        <RevenueByMonth overview={data} />
        <DollarSubscriptions overview={data} />
      </section>
    </div>
  );
}
