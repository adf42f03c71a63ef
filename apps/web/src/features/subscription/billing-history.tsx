import { formatMoney, type Payment } from '@adwuma/shared';
import { Receipt } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { buildPath, ROUTES } from '../../lib/routes.ts';
import {
  formatDate,
  PAYMENT_STATUS_LABELS,
  paymentDate,
  paymentDescription,
  SUBSCRIPTION_TEXT,
} from './format.ts';

function ReceiptLink({ payment }: { payment: Payment }) {
  if (payment.status !== 'succeeded') return <span className="text-muted-fg">—</span>;
  return (
    <Link
      to={buildPath(ROUTES.subscriptionReceipt, { id: payment.id })}
      className="inline-flex items-center gap-1 font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-500"
      aria-label={`Receipt for ${paymentDescription(payment)}, ${formatDate(paymentDate(payment))}`}
    >
      <Receipt aria-hidden="true" className="h-4 w-4" /> {SUBSCRIPTION_TEXT.receipt}
    </Link>
  );
}

function StatusBadge({ payment }: { payment: Payment }) {
  const { label, tone } = PAYMENT_STATUS_LABELS[payment.status];
  return <Badge tone={tone}>{label}</Badge>;
}

const COLUMNS: { header: string; cell: (p: Payment) => ReactNode; className?: string }[] = [
  {
    header: 'Date',
    className: 'whitespace-nowrap',
    cell: (p) => <time dateTime={paymentDate(p)}>{formatDate(paymentDate(p))}</time>,
  },
  { header: 'Description', cell: (p) => paymentDescription(p) },
  {
    header: 'Amount',
    className: 'whitespace-nowrap',
    cell: (p) => <span className="font-semibold">{formatMoney(p.amount_minor, p.currency)}</span>,
  },
  { header: 'Method', cell: (p) => p.method_label ?? '—' },
  { header: 'Status', cell: (p) => <StatusBadge payment={p} /> },
  { header: 'Receipt', cell: (p) => <ReceiptLink payment={p} /> },
];

/** The payments of the subscription, newest first: a table on wide screens, cards on phones. */
export function BillingHistory({ payments }: { payments: Payment[] }) {
  if (payments.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted-fg">
        {SUBSCRIPTION_TEXT.historyEmpty}
      </p>
    );
  }
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-border bg-card shadow-sm md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{SUBSCRIPTION_TEXT.historyTitle}</caption>
          <thead className="border-b border-border bg-muted/60 text-xs uppercase tracking-wider text-muted-fg">
            <tr>
              {COLUMNS.map((c) => (
                <th key={c.header} scope="col" className="px-4 py-3 font-semibold">
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {payments.map((p) => (
              <tr key={p.id} className="align-top">
                {COLUMNS.map((c) => (
                  <td key={c.header} className={`px-4 py-3 ${c.className ?? ''}`}>
                    {c.cell(p)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={SUBSCRIPTION_TEXT.historyTitle} className="grid gap-3 md:hidden">
        {payments.map((p) => (
          <li key={p.id} className="rounded-2xl border border-border bg-card p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold">{paymentDescription(p)}</p>
                <p className="mt-0.5 text-sm text-muted-fg">
                  <time dateTime={paymentDate(p)}>{formatDate(paymentDate(p))}</time>
                  {p.method_label && <> · {p.method_label}</>}
                </p>
              </div>
              <p className="shrink-0 font-bold">{formatMoney(p.amount_minor, p.currency)}</p>
            </div>
            <div className="mt-3 flex items-center justify-between gap-3 text-sm">
              <StatusBadge payment={p} />
              <ReceiptLink payment={p} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
