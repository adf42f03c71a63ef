import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { AppLink } from '../../components/ui/button-link.tsx';
import { bookingPagePath } from '../bookings/index.ts';
import type { CustomerPayment } from './api/payments.ts';
import { cedis, formatDay, PAYMENT_STATUS, REFUND_STATUS, PAYMENTS_TEXT as T } from './payments-text.ts';

function Refunds({ payment }: { payment: CustomerPayment }) {
  if (payment.refunds.length === 0) return null;
  return (
    <div className="mt-4 border-t border-border pt-3">
      <h3 className="text-sm font-semibold">{T.refunds}</h3>
      <ul className="mt-2 grid gap-2">
        {payment.refunds.map((r) => {
          const status = REFUND_STATUS[r.status];
          return (
            <li key={r.id} className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 text-sm">
              <div className="min-w-0">
                <p className="font-semibold">{cedis(r.amount_minor)}</p>
                <p className="text-xs text-muted-fg">
                  <time dateTime={r.created_at}>{formatDay(r.created_at)}</time>
                  {r.reason && <> · {r.reason}</>}
                </p>
              </div>
              <Badge tone={status.tone}>{status.label}</Badge>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** One booking payment: what, with whom, when, how much, how paid, and its refunds. */
export function PaymentCard({ payment }: { payment: CustomerPayment }) {
  const titleId = useId();
  const status = PAYMENT_STATUS[payment.status];
  const date = payment.paid_at ?? payment.created_at;
  return (
    <article
      aria-labelledby={titleId}
      className="rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="font-bold [overflow-wrap:anywhere]">
            {payment.title}
          </h2>
          <p className="text-sm text-muted-fg">
            <time dateTime={date}>{formatDay(date)}</time>
            {payment.provider_name && <> · {T.with(payment.provider_name)}</>}
          </p>
        </div>
        <p className="shrink-0 text-lg font-extrabold">{cedis(payment.amount_minor)}</p>
      </div>
      <div className="mt-2">
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        {payment.method_label && (
          <div>
            <dt className="text-xs text-muted-fg">{T.method}</dt>
            <dd className="font-medium">{payment.method_label}</dd>
          </div>
        )}
        {payment.receipt_number && (
          <div>
            <dt className="text-xs text-muted-fg">{T.receipt}</dt>
            <dd className="font-medium [overflow-wrap:anywhere]">{payment.receipt_number}</dd>
          </div>
        )}
        {payment.refunded_minor > 0 && (
          <div>
            <dt className="text-xs text-muted-fg">{T.refunded}</dt>
            <dd className="font-medium">{cedis(payment.refunded_minor)}</dd>
          </div>
        )}
      </dl>
      <Refunds payment={payment} />
      {payment.booking_id && (
        <AppLink
          to={bookingPagePath(payment.booking_id)}
          aria-label={`${T.viewBooking}: ${payment.title}`}
          className="mt-4 inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-500"
        >
          {T.viewBooking} <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </AppLink>
      )}
    </article>
  );
}
