import { BOOKING_PAYMENT_LABELS } from '@adwuma/shared';
import { FlaskConical, Wallet } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiError } from '../../lib/api.ts';
import { type BookingMoney, useBookingMoney } from './api/booking-money.ts';
import { CustomerMoney, type ReturnState } from './customer-money.tsx';
import { MaterialsPanel } from './materials-panel.tsx';
import { MONEY_TEXT, STATUS_TONES } from './money-text.ts';
import { ProviderMoney } from './provider-money.tsx';

function StatusLine({ money }: { money: BookingMoney }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge tone={STATUS_TONES[money.payment_status]} className="text-sm">
        {BOOKING_PAYMENT_LABELS[money.payment_status]}
      </Badge>
      {money.test_mode && (
        <Badge tone="danger" className="uppercase tracking-wider">
          <FlaskConical aria-hidden="true" className="h-3.5 w-3.5" />
          {MONEY_TEXT.testMode}
        </Badge>
      )}
    </div>
  );
}

/**
 * The booking page's money panel (issue 18): where the customer's payment is, for either party, with
 * Pay for the customer and the materials for the provider. Legacy bookings (no payment through
 * Adwuma) show nothing.
 */
export function BookingMoneyPanel({ booking }: { booking: { id: string; role: 'customer' | 'provider' } }) {
  const titleId = useId();
  const [params] = useSearchParams();
  const paymentId = booking.role === 'customer' ? params.get('payment')?.trim() || null : null;
  const money = useBookingMoney(booking.id, paymentId);

  if (money.isPending) {
    return (
      <div role="status" aria-label={MONEY_TEXT.loading}>
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (money.isError) {
    // No money part for this booking (a server without booking payments): nothing to show.
    if (money.error instanceof ApiError && money.error.status === 404) return null;
    return (
      <Alert tone="danger" role="alert" title={MONEY_TEXT.loadFailed}>
        <p>{money.error.message}</p>
        <Button size="sm" className="mt-3" busy={money.isFetching} onClick={() => void money.refetch()}>
          {MONEY_TEXT.retry}
        </Button>
      </Alert>
    );
  }
  const data = money.data;
  if (data.payment_status === 'not_required') return null;
  const back: ReturnState = {
    paymentId,
    waiting: money.waiting,
    timedOut: money.timedOut,
    checking: money.isFetching,
    checkAgain: money.checkAgain,
  };

  return (
    <>
      <section
        aria-labelledby={titleId}
        className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={titleId} className="flex items-center gap-2 text-lg font-bold tracking-tight">
            <Wallet aria-hidden="true" className="h-5 w-5 text-leaf-600" />
            {MONEY_TEXT.title}
          </h2>
          <StatusLine money={data} />
        </div>
        <div className="mt-4">
          {booking.role === 'customer' ? (
            <CustomerMoney bookingId={booking.id} money={data} back={back} />
          ) : (
            <ProviderMoney money={data} />
          )}
        </div>
        {data.test_mode && <p className="mt-4 text-xs text-muted-fg">{MONEY_TEXT.testModeNote}</p>}
      </section>
      {booking.role === 'provider' && <MaterialsPanel bookingId={booking.id} money={data} />}
    </>
  );
}
