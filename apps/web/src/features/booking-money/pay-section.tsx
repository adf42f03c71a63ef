import { CHECKOUT_MESSAGES, type PaymentMethod } from '@adwuma/shared';
import { useMutation } from '@tanstack/react-query';
import { CreditCard, Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { checkoutErrorMessage, pageNavigation } from '../checkout/index.ts';
import { type BookingMoney, payBooking } from './api/booking-money.ts';
import { cedis, formatMoment, MONEY_TEXT } from './money-text.ts';

const METHODS: PaymentMethod[] = ['mobile_money', 'card'];

/**
 * Starts (or continues) the booking's checkout and follows its address. Once the browser is leaving
 * the button stays busy, until the page comes back from the browser's cache (Back from the gateway).
 */
function usePay(bookingId: string) {
  const pay = useMutation({ mutationFn: (method: PaymentMethod) => payBooking(bookingId, method) });
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const start = (method: PaymentMethod) => {
    if (pay.isPending || leaving) return;
    setError(null);
    pay.mutate(method, {
      onSuccess: (answer) => {
        if (!answer || typeof answer.url !== 'string' || !answer.url) {
          setError(CHECKOUT_MESSAGES.noUrl);
          return;
        }
        setLeaving(true);
        pageNavigation.assign(answer.url);
      },
      onError: (e) => setError(checkoutErrorMessage(e)),
    });
  };
  return { start, busy: pay.isPending || leaving, error };
}

/** The customer's side of an unpaid booking: the amount, the deadline, the method and Pay. */
export function PaySection({
  bookingId,
  money,
  notice,
}: {
  bookingId: string;
  money: BookingMoney;
  /** Shown above the button (a checkout that came back unfinished). */
  notice?: string | null;
}) {
  const [method, setMethod] = useState<PaymentMethod>('mobile_money');
  const { start, busy, error } = usePay(bookingId);
  const amount = cedis(money.amount_minor);
  const unfinished = money.pending_payment_id !== null;

  return (
    <div className="grid gap-4">
      {money.payment_due_at && (
        <p className="text-sm font-medium">{MONEY_TEXT.payBy(formatMoment(money.payment_due_at))}</p>
      )}
      <p className="text-sm">{MONEY_TEXT.howToPay}</p>
      <p className="text-sm text-muted-fg">{MONEY_TEXT.whyPay}</p>
      {notice && (
        <Alert tone="info" role="status">
          {notice}
        </Alert>
      )}
      {unfinished && !notice && <p className="text-sm font-medium">{MONEY_TEXT.unfinished}</p>}
      <SegmentedControl
        legend={MONEY_TEXT.payWith}
        className="flex w-full sm:w-auto sm:justify-self-start"
        value={method}
        onChange={setMethod}
        options={METHODS.map((m) => ({
          value: m,
          label: (
            <>
              {m === 'card' ? (
                <CreditCard aria-hidden="true" className="h-4 w-4" />
              ) : (
                <Smartphone aria-hidden="true" className="h-4 w-4" />
              )}
              {MONEY_TEXT.methods[m]}
            </>
          ),
        }))}
      />
      {error && (
        <Alert tone="danger" role="alert">
          {error}
        </Alert>
      )}
      <Button
        size="lg"
        className="w-full sm:w-auto sm:justify-self-start"
        busy={busy}
        onClick={() => start(method)}
      >
        {busy ? MONEY_TEXT.processing : unfinished ? MONEY_TEXT.continuePayment : MONEY_TEXT.pay(amount)}
      </Button>
    </div>
  );
}
