import { Badge } from '../../components/ui/badge.tsx';
import type { Payout } from './api/earnings.ts';
import { cedis, EARNINGS_TEXT, formatDay, PAYOUT_STATUS, payoutDate } from './earnings-text.ts';

/** The provider's payouts, newest first, with their status (and why one failed). */
export function PayoutsList({ payouts }: { payouts: Payout[] }) {
  if (payouts.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted-fg">
        {EARNINGS_TEXT.noPayouts}
      </p>
    );
  }
  return (
    <ul
      aria-label={EARNINGS_TEXT.payouts}
      className="divide-y divide-border rounded-2xl border border-border bg-card shadow-sm"
    >
      {payouts.map((p) => {
        const status = PAYOUT_STATUS[p.status];
        const troubled = p.status === 'failed' || p.status === 'reversed';
        return (
          <li key={p.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 p-4">
            <div className="min-w-0">
              <p className="font-bold">{cedis(p.amount_minor)}</p>
              <p className="text-sm text-muted-fg">
                <time dateTime={payoutDate(p)}>{formatDay(payoutDate(p))}</time> · {p.method_label}
              </p>
              {troubled && (
                <p className="mt-1 text-sm">
                  {p.failure_reason ? `${p.failure_reason} ` : ''}
                  {EARNINGS_TEXT.retrying}
                </p>
              )}
            </div>
            <Badge tone={status.tone}>{status.label}</Badge>
          </li>
        );
      })}
    </ul>
  );
}
