import { Clock } from 'lucide-react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { AppLink } from '../../components/ui/button-link.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ROUTES } from '../../lib/routes.ts';
import type { BookingMoney } from './api/booking-money.ts';
import { cedis, formatDay, MONEY_TEXT } from './money-text.ts';
import { MoneyRows } from './money-ui.tsx';
import { PaySection } from './pay-section.tsx';

export interface ReturnState {
  /** `?payment=` names a checkout the customer came back from. */
  paymentId: string | null;
  waiting: boolean;
  timedOut: boolean;
  checking: boolean;
  checkAgain: () => void;
}

function Confirming({ back }: { back: ReturnState }) {
  if (back.timedOut) {
    return (
      <Alert tone="info" role="status" title={MONEY_TEXT.slow}>
        <p>{MONEY_TEXT.slowBody}</p>
        <Button size="sm" className="mt-3" busy={back.checking} onClick={back.checkAgain}>
          {MONEY_TEXT.checkAgain}
        </Button>
      </Alert>
    );
  }
  return (
    <div role="status" className="flex items-start gap-3 rounded-xl bg-muted/60 p-4 text-sm">
      <Spinner className="mt-0.5 h-5 w-5 shrink-0" />
      <div>
        <p className="font-semibold">{MONEY_TEXT.confirming}</p>
        <p className="mt-1 text-muted-fg">{MONEY_TEXT.confirmingBody}</p>
      </div>
    </div>
  );
}

/** What the customer sees of the booking's money: pay, wait for the confirmation, held, refunded. */
export function CustomerMoney({
  bookingId,
  money,
  back,
}: {
  bookingId: string;
  money: BookingMoney;
  back: ReturnState;
}) {
  const status = money.payment_status;
  if (status === 'awaiting_payment') {
    if (back.waiting && !back.timedOut) return <Confirming back={back} />;
    return (
      <div className="grid gap-4">
        {back.waiting && <Confirming back={back} />}
        <PaySection
          bookingId={bookingId}
          money={money}
          notice={back.paymentId && !back.waiting ? MONEY_TEXT.notCompleted : null}
        />
      </div>
    );
  }
  if (status === 'expired') {
    return (
      <p className="flex items-start gap-2 text-sm">
        <Clock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-muted-fg" />
        {MONEY_TEXT.expiredCustomer}
      </p>
    );
  }

  const refunded = money.refunded_minor > 0;
  return (
    <div className="grid gap-4">
      {status === 'held' && back.paymentId && (
        <Alert tone="success" role="status">
          {MONEY_TEXT.paidNow}
        </Alert>
      )}
      <p className="text-sm">
        {status === 'held'
          ? MONEY_TEXT.heldCustomer
          : status === 'released'
            ? MONEY_TEXT.releasedCustomer
            : MONEY_TEXT.refundedCustomer(cedis(money.refunded_minor))}
      </p>
      {money.advance_minor > 0 && status === 'held' && (
        <p className="text-sm text-muted-fg">{MONEY_TEXT.advanceCustomer(cedis(money.advance_minor))}</p>
      )}
      <MoneyRows
        rows={[
          { label: MONEY_TEXT.amount, value: cedis(money.amount_minor) },
          money.paid_at !== null && { label: MONEY_TEXT.paidOn, value: formatDay(money.paid_at) },
          status === 'held' && { label: MONEY_TEXT.held, value: cedis(money.held_minor) },
          refunded && { label: MONEY_TEXT.refunded, value: cedis(money.refunded_minor), strong: true },
        ]}
      />
      {refunded && (
        <AppLink
          to={ROUTES.payments}
          className="text-sm font-semibold text-brand-700 underline underline-offset-4 dark:text-brand-500"
        >
          {MONEY_TEXT.refundStatus}
        </AppLink>
      )}
    </div>
  );
}
